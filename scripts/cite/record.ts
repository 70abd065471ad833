/**
 * A CSL-JSON record (what DOI content negotiation answers, and what the
 * BibTeX, RIS and CSL-JSON imports are read into) as an entry of
 * publications.yml. Every string goes through plainText: a record is data
 * from a registry or a file, never trusted text.
 */
import { formatAuthors, type PersonName } from '../../src/citation-export.ts';
import type { Publication } from '../../src/content-schema.ts';
import { bareDoi } from './doi.ts';
import { plainText, safeUrl } from './text.ts';

interface CslName {
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
  issued?: { 'date-parts'?: (number | string | null)[][]; raw?: string; literal?: string };
  volume?: string | number;
  issue?: string | number;
  page?: string | number;
  [key: string]: unknown;
}

export class RecordError extends Error {}

const first = (value: unknown): string | undefined => {
  const item = Array.isArray(value) ? value[0] : value;
  if (typeof item === 'number') return String(item);
  return typeof item === 'string' && item.trim() !== '' ? item : undefined;
};

/** "Henry S." → "H. S.", "Jean-Paul" → "J.-P.", "Á." stays: APA's initials. */
export function initials(given: string): string {
  return given
    .split(/\s+/)
    .filter(Boolean)
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
    .join(' ');
}

function personName(name: CslName, index: number): PersonName {
  if (name.literal && !name.family) return { family: plainText(name.literal, `author ${index + 1}`) };
  if (!name.family || name.family.trim() === '') {
    throw new RecordError(`author ${index + 1} has no family name, so the entry cannot list the authors in APA order`);
  }
  const particle = name['non-dropping-particle'] ? `${name['non-dropping-particle']} ` : '';
  const family = plainText(`${particle}${name.family}`, `author ${index + 1}'s family name`);
  const given = name.given ? initials(plainText(name.given, `author ${index + 1}'s given name`)) : '';
  return given ? { family, given } : { family };
}

/** The entry the record gives, with only the fields the record holds. Throws RecordError or UntrustedTextError. */
export function publicationFromRecord(record: CslRecord, doi?: string): Publication {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    throw new RecordError('the answer is not a citation record');
  }
  const authors = (record.author ?? []).map(personName);
  if (authors.length === 0) throw new RecordError('the record lists no authors');
  const rawTitle = first(record.title);
  if (!rawTitle) throw new RecordError('the record has no title');
  let title = plainText(rawTitle, 'title');
  const subtitle = first(record.subtitle);
  if (subtitle) title = `${title.replace(/[:.]\s*$/, '')}: ${plainText(subtitle, 'subtitle').replace(/\.$/, '')}`;
  const year = record.issued?.['date-parts']?.[0]?.[0];
  const numericYear = typeof year === 'string' ? Number.parseInt(year, 10) : year;
  const publication: Publication = {
    authors: formatAuthors(authors),
    year: typeof numericYear === 'number' && Number.isInteger(numericYear) ? numericYear : null,
    title,
  };
  const journal = first(record['container-title']);
  if (journal) publication.journal = plainText(journal, 'journal');
  for (const [field, key] of [
    ['volume', 'volume'],
    ['issue', 'issue'],
    ['pages', 'page'],
  ] as const) {
    const value = first(record[key]);
    if (value) publication[field] = plainText(value, field);
  }
  const recordDoi = first(record.DOI);
  const foundDoi = doi ?? (recordDoi ? bareDoi(recordDoi) : null);
  if (foundDoi) publication.doi = foundDoi;
  else {
    const url = first(record.URL);
    if (url) publication.url = safeUrl(url, 'url');
  }
  return publication;
}
