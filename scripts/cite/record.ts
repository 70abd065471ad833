/**
 * A CSL-JSON record (what DOI content negotiation answers, and what the
 * BibTeX, RIS and CSL-JSON imports are read into) as an entry of
 * publications.yml. Every string goes through plainText: a record is data
 * from a registry or a file, never trusted text.
 */
import { formatAuthors, type PersonName } from '../../src/citation-export.ts';
import type { Publication } from '../../src/content-schema.ts';
import { bareDoi } from '../../src/doi.ts';
import { plainText, safeUrl } from './text.ts';

export interface CslName {
  family?: string;
  given?: string;
  literal?: string;
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
  [key: string]: unknown;
}

export class RecordError extends Error {}

const first = (value: unknown): string | undefined => {
  const item = Array.isArray(value) ? value[0] : value;
  if (typeof item === 'number') return String(item);
  return typeof item === 'string' && item.trim() !== '' ? item : undefined;
};

const PARTICLES = new Set(['de', 'da', 'di', 'du', 'van', 'von', 'der', 'den', 'la', 'le', 'del', 'dos', 'ter', 'ten']);

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
      .filter((word) => word !== '' && !PARTICLES.has(word))
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

function personName(name: CslName, index: number, role = 'author'): PersonName {
  if (name.literal && !name.family) return { family: plainText(name.literal, `${role} ${index + 1}`) };
  if (!name.family || name.family.trim() === '') {
    throw new RecordError(
      `${role} ${index + 1} has no family name, so the entry cannot list the ${role}s in APA order`,
    );
  }
  const particle = name['non-dropping-particle'] ? `${name['non-dropping-particle']} ` : '';
  const family = plainText(`${particle}${name.family}`, `${role} ${index + 1}'s family name`);
  const given = name.given ? initials(plainText(name.given, `${role} ${index + 1}'s given name`)) : '';
  const suffix = name.suffix ? plainText(name.suffix, `${role} ${index + 1}'s suffix`) : '';
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

/** The entry the record gives, with only the fields the record holds. Throws RecordError or UntrustedTextError. */
export function publicationFromRecord(record: CslRecord, doi?: string): Publication {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    throw new RecordError('the answer is not a citation record');
  }
  const type = publicationType(record);
  const authors = (record.author ?? []).map((name, index) => personName(name, index));
  const editors = (record.editor ?? []).map((name, index) => personName(name, index, 'editor'));
  if (authors.length === 0 && !(type === 'edited-book' && editors.length > 0)) {
    throw new RecordError(
      editors.length > 0 ? 'the record lists editors but no authors, and is not a book' : 'the record lists no authors',
    );
  }
  const rawTitle = first(record.title);
  if (!rawTitle) throw new RecordError('the record has no title');
  let title = plainText(rawTitle, 'title');
  const subtitle = first(record.subtitle);
  if (subtitle) title = `${title.replace(/[:.]\s*$/, '')}: ${plainText(subtitle, 'subtitle').replace(/\.$/, '')}`;
  const year = record.issued?.['date-parts']?.[0]?.[0];
  const numericYear = typeof year === 'string' ? Number.parseInt(year, 10) : year;
  const publication: Publication = {
    year: typeof numericYear === 'number' && Number.isInteger(numericYear) ? numericYear : null,
    title,
  };
  if (authors.length > 0) publication.authors = formatAuthors(authors, record['author-others'] === true);
  if (type !== 'article') publication.type = type;
  if (editors.length > 0 && type !== 'article' && type !== 'book')
    publication.editors = formatAuthors(editors, record['editor-others'] === true);
  const text = (value: unknown, field: string) => {
    const found = first(value);
    return found ? plainText(found, field) : undefined;
  };
  const container = text(record['container-title'], type === 'article' ? 'journal' : 'book title');
  if (container && type === 'article') publication.journal = container;
  if (container && (type === 'chapter' || type === 'conference-paper')) publication.bookTitle = container;
  const edition = text(record.edition, 'edition');
  if (edition && type !== 'article') publication.edition = edition;
  for (const [field, key] of [
    ['volume', 'volume'],
    ['issue', 'issue'],
    ['pages', 'page'],
  ] as const) {
    const value = text(record[key], field);
    if (value) publication[field] = value;
  }
  const articleNumber = text(
    record['article-number'] ?? (type === 'article' ? record.number : undefined),
    'article number',
  );
  if (articleNumber && !publication.pages) publication.articleNumber = articleNumber;
  if (type === 'report') {
    const number = text(record.number, 'report number');
    if (number) publication.reportNumber = number;
  }
  const publisher = text(record.publisher, 'publisher');
  const institution = text(record.institution?.[0]?.name, 'institution');
  const repository = text(record.repository, 'repository');
  if (type === 'thesis') {
    if (/master/i.test(String(record.genre ?? ''))) publication.degree = 'masters';
    const university = institution ?? publisher;
    if (university) publication.institution = university;
  } else if (type === 'preprint' || type === 'dataset' || type === 'software') {
    const where = repository ?? institution ?? publisher;
    if (where) publication.repository = where;
    const version = text(record.version, 'version');
    if (version && type !== 'preprint') publication.version = version;
  } else if (type !== 'article' && publisher) publication.publisher = publisher;
  const recordDoi = first(record.DOI);
  const url = first(record.URL);
  // A DOI kept in the URL field (https://doi.org/…) is the entry's DOI.
  const foundDoi = doi ?? (recordDoi ? bareDoi(recordDoi) : null) ?? (url ? bareDoi(url) : null);
  if (foundDoi) publication.doi = foundDoi;
  else if (url) publication.url = safeUrl(url, 'url');
  return publication;
}
