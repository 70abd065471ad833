import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { doiOfUrl } from '../../src/doi.ts';
import { filesIn } from '../lib/files.ts';
import { orcidOf } from './check.ts';
import type { SourceLine } from './types.ts';

/** The content files a maintainer edits: YAML at the top, Markdown anywhere below. */
async function contentFiles(contentDir: string): Promise<string[]> {
  return (await filesIn(contentDir))
    .filter((file) => file.endsWith('.md') || (!file.includes('/') && /\.ya?ml$/.test(file)))
    .map((file) => path.join(contentDir, file));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where an address written in text ends: not where a longer one merely begins with it. */
const end = `(?=$|[\\s)"'<>\\]]|[.,;:!?](?:\\s|$))`;

/** What to look for in the content for one address: the address itself, and for a DOI its `doi:` value. */
function patterns(url: string): RegExp[] {
  const found = [url];
  if (url.endsWith('/')) found.push(url.slice(0, -1));
  const list = found.map((text) => new RegExp(`${escapeRegExp(text)}${end}`));
  const doi = doiOfUrl(url);
  if (doi) list.push(new RegExp(`\\bdoi:\\s*["']?${escapeRegExp(doi)}["']?\\s*(?:#.*)?$`, 'i'));
  const orcid = orcidOf(url);
  if (orcid) list.push(new RegExp(`\\borcid:\\s*["']?(?:https?://orcid\\.org/)?${orcid}\\b`, 'i'));
  if (url.startsWith('mailto:')) {
    const address = url.slice('mailto:'.length).split('?')[0]!;
    list.push(new RegExp(`(^|[\\s:"'(<])${escapeRegExp(address)}\\b`, 'i'));
  }
  return list;
}

/**
 * Where each address is written in the content, as file and line (1-based),
 * with file paths relative to `relativeTo` and "/" on every system.
 */
export async function findSources(
  contentDir: string,
  urls: string[],
  relativeTo: string,
): Promise<Map<string, SourceLine[]>> {
  const files = await Promise.all(
    (await contentFiles(contentDir)).map(async (file) => ({
      name: path.relative(relativeTo, file).split(path.sep).join('/'),
      lines: (await readFile(file, 'utf8')).split(/\r?\n/),
    })),
  );
  const sources = new Map<string, SourceLine[]>();
  for (const url of urls) {
    const searches = patterns(url);
    const places: SourceLine[] = [];
    for (const { name, lines } of files) {
      lines.forEach((text, index) => {
        if (searches.some((search) => search.test(text))) places.push({ file: name, line: index + 1 });
      });
    }
    sources.set(url, places);
  }
  return sources;
}
