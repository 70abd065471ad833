import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isPair, isScalar, visit } from 'yaml';
import { bareDoi, doiOfUrl, sameDoi } from '../../src/doi.ts';
import { escapeRegExp } from '../../src/escape.ts';
import { filesIn } from '../lib/files.ts';
import { linesOf } from '../lib/line-counter.ts';
import { parseSource } from '../stages/content/source.ts';
import { orcidOf } from './check.ts';
import type { SourceLine } from './types.ts';

/** A text of the content (a YAML value, with its field's name, or a line of Markdown) and the line of a part of it. */
interface Written {
  text: string;
  key?: string;
  lineOf(found: string): number;
}

/** Where an address written in text ends: not where a longer one merely begins with it. */
const end = `(?=$|[\\s)"'<>\\]]|[.,;:!?](?:\\s|$))`;

/** What of one address a text holds, as written there: the address, a DOI's `doi:` value, an iD's `orcid:`, a mailbox. */
function finder(url: string): (written: Written) => string | undefined {
  const texts = url.endsWith('/') ? [url, url.slice(0, -1)] : [url];
  const patterns = texts.map((text) => new RegExp(`${escapeRegExp(text)}${end}`));
  const doi = doiOfUrl(url);
  const iD = orcidOf(url) && new RegExp(`^(?:https?://orcid\\.org/)?${orcidOf(url)}/?$`, 'i');
  const mailbox = url.startsWith('mailto:') ? url.slice('mailto:'.length).split('?')[0]! : undefined;
  const mail = mailbox ? new RegExp(`(^|[\\s:"'(<])${escapeRegExp(mailbox)}\\b`, 'i') : undefined;
  return ({ text, key }) => {
    const at = patterns.findIndex((pattern) => pattern.test(text));
    if (at !== -1) return texts[at];
    if (doi && key === 'doi' && sameDoi(bareDoi(text) ?? '', doi)) return text;
    if (iD && key === 'orcid' && iD.test(text.trim())) return text;
    return mail?.test(text) ? mailbox : undefined;
  };
}

/**
 * A content file's texts, read as the build reads it: each YAML value at the line of its node's range (or of what
 * was found in it, for a folded or flow-style value), and each line of Markdown below the front matter.
 */
function writtenIn(file: string, bytes: Uint8Array): Written[] {
  const markdown = file.endsWith('.md');
  const { text, doc, body } = parseSource(file, bytes, markdown, 'content').source;
  const lines = linesOf(text);
  // A Markdown file's YAML is its front matter, after the opening "---" line.
  const start = markdown ? text.indexOf('\n') + 1 : 0;
  const written: Written[] = [];
  visit(doc, {
    Scalar(role, node, trail) {
      if (role === 'key' || typeof node.value !== 'string' || !node.range) return;
      const parent = trail.at(-1);
      const [from, to] = [start + node.range[0], start + node.range[1]];
      const lineOf = (found: string) => {
        const at = text.indexOf(found, from);
        return lines.linePos(at !== -1 && at < to ? at : from).line;
      };
      written.push({
        text: node.value,
        key: isPair(parent) && isScalar(parent.key) ? String(parent.key.value) : undefined,
        lineOf,
      });
    },
  });
  for (const [index, line] of (body?.text.split(/\r?\n/) ?? []).entries())
    written.push({ text: line, lineOf: () => body!.line + index });
  return written;
}

/** Where each address is written in the content (YAML at its top, Markdown anywhere), as file (from `relativeTo`) and line. */
export async function findSources(
  contentDir: string,
  urls: string[],
  relativeTo: string,
): Promise<Map<string, SourceLine[]>> {
  const names = (await filesIn(contentDir)).filter(
    (file) => file.endsWith('.md') || (!file.includes('/') && /\.ya?ml$/.test(file)),
  );
  const files = await Promise.all(
    names.map(async (name) => {
      const file = path.join(contentDir, name);
      return {
        name: path.relative(relativeTo, file).split(path.sep).join('/'),
        written: writtenIn(file, await readFile(file)),
      };
    }),
  );
  const sources = new Map<string, SourceLine[]>();
  for (const url of urls) {
    const find = finder(url);
    const places = new Map<string, SourceLine>();
    for (const { name, written } of files) {
      for (const piece of written) {
        const found = find(piece);
        if (found !== undefined)
          places.set(`${name}:${piece.lineOf(found)}`, { file: name, line: piece.lineOf(found) });
      }
    }
    sources.set(url, [...places.values()]);
  }
  return sources;
}
