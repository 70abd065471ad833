import { editorsInline, editorsLabel } from './citation-export.ts';
import type { Publication } from './content-schema.ts';
import { doiUrl } from './doi.ts';
import { formatNames, namesAsRead, parseNames } from './names.ts';

/**
 * One piece of an APA-style reference. Names, titles and journals come from
 * the world's literature and may be written right to left (or carry a stray
 * direction override), so the page isolates each of them (<bdi>); the
 * journal and the volume are set in italics; the DOI or address is a link.
 */
export type CitationPiece =
  | { kind: 'text'; text: string }
  | { kind: 'authors' | 'title' | 'journal' | 'volume'; text: string }
  /** The title of a book, report, thesis, data set or preprint, or the book a chapter is in: italic as in APA. */
  | { kind: 'work'; text: string }
  /** The DOI as https://doi.org/…, or the web address: the last element of an APA 7 reference. */
  | { kind: 'link'; text: string };

type Kind = NonNullable<Publication['type']>;

function yearText(year: Publication['year']): string {
  if (year === null) return 'n.d.';
  return String(year);
}

const endsWithStop = (text: string) => /[.?!]$/.test(text);
const text = (value: string): CitationPiece => ({ kind: 'text', text: value });

/** A page or the first or last of a range: digits with an optional prefix (S12, e3), or roman numerals (xii). */
const PAGE = /^([A-Za-z]*)(\d+)$|^([ivxlcdm]+)$/i;

/**
 * "1424-1432" → "1424–1432", "215-18" → "215–218" (APA writes ranges in full, with an en dash); a hyphen that joins
 * no range stays ("LL16-04", a paper's number: its end is lower than its start). Each range of "1-3, 7-9" alike.
 */
function pageRange(pages: string): string {
  return pages
    .split(/(\s*,\s*)/)
    .map((part, index) => {
      if (index % 2 === 1) return part;
      const [start, end, ...rest] = part.split(/\s*[-–—]+\s*/);
      const from = PAGE.exec(start ?? '');
      const to = PAGE.exec(end ?? '');
      if (rest.length > 0 || !from || !to) return part;
      if (from[3] && to[3]) return `${start}–${end}`;
      if (!from[2] || !to[2] || (to[1] && to[1] !== from[1])) return part;
      const full = to[2].length < from[2].length ? from[2].slice(0, from[2].length - to[2].length) + to[2] : to[2];
      return Number(full) >= Number(from[2]) ? `${start}–${to[1] || from[1]}${full}` : part;
    })
    .join('');
}

const isRange = (pages: string) => pageRange(pages).includes('–');

/** An edition written in words that already say "edition", in English or another language ("3., erw. Aufl."). */
const EDITION_WORD = /\b(?:ed|edn|edition|Aufl|Auflage|Ausg|éd|édition|edición|ed\.ª|uitg|druk|wyd|izd)\b\.?|\bed\.$/i;

/** "2" → "2nd ed.", "Rev." → "Rev. ed.", "3., erw. und aktualisierte Aufl." as it is: an edition as APA writes it. */
function editionText(edition: string): string {
  if (!/^\d+$/.test(edition)) return EDITION_WORD.test(edition) ? edition : `${edition} ed.`;
  const n = Number(edition);
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix} ed.`;
}

/** "(2nd ed., Vol. 3, pp. 1–20)" after a book's title; nothing when none is known. */
function bookDetails(publication: Publication, withPages: boolean): CitationPiece[] {
  const parts: string[] = [];
  if (publication.edition) parts.push(editionText(publication.edition));
  if (publication.volume) parts.push(`Vol. ${publication.volume}`);
  if (withPages && publication.pages)
    parts.push(`${isRange(publication.pages) ? 'pp.' : 'p.'} ${pageRange(publication.pages)}`);
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

/** The parts of "Journal, Volume(Issue), pages." the entry has; an article number stands in for pages. */
function sourceParts(publication: Publication): CitationPiece[][] {
  const { journal, volume, issue, pages, articleNumber } = publication;
  const source: CitationPiece[][] = [];
  if (journal) source.push([{ kind: 'journal', text: journal }]);
  // A double issue (5-6) is a range too; a volume such as C-25 is a name, not a range, and stays as typed.
  if (volume) source.push([{ kind: 'volume', text: volume }, ...(issue ? [text(`(${pageRange(issue)})`)] : [])]);
  else if (issue) source.push([text(`(${pageRange(issue)})`)]);
  if (pages) source.push([text(pageRange(pages))]);
  else if (articleNumber) source.push([text(`Article ${articleNumber}`)]);
  return source;
}

/**
 * "Title. Journal, Volume(Issue), pages." Every part that is known is kept; a missing part is left out with its
 * punctuation. An article whose journal is missing is cited as APA cites a work with missing parts, as citeproc
 * and the APA style write it: its title stands alone, in italics, and the numbers follow ("36(3), 546–557").
 */
function articlePieces(publication: Publication): CitationPiece[] {
  const { title, journal } = publication;
  const pieces: CitationPiece[] = journal
    ? [{ kind: 'title', text: title }, text(endsWithStop(title) ? '' : '.')]
    : closed([{ kind: 'work', text: title }]);
  const source = sourceParts(publication);
  if (source.length === 0) return pieces;
  pieces.push(text(' '));
  source.forEach((part, index) => {
    if (index > 0) pieces.push(text(', '));
    pieces.push(...part);
  });
  const last = source.at(-1)!.at(-1)!.text;
  pieces.push(text(endsWithStop(last) ? '' : '.'));
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

/**
 * "Report No. 7", "Report No. 15-7", "Report No. AI-TR-550": a report's number or identifier, as APA 7 (10.4) writes
 * it; a number that names its own series ("Research Report 171", "TR 215") as it is written.
 */
function reportNumberText(number: string): string {
  return /\s/.test(number) ? number : `Report No. ${number}`;
}

const DESCRIPTION: Partial<Record<Kind, string>> = {
  dataset: 'Data set',
  software: 'Computer software',
};

/**
 * "[Doctoral dissertation, University]. Repository." for a thesis published in a repository, a database or online
 * (it has a DOI or an address), and "[Doctoral dissertation]. University." for one that is not (APA 7, 10.6).
 */
function thesisPieces(publication: Publication): { pieces: CitationPiece[]; publisher: string | undefined } {
  const degree = publication.degree === 'masters' ? 'Master’s thesis' : 'Doctoral dissertation';
  const { institution, repository } = publication;
  if (repository || publicationLink(publication))
    return { pieces: [text(` [${degree}${institution ? `, ${institution}` : ''}]`)], publisher: repository };
  return { pieces: [text(` [${degree}]`)], publisher: institution };
}

/** What a work that stands alone is, in brackets and parentheses after its title, and who published it. */
function workDetails(publication: Publication, kind: Kind): { pieces: CitationPiece[]; publisher: string | undefined } {
  if (kind === 'book' || kind === 'edited-book')
    return { pieces: bookDetails(publication, false), publisher: publication.publisher };
  if (kind === 'report') {
    const number = publication.reportNumber ? [text(` (${reportNumberText(publication.reportNumber)})`)] : [];
    return { pieces: number, publisher: publication.publisher ?? publication.institution };
  }
  if (kind === 'thesis') return thesisPieces(publication);
  const version = publication.version ? [text(` (Version ${publication.version})`)] : [];
  if (kind === 'dataset' || kind === 'software')
    return {
      pieces: [...version, text(` [${DESCRIPTION[kind]}]`)],
      publisher: publication.repository ?? publication.publisher,
    };
  if (kind === 'presentation') return presentationDetails(publication);
  return { pieces: version, publisher: publication.repository ?? publication.publisher };
}

/** "[Paper presentation]. Conference, Place.": what was presented, and at which conference where (APA 7, 10.5). */
function presentationDetails(publication: Publication) {
  const { presentationType, event, location } = publication;
  // The place is the conference's: without the conference's name, APA (and its CSL style) gives neither.
  const where = event && [event, location].filter(Boolean).join(', ');
  return { pieces: presentationType ? [text(` [${presentationType}]`)] : [], publisher: where || undefined };
}

/** The names that head the reference: the authors, or an edited book's editors. */
const creators = (publication: Publication) => publication.authors ?? publication.editors ?? '';

/**
 * A work that stands alone: its title in italics, then what it is and who published it. A publisher that is the
 * author (a group that publishes its own report) is not named twice (APA 7, 9.24).
 */
function workPieces(publication: Publication, kind: Kind): CitationPiece[] {
  const { pieces, publisher } = workDetails(publication, kind);
  const sameAsAuthor =
    publisher !== undefined &&
    publisher.trim().toLowerCase() === namesAsRead(creators(publication)).trim().toLowerCase();
  return [
    ...closed([{ kind: 'work', text: publication.title }, ...pieces]),
    ...publisherPart(sameAsAuthor ? undefined : publisher),
  ];
}

/**
 * The names as APA 7 lists them (9.8): up to 20 as typed (a name kept whole shown without its braces); of 21 or
 * more, the first 19, an ellipsis and the last. A list written with "et al." (the names that follow are not known)
 * keeps it.
 */
function authorsText(authors: string): string {
  const { names, others } = parseNames(authors);
  if (others || names.length < 21) return namesAsRead(authors);
  const first = formatNames({ names: names.slice(0, 19), others: true }, false).replace(/, et al\.$/, '');
  return `${first}, . . . ${formatNames({ names: [names.at(-1)!], others: false }, false)}`;
}

/** "Authors. (Year). " or "Editors (Eds.). (Year). ": the first element, closed with a full stop as APA closes it. */
function creatorPieces(publication: Publication, suffix: string): CitationPiece[] {
  const { authors, editors } = publication;
  const year = `${yearText(publication.year)}${suffix && typeof publication.year !== 'number' ? '-' : ''}${suffix}`;
  if (authors) {
    const names = authorsText(authors);
    return [{ kind: 'authors', text: names }, text(`${/[.]$/.test(names) ? '' : '.'} (${year}). `)];
  }
  if (editors) return [{ kind: 'authors', text: namesAsRead(editors) }, text(` ${editorsLabel(editors)}. (${year}). `)];
  return [text(`(${year}). `)];
}

/**
 * Titles in alphabetical order, a capital before its small letter where only that differs, an opening quotation mark
 * aside. Made when first needed: a collator costs a build some 15 ms, and most lists have no two works to tell apart.
 */
let titleCollator: Intl.Collator | undefined;
const titleOrder = () => (titleCollator ??= new Intl.Collator('en', { caseFirst: 'upper' }));
const sortTitle = (title: string) => title.replace(/^[^\p{L}\p{N}]+/u, '');

/**
 * The letters that tell apart works of one author list and year in one list of references: "2020a", "2020b",
 * given in the order of their titles ("n.d.-a", "in press-a"; APA 7, 9.47). '' for a work that shares neither.
 */
export function yearSuffixes(publications: readonly Publication[]): string[] {
  const key = (publication: Publication) => `${creators(publication).trim().toLowerCase()}\n${publication.year}`;
  const groups = new Map<string, number[]>();
  publications.forEach((publication, index) => {
    groups.set(key(publication), [...(groups.get(key(publication)) ?? []), index]);
  });
  const suffixes = publications.map(() => '');
  for (const indexes of groups.values()) {
    if (indexes.length < 2) continue;
    const byTitle = [...indexes].sort((a, b) =>
      titleOrder().compare(sortTitle(publications[a]!.title), sortTitle(publications[b]!.title)),
    );
    byTitle.forEach((index, order) => {
      suffixes[index] = String.fromCharCode(97 + (order % 26));
    });
  }
  return suffixes;
}

/** A paper in proceedings published as a book (editors or a publisher named) is cited as a chapter, else as an article. */
const inBook = (publication: Publication, kind: Kind) =>
  (kind === 'chapter' && Boolean(publication.bookTitle)) ||
  (kind === 'conference-paper' &&
    Boolean(publication.bookTitle) &&
    Boolean(publication.editors || publication.publisher));

/**
 * The reference in APA 7, in pieces the page marks up: authors, date, title, source, and the DOI or address.
 * `yearSuffix` is its letter in a list that holds other works of its authors and year (yearSuffixes).
 */
export function citationPieces(publication: Publication, yearSuffix = ''): CitationPiece[] {
  const kind = publication.type ?? 'article';
  const pieces = creatorPieces(publication, yearSuffix);
  if (inBook(publication, kind)) pieces.push(...inBookPieces(publication));
  else if (kind === 'chapter' || kind === 'conference-paper') {
    pieces.push(...articlePieces({ ...publication, journal: publication.journal ?? publication.bookTitle }));
    if (!publication.journal && !publication.bookTitle) pieces.push(...publisherPart(publication.publisher));
  } else if (kind === 'article') pieces.push(...articlePieces(publication));
  else pieces.push(...workPieces(publication, kind));
  const link = publicationLink(publication);
  if (link) pieces.push(text(' '), { kind: 'link', text: link });
  return pieces.filter((piece) => piece.text !== '');
}

/** The reference as one line of plain text. */
export function citationText(publication: Publication, yearSuffix = ''): string {
  return citationPieces(publication, yearSuffix)
    .map((piece) => piece.text)
    .join('');
}

/** A free copy's version in the plain words a visitor reads, where it is not the publisher's own. */
export const FREE_COPY_VERSION_WORDS = { accepted: 'accepted manuscript', preprint: 'preprint' } as const;

/** The article's link: its DOI when it has one, otherwise its URL. */
export function publicationLink(publication: Publication): string | undefined {
  if (publication.doi) return doiUrl(publication.doi);
  return publication.url || undefined;
}
