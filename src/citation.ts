import { editorsInline, editorsLabel } from './citation-export.ts';
import type { Publication } from './content-schema.ts';
import { doiUrl } from './doi.ts';

/**
 * One piece of an APA-style reference. Names, titles and journals come from
 * the world's literature and may be written right to left (or carry a stray
 * direction override), so the page isolates each of them (<bdi>); the
 * journal and the volume are set in italics.
 */
export type CitationPiece =
  | { kind: 'text'; text: string }
  | { kind: 'authors' | 'title' | 'journal' | 'volume'; text: string }
  /** The title of a book, report, thesis, data set or preprint, or the book a chapter is in: italic as in APA. */
  | { kind: 'work'; text: string };

function yearText(year: Publication['year']): string {
  if (year === null) return 'n.d.';
  return String(year);
}

const endsWithStop = (text: string) => /[.?!]$/.test(text);
// An en dash between page numbers, as in a printed reference.
const pageRange = (pages: string) => pages.replace(/(\d)\s*[-–]\s*(\d)/, '$1–$2');

/** "2" → "2nd ed.", "Rev." → "Rev. ed.": an edition as APA writes it. */
function editionText(edition: string): string {
  if (!/^\d+$/.test(edition)) return /\bed\.?$/i.test(edition) ? edition : `${edition} ed.`;
  const n = Number(edition);
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix} ed.`;
}

const text = (value: string): CitationPiece => ({ kind: 'text', text: value });

/** "(2nd ed., Vol. 3, pp. 1–20)" after a book's title; nothing when none is known. */
function bookDetails(publication: Publication, withPages: boolean): CitationPiece[] {
  const parts: string[] = [];
  if (publication.edition) parts.push(editionText(publication.edition));
  if (publication.volume) parts.push(`Vol. ${publication.volume}`);
  if (withPages && publication.pages) {
    const range = pageRange(publication.pages);
    parts.push(`${range.includes('–') ? 'pp.' : 'p.'} ${range}`);
  }
  return parts.length > 0 ? [text(` (${parts.join(', ')})`)] : [];
}

/** A title and its bracketed description, closed with a full stop unless it ends with one already. */
function closed(pieces: CitationPiece[]): CitationPiece[] {
  const last = pieces.at(-1)!;
  return [...pieces, text(last.kind !== 'text' && endsWithStop(last.text) ? '' : '.')];
}

/** "Publisher." or "PsyArXiv.": the last part of a book's, a report's or a data set's reference. */
const publisherPart = (name: string | undefined): CitationPiece[] =>
  name ? [text(' '), { kind: 'text', text: name }, text(endsWithStop(name) ? '' : '.')] : [];

/**
 * "Authors (Year). Title. Journal, Volume(Issue), pages." Every part that is
 * known is kept, whatever else is missing; a missing part is left out with its
 * punctuation, so an entry never shows "()" or ", ,". Without a journal the
 * numbers are labelled ("Vol.", "No.", "pp."), since nothing else says what
 * they are.
 */
function articlePieces(publication: Publication): CitationPiece[] {
  const { title, journal, volume, issue, pages, articleNumber } = publication;
  const pieces: CitationPiece[] = [{ kind: 'title', text: title }, text(endsWithStop(title) ? '' : '.')];
  const source: CitationPiece[][] = [];
  if (journal) source.push([{ kind: 'journal', text: journal }]);
  if (volume) {
    const number: CitationPiece[] = [{ kind: 'volume', text: volume }];
    if (!journal) number.unshift(text('Vol. '));
    if (issue) number.push(text(`(${issue})`));
    source.push(number);
  } else if (issue) {
    source.push([text(`No. ${issue}`)]);
  }
  if (pages) {
    const range = pageRange(pages);
    source.push([text(!journal && range.includes('–') ? `pp. ${range}` : range)]);
  } else if (articleNumber) source.push([text(`Article ${articleNumber}`)]);
  if (source.length === 0) return pieces;
  pieces.push(text(' '));
  source.forEach((part, index) => {
    if (index > 0) pieces.push(text(', '));
    pieces.push(...part);
  });
  pieces.push(text('.'));
  return pieces;
}

/** "Title. In E. Editor (Ed.), Book (2nd ed., pp. 1–20). Publisher.": a chapter, or a paper in proceedings. */
function inBookPieces(publication: Publication): CitationPiece[] {
  const { title, editors, bookTitle } = publication;
  const pieces: CitationPiece[] = [{ kind: 'title', text: title }, text(endsWithStop(title) ? '' : '.'), text(' In ')];
  if (editors) pieces.push({ kind: 'authors', text: editorsInline(editors) }, text(` ${editorsLabel(editors)}, `));
  pieces.push(...closed([{ kind: 'work', text: bookTitle! }, ...bookDetails(publication, true)]));
  pieces.push(...publisherPart(publication.publisher));
  return pieces;
}

const DESCRIPTION: Partial<Record<NonNullable<Publication['type']>, string>> = {
  dataset: 'Data set',
  software: 'Computer software',
};

/** A work that stands alone: its title in italics, then what it is and who published it. */
function workPieces(publication: Publication): CitationPiece[] {
  const kind = publication.type ?? 'article';
  const pieces: CitationPiece[] = [{ kind: 'work', text: publication.title }];
  let publisher = publication.publisher;
  if (kind === 'book' || kind === 'edited-book') pieces.push(...bookDetails(publication, false));
  if (kind === 'report' && publication.reportNumber) pieces.push(text(` (Report No. ${publication.reportNumber})`));
  if (kind === 'report') publisher ??= publication.institution;
  if (kind === 'thesis') {
    const degree = publication.degree === 'masters' ? 'Master’s thesis' : 'Doctoral dissertation';
    pieces.push(text(` [${degree}${publication.institution ? `, ${publication.institution}` : ''}]`));
    publisher ??= publication.repository;
  }
  if (kind === 'dataset' || kind === 'software') {
    if (publication.version) pieces.push(text(` (Version ${publication.version})`));
    pieces.push(text(` [${DESCRIPTION[kind]}]`));
    publisher ??= publication.repository;
  }
  if (kind === 'preprint') publisher = publication.repository ?? publisher;
  return [...closed(pieces), ...publisherPart(publisher)];
}

/** The reference in APA 7, in pieces the page marks up; the link (DOI or URL) is given beside it. */
export function citationPieces(publication: Publication): CitationPiece[] {
  const { authors, editors, year } = publication;
  const kind = publication.type ?? 'article';
  const pieces: CitationPiece[] = [];
  // APA closes the author element with a full stop: initials bring theirs, a group author or "III" gets one.
  if (authors)
    pieces.push({ kind: 'authors', text: authors }, text(`${/[.]$/.test(authors) ? '' : '.'} (${yearText(year)}). `));
  else if (editors)
    pieces.push({ kind: 'authors', text: editors }, text(` ${editorsLabel(editors)}. (${yearText(year)}). `));
  else pieces.push(text(`(${yearText(year)}). `));
  if (kind === 'article' || ((kind === 'conference-paper' || kind === 'chapter') && !publication.bookTitle)) {
    pieces.push(...articlePieces(publication));
    if (kind !== 'article' && !publication.journal) pieces.push(...publisherPart(publication.publisher));
  } else if (kind === 'chapter' || kind === 'conference-paper') pieces.push(...inBookPieces(publication));
  else pieces.push(...workPieces(publication));
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
  if (publication.doi) return doiUrl(publication.doi);
  return publication.url || undefined;
}
