import type { Publication } from './content-schema.ts';

/**
 * An APA-style reference split into the parts a page sets differently
 * (journal and volume in italics). Missing fields are left out together with
 * their punctuation, so an entry never shows "()" or ", ,".
 */
export interface CitationParts {
  /** "Authors (Year). Title." */
  lead: string;
  journal?: string;
  volume?: string;
  /** "(Issue), pages." or "." */
  tail?: string;
}

export function yearText(year: Publication['year']): string {
  if (year === null) return 'n.d.';
  return String(year);
}

const endsWithStop = (text: string) => /[.?!]$/.test(text);

export function citationParts(publication: Publication): CitationParts {
  const { authors, year, title, journal, volume, issue, pages } = publication;
  const lead = `${authors} (${yearText(year)}). ${title}${endsWithStop(title) ? '' : '.'}`;
  if (!journal) return { lead };
  let tail = '';
  if (issue) tail += `(${issue})`;
  // An en dash between page numbers, as in a printed reference.
  if (pages) tail += `, ${pages.replace(/(\d)\s*-\s*(\d)/, '$1–$2')}`;
  tail += '.';
  return { lead, journal, volume: volume || undefined, tail };
}

/** The reference as one line of plain text. */
export function citationText(publication: Publication): string {
  const { lead, journal, volume, tail } = citationParts(publication);
  if (!journal) return lead;
  return `${lead} ${journal}${volume ? `, ${volume}` : ''}${tail}`;
}

/** The article's link: its DOI when it has one, otherwise its URL. */
export function publicationLink(publication: Publication): string | undefined {
  if (publication.doi) return `https://doi.org/${publication.doi}`;
  return publication.url || undefined;
}
