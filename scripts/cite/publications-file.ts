/**
 * content/publications.yml edited in place with the yaml package's Document
 * API: comments, key order, quoting and blank lines stay as they were, and
 * only the entries and fields the command adds are new. The file is written
 * whole or not at all (a temporary file renamed into place), and only after
 * the edited content passes the build's own content check.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Pair, type YAMLMap } from 'yaml';
import type { Publication } from '../../src/content-schema.ts';
import type { Problem } from '../lib/problems.ts';
import { relative } from '../stages/content/source.ts';
import { bareDoi, sameDoi } from './doi.ts';
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
  'doi',
  'url',
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

export class PublicationsFile {
  private constructor(
    readonly file: string,
    readonly contentDir: string,
    readonly original: string,
    private readonly doc: Document.Parsed,
    private readonly lines: LineCounter,
  ) {}

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
    // Editing must change nothing but the edit: refuse a file the library would re-lay out.
    if (doc.toString({ lineWidth: 0 }) !== text) {
      throw new FileError(
        `${relative(file)} is laid out in a way that cannot be edited without changing other lines; edit it by hand`,
      );
    }
    if (doc.contents !== null && !isMap(doc.contents)) {
      throw new FileError(`${relative(file)} should hold a list of publications under each theme id`);
    }
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

  /** Where the publication is already listed: by its DOI, or, when either has none, by its title and year. */
  findSame(publication: Pick<Publication, 'doi' | 'url' | 'title' | 'year'>): { entry: Entry; by: string } | undefined {
    const doi = publicationDoi(publication);
    if (doi) {
      const entry = this.findDoi(doi);
      if (entry) return { entry, by: doi };
    }
    const key = titleKey(publication.title, publication.year);
    const entry = this.entries().find((candidate) => {
      const other = entryDoi(candidate);
      if (doi && other) return false;
      const title = candidate.map.get('title');
      return typeof title === 'string' && titleKey(title, candidate.map.get('year') as Publication['year']) === key;
    });
    return entry ? { entry, by: 'the same title and year' } : undefined;
  }

  /** Appends an entry under a theme (the theme's list is created at the end of the file if it has none). */
  add(theme: string, publication: Publication): void {
    const root = this.doc.contents as YAMLMap | null;
    const node = this.doc.createNode(ordered(publication));
    if (!root) {
      this.doc.contents = this.doc.createNode({ [theme]: [] }) as never;
    }
    const map = this.doc.contents as YAMLMap;
    const list = map.get(theme, true);
    if (isSeq(list)) list.items.push(node);
    else map.set(theme, this.doc.createNode([ordered(publication)]));
  }

  /** Sets a field the entry does not have (or has as null: a year not known), in its place in FIELD_ORDER. */
  fill(entry: Entry, field: Field, value: string | number | null): void {
    if (entry.map.has(field)) {
      entry.map.set(field, value);
      return;
    }
    const position = FIELD_ORDER.indexOf(field);
    const items = entry.map.items as Pair[];
    let at = items.length;
    for (let index = 0; index < items.length; index += 1) {
      const key = isScalar(items[index]!.key) ? String((items[index]!.key as { value: unknown }).value) : '';
      const keyPosition = FIELD_ORDER.indexOf(key as Field);
      if (keyPosition > position) {
        at = index;
        break;
      }
    }
    items.splice(at, 0, this.doc.createPair(field, value));
  }

  /** file:line of an entry's field value. */
  fieldWhere(entry: Entry, field: string): string {
    const node = entry.map.get(field, true) as { range?: [number, number, number] } | undefined;
    return this.whereOf(node?.range?.[0] ?? entry.map.range?.[0]);
  }

  text(): string {
    return this.doc.toString({ lineWidth: 0 });
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
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return `${words}|${year ?? ''}`;
}
