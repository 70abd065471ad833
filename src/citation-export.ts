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
import { foldAccents } from './text.ts';

export interface PersonName {
  family: string;
  /** Initials or given names; absent for a group author or a single name. */
  given?: string;
  /** Jr., Sr., II, III…: APA writes "Smith, A. B., III". */
  suffix?: string;
}

/** A given name as APA writes it: initials ("T. J.", "J. P. C. M.", "Á.") or given names ("Esther"). */
const GIVEN = /^(?:\p{Lu}[\p{L}'’]*\.?)(?:[\s-]+\p{Lu}[\p{L}'’]*\.?)*$/u;
const SUFFIX = /^(?:Jr\.?|Sr\.?|I{2,3}|IV|V|VI)$/;
/** "…, & Nielsen, T. R., et al.": the list goes on (BibTeX's "and others"). */
const OTHERS = /,?\s*(?:&\s*)?(?:et al\.?|others)$/;

/** The people of an APA author list, in order, and whether it ends in "et al.". */
function authorList(authors: string): { names: PersonName[]; others: boolean } {
  let text = authors.trim();
  const others = OTHERS.test(text);
  if (others) text = text.replace(OTHERS, '').trim();
  // The part after "&" is the last name, so a single name there is never taken for the given name before it.
  const ampersand = text.search(/,?\s*&\s*(?=\S)/);
  const head = ampersand === -1 ? text : text.slice(0, ampersand);
  const last = ampersand === -1 ? '' : text.slice(ampersand).replace(/^,?\s*&\s*/, '');
  const names = [...pairUp(head), ...pairUp(last)];
  return { names, others };
}

/** "Franzen, S., van den Berg, E., Smith, A. B., III" → the people; a part without a given name is a group author. */
function pairUp(text: string): PersonName[] {
  const parts = text
    .split(/,\s+/)
    .map((part) => part.trim().replace(/,$/, ''))
    .filter((part) => part !== '');
  const names: PersonName[] = [];
  for (let index = 0; index < parts.length; index += 1) {
    const name: PersonName = { family: parts[index]! };
    const next = parts[index + 1];
    if (next !== undefined && GIVEN.test(next) && !SUFFIX.test(next)) {
      name.given = next;
      index += 1;
      if (parts[index + 1] !== undefined && SUFFIX.test(parts[index + 1]!)) {
        name.suffix = parts[index + 1]!;
        index += 1;
      }
    }
    names.push(name);
  }
  return names;
}

/** "Franzen, S., van den Berg, E., & Nielsen, T. R." → the people, in order ("et al." left out). */
export function parseAuthors(authors: string): PersonName[] {
  return authorList(authors).names;
}

const apaName = (name: PersonName) =>
  name.given ? `${name.family}, ${name.given}${name.suffix ? `, ${name.suffix}` : ''}` : name.family;

/** "Franzen, S., van den Berg, E., & Nielsen, T. R.": the APA list of names the content holds; "et al." when it goes on. */
export function formatAuthors(names: readonly PersonName[], others = false): string {
  const written = names.map(apaName);
  if (others) return written.length === 0 ? 'et al.' : `${written.join(', ')}, et al.`;
  if (written.length <= 1) return written.join('');
  return `${written.slice(0, -1).join(', ')}, & ${written.at(-1)}`;
}

/** Editors as APA names them inside a reference: "E. Editor", "A. One & B. Two", "A. One, B. Two, & C. Three". */
export function editorsInline(editors: string): string {
  const { names, others } = authorList(editors);
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
  const { names, others } = authorList(editors);
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
};
const escapeBibtex = (text: string) =>
  text.replace(/[\\~^{}&%$#_]/g, (character) => BIBTEX_SPECIAL[character] ?? `\\${character}`);

/**
 * A name for BibTeX: "Family, Given" or "Family, Suffix, Given"; a group
 * author or a single name in braces, so it is never split into first and last
 * names or joined with the next one.
 */
const bibtexName = (name: PersonName) =>
  name.given
    ? `${escapeBibtex(name.family)}, ${name.suffix ? `${escapeBibtex(name.suffix)}, ` : ''}${escapeBibtex(name.given)}`
    : `{${escapeBibtex(name.family)}}`;

const bibtexNames = (names: string | undefined) => {
  if (!names) return undefined;
  const { names: people, others } = authorList(names);
  return [...people.map(bibtexName), ...(others ? ['others'] : [])].join(' and ');
};

const pageRange = (pages: string) => pages.replace(/(\d)\s*[-–]\s*(\d)/, '$1--$2');

/** The entry type BibTeX (and biber, Zotero, JabRef) reads each kind of publication as. */
function bibtexType(publication: Publication): string {
  switch (publication.type ?? 'article') {
    case 'article':
      return publication.journal ? 'article' : 'misc';
    case 'chapter':
      return 'incollection';
    case 'book':
    case 'edited-book':
      return 'book';
    case 'conference-paper':
      return 'inproceedings';
    case 'thesis':
      return publication.degree === 'masters' ? 'mastersthesis' : 'phdthesis';
    case 'report':
      return 'techreport';
    default:
      return 'misc';
  }
}

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
    ['pages', publication.pages && escapeBibtex(pageRange(publication.pages))],
    ['eid', escaped(publication.articleNumber)],
    [type === 'techreport' ? 'institution' : 'school', escaped(publication.institution)],
    ['publisher', escaped(publication.publisher ?? (type === 'misc' ? publication.repository : undefined))],
    ['version', escaped(publication.version)],
    ['type', kind === 'dataset' ? 'Data set' : kind === 'software' ? 'Computer software' : undefined],
    // Verbatim fields for biber and Zotero: written as they are.
    ['doi', publication.doi],
    ['url', publication.doi ? undefined : publication.url],
  ];
  const lines = fields.filter(([, value]) => value).map(([name, value]) => `  ${name} = {${value}}`);
  return `@${type}{${key},\n${lines.join(',\n')}\n}\n`;
}

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
};

/** RIS names: "Family, Given, Suffix"; a group author or single name as one value. */
const risNames = (tag: string, names: string | undefined) =>
  names
    ? parseAuthors(names).map(
        (name) =>
          `${tag}  - ${risValue(name.given ? `${name.family}, ${name.given}${name.suffix ? `, ${name.suffix}` : ''}` : name.family)}`,
      )
    : [];

/** One RIS record. */
function risRecord(publication: Publication): string {
  const kind = publication.type ?? 'article';
  const type = kind === 'article' && !publication.journal ? 'GEN' : RIS_TYPE[kind];
  const lines: string[] = [`TY  - ${type}`];
  // An edited book's editors are its AU in RIS; a chapter's or a paper's editors are A2, the book's.
  if (kind === 'edited-book' && !publication.authors) lines.push(...risNames('AU', publication.editors));
  else {
    lines.push(...risNames('AU', publication.authors));
    lines.push(...risNames('A2', publication.editors));
  }
  lines.push(`TI  - ${risValue(publication.title)}`);
  const container = publication.journal ?? publication.bookTitle;
  if (container) lines.push(`T2  - ${risValue(container)}`);
  if (typeof publication.year === 'number') lines.push(`PY  - ${publication.year}`);
  if (publication.edition) lines.push(`ET  - ${risValue(publication.edition)}`);
  if (publication.volume) lines.push(`VL  - ${risValue(publication.volume)}`);
  if (publication.issue) lines.push(`IS  - ${risValue(publication.issue)}`);
  if (publication.reportNumber) lines.push(`SN  - ${risValue(publication.reportNumber)}`);
  if (publication.pages) {
    const [start, end] = publication.pages.split(/\s*[-–]\s*/);
    lines.push(`SP  - ${risValue(start!)}`);
    if (end) lines.push(`EP  - ${risValue(end)}`);
  } else if (publication.articleNumber) lines.push(`SP  - ${risValue(publication.articleNumber)}`);
  if (kind === 'thesis')
    lines.push(`M3  - ${publication.degree === 'masters' ? "Master's thesis" : 'Doctoral dissertation'}`);
  const publisher = publication.publisher ?? publication.institution ?? publication.repository;
  if (publisher) lines.push(`PB  - ${risValue(publisher)}`);
  if (publication.version) lines.push(`ET  - ${risValue(publication.version)}`);
  if (publication.doi) lines.push(`DO  - ${publication.doi}`);
  if (publication.doi || publication.url) {
    lines.push(`UR  - ${publication.doi ? doiUrl(publication.doi) : publication.url}`);
  }
  lines.push('ER  - ');
  return `${lines.join('\n')}\n`;
}

/** A list of publications as one .ris file. */
export function risFile(publications: readonly Publication[]): string {
  return publications.map(risRecord).join('\n');
}

/** Where a theme's citation file is written, beside its page: research/<id>/citations.bib. */
export const citationFilePath = (themeId: string, format: 'bib' | 'ris') => `research/${themeId}/citations.${format}`;
