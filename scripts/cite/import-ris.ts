/**
 * RIS read line by line, the way real exporters write it: "TY - JOUR" with one
 * space as EndNote writes it, several PY or UR lines, values that run on to
 * the next line.
 */
import { bareDoi } from '../../src/doi.ts';
import { RIS_NOTES } from '../../src/citation-export.ts';
import { lowerCaseWord, SUFFIX } from '../../src/names.ts';
import { isHttpUrl } from '../../src/urls.ts';
import type { ImportedRecord } from './imported.ts';
import type { CslRecord } from '../lib/csl-record.ts';
import type { CslName } from '../lib/csl-names.ts';

const RIS_LINE = /^([A-Z][A-Z0-9]) {1,2}-(?: (.*))?$/s;

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
  // Zotero writes a presentation as SLIDE: its conference in T2, the place in CY, what it was in M3.
  SLIDE: 'speech',
};

/** RIS types the site has no kind for, read as the nearest kind (said in a note), with what they are. */
const RIS_NEAREST: Record<string, [string, string]> = {
  ABST: ['article-journal', 'an abstract'],
  GEN: ['article-journal', 'a generic reference'],
  ELEC: ['webpage', 'a web page'],
  WEB: ['webpage', 'a web page'],
  BLOG: ['webpage', 'a blog post'],
};

/** The CSL type of a RIS type, and where the site has no such kind, what the file calls it. */
function risKind(risType: string): { type: string; said?: string } {
  const exact = RIS_TYPES[risType];
  if (exact) return { type: exact };
  const [type, what] = RIS_NEAREST[risType] ?? ['article-journal', 'a kind the site has none of'];
  return { type, said: `the RIS type ${risType || '(none)'} (${what})` };
}

/**
 * "Smith, John, Jr." / "Smith, J.A." / "World Health Organization": a RIS name. RIS has no way to keep a group's
 * name whole when it holds a comma ("Council on Cardiopulmonary, Critical Care, Perioperative and Resuscitation"),
 * so a value is a person's name only where it reads as one: a family name that holds no word of a group's name
 * ("on", "of", "&"), a given name that starts with a letter in capitals, a suffix or nothing after it.
 */
function risName(value: string): CslName {
  const parts = value.split(',').map((part) => part.trim());
  const [family, given, suffix, ...more] = parts;
  const groupWord = family!.split(/\s+/).some((word) => lowerCaseWord(word) === 'group');
  const person =
    parts.length > 1 &&
    more.length === 0 &&
    !groupWord &&
    (!given || /^[\p{Lu}\p{Lt}\p{Lo}]/u.test(given)) &&
    (!suffix || SUFFIX.test(suffix) || /^[\p{Lu}\p{Lt}]/u.test(given ?? ''));
  if (!person) return { literal: value.trim() };
  return { family: family!, ...(given ? { given } : {}), ...(suffix ? { suffix } : {}) };
}

interface RisRecordLines {
  line: number;
  tags: Map<string, string[]>;
  last?: string;
}

export function readRis(text: string): ImportedRecord[] {
  const lines = text.split('\n');
  const results: ImportedRecord[] = [];
  let current: RisRecordLines | undefined;
  // A record that runs into the next one, or into the end of the file, may be cut short: it is refused, not guessed.
  const unfinished = (where: string) => {
    if (current)
      results.push({
        line: current.line,
        key: current.tags.get('ID')?.[0] || undefined,
        problem: `the record has no "ER  -" line ${where}, so it may be cut short; end it with a line "ER  - " (or export it again) and import again`,
      });
    current = undefined;
  };
  lines.forEach((raw, index) => {
    const line = raw.replace(/\s+$/, '');
    const match = RIS_LINE.exec(line);
    if (!match) {
      if (current) continuation(current, line);
      return;
    }
    const [, tag, value = ''] = match;
    if (tag === 'TY') {
      unfinished(`before the next "TY  -" at line ${index + 1}`);
      current = { line: index + 1, tags: new Map([['TY', [value.trim()]]]) };
    } else if (tag === 'ER') {
      if (current) results.push(risRecord(current.line, current.tags));
      current = undefined;
    } else if (current) addTag(current, tag!, value);
  });
  unfinished('before the end of the file');
  return results;
}

function addTag(current: RisRecordLines, tag: string, value: string): void {
  const values = current.tags.get(tag) ?? [];
  values.push(value.trim());
  current.tags.set(tag, values);
  current.last = tag;
}

/** A value that runs on to the next line (EndNote's notes, abstracts and file lists). */
function continuation(current: RisRecordLines, line: string): void {
  if (!current.last || line.trim() === '') return;
  const values = current.tags.get(current.last)!;
  values[values.length - 1] = `${values.at(-1)} ${line.trim()}`.trim();
}

/** The record's tags, read by name: the first non-empty value, or all of them. */
function tagReader(tags: Map<string, string[]>) {
  const first = (...names: string[]) => {
    for (const name of names) {
      const value = tags.get(name)?.find((item) => item !== '');
      if (value) return value;
    }
    return undefined;
  };
  const all = (...names: string[]) => names.flatMap((name) => tags.get(name) ?? []).filter((value) => value !== '');
  /** Every value of one tag, empty ones too: their places count. */
  const each = (name: string) => tags.get(name) ?? [];
  return { first, all, each };
}

type Tags = ReturnType<typeof tagReader>;

/**
 * A chapter's book is T2 (or BT, T3), a paper's proceedings C3 (as the RIS specification and Zotero write them) or
 * T2, an article's journal JF, JO or T2; BT is a book's own title only in BOOK.
 */
function risContainer(type: string, { first }: Tags): string | undefined {
  if (type === 'paper-conference') return first('C3', 'T2', 'BT', 'T3');
  if (type === 'chapter') return first('T2', 'BT', 'T3');
  if (type === 'speech') return undefined;
  if (type === 'article-journal' || type === 'article-magazine' || type === 'article-newspaper')
    return first('JF', 'JO', 'T2', 'JA', 'J2');
  return undefined;
}

function risCreators({ all, first }: Tags, record: CslRecord): void {
  const risType = (first('TY') ?? '').toUpperCase();
  let authors = all('AU', 'A1');
  // A book's editors are A3 (the RIS specification's, Zotero's and Citation.js's reading), its A2 the series' editors.
  let editors = all('A2', 'ED', ...(risType === 'BOOK' ? ['A3'] : []));
  // "et al." (or BibTeX's "others") last, or the site's own note: the list goes on, no one is named so.
  const notes = all('N1');
  const noted = { author: notes.includes(RIS_NOTES.authorsGoOn), editor: notes.includes(RIS_NOTES.editorsGoOn) };
  // An edited book's (EDBOOK's) AU are its editors, as the RIS specification, EndNote and Citation.js have it; its A2
  // are the series' editors, which the site does not keep.
  if (risType === 'EDBOOK') {
    editors = [...authors, ...all('ED')];
    authors = [];
    noted.editor = noted.author;
    noted.author = false;
  }
  const others = (names: string[]) => names.length > 0 && /^(?:et al\.?|others)$/i.test(names.at(-1)!);
  for (const [role, names] of [
    ['author', authors],
    ['editor', editors],
  ] as const) {
    const goesOn = others(names) || noted[role];
    if (names.length === 0 && !goesOn) continue;
    record[role] = names.filter((_name, index) => !(index === names.length - 1 && others(names))).map(risName);
    if (goesOn) record[`${role}-others`] = true;
  }
}

/** Volume, issue or report number, pages, article number, edition. */
function risNumbers(type: string, { first }: Tags, set: (key: keyof CslRecord, value: string | undefined) => void) {
  set('volume', first('VL'));
  set(type === 'report' ? 'number' : 'issue', first('IS', ...(type === 'report' ? ['SN'] : [])));
  const start = first('SP');
  const end = first('EP');
  set('page', start && end ? `${start}-${end}` : start);
  set('article-number', first('C7'));
  // A data set's, a program's or a preprint's ET is its version (EndNote and Zotero write it there).
  const versioned = type === 'dataset' || type === 'software' || type === 'manuscript';
  set(versioned ? 'version' : 'edition', first('ET'));
}

/**
 * Who issued the work and where it is kept. A thesis's and a report's PB is its institution (as EndNote and Zotero
 * read it), a report's second PB its publisher; a preprint's, a data set's or a program's PB its repository; DP, the
 * database it came from, a thesis's repository.
 */
function risIssuers(
  type: string,
  { each, first }: Tags,
  record: CslRecord,
  set: (key: keyof CslRecord, value: string | undefined) => void,
) {
  // A report with a publisher but no institution is written with its first PB empty.
  const [pb, second] = each('PB').map((value) => value || undefined);
  if (type === 'thesis' || type === 'report') {
    if (pb) record.institution = [{ name: pb }];
    if (type === 'report') set('publisher', second);
    if (type === 'thesis') set('genre', first('M3'));
    set('repository', first('DP'));
  } else if (type === 'dataset' || type === 'software' || type === 'manuscript') set('repository', first('DP') ?? pb);
  else set('publisher', pb);
}

function risRecord(line: number, tags: Map<string, string[]>): ImportedRecord {
  const read = tagReader(tags);
  const { first, all } = read;
  const risType = (first('TY') ?? '').toUpperCase();
  const kind = risKind(risType);
  // A BOOK noted as an edited book (as the site writes one that names its authors too): its editors are kept.
  const type = risType === 'BOOK' && all('N1').includes(RIS_NOTES.editedBook) ? 'edited-book' : kind.type;
  const record: CslRecord = { type, ...(kind.said ? { 'source-kind': kind.said } : {}) };
  const set = (key: keyof CslRecord, value: string | undefined) => {
    if (value) record[key] = value;
  };
  set('title', first('TI', 'T1', 'CT', 'BT'));
  set('container-title', risContainer(type, read));
  risCreators(read, record);
  // Several PY or DA lines (PubMed Central writes three) and forms such as "2014///" or "2014/05/17": the first year.
  const dates = all('PY', 'Y1', 'DA');
  const year = dates.map((value) => /\b(\d{4})\b/.exec(value)?.[1]).find(Boolean);
  const inPress = dates.some((value) => /^\W*in[\s-]*press\W*$/i.test(value)) || all('N1').includes(RIS_NOTES.inPress);
  if (inPress) record.status = 'in press';
  else if (year) record.issued = { 'date-parts': [[Number(year)]] };
  risNumbers(type, read, set);
  risIssuers(type, read, record, set);
  set('DOI', first('DO', 'DI') ?? all('UR', 'L2', 'N1').find((value) => bareDoi(value) !== null));
  set('URL', all('UR', 'L2').find(isHttpUrl));
  if (type === 'speech') {
    set('event-title', first('T2', 'T3'));
    set('event-place', first('CY'));
    set('genre', first('M3'));
  }
  return { line, key: first('ID'), record };
}
