/**
 * A CSL-JSON record (what DOI content negotiation answers, and what the
 * BibTeX, RIS and CSL-JSON imports are read into) as an entry of
 * publications.yml. Every string goes through plainText: a record is data
 * from a registry or a file, never trusted text.
 */
import { formatAuthors, isGroupName, isNameParticle, type PersonName } from '../../src/citation-export.ts';
import type { Publication } from '../../src/content-schema.ts';
import { KIND_FIELDS } from '../../src/content/publications.ts';
import { bareDoi } from '../../src/doi.ts';
import { plainText, safeUrl, UntrustedTextError } from './untrusted-text.ts';

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

/**
 * "Henry S." → "H. S.", "Jean-Paul" → "J.-P.", "Á." stays: APA's initials. Initials written together are each
 * one: "C.J." as Scopus writes them → "C. J.", and "Roger BJ" as Google Scholar writes them → "R. B. J." (two or
 * three capitals after a name written in lower case; a name written all in capitals, "TODD A.", is left whole).
 */
export function initials(given: string): string {
  const mixedCase = /\p{Ll}/u.test(given);
  return (
    given
      .split(/\s+|(?<=\.)(?=\p{L})/u)
      // A particle written after the given names ("A. P. Jason de") is no initial.
      .filter((word) => word !== '' && !isNameParticle(word))
      .flatMap((word) => (mixedCase && /^\p{Lu}{2,3}$/u.test(word) ? [...word] : [word]))
      .map((word) =>
        word
          .split('-')
          .map((part) => {
            const letter = part.match(/\p{L}/u)?.[0];
            return letter ? `${letter.toUpperCase()}.` : '';
          })
          .filter(Boolean)
          .join('-'),
      )
      .filter(Boolean)
      .join(' ')
  );
}

/** "A. P. JASON de" → the given names and the particle written after them ("de"), which belongs to the family name. */
function trailingParticle(given: string): { given: string; particle: string } {
  const words = given.trim().split(/\s+/);
  let at = words.length;
  while (at > 1 && isNameParticle(words[at - 1]!)) at -= 1;
  return { given: words.slice(0, at).join(' '), particle: words.slice(at).join(' ') };
}

function personName(name: CslName, index: number, role = 'author'): PersonName {
  const literal = name.literal ?? name.name;
  if (literal && !name.family) return { family: plainText(literal, `${role} ${index + 1}`) };
  if (!name.family || name.family.trim() === '') {
    throw new RecordError(
      `${role} ${index + 1} has no family name, so the entry cannot list the ${role}s in APA order`,
    );
  }
  const written = name.given ? trailingParticle(plainText(name.given, `${role} ${index + 1}'s given name`)) : undefined;
  // Particles stay with the family name, as APA keeps them: "de Koning", "van den Berg".
  const particles = [name['dropping-particle'], name['non-dropping-particle'], written?.particle].filter(Boolean);
  const family = plainText([...particles, name.family].join(' '), `${role} ${index + 1}'s family name`);
  const given = written ? initials(written.given) : '';
  const suffix = name.suffix ? plainText(name.suffix, `${role} ${index + 1}'s suffix`) : '';
  // "of Media, Department": a group's name read as a person's (BibTeX without braces), which no list can hold.
  if (given && isGroupName(family))
    throw new RecordError(
      `${role} ${index + 1} "${family}, ${name.given}" is a group's name read as a person's; write the group's name as one name (in BibTeX, in braces: {Department of Media}) and import again`,
    );
  // A given name without a family name is a single name (Plato); it is kept whole.
  if (!given) return { family };
  return suffix ? { family, given, suffix } : { family, given };
}

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

/** The authors (or an edited book's editors), in APA form; throws RecordError when there are none. */
function creatorsOf(
  record: CslRecord,
  type: NonNullable<Publication['type']>,
): Pick<Publication, 'authors' | 'editors'> {
  // A name with nothing in it (Crossref has such) is no one: it is passed over, not refused.
  const named = (names: CslName[] | undefined) =>
    (names ?? []).filter((name) => [name.family, name.given, name.literal, name.name].some((part) => part?.trim()));
  const authors = named(record.author).map((name, index) => personName(name, index));
  const editors = named(record.editor).map((name, index) => personName(name, index, 'editor'));
  if (authors.length === 0 && !(type === 'edited-book' && editors.length > 0)) {
    throw new RecordError(
      editors.length > 0 ? 'the record lists editors but no authors, and is not a book' : 'the record lists no authors',
    );
  }
  const creators: Pick<Publication, 'authors' | 'editors'> = {};
  if (authors.length > 0) creators.authors = formatAuthors(authors, record['author-others'] === true);
  if (editors.length > 0 && type !== 'article' && type !== 'book')
    creators.editors = formatAuthors(editors, record['editor-others'] === true);
  return creators;
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
  // A range written "215 - 255" or with a dash is written as people type it, "215-255".
  if (publication.pages) publication.pages = publication.pages.replace(/(\w)\s*[-–—]+\s*(\w)/g, '$1-$2');
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
  const { authors, editors } = creatorsOf(record, type);
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
