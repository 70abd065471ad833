/**
 * A theme's publications as the files reference managers read: BibTeX
 * (Zotero, Mendeley, JabRef, LaTeX) and RIS (EndNote, Zotero). Both are
 * written in UTF-8 with the names and titles exactly as the content has them,
 * accents included; BibTeX's own special characters are escaped, nothing else
 * is, so every modern reader (biber, Zotero, JabRef) gets the text back as it
 * was.
 */
import type { Publication } from './content-schema.ts';

export interface PersonName {
  family: string;
  /** Initials or given names; absent for a group author. */
  given?: string;
}

/** A given name as APA writes it: initials ("T. J.", "J. P. C. M.", "Á.") or given names ("Esther"). */
const GIVEN = /^(?:\p{Lu}[\p{L}'’]*\.?)(?:[\s-]+\p{Lu}[\p{L}'’]*\.?)*$/u;

/**
 * "Franzen, S., van den Berg, E., & Nielsen, T. R." → the people, in order.
 * A part that is not followed by a given name is a group author.
 */
export function parseAuthors(authors: string): PersonName[] {
  const parts = authors
    .replace(/\s*,?\s*&\s*/g, ', ')
    .split(/,\s+/)
    .map((part) => part.trim().replace(/,$/, ''))
    .filter((part) => part !== '' && part !== 'et al.');
  const names: PersonName[] = [];
  for (let index = 0; index < parts.length; index += 1) {
    const family = parts[index]!;
    const next = parts[index + 1];
    // A given name either ends with a full stop (initials) or is followed by another name's family part.
    if (next !== undefined && GIVEN.test(next) && (next.endsWith('.') || index + 2 <= parts.length)) {
      names.push({ family, given: next });
      index += 1;
    } else {
      names.push({ family });
    }
  }
  return names;
}

/** "Franzen, S., van den Berg, E., & Nielsen, T. R.": the APA list of names the content holds. */
export function formatAuthors(names: readonly PersonName[]): string {
  const written = names.map((name) => (name.given ? `${name.family}, ${name.given}` : name.family));
  if (written.length <= 1) return written.join('');
  return `${written.slice(0, -1).join(', ')}, & ${written.at(-1)}`;
}

const ascii = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** franzen2022cross: first author's family name, year and first word of the title, in ASCII. */
function baseKey(publication: Publication): string {
  const first = parseAuthors(publication.authors)[0]?.family ?? 'anon';
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

/** A name for BibTeX: "Family, Given"; a group author in braces, so it is never split into first and last names. */
const bibtexName = (name: PersonName) =>
  name.given ? `${escapeBibtex(name.family)}, ${escapeBibtex(name.given)}` : `{${escapeBibtex(name.family)}}`;

const pageRange = (pages: string) => pages.replace(/(\d)\s*[-–]\s*(\d)/, '$1--$2');

/** One BibTeX entry, fields in a fixed order, one per line. */
export function bibtexEntry(publication: Publication, key: string): string {
  const fields: [string, string | undefined][] = [
    ['author', parseAuthors(publication.authors).map(bibtexName).join(' and ')],
    ['title', escapeBibtex(publication.title)],
    ['journal', publication.journal && escapeBibtex(publication.journal)],
    ['year', typeof publication.year === 'number' ? String(publication.year) : undefined],
    ['pubstate', publication.year === 'in press' ? 'inpress' : undefined],
    ['volume', publication.volume && escapeBibtex(publication.volume)],
    ['number', publication.issue && escapeBibtex(publication.issue)],
    ['pages', publication.pages && escapeBibtex(pageRange(publication.pages))],
    // Verbatim fields for biber and Zotero: written as they are.
    ['doi', publication.doi],
    ['url', publication.doi ? undefined : publication.url],
  ];
  const type = publication.journal ? 'article' : 'misc';
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

/** One RIS record. */
function risRecord(publication: Publication): string {
  const lines: string[] = [`TY  - ${publication.journal ? 'JOUR' : 'GEN'}`];
  for (const name of parseAuthors(publication.authors)) {
    lines.push(`AU  - ${risValue(name.given ? `${name.family}, ${name.given}` : name.family)}`);
  }
  lines.push(`TI  - ${risValue(publication.title)}`);
  if (publication.journal) lines.push(`T2  - ${risValue(publication.journal)}`);
  if (typeof publication.year === 'number') lines.push(`PY  - ${publication.year}`);
  if (publication.volume) lines.push(`VL  - ${risValue(publication.volume)}`);
  if (publication.issue) lines.push(`IS  - ${risValue(publication.issue)}`);
  if (publication.pages) {
    const [start, end] = publication.pages.split(/\s*[-–]\s*/);
    lines.push(`SP  - ${risValue(start!)}`);
    if (end) lines.push(`EP  - ${risValue(end)}`);
  }
  if (publication.doi) lines.push(`DO  - ${publication.doi}`);
  if (publication.doi || publication.url) {
    lines.push(`UR  - ${publication.doi ? `https://doi.org/${publication.doi}` : publication.url}`);
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
