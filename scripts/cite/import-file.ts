/**
 * Reference managers' exports read entry by entry into CSL-JSON records, each
 * with the line of the file it starts on, so that one broken entry is reported
 * where the person can find it and every other entry still arrives.
 *
 * BibTeX and BibLaTeX (Zotero, Better BibTeX, JabRef, BibDesk, Mendeley) are
 * read by Better BibTeX's own parser (@retorquere/bibtex-parser): @string,
 * crossref, month macros and its full LaTeX-to-Unicode table. LaTeX it cannot
 * turn into text is reported at its line rather than written to the page.
 * RIS is read here, line by line, the way real exporters write it: "TY - JOUR"
 * with one space as EndNote writes it, several PY or UR lines, values that
 * run on to the next line. CSL-JSON is read as JSON.
 */
import { type Creator, type Entry as BibtexEntry, parse as parseBibtex } from '@retorquere/bibtex-parser';
import { isSeq, LineCounter, parseDocument } from 'yaml';
import { bareDoi } from '../../src/doi.ts';
import { isHttpUrl } from '../../src/urls.ts';
import { linesOf } from '../lib/line-counter.ts';
import type { CslName, CslRecord } from './record.ts';

type ImportFormat = 'bibtex' | 'ris' | 'csl-json';

/** One entry of the import file: its record, or what is wrong with it; `line` is where it starts. */
export type ImportedRecord = { line: number; record: CslRecord } | { line: number; problem: string };

export class ImportError extends Error {}

const RIS_LINE = /^([A-Z][A-Z0-9]) {1,2}-(?: (.*))?$/s;

function detectFormat(file: string, text: string): ImportFormat {
  const extension = file.toLowerCase().split('.').at(-1);
  if (extension === 'bib' || extension === 'bibtex' || extension === 'biblatex') return 'bibtex';
  if (extension === 'ris') return 'ris';
  if (extension === 'json') return 'csl-json';
  const start = text.trimStart();
  if (/^TY {1,2}-/m.test(start)) return 'ris';
  if (start.startsWith('[') || start.startsWith('{')) return 'csl-json';
  if (/^\s*@/m.test(start)) return 'bibtex';
  throw new ImportError('is not BibTeX (.bib), RIS (.ris) or CSL-JSON (.json)');
}

export function readImport(file: string, rawText: string): ImportedRecord[] {
  const text = rawText.replace(/\r\n?/g, '\n').replace(/^\uFEFF/, '');
  const format = detectFormat(file, text);
  if (format === 'csl-json') return readCslJson(text);
  if (format === 'ris') return readRis(text);
  return readBibtex(text);
}

function readCslJson(text: string): ImportedRecord[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ImportError(`is not valid JSON: ${(error as Error).message}`);
  }
  const items = Array.isArray(data) ? data : [data];
  const nodes = isSeq(doc.contents) ? doc.contents.items : [doc.contents];
  return items.map((record, index) => ({
    record: record as CslRecord,
    line: lineCounter.linePos((nodes[index] as { range?: number[] } | null)?.range?.[0] ?? 0).line,
  }));
}

// ---------------------------------------------------------------- BibTeX

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

function readBibtex(text: string): ImportedRecord[] {
  let library: ReturnType<typeof parseBibtex>;
  try {
    library = parseBibtex(text, {
      // Titles as the person wrote them: no sentence-casing of English titles.
      english: false,
      applyCrossRef: true,
      // A command the parser does not know stays as it was, and is reported below; "\ " is a space.
      unsupported: (_node, tex) => TEXT_COMMANDS[tex.trim()] ?? tex,
    });
  } catch (error) {
    throw new ImportError(`could not be read as BibTeX: ${(error as Error).message}`);
  }
  const results: ImportedRecord[] = [];
  const broken = new Set<string>();
  const lines = linesOf(text);
  const lineAt = (offset: number) => lines.linePos(offset).line;
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
  let searchFrom = 0;
  for (const entry of library.entries) {
    if (!entry.input && broken.has(entry.key)) continue;
    const at = entry.input ? text.indexOf(entry.input, searchFrom) : -1;
    if (at >= 0) searchFrom = at + entry.input.length;
    const line = at >= 0 ? lineAt(at) : 1;
    const record = bibtexRecord(entry);
    const leftover = usedText(record)
      .map(([field, value]) => [field, leftoverLatex(value)] as const)
      .find(([, found]) => found);
    if (leftover) {
      const [field, found] = leftover;
      results.push({
        line: fieldLine(entry, line, SOURCE_FIELDS[field] ?? [field]),
        problem: `the ${field} holds LaTeX that cannot be turned into text: ${found}; write it as text in your reference manager (or fix it in the file) and import again`,
      });
      continue;
    }
    results.push({ line, record });
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

function bibtexRecord(entry: BibtexEntry): CslRecord {
  const fields = entry.fields as Record<string, unknown>;
  const type = entry.type.toLowerCase();
  const record: CslRecord = {
    type: BIBTEX_TYPES[type] ?? (fields.journal || fields.journaltitle ? 'article-journal' : type),
  };
  if (type === 'mastersthesis') record.genre = "Master's thesis";
  if (type === 'phdthesis') record.genre = 'Doctoral dissertation';
  if (typeof fields.type === 'string' && type === 'thesis') record.genre = fields.type;
  // The parser turns "\-" into a soft hyphen and "\slash" into "/" and a zero-width space: hints for
  // TeX's line breaking, not text.
  // BibDesk writes í as {\'\i}: an accent on a dotless i, which the parser gives as "ı" and a combining accent;
  // the accent goes on an ordinary i, as TeX prints it, so that "Žídek" is one letter í as people type it.
  const clean = (value: string) =>
    value
      .replace(/[\u00AD\u200B]/g, '')
      .replace(/ı(?=\p{M})/gu, 'i')
      .normalize('NFC');
  for (const [csl, names] of TEXT_FIELDS) {
    const found = names.map((name) => fields[name]).find((value) => typeof value === 'string' && value.trim() !== '');
    if (typeof found === 'string') record[csl] = clean(found);
  }
  const creators = (value: unknown) => (Array.isArray(value) ? (value as Creator[]) : []);
  const authors = creators(fields.author);
  const editors = creators(fields.editor);
  // "and others" is BibTeX's et al., not a person.
  const others = (list: Creator[]) => list.some((creator) => creator.lastName === 'others' && !creator.firstName);
  if (authors.length > 0)
    record.author = authors.filter((creator) => !(creator.lastName === 'others' && !creator.firstName)).map(cslName);
  if (editors.length > 0)
    record.editor = editors.filter((creator) => !(creator.lastName === 'others' && !creator.firstName)).map(cslName);
  if (others(authors)) record['author-others'] = true;
  if (others(editors)) record['editor-others'] = true;
  for (const list of [record.author, record.editor]) {
    for (const name of list ?? []) {
      for (const key of ['family', 'given', 'literal'] as const) if (name[key]) name[key] = clean(name[key]!);
    }
  }
  const publisher = [fields.publisher, fields.school, fields.institution, fields.organization]
    .map((value) => (Array.isArray(value) ? value.join(', ') : value))
    .find((value) => typeof value === 'string' && value !== '');
  if (typeof publisher === 'string') record.publisher = clean(publisher);
  if (typeof fields.school === 'string' || Array.isArray(fields.school) || Array.isArray(fields.institution)) {
    const institution = [fields.school, fields.institution]
      .map((value) => (Array.isArray(value) ? value.join(', ') : value))
      .find(Boolean);
    if (typeof institution === 'string') record.institution = [{ name: clean(institution) }];
  }
  const repository = [fields.eprinttype, fields.howpublished, fields.archiveprefix].find(
    (value) => typeof value === 'string',
  );
  if (typeof repository === 'string') record.repository = clean(repository);
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

// ---------------------------------------------------------------- RIS

/** RIS reference types → CSL types (the RIS specification's names, as EndNote, Zotero and databases write them). */
const RIS_TYPES: Record<string, string> = {
  JOUR: 'article-journal',
  JFULL: 'article-journal',
  EJOUR: 'article-journal',
  MGZN: 'article-magazine',
  NEWS: 'article-newspaper',
  CHAP: 'chapter',
  ECHAP: 'chapter',
  BOOK: 'book',
  EBOOK: 'book',
  EDBOOK: 'edited-book',
  CONF: 'paper-conference',
  CPAPER: 'paper-conference',
  THES: 'thesis',
  RPRT: 'report',
  DATA: 'dataset',
  COMP: 'software',
  UNPB: 'manuscript',
  MANSCPT: 'manuscript',
  INPR: 'article-journal',
};

/** "Smith, John, Jr." / "Smith, J.A." / "World Health Organization": a RIS name. */
function risName(value: string): CslName {
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length === 1) return { literal: parts[0]! };
  const [family, given, suffix] = parts;
  return { family: family!, ...(given ? { given } : {}), ...(suffix ? { suffix } : {}) };
}

function readRis(text: string): ImportedRecord[] {
  const lines = text.split('\n');
  const results: ImportedRecord[] = [];
  let current: { line: number; tags: Map<string, string[]>; last?: string } | undefined;
  const finish = () => {
    if (current) results.push(risRecord(current.line, current.tags));
    current = undefined;
  };
  lines.forEach((raw, index) => {
    const line = raw.replace(/\s+$/, '');
    const match = RIS_LINE.exec(line);
    if (match) {
      const [, tag, value = ''] = match;
      if (tag === 'TY') {
        if (current) {
          results.push({
            line: current.line,
            problem: `the record has no "ER  -" line before the next "TY  -" at line ${index + 1}; it was read up to there`,
          });
          finish();
        }
        current = { line: index + 1, tags: new Map([['TY', [value.trim()]]]) };
        return;
      }
      if (!current) return;
      if (tag === 'ER') {
        finish();
        return;
      }
      const values = current.tags.get(tag!) ?? [];
      values.push(value.trim());
      current.tags.set(tag!, values);
      current.last = tag;
    } else if (current?.last && line.trim() !== '') {
      // A value that runs on to the next line (EndNote's notes, abstracts and file lists).
      const values = current.tags.get(current.last)!;
      values[values.length - 1] = `${values.at(-1)} ${line.trim()}`.trim();
    }
  });
  finish();
  return results;
}

function risRecord(line: number, tags: Map<string, string[]>): ImportedRecord {
  const first = (...names: string[]) => {
    for (const name of names) {
      const value = tags.get(name)?.find((item) => item !== '');
      if (value) return value;
    }
    return undefined;
  };
  const all = (...names: string[]) => names.flatMap((name) => tags.get(name) ?? []).filter((value) => value !== '');
  const risType = (first('TY') ?? '').toUpperCase();
  const type = RIS_TYPES[risType] ?? 'article-journal';
  const record: CslRecord = { type };
  const title = first('TI', 'T1', 'CT', 'BT');
  if (title) record.title = title;
  // A chapter's book and a paper's journal are T2 (or BT, JO, JF, T3); BT is a book's own title only in BOOK.
  const container =
    type === 'chapter' || type === 'paper-conference'
      ? first('T2', 'BT', 'T3')
      : type === 'article-journal' || type === 'article-magazine' || type === 'article-newspaper'
        ? first('JF', 'JO', 'T2', 'JA', 'J2')
        : undefined;
  if (container) record['container-title'] = container;
  let authors = all('AU', 'A1');
  let editors = all('A2', 'ED');
  // An edited book's AU are its editors.
  if (type === 'edited-book' && editors.length === 0) {
    editors = authors;
    authors = [];
  }
  if (authors.length > 0) record.author = authors.map(risName);
  if (editors.length > 0) record.editor = editors.map(risName);
  // Several PY or DA lines (PubMed Central writes three) and forms such as "2014///" or "2014/05/17": the first year.
  const year = all('PY', 'Y1', 'DA')
    .map((value) => /\b(\d{4})\b/.exec(value)?.[1])
    .find(Boolean);
  if (year) record.issued = { 'date-parts': [[Number(year)]] };
  const set = (key: keyof CslRecord, value: string | undefined) => {
    if (value) record[key] = value;
  };
  set('volume', first('VL'));
  set(type === 'report' ? 'number' : 'issue', first('IS', ...(type === 'report' ? ['SN'] : [])));
  const start = first('SP');
  const end = first('EP');
  set('page', start && end ? `${start}-${end}` : start);
  set('article-number', first('C7'));
  set('edition', first('ET'));
  set('publisher', first('PB'));
  if (type === 'thesis') set('genre', first('M3'));
  if (type === 'dataset' || type === 'software') set('repository', first('DP', 'PB'));
  const doi = first('DO', 'DI') ?? all('UR', 'L2', 'N1').find((value) => bareDoi(value) !== null);
  set('DOI', doi);
  const url = all('UR', 'L2').find(isHttpUrl);
  set('URL', url);
  if (!RIS_TYPES[risType] && risType !== 'GEN' && risType !== 'ELEC') {
    // Read as an article all the same; the person sees the type it was given.
    record['type-note'] = risType;
  }
  return { line, record };
}
