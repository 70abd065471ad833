/**
 * A theme's publications as the files reference managers read: BibTeX
 * (Zotero, Mendeley, JabRef, LaTeX) and RIS (EndNote, Zotero). Both are
 * written in UTF-8 with the names and titles exactly as the content has them,
 * accents included; BibTeX's own special characters are escaped, nothing else
 * is, so every modern reader (biber, Zotero, JabRef) gets the text back as it
 * was.
 */
import type { Publication } from './content-schema.ts';
import { doiUrl } from './doi.ts';
import { formatNames, type PersonName, parseNames } from './names.ts';
import { foldAccents } from './text.ts';

/** The names of an APA list, in order ("et al." left out): the one name model, src/names.ts. */
export const parseAuthors = (authors: string): PersonName[] => parseNames(authors).names;

/** The names as a reader sees them listed: "Franzen, S., van den Berg, E., & Nielsen, T. R.", no braces. */
export const formatAuthors = (names: readonly PersonName[], others = false) =>
  formatNames({ names: [...names], others }, false);

/** Editors as APA names them inside a reference: "E. Editor", "A. One & B. Two", "A. One, B. Two, & C. Three". */
export function editorsInline(editors: string): string {
  const { names, others } = parseNames(editors);
  const written = names.map((name) =>
    name.given ? `${name.given} ${name.family}${name.suffix ? ` ${name.suffix}` : ''}` : name.family,
  );
  if (others) return `${written.join(', ')}, et al.`;
  if (written.length <= 1) return written.join('');
  if (written.length === 2) return `${written[0]} & ${written[1]}`;
  return `${written.slice(0, -1).join(', ')}, & ${written.at(-1)}`;
}

/** "(Ed.)" or "(Eds.)". */
export const editorsLabel = (editors: string) => {
  const { names, others } = parseNames(editors);
  return names.length > 1 || others ? '(Eds.)' : '(Ed.)';
};

/** The names that head the reference: the authors, or an edited book's editors. */
const creators = (publication: Publication) => publication.authors ?? publication.editors ?? '';

const ascii = (text: string) =>
  foldAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** franzen2022cross: first author's family name, year and first word of the title, in ASCII. */
function baseKey(publication: Publication): string {
  const first = parseAuthors(creators(publication))[0]?.family ?? 'anon';
  const family = ascii(first.split(/\s+/).at(-1) ?? first) || 'anon';
  const year = typeof publication.year === 'number' ? String(publication.year) : publication.year ? 'inpress' : 'nd';
  const word =
    publication.title
      .split(/\s+/)
      .map(ascii)
      .find((part) => part.length > 3) ?? '';
  return `${family}${year}${word}`;
}

/** A citation key per publication, unique within the list (a, b, … for repeats), stable from build to build. */
export function citationKeys(publications: readonly Publication[]): string[] {
  const counts = new Map<string, number>();
  for (const publication of publications) {
    const key = baseKey(publication);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const used = new Map<string, number>();
  return publications.map((publication) => {
    const key = baseKey(publication);
    if (counts.get(key) === 1) return key;
    const index = used.get(key) ?? 0;
    used.set(key, index + 1);
    return `${key}${String.fromCharCode(97 + (index % 26))}${index >= 26 ? Math.floor(index / 26) : ''}`;
  });
}

/** BibTeX's special characters; everything else is UTF-8 text. */
const BIBTEX_SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  // TeX's text fonts print < > | as ¡ ¿ — (and BibTeX readers read them so): "p < 0.05" is written with commands.
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
};
/**
 * Text for BibTeX: its special characters escaped, and the pairs TeX reads as one typographic character ("--" an
 * en dash, "''" a closing quote, "``", "?`", "!`") kept apart with an empty group, so they come back as typed.
 */
const escapeSpecials = (text: string) =>
  text.replace(/[\\~^{}&%$#_<>|]/g, (character) => BIBTEX_SPECIAL[character] ?? `\\${character}`);
const QUOTE_PAIRS = /'(?=')|`(?=`)|[?!](?=`)/g;
const escapeBibtex = (text: string) =>
  escapeSpecials(text)
    .replace(/-(?=-)/g, '$&{}')
    .replace(QUOTE_PAIRS, '$&{}');

/**
 * A family name as BibTeX reads "von Last": its particles in lower case first, as its "von" part ("van den Berg":
 * "van den" and "Berg", as biblatex's useprefix and BibTeX's sorting expect); the rest braced where BibTeX would take
 * one of its words for a particle and cut the name there ("{Fontcuberta i Morral}", "da {Silva e Souza}",
 * "{al-Khalili}") or cannot tell a word's case (a name in Arabic or Han script).
 */
function bibtexFamily(family: string): string {
  const words = family.split(' ');
  let at = 0;
  while (at < words.length - 1 && /^\p{Ll}/u.test(words[at]!)) at += 1;
  const last = words.slice(at).join(' ');
  const whole = words.slice(at).every((word) => /^[\p{Lu}\p{Lt}]/u.test(word));
  return [...words.slice(0, at), whole ? escapeBibtex(last) : `{${escapeBibtex(last)}}`].join(' ');
}

/**
 * A name for BibTeX: "von Last, Given" or "von Last, Suffix, Given"; a name kept whole (a group author, a single
 * name) in braces, so that BibTeX never splits it into a person's parts, nor at an "and" inside it, nor joins it with
 * the next one.
 */
const bibtexName = (name: PersonName) =>
  name.given
    ? `${bibtexFamily(name.family)}, ${name.suffix ? `${escapeBibtex(name.suffix)}, ` : ''}${escapeBibtex(name.given)}`
    : `{${escapeBibtex(name.family)}}`;

const bibtexNames = (names: string | undefined) => {
  if (!names) return undefined;
  const { names: people, others } = parseNames(names);
  return [...people.map(bibtexName), ...(others ? ['others'] : [])].join(' and ');
};

const pageRange = (pages: string) => pages.replace(/(\d)\s*[-–]\s*(\d)/, '$1--$2');

/** The entry type BibTeX (and biber, Zotero, JabRef) reads each kind of publication as. */
function bibtexType(publication: Publication): string {
  switch (publication.type ?? 'article') {
    case 'article':
      // An article whose journal is not known yet is still an article (fill can complete it).
      return 'article';
    case 'chapter':
      return 'incollection';
    case 'book':
    case 'edited-book':
      return 'book';
    case 'conference-paper':
      return 'inproceedings';
    case 'thesis':
      // A thesis whose degree is not given is BibLaTeX's @thesis, so it does not come back as a doctoral one.
      return publication.degree === 'masters'
        ? 'mastersthesis'
        : publication.degree === 'doctoral'
          ? 'phdthesis'
          : 'thesis';
    case 'report':
      return 'techreport';
    case 'presentation':
      // biblatex's type for "the script of a talk", as Better BibTeX writes Zotero's presentations.
      return 'unpublished';
    default:
      return 'misc';
  }
}

/** What a @misc is, in its `type` field (the words APA puts in brackets), so that it is read back as that kind. */
const MISC_TYPE: Partial<Record<NonNullable<Publication['type']>, string>> = {
  preprint: 'Preprint',
  dataset: 'Data set',
  software: 'Computer software',
};

/** An edited book that names its authors besides its editors, which the downloads mark as an edited book. */
const editedWithAuthors = (publication: Publication) =>
  publication.type === 'edited-book' && Boolean(publication.authors);

/**
 * A name in a field BibTeX reads as a list of names (biblatex's literal lists: publisher, institution and school),
 * its every word "and" braced: BibTeX takes that word, in any case, for the list's separator, and would read
 * "Smith and Sons" back as two publishers.
 */
const literalList = (value: string | undefined) =>
  value ? escapeBibtex(value).replace(/(^|\s)(and)(?=\s|$)/gi, '$1{$2}') : undefined;

/** One BibTeX entry, fields in a fixed order, one per line. */
export function bibtexEntry(publication: Publication, key: string): string {
  const type = bibtexType(publication);
  const escaped = (value: string | undefined) => (value ? escapeBibtex(value) : undefined);
  const kind = publication.type ?? 'article';
  const fields: [string, string | undefined][] = [
    ['author', bibtexNames(publication.authors)],
    ['editor', bibtexNames(publication.editors)],
    ['title', escapeBibtex(publication.title)],
    ['journal', escaped(publication.journal)],
    ['booktitle', escaped(publication.bookTitle)],
    ['edition', escaped(publication.edition)],
    ['year', typeof publication.year === 'number' ? String(publication.year) : undefined],
    ['pubstate', publication.year === 'in press' ? 'inpress' : undefined],
    ['volume', escaped(publication.volume)],
    ['number', escaped(publication.issue ?? publication.reportNumber)],
    // A page range's "--" is BibTeX's en dash, meant here; its quotes' pairs are kept apart as elsewhere.
    ['pages', publication.pages && pageRange(escapeSpecials(publication.pages).replace(QUOTE_PAIRS, '$&{}'))],
    ['eid', escaped(publication.articleNumber)],
    [kind === 'report' ? 'institution' : 'school', literalList(publication.institution)],
    ['publisher', literalList(publication.publisher ?? (type === 'misc' ? publication.repository : undefined))],
    // A thesis's repository (ProQuest, a university's archive): where it is published.
    ['howpublished', kind === 'thesis' ? escaped(publication.repository) : undefined],
    ['version', escaped(publication.version)],
    // biblatex's field for a subtype the styles do not use: what makes this @unpublished a talk or a poster.
    ['entrysubtype', kind === 'presentation' ? 'presentation' : undefined],
    // What makes a @book with authors and editors an edited book (one with editors alone is one without it):
    // biblatex's own word for its editors' role, which it and Citation.js read as without it.
    ['editortype', editedWithAuthors(publication) ? 'editor' : undefined],
    ['type', kind === 'presentation' ? escaped(publication.presentationType) : MISC_TYPE[kind]],
    ['eventtitle', escaped(publication.event)],
    ['venue', escaped(publication.location)],
    // Verbatim fields for biber and Zotero: written as they are.
    ['doi', publication.doi],
    // Beside a DOI (which has its own field) the address is the legal free copy, the one a reader opens.
    ['url', publication.doi ? publication.freeCopy : publication.url],
  ];
  const lines = fields.filter(([, value]) => value).map(([name, value]) => `  ${name} = ${delimited(name, value!)}`);
  return `@${type}{${key},\n${lines.join(',\n')}\n}\n`;
}

/**
 * A value in braces; a verbatim one (a DOI, an address) holding a dollar sign in quotes, as BibTeX allows: readers
 * that find the end of a braced value by counting braces and dollar signs (Better BibTeX's parser, which cite uses)
 * take a lone "$" in braces for the start of math that never ends, and lose the entry.
 */
const delimited = (field: string, value: string) =>
  (field === 'doi' || field === 'url') && value.includes('$') && !value.includes('"') ? `"${value}"` : `{${value}}`;

/** A list of publications as one .bib file. */
export function bibtexFile(publications: readonly Publication[]): string {
  const keys = citationKeys(publications);
  return publications.map((publication, index) => bibtexEntry(publication, keys[index]!)).join('\n');
}

/** RIS allows no line breaks inside a value. */
const risValue = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The RIS reference type of each kind of publication (the RIS specification's names, which EndNote and Zotero read). */
const RIS_TYPE: Record<NonNullable<Publication['type']>, string> = {
  article: 'JOUR',
  chapter: 'CHAP',
  book: 'BOOK',
  'edited-book': 'EDBOOK',
  'conference-paper': 'CONF',
  thesis: 'THES',
  report: 'RPRT',
  preprint: 'UNPB',
  dataset: 'DATA',
  software: 'COMP',
  // As Zotero writes a presentation: its conference in T2, the place in CY, what it was in M3.
  presentation: 'SLIDE',
};

/**
 * RIS names: "Family, Given, Suffix"; a group author or single name as one value. A list that goes on is said in a
 * note (RISNOTE_OTHERS), never as a person named "et al.".
 */
function risNames(tag: string, names: string | undefined): string[] {
  if (!names) return [];
  const { names: people } = parseNames(names);
  const written = people.map((name) =>
    name.given ? `${name.family}, ${name.given}${name.suffix ? `, ${name.suffix}` : ''}` : name.family,
  );
  return written.map((name) => `${tag}  - ${risValue(name)}`);
}

/**
 * What RIS has no tag for, said in notes (N1) that reference managers show as they are and cite's reader reads
 * back: a list of names that goes on ("et al."), a work in press (RIS's PY holds a year only).
 */
export const RIS_NOTES = {
  authorsGoOn: 'The list of authors goes on (et al.).',
  editorsGoOn: 'The list of editors goes on (et al.).',
  inPress: 'In press.',
  editedBook: 'An edited book, which names its authors besides its editors.',
} as const;

function risNotes(publication: Publication, editorsAsAuthors: boolean): string[] {
  const goesOn = (names: string | undefined) => names !== undefined && parseNames(names).others;
  const notes = [
    goesOn(editorsAsAuthors ? publication.editors : publication.authors) && RIS_NOTES.authorsGoOn,
    !editorsAsAuthors && goesOn(publication.editors) && RIS_NOTES.editorsGoOn,
    publication.year === 'in press' && RIS_NOTES.inPress,
    editedWithAuthors(publication) && RIS_NOTES.editedBook,
  ];
  return notes.filter((note) => typeof note === 'string').map((note) => `N1  - ${note}`);
}

/** Who issued the work: a thesis's or report's institution first (PB, as EndNote and Zotero read it), then the rest. */
function risIssuers(publication: Publication, kind: NonNullable<Publication['type']>): string[] {
  const line = (tag: string, value: string | undefined) => (value ? [`${tag}  - ${risValue(value)}`] : []);
  if (kind === 'thesis')
    return [
      ...line(
        'M3',
        publication.degree && (publication.degree === 'masters' ? "Master's thesis" : 'Doctoral dissertation'),
      ),
      ...line('PB', publication.institution),
      ...line('DP', publication.repository),
    ];
  // A report's PB is its institution (Zotero's and EndNote's "Institution") and a second PB its publisher. A report
  // with a publisher alone keeps the first PB's place, empty: Zotero drops an empty tag and reads the publisher as who
  // issued it, Citation.js reads it as the publisher, and cite's reader as the publisher.
  if (kind === 'report')
    return [
      ...(publication.institution || !publication.publisher ? line('PB', publication.institution) : ['PB  - ']),
      ...line('PB', publication.publisher),
    ];
  if (kind === 'presentation')
    return [...line('CY', publication.location), ...line('M3', publication.presentationType)];
  if (kind === 'preprint' || kind === 'dataset' || kind === 'software')
    return line('PB', publication.repository ?? publication.publisher);
  return line('PB', publication.publisher ?? publication.institution);
}

/**
 * A page range's first and last page for RIS's SP and EP: "546-557", and "C3-32-C3-35" (pages named with a hyphen)
 * at the hyphen between two pages of one form; anything else is one page, written whole in SP.
 */
function pageEnds(pages: string): [string, string?] {
  const parts = pages.split(/\s*[-–]\s*/);
  const shape = (page: string) => page.replace(/\d+/g, '9').replace(/\p{L}+/gu, 'A');
  for (let at = 1; at < parts.length; at += 1) {
    const [start, end] = [parts.slice(0, at).join('-'), parts.slice(at).join('-')];
    if (start && end && (parts.length === 2 || shape(start) === shape(end))) return [start, end];
  }
  return [pages];
}

/** Volume, issue, report number, pages or article number (C7, EndNote's "Article Number"), edition or version. */
function risNumbers(publication: Publication): string[] {
  const line = (tag: string, value: string | undefined) => (value ? [`${tag}  - ${risValue(value)}`] : []);
  const [start, end] = publication.pages ? pageEnds(publication.pages) : [];
  return [
    ...line('ET', publication.edition),
    ...line('VL', publication.volume),
    ...line('IS', publication.issue),
    ...line('SN', publication.reportNumber),
    ...line('SP', start),
    ...line('EP', end),
    ...line('C7', publication.articleNumber),
    ...line('ET', publication.version),
  ];
}

/** One RIS record. */
function risRecord(publication: Publication): string {
  const kind = publication.type ?? 'article';
  const withAuthors = editedWithAuthors(publication);
  const lines: string[] = [`TY  - ${withAuthors ? 'BOOK' : RIS_TYPE[kind]}`];
  // An edited book's editors are its AU in RIS (EDBOOK has no authors); a chapter's or a paper's editors are A2, the
  // book's. An edited book that names its authors too is a BOOK, its editors A3 (as the RIS specification, Zotero and
  // Citation.js read a book's editors), said an edited book in a note.
  const editorsAsAuthors = kind === 'edited-book' && !publication.authors;
  if (editorsAsAuthors) lines.push(...risNames('AU', publication.editors));
  else lines.push(...risNames('AU', publication.authors), ...risNames(withAuthors ? 'A3' : 'A2', publication.editors));
  lines.push(`TI  - ${risValue(publication.title)}`);
  // A paper's proceedings are C3 ("Proceedings Title"; T2 is the conference's name), and its PY the conference's year:
  // DA dates the paper itself. Elsewhere T2 is the journal, the book or a presentation's conference.
  const container = publication.journal ?? publication.bookTitle ?? publication.event;
  if (container) lines.push(`${kind === 'conference-paper' ? 'C3' : 'T2'}  - ${risValue(container)}`);
  // The year only: a work in press is said in a note, as RIS's PY holds a year.
  const year = typeof publication.year === 'number' ? String(publication.year) : undefined;
  if (year) lines.push(`PY  - ${year}`);
  if (year && kind === 'conference-paper') lines.push(`DA  - ${year}`);
  lines.push(...risNumbers(publication), ...risIssuers(publication, kind));
  if (publication.doi) lines.push(`DO  - ${publication.doi}`);
  // Beside a DOI (DO) the address is the legal free copy where there is one, as in BibTeX.
  const address = publication.doi ? (publication.freeCopy ?? doiUrl(publication.doi)) : publication.url;
  if (address) lines.push(`UR  - ${address}`);
  lines.push(...risNotes(publication, editorsAsAuthors));
  lines.push('ER  - ');
  return `${lines.join('\n')}\n`;
}

/** A list of publications as one .ris file. */
export function risFile(publications: readonly Publication[]): string {
  return publications.map(risRecord).join('\n');
}

/** Where a theme's citation file is written, beside its page: research/<id>/citations.bib. */
export const citationFilePath = (themeId: string, format: 'bib' | 'ris') => `research/${themeId}/citations.${format}`;
