/**
 * content/publications.yml edited in place, as text: the yaml package reads
 * the file and says where each node is, and every edit is an insertion of new
 * lines (an entry, a field) or the replacement of one value (a null year), so
 * whatever the layout (long lines folded onto the next, flow style, comments,
 * CRLF, any quoting) every other byte stays as it was. The file is written
 * whole or not at all (a temporary file renamed into place), and only after
 * the edited content passes the build's own content check.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  stringify,
  type Document,
  type Pair,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import type { Publication } from '../../src/content-schema.ts';
import { publicationsSchema } from '../../src/content/publications.ts';
import { displayPath as relative, type Problem } from '../lib/problems.ts';
import { bareDoi, sameDoi } from '../../src/doi.ts';
import { foldAccents } from '../../src/text.ts';
import { keepTextAsTyped } from '../stages/content/text-as-typed.ts';
import { contentProblems, PUBLICATIONS_FILE } from './validate.ts';

/** The order of an entry's fields, as the content writes them. */
export const FIELD_ORDER = [
  'authors',
  'year',
  'title',
  'type',
  'journal',
  'editors',
  'bookTitle',
  'edition',
  'volume',
  'issue',
  'pages',
  'articleNumber',
  'reportNumber',
  'degree',
  'institution',
  'publisher',
  'repository',
  'version',
  'presentationType',
  'event',
  'location',
  'doi',
  'url',
  'freeCopy',
  'freeCopyVersion',
  'freeCopyFoundBy',
] as const;
export type Field = (typeof FIELD_ORDER)[number];

export interface Entry {
  theme: string;
  index: number;
  map: YAMLMap;
  /** file:line of the entry's first line. */
  where: string;
}

export class FileError extends Error {}

/**
 * Where a long value written by cite is folded onto the next line: a diff shows the whole of a line this long, and
 * 40 authors or a long title never make one of more than a few hundred characters.
 */
const LINE_WIDTH = 160;

/** One change to the text: `remove` characters at `at` replaced by `insert`; `order` keeps insertions at one place in the order made. */
interface Edit {
  at: number;
  remove: number;
  insert: string;
  order: number;
}

/**
 * `original` with the edits made, each where it was placed in the original, insertions at one place in the order
 * made. Edits that do not overlap (as cite makes them) are the pieces of the original between them, joined once: an
 * import of a thousand entries is a thousand edits, and cutting the whole text again for each took longer than
 * reading the export. Edits that overlap are made one at a time, from the end of the file, as they always were.
 */
function withEdits(original: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.at - b.at || a.order - b.order);
  const pieces: string[] = [];
  let from = 0;
  for (const edit of sorted) {
    if (edit.at < from) return editedInTurn(original, sorted);
    pieces.push(original.slice(from, edit.at), edit.insert);
    from = edit.at + edit.remove;
  }
  pieces.push(original.slice(from));
  return pieces.join('');
}

function editedInTurn(original: string, edits: Edit[]): string {
  let text = original;
  for (const edit of [...edits].sort((a, b) => b.at - a.at || b.order - a.order))
    text = text.slice(0, edit.at) + edit.insert + text.slice(edit.at + edit.remove);
  return text;
}

export class PublicationsFile {
  private constructor(
    readonly file: string,
    readonly contentDir: string,
    readonly original: string,
    private readonly doc: Document.Parsed,
    private readonly lines: LineCounter,
  ) {
    this.eol = original.includes('\r\n') ? '\r\n' : '\n';
  }

  private readonly eol: string;
  private readonly edits: Edit[] = [];
  /** What listedWorks reads, once. */
  private works?: { entry: Entry; key: WorkKey }[];
  /** Entries for themes the file does not list yet, written at its end. */
  private readonly newThemes = new Map<string, Publication[]>();
  /** Entries added to each flow-style list ([…], the editor's empty list []) in this run, with the key's column. */
  private readonly flowAdded = new Map<YAMLSeq, { column: number; added: Publication[] }>();

  static async open(contentDir: string): Promise<PublicationsFile> {
    const file = path.join(contentDir, PUBLICATIONS_FILE);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new FileError(`${relative(file)} could not be read: ${(error as Error).message}`);
    }
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
    if (doc.errors.length > 0) {
      throw new FileError(
        `${relative(file)} cannot be read as YAML (${doc.errors[0]!.message.split('\n')[0]}); run npm run build to see where`,
      );
    }
    if (doc.contents !== null && !isMap(doc.contents)) {
      throw new FileError(`${relative(file)} should hold a list of publications under each theme id`);
    }
    // Values as the build reads them: version: 1.10 is "1.10", so a typed value is compared as typed.
    keepTextAsTyped(doc, publicationsSchema);
    return new PublicationsFile(file, contentDir, text, doc, lines);
  }

  /** file:line of a node's start. */
  whereOf(offset: number | undefined): string {
    const { line } = this.lines.linePos(offset ?? 0);
    return `${relative(this.file)}:${line}`;
  }

  entries(): Entry[] {
    const root = this.doc.contents;
    if (!isMap(root)) return [];
    return root.items.flatMap((pair) => {
      const theme = isScalar(pair.key) ? String(pair.key.value) : '';
      if (!isSeq(pair.value)) return [];
      return pair.value.items.flatMap((item, index) =>
        isMap(item) ? [{ theme, index, map: item, where: this.whereOf(item.range?.[0]) }] : [],
      );
    });
  }

  /** Where a DOI is already listed, in the doi field or as a doi.org address in the url field, if it is. */
  findDoi(doi: string): Entry | undefined {
    return this.entries().find((entry) => {
      const found = entryDoi(entry);
      return found !== undefined && sameDoi(found, doi);
    });
  }

  /**
   * Where the publication is already listed: by its DOI where both have one; where either has none (an entry typed
   * without its DOI, imported with it), by its title, year and kind. Two DOIs that differ are two publications,
   * whatever their titles.
   */
  findSame(publication: SameWork): { entry: Entry; by: string } | undefined {
    const key = workKey(publication);
    for (const listed of this.listedWorks()) {
      const by = sameWork(key, listed.key);
      if (by) return { entry: listed.entry, by };
    }
    return undefined;
  }

  /**
   * The works the file lists, each with its key, read once: the file's text is not changed until it is saved (edits
   * are kept aside), and an import asks this of each of its entries, a thousand of them against a thousand listed.
   */
  private listedWorks(): { entry: Entry; key: WorkKey }[] {
    this.works ??= this.entries().flatMap((entry) => {
      const text = (field: string) => {
        const value = entry.map.get(field);
        return typeof value === 'string' ? value : undefined;
      };
      const title = text('title');
      if (title === undefined) return [];
      const listed: SameWork = {
        doi: entryDoi(entry),
        title,
        year: entry.map.get('year') as Publication['year'],
        type: text('type') as Publication['type'],
      };
      return [{ entry, key: workKey(listed) }];
    });
    return this.works;
  }

  private edit(at: number, remove: number, insert: string): void {
    this.edits.push({ at, remove, insert, order: this.edits.length });
  }

  /** The offset of the start of the line after the one `offset` is on (the file's end if it has no more lines). */
  private nextLineStart(offset: number): number {
    if (offset > 0 && this.original[offset - 1] === '\n') return offset;
    const newline = this.original.indexOf('\n', offset);
    return newline === -1 ? this.original.length : newline + 1;
  }

  /** Text to insert at a line start: a line break first when the file's last line has none. */
  private atLineStart(at: number, lines: string): string {
    return at === this.original.length && this.original !== '' && !this.original.endsWith('\n')
      ? `${this.eol}${lines}`
      : lines;
  }

  /**
   * YAML lines for one entry (a publication, or an entry already listed, in its own order), each ending with the
   * file's line break. A long value (an author list of 40 names) is folded onto the next lines, as YAML reads back
   * to the same text, so that no line is too long for a diff to show.
   */
  private entryLines(entry: Record<string, unknown>, dash: string, indent: string): string {
    const lineWidth = LINE_WIDTH - indent.length;
    const body = stringify(entry, { lineWidth, minContentWidth: 40 }).replace(/\n$/, '').split('\n');
    return body.map((line, index) => `${index === 0 ? dash : indent}${line}${this.eol}`).join('');
  }

  /** Appends an entry under a theme (the theme's list is created at the end of the file if it has none). */
  add(theme: string, publication: Publication): void {
    const root = this.doc.contents;
    const list = isMap(root) ? (root.get(theme, true) as unknown) : undefined;
    if (list === undefined || list === null || (isScalar(list) && list.value === null)) {
      if (list !== undefined && list !== null) {
        throw new FileError(
          `${this.whereOf((list as { range?: number[] }).range?.[0])}: ${theme} has no list; write "${theme}: []" or delete the line`,
        );
      }
      const pending = this.newThemes.get(theme) ?? [];
      pending.push(publication);
      this.newThemes.set(theme, pending);
      return;
    }
    if (!isSeq(list))
      throw new FileError(
        `${this.whereOf((list as { range?: number[] }).range?.[0])}: ${theme} should hold a list of publications`,
      );
    const seq = list as YAMLSeq;
    if (seq.flow) {
      // [] (as the editor saves an empty list) or [ {…}, {…} ]: the list is written again in block style, an entry
      // a line and a field a line, with the new entries after those it had (see flowLists).
      const pair = (root as YAMLMap).items.find((item) => item.value === seq) as Pair;
      const keyStart = (pair.key as { range: number[] }).range[0]!;
      const column = keyStart - (this.original.lastIndexOf('\n', keyStart - 1) + 1);
      const pending = this.flowAdded.get(seq) ?? { column, added: [] };
      pending.added.push(publication);
      this.flowAdded.set(seq, pending);
      return;
    }
    // The indentation of the list's dashes and of the entries' keys, from its first entry.
    const first = seq.items[0] as { range?: number[] } | undefined;
    const start = first?.range?.[0] ?? seq.range![0];
    const lineStart = this.original.lastIndexOf('\n', start - 1) + 1;
    const prefix = this.original.slice(lineStart, start);
    const dashMatch = /^(\s*)-(\s+)/.exec(prefix);
    const dash = dashMatch ? `${dashMatch[1]}-${dashMatch[2]}` : '  - ';
    const at = this.nextLineStart(seq.range![1]);
    this.edit(at, 0, this.atLineStart(at, this.entryLines(ordered(publication), dash, ' '.repeat(dash.length))));
  }

  /** Sets a field the entry does not have (or has as null), in its place in FIELD_ORDER. */
  fill(entry: Entry, field: Field, value: string | number | null): void {
    const scalar = stringify(value, { lineWidth: 0 }).trim();
    const existing = entry.map.get(field, true) as { range?: [number, number, number] } | undefined;
    if (existing?.range) {
      // year: null (or "year:" with nothing after it) → the value, on the same line.
      const [from, to] = existing.range;
      this.edit(from, to - from, from === to ? ` ${scalar}` : scalar);
      return;
    }
    const position = FIELD_ORDER.indexOf(field);
    const items = entry.map.items as Pair[];
    const keyOf = (pair: Pair) => (isScalar(pair.key) ? String((pair.key as { value: unknown }).value) : '');
    // The last field that comes before this one; or, when none does, the entry's first field.
    let after: Pair | undefined;
    for (const pair of items) if (FIELD_ORDER.indexOf(keyOf(pair) as Field) < position) after = pair;
    after ??= items[0];
    const end =
      (after?.value as { range?: number[] } | null)?.range?.[1] ?? (after?.key as { range?: number[] })?.range?.[1];
    if (entry.map.flow || end === undefined) {
      const at = end ?? this.original.lastIndexOf('}', entry.map.range![1]);
      this.edit(at, 0, `${end === undefined ? '' : ', '}${field}: ${scalar}`);
      return;
    }
    const keyStart = (items[0]!.key as { range: number[] }).range[0]!;
    const column = keyStart - (this.original.lastIndexOf('\n', keyStart - 1) + 1);
    const at = this.nextLineStart(end);
    this.edit(at, 0, this.atLineStart(at, `${' '.repeat(column)}${field}: ${scalar}${this.eol}`));
  }

  /**
   * Deletes a field of the entry: its whole line (a comment after it goes too), or in a flow-style entry the field and
   * the comma before it. A field the entry does not have is left alone.
   */
  remove(entry: Entry, field: Field): void {
    const pair = (entry.map.items as Pair[]).find((item) => isScalar(item.key) && item.key.value === field);
    if (!pair) return;
    const keyRange = (pair.key as { range: number[] }).range;
    const end = (pair.value as { range?: number[] } | null)?.range?.[1] ?? keyRange[1]!;
    if (entry.map.flow) {
      const comma = this.original.lastIndexOf(',', keyRange[0]!);
      this.edit(comma, end - comma, '');
      return;
    }
    const lineStart = this.original.lastIndexOf('\n', keyRange[0]! - 1) + 1;
    this.edit(lineStart, this.nextLineStart(end) - lineStart, '');
  }

  /** file:line of an entry's field value. */
  fieldWhere(entry: Entry, field: string): string {
    const node = entry.map.get(field, true) as { range?: [number, number, number] } | undefined;
    return this.whereOf(node?.range?.[0] ?? entry.map.range?.[0]);
  }

  /**
   * Each flow-style list given entries, written in block style in its place: the entries it had (their fields in
   * their own order, values as typed) and the new ones, indented under the theme's key.
   */
  private flowLists(): Edit[] {
    return [...this.flowAdded].map(([seq, { column, added }], index) => {
      const dash = `${' '.repeat(column + 2)}- `;
      const indent = ' '.repeat(dash.length);
      const had = seq.items.map((item) => (item as YAMLMap).toJSON() as Record<string, unknown>);
      const lines = [...had, ...added.map(ordered)].map((entry) => this.entryLines(entry, dash, indent)).join('');
      // From just after the key's colon, so that "theme: []" leaves no space at the end of "theme:"; a comment
      // after the list stays on the key's line.
      const start = this.original.lastIndexOf(':', seq.range![0]) + 1;
      const lineEnd = this.original.slice(seq.range![1]).search(/\r?\n|$/) + seq.range![1];
      const comment = this.original.slice(seq.range![1], lineEnd).trim();
      const end = comment.startsWith('#') ? lineEnd : seq.range![1];
      const insert = `${comment.startsWith('#') ? ` ${comment}` : ''}${this.eol}${lines.replace(/\r?\n$/, '')}`;
      return { at: start, remove: end - start, insert, order: -1 - index };
    });
  }

  /** The file with every edit made: the original text, its other bytes untouched. */
  text(): string {
    let text = withEdits(this.original, [...this.edits, ...this.flowLists()]);
    if (this.newThemes.size > 0) {
      if (text !== '' && !text.endsWith('\n')) text += this.eol;
      for (const [theme, publications] of this.newThemes) {
        text += `${stringify(theme).trim()}:${this.eol}`;
        for (const publication of publications) text += this.entryLines(ordered(publication), '  - ', '    ');
      }
    }
    return text;
  }

  /** How many edits are pending (a fill that cannot be written is taken back with undo). */
  get editCount(): number {
    return this.edits.length;
  }

  /** Takes back the edits made after the first `count` (fill's edits; import and add are never taken back). */
  undo(count: number): void {
    this.edits.length = count;
  }

  /** The problems the build would find in the edited file; [] when it may be written. */
  check(): Promise<Problem[]> {
    return contentProblems(this.contentDir, this.text());
  }

  /** Writes the edited file whole: a temporary file beside it, renamed over it. */
  async save(fs: { writeFile: typeof writeFile; rename: typeof rename } = { writeFile, rename }): Promise<void> {
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      await fs.writeFile(temporary, this.text(), { flag: 'wx' });
      await fs.rename(temporary, this.file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw new FileError(`${relative(this.file)} was not changed: ${(error as Error).message}`);
    }
  }
}

/** The publication's fields in FIELD_ORDER, leaving out those it does not have. */
function ordered(publication: Publication): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const field of FIELD_ORDER) {
    const value = publication[field];
    if (value !== undefined) result[field] = value;
  }
  return result;
}

/** The DOI of a publication, from its doi field or a doi.org address in its url field. */
export function publicationDoi(publication: Pick<Publication, 'doi' | 'url'>): string | undefined {
  if (publication.doi) return publication.doi;
  return publication.url ? (bareDoi(publication.url) ?? undefined) : undefined;
}

function entryDoi(entry: Entry): string | undefined {
  const doi = entry.map.get('doi');
  const url = entry.map.get('url');
  return publicationDoi({
    doi: typeof doi === 'string' ? (bareDoi(doi) ?? doi) : undefined,
    url: typeof url === 'string' ? url : undefined,
  });
}

/** A title and year as two listings of one publication share them: accents, case, punctuation and spacing set aside. */
export function titleKey(title: string, year: unknown): string {
  const words = foldAccents(title)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return `${words}|${year ?? ''}`;
}

export type SameWork = Pick<Publication, 'doi' | 'url' | 'title' | 'year' | 'type'>;

/** What tells a listing apart: its DOI (in any case) and its title, year and kind. */
export interface WorkKey {
  doi?: string;
  titled: string;
}

export const workKey = (work: SameWork): WorkKey => {
  const doi = publicationDoi(work);
  return { ...(doi ? { doi } : {}), titled: `${titleKey(work.title, work.year)}|${work.type ?? 'article'}` };
};

/**
 * Whether two listings are one publication, and by what: their DOI where both have one; else the title, year and
 * kind (accents, case and punctuation set aside). Undefined when they are two.
 */
export function sameWork(a: WorkKey, b: WorkKey): string | undefined {
  if (a.doi && b.doi) return sameDoi(a.doi, b.doi) ? a.doi : undefined;
  if (a.titled !== b.titled) return undefined;
  return a.doi || b.doi
    ? 'the same title, year and kind (one of them has no DOI)'
    : 'the same title, year and kind (neither has a DOI)';
}
