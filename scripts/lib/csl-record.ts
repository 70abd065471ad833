/**
 * A CSL-JSON record (what DOI content negotiation answers, and what the
 * BibTeX, RIS and CSL-JSON imports are read into) as an entry of
 * publications.yml. Every string goes through plainText: a record is data
 * from a registry or a file, never trusted text.
 */
import type { Publication } from '../../src/content-schema.ts';
import { KIND_FIELDS } from '../../src/content/publications.ts';
import { bareDoi } from '../../src/doi.ts';
import { type CslName, NameError, personName, writtenNames } from './csl-names.ts';
import { plainText, safeUrl, UntrustedTextError } from './untrusted-text.ts';

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
  /** A presentation's conference and its place (CSL's event-title, or the older event, and event-place). */
  'event-title'?: string;
  event?: string;
  'event-place'?: string;
  /**
   * Set by the imports where the file's type is no kind the site has and the record's type is the nearest one
   * ("a @misc without a type", "the RIS type ABST (an abstract)"): said in a note with the kind it was imported as.
   */
  'source-kind'?: string;
  [key: string]: unknown;
}

export class RecordError extends Error {
  /** What the record lacks that an entry needs, so that the command can say where to add it. */
  constructor(
    message: string,
    readonly missing?: 'authors' | 'title',
  ) {
    super(message);
  }
}

const first = (value: unknown): string | undefined => {
  const item = Array.isArray(value) ? value[0] : value;
  if (typeof item === 'number') return String(item);
  return typeof item === 'string' && item.trim() !== '' ? item : undefined;
};

type Kind = NonNullable<Publication['type']>;

/** CSL types (as registries and the imports give them) → the content's kinds of publication, where one is the same. */
const KIND_OF_TYPE: Record<string, Kind> = {
  chapter: 'chapter',
  'book-chapter': 'chapter',
  'book-section': 'chapter',
  'book-part': 'chapter',
  'entry-encyclopedia': 'chapter',
  'entry-dictionary': 'chapter',
  'reference-entry': 'chapter',
  book: 'book',
  monograph: 'book',
  'edited-book': 'book',
  'reference-book': 'book',
  'paper-conference': 'conference-paper',
  'proceedings-article': 'conference-paper',
  thesis: 'thesis',
  dissertation: 'thesis',
  report: 'report',
  'posted-content': 'preprint',
  manuscript: 'preprint',
  dataset: 'dataset',
  software: 'software',
  speech: 'presentation',
  article: 'article',
  'article-journal': 'article',
  'journal-article': 'article',
  'article-magazine': 'article',
  'article-newspaper': 'article',
};

/**
 * Kinds the site has none of, and the nearest APA kind: a web page or a blog post is cited as a report is (its title
 * in italics, then who published it: APA 7, 10.16).
 */
const NEAREST_KIND: Record<string, Kind> = { webpage: 'report', post: 'report', 'post-weblog': 'report' };

/** What a kind is, for the note that says which kind an entry was imported as. */
const KIND_WORDS: Record<Kind, string> = {
  article: 'a journal article',
  chapter: 'a chapter',
  book: 'a book',
  'edited-book': 'an edited book',
  'conference-paper': 'a paper in the proceedings its booktitle names',
  thesis: 'a thesis',
  report: 'a report, cited as APA cites a web page or a manual (its title in italics, then who published it)',
  preprint: 'a preprint, cited as APA cites an informally published work (its title in italics, then where it is kept)',
  dataset: 'a data set',
  software: 'software',
  presentation: 'a presentation',
};

/**
 * Why the record is no kind the site has, when it is not: the reader names the file's own type in `source-kind` ("a
 * @misc without a type", "the RIS type ABST (an abstract)"); a registry's type the site does not know; or a journal
 * article without a journal, volume or pages that a repository published (Figshare gives a thesis so).
 */
function unknownKind(record: CslRecord, container: string | undefined): string | undefined {
  if (record['source-kind']) return record['source-kind'];
  const type = record.type ?? '';
  if (!KIND_OF_TYPE[type]) return `a record of the type "${type || 'none'}", which the site has no kind for`;
  const journalLike = container || record.volume || record.issue || record.page;
  if (type === 'article-journal' && !journalLike && typeof record.publisher === 'string')
    return `a journal article with no journal, volume or pages, published by ${record.publisher}`;
  return undefined;
}

/**
 * The content's kind of the record. Where the site has no such kind, the nearest APA kind, said in a note: a work
 * without a journal that is not known to be an article is read as an informally published one (a preprint), so that
 * the build never asks for a journal it has not got.
 */
function publicationType(record: CslRecord, notes: string[]): Kind {
  const container = first(record['container-title']);
  const editors = (record.editor ?? []).length > 0;
  const editorsOnly = (record.author ?? []).length === 0 && editors;
  // A book with editors alone is an edited book, and so is one its record calls an edited book that names its authors
  // too (a registry's edited-book, the site's own .bib and .ris mark one so): its editors are kept.
  const edited = editorsOnly || (record.type === 'edited-book' && editors);
  const kind = KIND_OF_TYPE[record.type ?? ''] === 'book' && edited ? 'edited-book' : KIND_OF_TYPE[record.type ?? ''];
  // CSL's "article" is a journal's only with a journal: a Zenodo record otherwise.
  if (record.type === 'article' && !record['source-kind']) return container ? 'article' : 'preprint';
  const unknown = unknownKind(record, container);
  if (!unknown) return kind!;
  const nearest =
    kind && kind !== 'article' ? kind : (NEAREST_KIND[record.type ?? ''] ?? (container ? 'article' : 'preprint'));
  notes.push(
    `${unknown}: imported as ${KIND_WORDS[nearest]}; if it is another kind, change its type: in publications.yml`,
  );
  return nearest;
}

/** Markup and entities to plain text, for the first value of a field that may be a list; undefined when empty. */
const textOf = (value: unknown, field: string) => {
  const found = first(value);
  return found ? plainText(found, field) : undefined;
};

/** The title, with its subtitle after a colon. */
function titleOf(record: CslRecord): string {
  const rawTitle = first(record.title);
  if (!rawTitle) throw new RecordError('the record has no title', 'title');
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
        'authors',
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
function sourceFields(record: CslRecord, type: Kind, publication: Publication, notes: string[]): void {
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
  placeholders(publication, notes);
  if (type === 'article') articleNumberOf(record, publication);
  if (type === 'report') {
    const number = textOf(record.number, 'report number');
    if (number) publication.reportNumber = number;
  }
}

/**
 * Numbers that stand for one not known yet, left out with a note: EndNote's volume 9999 (an article online ahead of
 * print) and Wiley's pages "n/a-n/a".
 */
function placeholders(publication: Publication, notes: string[]): void {
  if (publication.volume === '9999') {
    delete publication.volume;
    notes.push('the volume 9999 (EndNote’s mark for a volume not known yet) was left out');
  }
  if (publication.pages !== undefined && /^n\/?a(?:\s*-\s*n\/?a)?$/i.test(publication.pages)) {
    notes.push(`the pages "${publication.pages}" (a publisher’s mark for pages not known yet) were left out`);
    delete publication.pages;
  }
}

/**
 * An article's number in place of pages (APA: "Article e70034"): the record's article number, when it gives no
 * other pages (Elsevier repeats it as the page); or a "page" that can only be an article number, an eLocator such
 * as e70034 or a number of six digits and more (20170387), which no page of a journal reaches. An article number
 * the record names as one (CSL's article-number, BibTeX's eid, RIS's C7) beside other pages is kept beside them.
 */
function articleNumberOf(record: CslRecord, publication: Publication): void {
  const named = textOf(record['article-number'], 'article number');
  const given = named ?? textOf(record.number, 'article number');
  const { pages } = publication;
  const number = given ?? (pages && /^(?:e\d+|\d{6,})$/i.test(pages) ? pages : undefined);
  if (!number) return;
  if (pages && pages !== number) {
    if (named) publication.articleNumber = named;
    return;
  }
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
    if (version) publication.version = version;
  } else if (type === 'report') {
    // The institution that issued the report, and who published it where that is someone else.
    set('institution', institution);
    set('publisher', publisher);
  } else if (type === 'presentation') presentationFields(record, publication);
  else if (type !== 'article') set('publisher', publisher ?? institution);
}

/** A presentation's conference (CSL's event-title, or the older event), its place, and what it was (its genre). */
function presentationFields(record: CslRecord, publication: Publication): void {
  const event = textOf(record['event-title'] ?? record.event ?? record['container-title'], 'conference');
  const location = textOf(record['event-place'], 'place of the conference');
  const presentationType = textOf(record.genre, 'kind of presentation');
  if (event) publication.event = event;
  if (location) publication.location = location;
  if (presentationType) publication.presentationType = presentationType;
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
  const type = publicationType(record, notes);
  const { authors, editors } = creatorsOf(record, type, notes);
  const publication: Publication = { year: yearOf(record), title: titleOf(record) };
  if (authors) publication.authors = authors;
  if (type !== 'article') publication.type = type;
  if (editors) publication.editors = editors;
  sourceFields(record, type, publication, notes);
  issuerFields(record, type, publication);
  identifiers(record, doi, publication, notes);
  // Only what the kind uses: a thesis has no issue, whatever number a reference manager kept for it.
  const kept = new Set<string>(['year', 'title', 'authors', 'type', 'doi', 'url', ...KIND_FIELDS[type]]);
  for (const field of Object.keys(publication) as (keyof Publication)[])
    if (!kept.has(field)) delete publication[field];
  return publication;
}
