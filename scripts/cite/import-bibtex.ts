/**
 * BibTeX and BibLaTeX (Zotero, Better BibTeX, JabRef, BibDesk, Mendeley) read
 * entry by entry by Better BibTeX's own parser (@retorquere/bibtex-parser):
 * @string, crossref, month macros and its full LaTeX-to-Unicode table. LaTeX
 * it cannot turn into text is reported at its line rather than written to the
 * page.
 */
import { type Creator, type Entry as BibtexEntry, parse as parseBibtex } from '@retorquere/bibtex-parser';
import { linesOf } from '../lib/line-counter.ts';
import { ImportError, type ImportedRecord } from './imported.ts';
import type { CslName, CslRecord } from './record.ts';

/** BibTeX entry types → CSL types; anything else is read as a journal article (or as what its fields say). */
const BIBTEX_TYPES: Record<string, string> = {
  article: 'article-journal',
  incollection: 'chapter',
  inbook: 'chapter',
  inreference: 'chapter',
  book: 'book',
  mvbook: 'book',
  collection: 'book',
  mvcollection: 'book',
  proceedings: 'book',
  inproceedings: 'paper-conference',
  conference: 'paper-conference',
  phdthesis: 'thesis',
  mastersthesis: 'thesis',
  thesis: 'thesis',
  techreport: 'report',
  report: 'report',
  dataset: 'dataset',
  software: 'software',
  unpublished: 'manuscript',
  // Mendeley writes its own type names: a chapter is @book_section (its book in `journal`), a web page @web_page.
  book_section: 'chapter',
  web_page: 'webpage',
};

const cslName = (creator: Creator): CslName =>
  creator.name !== undefined
    ? { literal: creator.name }
    : {
        family: creator.lastName ?? '',
        ...(creator.firstName ? { given: creator.firstName } : {}),
        ...(creator.prefix ? { 'non-dropping-particle': creator.prefix } : {}),
        ...(creator.suffix ? { suffix: creator.suffix } : {}),
      };

/** The text fields the import uses, and the BibTeX fields they come from, first found wins. */
const TEXT_FIELDS: [keyof CslRecord, string[]][] = [
  ['title', ['title']],
  ['container-title', ['journaltitle', 'journal', 'booktitle']],
  ['volume', ['volume']],
  ['issue', ['number', 'issue']],
  ['page', ['pages']],
  ['article-number', ['eid']],
  ['edition', ['edition']],
  ['version', ['version']],
  ['DOI', ['doi']],
  ['URL', ['url']],
];

/**
 * LaTeX the parser left as it was: a command it does not know (\foo), a
 * control symbol (\ ), or an accent with no letter under it ({\d} alone).
 */
function leftoverLatex(value: string): string | undefined {
  const command = /\\(?:[A-Za-z]+|[^A-Za-z\s])/.exec(value);
  if (command) return `"${command[0]}"`;
  const accent = /(?:^|[\s{}])(\p{M})/u.exec(value);
  if (accent) {
    return `an accent with no letter under it ("${value.slice(Math.max(0, accent.index - 8), accent.index + 4).trim()}", as {\\d} alone gives; write the letter itself, such as ð for {\\dh})`;
  }
  return undefined;
}

/** The line of `field = …` inside an entry (the first of `fields` it has), or the entry's own line. */
function fieldLine(entry: BibtexEntry, entryLine: number, fields: string[]): number {
  for (const field of fields) {
    const match = new RegExp(`^\\s*${field}\\s*=`, 'im').exec(entry.input);
    if (match) return entryLine + linesOf(entry.input).linePos(match.index + match[0].search(/\S/)).line - 1;
  }
  return entryLine;
}

/** The BibTeX fields a record field may have come from, to name the line. */
const SOURCE_FIELDS: Record<string, string[]> = {
  'journal or book title': ['journaltitle', 'journal', 'booktitle'],
  publisher: ['publisher', 'school', 'institution', 'organization'],
};

/** Commands the parser leaves alone that stand for one character (Zotero writes D\\textquotesingle aspremont). */
const TEXT_COMMANDS: Record<string, string> = {
  '\\': ' ',
  '\\textquotesingle': "'",
  '\\textquotedbl': '"',
  '\\textasciigrave': '`',
  '\\textquotesinglbase': '‚',
};

type Library = ReturnType<typeof parseBibtex>;

function parseLibrary(text: string): Library {
  try {
    return parseBibtex(text, {
      // Titles as the person wrote them: no sentence-casing of English titles.
      english: false,
      applyCrossRef: true,
      // A command the parser does not know stays as it was, and is reported below; "\ " is a space.
      unsupported: (_node, tex) => TEXT_COMMANDS[tex.trim()] ?? tex,
    });
  } catch (error) {
    throw new ImportError(`could not be read as BibTeX: ${(error as Error).message}`);
  }
}

/** The parser's errors, each at its line, and the keys of the entries they broke. */
function parseProblems(library: Library, text: string, lineAt: (offset: number) => number) {
  const results: ImportedRecord[] = [];
  const broken = new Set<string>();
  for (const problem of library.errors) {
    const at = problem.input ? text.indexOf(problem.input) : -1;
    const said = /at line (\d+)/.exec(problem.error);
    const line = at >= 0 ? lineAt(at) : said ? Number(said[1]) : 1;
    const key = /^@\w+\s*[{(]\s*([^,\s]*)/.exec(problem.input ?? '')?.[1];
    if (key) broken.add(key);
    const reason = problem.error.replace(/\s+in "[^"]*"$/, '').replace(/ at line \d+, column \d+/, '');
    results.push({
      line,
      problem: `the entry${key ? ` ${key}` : ''} could not be read (${reason}${said ? `, noticed at line ${said[1]}` : ''}); check that its braces and quotes are closed and that each field ends with a comma`,
    });
  }
  return { results, broken };
}

/** One entry the parser read: its record, or the LaTeX in it that has no text. */
function entryResult(entry: BibtexEntry, line: number): ImportedRecord {
  const record = bibtexRecord(entry);
  const leftover = usedText(record)
    .map(([field, value]) => [field, leftoverLatex(value)] as const)
    .find(([, found]) => found);
  if (!leftover) return { line, record };
  const [field, found] = leftover;
  return {
    line: fieldLine(entry, line, SOURCE_FIELDS[field] ?? [field]),
    problem: `the ${field} holds LaTeX that cannot be turned into text: ${found}; write it as text in your reference manager (or fix it in the file) and import again`,
  };
}

export function readBibtex(text: string): ImportedRecord[] {
  const library = parseLibrary(text);
  const lines = linesOf(text);
  const lineAt = (offset: number) => lines.linePos(offset).line;
  const { results, broken } = parseProblems(library, text, lineAt);
  let searchFrom = 0;
  for (const entry of library.entries) {
    if (!entry.input && broken.has(entry.key)) continue;
    const at = entry.input ? text.indexOf(entry.input, searchFrom) : -1;
    if (at >= 0) searchFrom = at + entry.input.length;
    results.push(entryResult(entry, at >= 0 ? lineAt(at) : 1));
  }
  return results.sort((a, b) => a.line - b.line);
}

/** The values of a record the entry is made from, by field, to check for LaTeX left in them. */
function usedText(record: CslRecord): [string, string][] {
  const out: [string, string][] = [];
  for (const role of ['author', 'editor'] as const) {
    for (const name of record[role] ?? []) {
      out.push([role, [name.family, name.given, name.literal, name.suffix].filter(Boolean).join(' ')]);
    }
  }
  for (const field of ['title', 'container-title', 'publisher'] as const) {
    const value = record[field];
    if (typeof value === 'string') out.push([field === 'container-title' ? 'journal or book title' : field, value]);
  }
  return out;
}

/**
 * The parser turns "\-" into a soft hyphen and "\slash" into "/" and a zero-width space: hints for TeX's line
 * breaking, not text. BibDesk writes í as {\'\i}: an accent on a dotless i, which the parser gives as "ı" and a
 * combining accent; the accent goes on an ordinary i, as TeX prints it, so that "Žídek" is one letter í as people
 * type it.
 */
const clean = (value: string) =>
  value
    .replace(/[\u00AD\u200B]/g, '')
    .replace(/ı(?=\p{M})/gu, 'i')
    .normalize('NFC');

const joined = (value: unknown) => (Array.isArray(value) ? value.join(', ') : value);

/** "and others" is BibTeX's et al., not a person. */
const isOthers = (creator: Creator) => creator.lastName === 'others' && !creator.firstName;

/** Authors and editors, "and others" read as the list going on. */
function bibtexCreators(fields: Record<string, unknown>, record: CslRecord): void {
  const creators = (value: unknown) => (Array.isArray(value) ? (value as Creator[]) : []);
  for (const [role, list] of [
    ['author', creators(fields.author)],
    ['editor', creators(fields.editor)],
  ] as const) {
    if (list.length === 0) continue;
    record[role] = list.filter((creator) => !isOthers(creator)).map(cslName);
    if (list.some(isOthers)) record[`${role}-others`] = true;
    for (const name of record[role]!) {
      for (const key of ['family', 'given', 'literal'] as const) if (name[key]) name[key] = clean(name[key]!);
    }
  }
}

/** Publisher, institution and repository: who issued the work and where it is kept. */
function bibtexIssuers(fields: Record<string, unknown>, record: CslRecord): void {
  const publisher = [fields.publisher, fields.school, fields.institution, fields.organization]
    .map(joined)
    .find((value) => typeof value === 'string' && value !== '');
  if (typeof publisher === 'string') record.publisher = clean(publisher);
  if (typeof fields.school === 'string' || Array.isArray(fields.school) || Array.isArray(fields.institution)) {
    const institution = [fields.school, fields.institution].map(joined).find(Boolean);
    if (typeof institution === 'string') record.institution = [{ name: clean(institution) }];
  }
  const repository = [fields.eprinttype, fields.howpublished, fields.archiveprefix].find(
    (value) => typeof value === 'string',
  );
  if (typeof repository === 'string') record.repository = clean(repository);
}

function bibtexRecord(entry: BibtexEntry): CslRecord {
  const fields = entry.fields as Record<string, unknown>;
  const type = entry.type.toLowerCase();
  const record: CslRecord = {
    type: BIBTEX_TYPES[type] ?? (fields.journal || fields.journaltitle ? 'article-journal' : type),
  };
  if (type === 'mastersthesis') record.genre = "Master's thesis";
  if (type === 'phdthesis') record.genre = 'Doctoral dissertation';
  if (typeof fields.type === 'string' && type === 'thesis') record.genre = fields.type;
  for (const [csl, names] of TEXT_FIELDS) {
    const found = names.map((name) => fields[name]).find((value) => typeof value === 'string' && value.trim() !== '');
    if (typeof found === 'string') record[csl] = clean(found);
  }
  bibtexCreators(fields, record);
  bibtexIssuers(fields, record);
  const year = /\d{4}/.exec(String(fields.year ?? fields.date ?? ''))?.[0];
  if (year) record.issued = { 'date-parts': [[Number(year)]] };
  // The parser writes "--" as an en dash; the content writes page ranges with a hyphen, as people type them.
  if (typeof record.page === 'string') record.page = record.page.replace(/(\w)\s*[–—]\s*(\w)/g, '$1-$2');
  // Mendeley writes the date a web page was read as its volume and issue ("2020", "May 12,"): not the page's own.
  if (type === 'web_page') {
    delete record.volume;
    delete record.issue;
  }
  if (type === 'techreport' || type === 'report') {
    record.number = record.issue;
    delete record.issue;
  }
  return record;
}
