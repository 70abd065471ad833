import type { Publication } from './content-schema.ts';

/**
 * One piece of an APA-style reference. Names, titles and journals come from
 * the world's literature and may be written right to left (or carry a stray
 * direction override), so the page isolates each of them (<bdi>); the
 * journal and the volume are set in italics.
 */
export type CitationPiece =
  | { kind: 'text'; text: string }
  | { kind: 'authors' | 'title' | 'journal' | 'volume'; text: string };

function yearText(year: Publication['year']): string {
  if (year === null) return 'n.d.';
  return String(year);
}

const endsWithStop = (text: string) => /[.?!]$/.test(text);
// An en dash between page numbers, as in a printed reference.
const pageRange = (pages: string) => pages.replace(/(\d)\s*[-–]\s*(\d)/, '$1–$2');

/**
 * "Authors (Year). Title. Journal, Volume(Issue), pages." Every part that is
 * known is kept, whatever else is missing; a missing part is left out with its
 * punctuation, so an entry never shows "()" or ", ,". Without a journal the
 * numbers are labelled ("Vol.", "No.", "pp."), since nothing else says what
 * they are.
 */
export function citationPieces(publication: Publication): CitationPiece[] {
  const { authors, year, title, journal, volume, issue, pages } = publication;
  const pieces: CitationPiece[] = [
    { kind: 'authors', text: authors },
    { kind: 'text', text: ` (${yearText(year)}). ` },
    { kind: 'title', text: title },
    { kind: 'text', text: endsWithStop(title) ? '' : '.' },
  ];
  const source: CitationPiece[][] = [];
  if (journal) source.push([{ kind: 'journal', text: journal }]);
  if (volume) {
    const number: CitationPiece[] = [{ kind: 'volume', text: volume }];
    if (!journal) number.unshift({ kind: 'text', text: 'Vol. ' });
    if (issue) number.push({ kind: 'text', text: `(${issue})` });
    source.push(number);
  } else if (issue) {
    source.push([{ kind: 'text', text: `No. ${issue}` }]);
  }
  if (pages) {
    const range = pageRange(pages);
    source.push([{ kind: 'text', text: !journal && range.includes('–') ? `pp. ${range}` : range }]);
  }
  if (source.length === 0) return pieces;
  pieces.push({ kind: 'text', text: ' ' });
  source.forEach((part, index) => {
    if (index > 0) pieces.push({ kind: 'text', text: ', ' });
    pieces.push(...part);
  });
  pieces.push({ kind: 'text', text: '.' });
  return pieces.filter((piece) => piece.text !== '');
}

/** The reference as one line of plain text. */
export function citationText(publication: Publication): string {
  return citationPieces(publication)
    .map((piece) => piece.text)
    .join('');
}

/** The article's link: its DOI when it has one, otherwise its URL. */
export function publicationLink(publication: Publication): string | undefined {
  if (publication.doi) return `https://doi.org/${publication.doi}`;
  return publication.url || undefined;
}
