/**
 * Where each address the site links to is written in the content: read as
 * the build reads it (scripts/stages/content/source.ts), so a YAML value is
 * found at the line the YAML library puts its node, in any style (a plain,
 * quoted, folded or literal value, a flow-style {url: …} or [a, b]), and a
 * Markdown text by its lines.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isPair, isScalar, visit } from 'yaml';
import { doiOfUrl, bareDoi, sameDoi } from '../../src/doi.ts';
import { filesIn } from '../lib/files.ts';
import { linesOf } from '../lib/line-counter.ts';
import { parseSource } from '../stages/content/source.ts';
import { orcidOf } from './check.ts';
import type { SourceLine } from './types.ts';

/** Text of the content where an address may be written, with its field's name, and the line of what was found in it. */
interface Written {
  text: string;
  key?: string;
  lineOf(found: string): number;
}

/** What a piece of text holds of an address, as written there, or undefined. */
type Finder = (written: Written) => string | undefined;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where an address written in text ends: not where a longer one merely begins with it. */
const end = `(?=$|[\\s)"'<>\\]]|[.,;:!?](?:\\s|$))`;

/** How one address is written: the address itself, a DOI as its `doi:` value, an ORCID iD as its `orcid:`, a mailbox. */
function finders(url: string): Finder[] {
  const written = url.endsWith('/') ? [url, url.slice(0, -1)] : [url];
  const list: Finder[] = written.map((text) => {
    const pattern = new RegExp(`${escapeRegExp(text)}${end}`);
    return ({ text: value }) => (pattern.test(value) ? text : undefined);
  });
  const doi = doiOfUrl(url);
  if (doi) list.push(({ text, key }) => (key === 'doi' && sameDoi(bareDoi(text) ?? '', doi) ? text : undefined));
  const orcid = orcidOf(url);
  if (orcid) {
    const iD = new RegExp(`^(?:https?://orcid\\.org/)?${orcid}/?$`, 'i');
    list.push(({ text, key }) => (key === 'orcid' && iD.test(text.trim()) ? text : undefined));
  }
  if (url.startsWith('mailto:')) {
    const address = url.slice('mailto:'.length).split('?')[0]!;
    const pattern = new RegExp(`(^|[\\s:"'(<])${escapeRegExp(address)}\\b`, 'i');
    list.push(({ text }) => (pattern.test(text) ? address : undefined));
  }
  return list;
}

/**
 * The texts of one content file: every text value of its YAML, at the line
 * its node starts (or where the text found lies inside it), and each line of
 * a Markdown file's text below the front matter.
 */
function writtenIn(file: string, bytes: Uint8Array): Written[] {
  const markdown = file.endsWith('.md');
  const { source } = parseSource(file, bytes, markdown, 'content');
  const { text } = source;
  const lines = linesOf(text);
  const lineAt = (offset: number) => lines.linePos(offset).line;
  // A Markdown file's YAML is its front matter, after the opening "---" line.
  const start = markdown ? text.indexOf('\n') + 1 : 0;
  const values: Written[] = [];
  visit(source.doc, {
    Scalar(role, node, trail) {
      if (role === 'key' || typeof node.value !== 'string' || !node.range) return;
      const parent = trail.at(-1);
      const key = isPair(parent) && isScalar(parent.key) ? String(parent.key.value) : undefined;
      const [from, to] = [start + node.range[0], start + node.range[1]];
      const lineOf = (found: string) => {
        const at = text.indexOf(found, from);
        return lineAt(at !== -1 && at < to ? at : from);
      };
      values.push({ text: node.value, key, lineOf });
    },
  });
  const body = source.body;
  const bodyLines = body
    ? body.text.split(/\r?\n/).map((line, index) => ({ text: line, lineOf: () => body.line + index }))
    : [];
  return [...values, ...bodyLines];
}

/** The content files a maintainer edits (YAML at the top, Markdown anywhere below), each as the texts written in it. */
async function contentTexts(contentDir: string, relativeTo: string) {
  const files = (await filesIn(contentDir)).filter(
    (file) => file.endsWith('.md') || (!file.includes('/') && /\.ya?ml$/.test(file)),
  );
  return Promise.all(
    files.map(async (file) => {
      const absolute = path.join(contentDir, file);
      const written = writtenIn(absolute, await readFile(absolute));
      return { name: path.relative(relativeTo, absolute).split(path.sep).join('/'), written };
    }),
  );
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
  const files = await contentTexts(contentDir, relativeTo);
  const sources = new Map<string, SourceLine[]>();
  for (const url of urls) {
    const find = finders(url);
    const places = new Map<string, SourceLine>();
    for (const { name, written } of files) {
      for (const piece of written) {
        const found = find.map((finder) => finder(piece)).find((text) => text !== undefined);
        if (found === undefined) continue;
        const line = piece.lineOf(found);
        places.set(`${name}:${line}`, { file: name, line });
      }
    }
    sources.set(url, [...places.values()]);
  }
  return sources;
}
