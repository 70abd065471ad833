/**
 * A CSL-JSON record (what DOI content negotiation answers, and what the
 * BibTeX, RIS and CSL-JSON imports are read into) as an entry of
 * publications.yml. Every string goes through plainText: a record is data
 * from a registry or a file, never trusted text.
 */
import type { Publication } from '../../src/content-schema.ts';
import { KIND_FIELDS } from '../../src/content/publications.ts';
import { bareDoi } from '../../src/doi.ts';
import { NameError, personName, writtenNames } from './record-names.ts';
import { plainText, safeUrl, UntrustedTextError } from './text.ts';

export interface CslName {
  family?: string;
  given?: string;
  literal?: string;
  /** Crossref's REST API writes a group author as `name`. */
  name?: string;
  'non-dropping-particle'?: string;
  'dropping-particle'?: string;
  suffix?: string;
}

export interface CslRecord {
  DOI?: string;
  URL?: string;
  title?: string | string[];
  subtitle?: string | string[];
  'container-title'?: string | string[];
  author?: CslName[];
  editor?: CslName[];
  type?: string;
  genre?: string;
  publisher?: string;
  institution?: { name?: string }[];
  edition?: string | number;
  version?: string | number;
  number?: string | number;
  'article-number'?: string | number;
  /** Set by the BibTeX import for "and others": the list goes on (et al.). */
  'author-others'?: boolean;
  'editor-others'?: boolean;
  issued?: { 'date-parts'?: (number | string | null)[][]; raw?: string; literal?: string };
  volume?: string | number;
  issue?: string | number;
  page?: string | number;
  repository?: string;
  /** "in press" (CSL's publication status; the imports set it from BibTeX's pubstate and RIS's year). */
  status?: string;
  [key: string]: unknown;
}

export class RecordError extends Error {}

const first = (value: unknown): string | undefined => {
  const item = Array.isArray(value) ? value[0] : value;
  if (typeof item === 'number') return String(item);
  return typeof item === 'string' && item.trim() !== '' ? item : undefined;
};

/** CSL types (as registries and the imports give them) → the content's kinds of publication. */
function publicationType(record: CslRecord): NonNullable<Publication['type']> {
  switch (record.type) {
    case 'chapter':
    case 'book-chapter':
    case 'book-section':
    case 'book-part':
    case 'entry-encyclopedia':
    case 'entry-dictionary':
    case 'reference-entry':
      return 'chapter';
    case 'book':
    case 'monograph':
    case 'edited-book':
    case 'reference-book':
      return (record.author ?? []).length === 0 && (record.editor ?? []).length > 0 ? 'edited-book' : 'book';
    case 'paper-conference':
    case 'proceedings-article':
      return 'conference-paper';
    case 'thesis':
    case 'dissertation':
      return 'thesis';
    case 'report':
      return 'report';
    case 'posted-content':
    case 'manuscript':
      return 'preprint';
    case 'article':
      return first(record['container-title']) ? 'article' : 'preprint';
    case 'dataset':
      return 'dataset';
    case 'software':
      return 'software';
    default:
      return 'article';
  }
}

/** Markup and entities to plain text, for the first value of a field that may be a list; undefined when empty. */
const textOf = (value: unknown, field: string) => {
  const found = first(value);
  return found ? plainText(found, field) : undefined;
};

/** The title, with its subtitle after a colon. */
function titleOf(record: CslRecord): string {
  const rawTitle = first(record.title);
  if (!rawTitle) throw new RecordError('the record has no title');
  const title = plainText(rawTitle, 'title');
  const subtitle = first(record.subtitle);
  if (!subtitle) return title;
  return `${title.replace(/[:.]\s*$/, '')}: ${plainText(subtitle, 'subtitle').replace(/\.$/, '')}`;
}

/** Each named creator of the record in a role, as the content's name model holds it. */
function namesOf(names: CslName[] | undefined, role: string, notes: string[]) {
  // A name with nothing in it (Crossref has such) is no one: it is passed over, not refused.
  const named = (names ?? []).filter((name) =>
    [name.family, name.given, name.literal, name.name].some((part) => part?.trim()),
  );
  return named.map((name, index) => personName(name, `${role} ${index + 1}`, notes));
}

/** The authors (or an edited book's editors), in APA form; throws RecordError when there are none. */
function creatorsOf(
  record: CslRecord,
  type: NonNullable<Publication['type']>,
  notes: string[],
): Pick<Publication, 'authors' | 'editors'> {
  try {
    const authors = namesOf(record.author, 'author', notes);
    const editors = namesOf(record.editor, 'editor', notes);
    if (authors.length === 0 && !(type === 'edited-book' && editors.length > 0)) {
      throw new RecordError(
        editors.length > 0
          ? 'the record lists editors but no authors, and is not a book'
          : 'the record lists no authors',
      );
    }
    const creators: Pick<Publication, 'authors' | 'editors'> = {};
    if (authors.length > 0) creators.authors = writtenNames(authors, record['author-others'] === true, 'author');
    if (editors.length > 0 && type !== 'article' && type !== 'book')
      creators.editors = writtenNames(editors, record['editor-others'] === true, 'editor');
    return creators;
  } catch (error) {
    throw error instanceof NameError ? new RecordError(error.message) : error;
  }
}

function yearOf(record: CslRecord): Publication['year'] {
  const said = [record.status, record.issued?.literal, record.issued?.raw].find((value) => typeof value === 'string');
  if (said && /^\s*in[\s-]*press\s*$/i.test(said)) return 'in press';
  const year = record.issued?.['date-parts']?.[0]?.[0];
  const numericYear = typeof year === 'string' ? Number.parseInt(year, 10) : year;
  return typeof numericYear === 'number' && Number.isInteger(numericYear) ? numericYear : null;
}

/** Journal or book title, edition, volume, issue, pages, article and report numbers. */
function sourceFields(record: CslRecord, type: NonNullable<Publication['type']>, publication: Publication): void {
  const container = textOf(record['container-title'], type === 'article' ? 'journal' : 'book title');
  if (container && type === 'article') publication.journal = container;
  if (container && (type === 'chapter' || type === 'conference-paper')) publication.bookTitle = container;
  const edition = textOf(record.edition, 'edition');
  if (edition && type !== 'article') publication.edition = edition;
  for (const [field, key] of [
    ['volume', 'volume'],
    ['issue', 'issue'],
    ['pages', 'page'],
  ] as const) {
    const value = textOf(record[key], field);
    if (value) publication[field] = value;
  }
  // A range written "215 - 255" or with a dash is written as people type it, "215-255"; a dash alone ("--", as
  // JabRef keeps an empty range) is no page.
  if (publication.pages) publication.pages = publication.pages.replace(/(\w)\s*[-–—]+\s*(\w)/g, '$1-$2');
  if (publication.pages !== undefined && !/[\p{L}\p{N}]/u.test(publication.pages)) delete publication.pages;
  if (type === 'article') articleNumberOf(record, publication);
  if (type === 'report') {
    const number = textOf(record.number, 'report number');
    if (number) publication.reportNumber = number;
  }
}

/**
 * An article's number in place of pages (APA: "Article e70034"): the record's article number, when it gives no
 * other pages (Elsevier repeats it as the page); or a "page" that can only be an article number, an eLocator such
 * as e70034 or a number of six digits and more (20170387), which no page of a journal reaches.
 */
function articleNumberOf(record: CslRecord, publication: Publication): void {
  const given = textOf(record['article-number'] ?? record.number, 'article number');
  const { pages } = publication;
  const number = given ?? (pages && /^(?:e\d+|\d{6,})$/i.test(pages) ? pages : undefined);
  if (!number || (pages && pages !== number)) return;
  publication.articleNumber = number;
  delete publication.pages;
}

/** Degree, institution, publisher, repository and version: who issued the work, and where it is kept. */
function issuerFields(record: CslRecord, type: NonNullable<Publication['type']>, publication: Publication): void {
  const publisher = textOf(record.publisher, 'publisher');
  const institution = textOf(record.institution?.[0]?.name, 'institution');
  const repository = textOf(record.repository, 'repository');
  const set = (field: 'institution' | 'publisher' | 'repository', value: string | undefined) => {
    if (value) publication[field] = value;
  };
  if (type === 'thesis') {
    const genre = String(record.genre ?? '');
    if (/master/i.test(genre)) publication.degree = 'masters';
    else if (/doctor|ph\.?\s?d|dissertation/i.test(genre)) publication.degree = 'doctoral';
    set('institution', institution ?? publisher);
    set('repository', repository);
  } else if (type === 'preprint' || type === 'dataset' || type === 'software') {
    set('repository', repository ?? institution ?? publisher);
    const version = textOf(record.version, 'version');
    if (version && type !== 'preprint') publication.version = version;
  } else if (type === 'report') {
    // The institution that issued the report, and who published it where that is someone else.
    set('institution', institution);
    set('publisher', publisher);
  } else if (type !== 'article') set('publisher', publisher ?? institution);
}

/**
 * The DOI (also one kept as a doi.org address in the URL field), else the web address. An address that is not
 * http(s) ("citeseer.nj.nec.com/…", "ftp://…", a file name) is left out with a note; the entry is still made.
 */
function identifiers(record: CslRecord, doi: string | undefined, publication: Publication, notes: string[]): void {
  const recordDoi = first(record.DOI);
  const url = first(record.URL);
  const foundDoi = doi ?? (recordDoi ? bareDoi(recordDoi) : null) ?? (url ? bareDoi(url) : null);
  if (foundDoi) publication.doi = foundDoi;
  else if (url) {
    try {
      publication.url = safeUrl(url, 'url');
    } catch (error) {
      if (!(error instanceof UntrustedTextError)) throw error;
      notes.push(`${error.message}, so the link was left out`);
    }
  }
}

/**
 * The entry the record gives, with only the fields the record holds. Throws RecordError or UntrustedTextError.
 * What was left out of an entry that is still made is added to `notes`.
 */
export function publicationFromRecord(record: CslRecord, doi?: string, notes: string[] = []): Publication {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    throw new RecordError('the answer is not a citation record');
  }
  const type = publicationType(record);
  const { authors, editors } = creatorsOf(record, type, notes);
  const publication: Publication = { year: yearOf(record), title: titleOf(record) };
  if (authors) publication.authors = authors;
  if (type !== 'article') publication.type = type;
  if (editors) publication.editors = editors;
  sourceFields(record, type, publication);
  issuerFields(record, type, publication);
  identifiers(record, doi, publication, notes);
  // Only what the kind uses: a thesis has no issue, whatever number a reference manager kept for it.
  const kept = new Set<string>(['year', 'title', 'authors', 'type', 'doi', 'url', ...KIND_FIELDS[type]]);
  for (const field of Object.keys(publication) as (keyof Publication)[])
    if (!kept.has(field)) delete publication[field];
  return publication;
}
