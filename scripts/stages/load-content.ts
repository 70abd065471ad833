import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { contentSchema, type SiteContent } from '../../src/content-schema.ts';
import { BuildError, type Problem } from '../lib/problems.ts';

/** One file of content/: its YAML (a whole file, or a Markdown file's front matter) and, for Markdown, its text. */
interface Source {
  file: string;
  text: string;
  doc: Document.Parsed;
  lineCounter: LineCounter;
  /** Lines before the YAML: 1 for front matter, after its opening "---". */
  lineOffset: number;
  /** The Markdown below the front matter, and the line it starts on. */
  body?: { text: string; line: number };
}

export const relative = (file: string) => path.relative(process.cwd(), file).split(path.sep).join('/');

const FRONT_MATTER = /^---\r?\n([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m;

function parseSource(file: string, text: string, markdown: boolean, problems: Problem[]): Source {
  let yamlText = text;
  let lineOffset = 0;
  let body: Source['body'];
  if (markdown) {
    const match = text.startsWith('---') ? FRONT_MATTER.exec(text) : null;
    if (!match) {
      problems.push({
        where: `${relative(file)}:1:1`,
        message: 'expected the file to start with front matter: a line "---", the fields, and another line "---"',
      });
      yamlText = '';
    } else {
      yamlText = match[1]!;
      lineOffset = 1;
      const rest = text.slice(match[0].length);
      body = {
        text: rest.trim(),
        line:
          text.slice(0, match[0].length).split('\n').length +
          (rest.length - rest.trimStart().length > 0
            ? rest.slice(0, rest.length - rest.trimStart().length).split('\n').length - 1
            : 0),
      };
    }
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const source: Source = { file, text, doc, lineCounter, lineOffset, body };
  for (const error of doc.errors) {
    problems.push({
      where: position(source, error.pos[0]),
      message: `the YAML cannot be read: ${yamlReason(error.code, error.message)}`,
      excerpt: excerpt(source, error.pos[0]),
    });
  }
  return source;
}

/** The parser's own words, first line only, with a hint for the slips people make. */
function yamlReason(code: string, message: string): string {
  const first = message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  const hints: Record<string, string> = {
    BAD_INDENT: 'check that this line is indented like the lines of the same entry',
    MISSING_CHAR: 'a quote or bracket is not closed',
    DUPLICATE_KEY: 'each field may appear only once in an entry',
    BLOCK_AS_IMPLICIT_KEY: 'a value containing ": " needs quotes around it',
    MULTILINE_IMPLICIT_KEY: 'a field name needs a colon and a space after it, as in "title: …"',
    UNEXPECTED_TOKEN:
      'text that starts with a quote must end with the same quote; to use an apostrophe inside, write it twice or use double quotes',
  };
  // The parser gives one code to several slips; its message tells them apart.
  const hint = /^Implicit map keys need to be followed by map values/.test(first)
    ? hints.MULTILINE_IMPLICIT_KEY
    : hints[code];
  return hint ? `${first} (${hint})` : first;
}

function lineColumn(source: Source, offset: number) {
  const { line, col } = source.lineCounter.linePos(offset);
  return { line: line + source.lineOffset, column: col };
}

function position(source: Source, offset: number): string {
  const { line, column } = lineColumn(source, offset);
  return `${relative(source.file)}:${line}:${column}`;
}

/** The line at `offset`, with a caret under the column. */
function excerpt(source: Source, offset: number): string {
  const { line, column } = lineColumn(source, offset);
  const lineText = source.text.split(/\r?\n/)[line - 1] ?? '';
  const number = String(line);
  return `${number} | ${lineText}\n${' '.repeat(number.length)} | ${' '.repeat(Math.max(column - 1, 0))}^`;
}

/**
 * Reads every file of the content folder: the YAML files, the news items and
 * the legal pages, checks them against the schema, and returns the content.
 * Throws a BuildError listing every problem, each with file, line and column.
 */
export async function loadContent(contentDir: string, publicDir?: string): Promise<SiteContent> {
  const problems: Problem[] = [];
  const read = async (name: string, markdown = false) => {
    const file = path.join(contentDir, name);
    try {
      return parseSource(file, await readFile(file, 'utf8'), markdown, problems);
    } catch (error) {
      problems.push({ where: relative(file), message: `could not be read: ${(error as Error).message}` });
      return parseSource(file, '', false, []);
    }
  };
  const newsDir = path.join(contentDir, 'news');
  const newsFiles = existsSync(newsDir) ? (await readdir(newsDir)).filter((name) => name.endsWith('.md')).sort() : [];
  const [site, themes, publications, members, privacy, terms, ...news] = await Promise.all([
    read('site.yml'),
    read('themes.yml'),
    read('publications.yml'),
    read('members.yml'),
    read('legal/privacy-policy.md', true),
    read('legal/terms-of-service.md', true),
    ...newsFiles.map((name) => read(`news/${name}`, true)),
  ]);
  if (problems.length > 0) throw new BuildError('Reading content', problems);

  const data = (source: Source) => source.doc.toJS() as unknown;
  const frontMatter = (source: Source) => {
    const value = data(source);
    return typeof value === 'object' && value !== null ? value : {};
  };
  const raw = {
    site: data(site),
    themes: data(themes),
    publications: data(publications),
    news: news.map((source) => ({ ...frontMatter(source), id: newsId(source.file), summary: source.body?.text })),
    directory: data(members),
    legal: {
      privacy: { ...frontMatter(privacy), body: privacy.body?.text },
      terms: { ...frontMatter(terms), body: terms.body?.text },
    },
  };

  /** Which file a path of the content comes from, and the path inside it. */
  const locate = (keys: (string | number)[]): Located => {
    const [part, ...rest] = keys;
    const none = { text: '', covers: 0 };
    if (part === 'news' && typeof rest[0] === 'number')
      return { source: news[rest[0]]!, keys: rest.slice(1), label: none };
    if (part === 'legal') return { source: rest[0] === 'privacy' ? privacy : terms, keys: rest.slice(1), label: none };
    const source = { site, themes, publications, directory: members }[part as 'site'] ?? site;
    return { source, keys: rest, label: entryLabel(part as string, rest, raw) };
  };

  const result = v.safeParse(contentSchema, raw, { abortEarly: false });
  if (!result.success) {
    for (const issue of result.issues) problems.push(describeIssue(issue, locate));
  }
  const content = result.success ? result.output : null;
  if (publicDir) {
    for (const field of ['logo', 'ogImage'] as const) {
      const file = (raw.site as Record<string, unknown> | null)?.[field];
      if (typeof file === 'string' && !existsSync(path.join(publicDir, file))) {
        const node = nodeAt(site.doc, [field]);
        problems.push({
          where: `${position(site, node.range[0])} › ${field}`,
          message: `expected a file that exists in ${relative(publicDir)}/, found "${file}", which is not there`,
          excerpt: excerpt(site, node.range[0]),
        });
      }
    }
  }
  if (problems.length > 0 || !content) {
    problems.sort((a, b) => a.where.localeCompare(b.where, 'en', { numeric: true }));
    throw new BuildError('Checking content', problems);
  }
  content.news.sort((a, b) => (a.date === b.date ? a.id.localeCompare(b.id) : a.date < b.date ? 1 : -1));
  return content;
}

/** news/2021-09-15-position-statement-accepted.md → position-statement-accepted */
const newsId = (file: string) => path.basename(file, '.md').replace(/^\d{4}-\d{2}-\d{2}-/, '');

interface Located {
  source: Source;
  /** The path inside the source's YAML. */
  keys: (string | number)[];
  /** The entry the path points into, and how many of its keys that name stands for. */
  label: { text: string; covers: number };
}

/** "members[16] (Ingrid Example)": the entry a path points into, named as a person would find it. */
function entryLabel(part: string, keys: (string | number)[], raw: Record<string, unknown>): Located['label'] {
  const get = (object: unknown, key: string | number) =>
    typeof object === 'object' && object !== null ? (object as Record<string, unknown>)[key] : undefined;
  const name = (entry: unknown, field: string) => {
    const value = get(entry, field);
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const short = (title: string) => (title.length > 40 ? `${title.slice(0, 40)}…` : title);
  if (part === 'themes' && typeof keys[0] === 'number') {
    const id = name(get(raw.themes, keys[0]), 'id');
    return { text: `themes[${keys[0]}]${id ? ` (${id})` : ''}`, covers: 1 };
  }
  if (part === 'publications' && typeof keys[0] === 'string' && typeof keys[1] === 'number') {
    const title = name(get(get(raw.publications, keys[0]), keys[1]), 'title');
    return { text: `${keys[0]}[${keys[1]}]${title ? ` "${short(title)}"` : ''}`, covers: 2 };
  }
  if (part === 'directory' && keys[0] === 'members' && typeof keys[1] === 'number') {
    const person = name(get(get(raw.directory, 'members'), keys[1]), 'name');
    return { text: `members[${keys[1]}]${person ? ` (${person})` : ''}`, covers: 2 };
  }
  return { text: '', covers: 0 };
}

/** The deepest node of `doc` along `keys`, and how many keys led to it. */
function walk(doc: Document.Parsed, keys: (string | number)[]): { node: Node; depth: number } {
  let node = doc.contents as Node | null;
  let depth = 0;
  for (const key of keys) {
    const next = isMap(node) || isSeq(node) ? (node.get(key, true) as Node | undefined) : undefined;
    if (!next) break;
    node = next;
    depth += 1;
  }
  return { node: node ?? (doc as unknown as Node), depth };
}

function nodeAt(doc: Document.Parsed, keys: (string | number)[]): { range: [number, number, number] } {
  const { node } = walk(doc, keys);
  return { range: (node.range ?? [0, 0, 0]) as [number, number, number] };
}

/** The offset of a field's name in the map at `keys`, for an unknown field. */
function keyOffset(doc: Document.Parsed, keys: (string | number)[], field: string): number | undefined {
  const { node, depth } = walk(doc, keys);
  if (depth !== keys.length || !isMap(node)) return undefined;
  const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === field);
  return (pair?.key as Node | undefined)?.range?.[0];
}

const show = (value: unknown): string => {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object' && value !== null) return 'a group of fields';
  return JSON.stringify(value);
};

/** The known field closest to a misspelt one, if it is close enough to be what was meant. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const distance = (a: string, b: string) => {
    const row = Array.from({ length: b.length + 1 }, (_, index) => index);
    for (let i = 1; i <= a.length; i += 1) {
      let previous = row[0]!;
      row[0] = i;
      for (let j = 1; j <= b.length; j += 1) {
        const current = row[j]!;
        row[j] = Math.min(
          row[j]! + 1,
          row[j - 1]! + 1,
          previous + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1),
        );
        previous = current;
      }
    }
    return row[b.length]!;
  };
  const ranked = candidates
    .map((candidate) => ({ candidate, cost: distance(word, candidate) }))
    .sort((a, b) => a.cost - b.cost);
  const best = ranked[0];
  return best && best.cost <= Math.max(2, Math.floor(word.length / 3)) ? best.candidate : undefined;
}

function describeIssue(issue: v.BaseIssue<unknown>, locate: (keys: (string | number)[]) => Located): Problem {
  const keys = (issue.path ?? []).map((item) => item.key as string | number);
  const { source, keys: inFile, label } = locate(keys);
  const field = inFile.at(-1);
  const trail = [label.text, ...inFile.slice(label.covers)].filter((part) => part !== '').map(String);
  const where = (offset: number) => `${position(source, offset)}${trail.length ? ` › ${trail.join(' › ')}` : ''}`;

  // A field the schema does not know (valibot expects "never" there): name it and suggest the one meant.
  if (issue.type === 'strict_object' && issue.expected === 'never' && typeof field === 'string') {
    const offset = keyOffset(source.doc, inFile.slice(0, -1), field) ?? 0;
    const entries = Object.keys(fieldsOf(keys.slice(0, -1)));
    const suggestion = closest(field, entries);
    return {
      where: where(offset),
      message: `unknown field "${field}"${suggestion ? `; did you mean "${suggestion}"?` : entries.length ? `; the fields here are ${entries.join(', ')}` : ''}`,
      excerpt: excerpt(source, offset),
    };
  }

  // The Markdown text of a news item or legal page.
  if ((field === 'summary' || field === 'body') && source.body) {
    return {
      where: `${relative(source.file)}:${source.body.line}:1`,
      message: `${issue.message} below the front matter, found ${show(issue.input)}`,
    };
  }
  if (field === 'id' && keys[0] === 'news') {
    return {
      where: `${relative(source.file)}:1:1`,
      message: `${issue.message} (the id is the file name after the date)`,
    };
  }

  // A required field that is not there: say which, and what it holds.
  if (issue.received === 'undefined' && typeof field === 'string') {
    const { node } = walk(source.doc, inFile.slice(0, -1));
    const offset = node.range?.[0] ?? 0;
    const expected = (unwrap(fieldsOf(keys.slice(0, -1))[field]) as { message?: unknown } | undefined)?.message;
    return {
      where: where(offset),
      message: `missing field "${field}"${typeof expected === 'string' ? ` (${expected})` : ''}; add a line "${field}: …" to this entry`,
      excerpt: excerpt(source, offset),
    };
  }

  const { node, depth } = walk(source.doc, inFile);
  const missing = depth < inFile.length;
  const offset = node.range?.[0] ?? 0;
  const found = isScalar(node) ? node.value : issue.input;
  const message = missing ? `missing: ${issue.message}` : `${issue.message}, found ${show(found)}`;
  return { where: where(offset), message, excerpt: excerpt(source, offset) };
}

/** The field names of the schema's object at a content path (for "did you mean"). */
function fieldsOf(keys: (string | number)[]): Record<string, unknown> {
  let schema: unknown = contentSchema;
  for (const key of keys) {
    schema = unwrap(schema);
    const s = schema as { type?: string; entries?: Record<string, unknown>; item?: unknown; value?: unknown };
    if (s.entries) schema = s.entries[key as string];
    else if (s.item) schema = s.item;
    else if (s.value) schema = s.value;
    else return {};
  }
  return (unwrap(schema) as { entries?: Record<string, unknown> }).entries ?? {};
}

const unwrap = (schema: unknown): unknown => {
  let current = schema as { pipe?: unknown[]; wrapped?: unknown; type?: string };
  for (;;) {
    if (current?.pipe && current.pipe[0] !== current) current = current.pipe[0] as typeof current;
    else if (current?.wrapped) current = current.wrapped as typeof current;
    else return current;
  }
};

/** Settings still holding a placeholder: the build succeeds but says so. */
export function placeholderWarnings(content: SiteContent, contentDir: string): Problem[] {
  const file = relative(path.join(contentDir, 'site.yml'));
  const placeholder = /\.example(\/|$)/;
  const warnings: Problem[] = [];
  if (placeholder.test(content.site.contactEmail)) {
    warnings.push({
      where: `${file} › contactEmail`,
      message: `"${content.site.contactEmail}" is a placeholder; set the consortium's mailbox before going live`,
    });
  }
  if (placeholder.test(content.site.siteUrl)) {
    warnings.push({
      where: `${file} › siteUrl`,
      message: `"${content.site.siteUrl}" is a placeholder; set the site's address (or SITE_URL) before going live`,
    });
  }
  return warnings;
}
