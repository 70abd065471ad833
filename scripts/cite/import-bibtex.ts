/**
 * BibTeX and BibLaTeX (Zotero, Better BibTeX, JabRef, BibDesk, Mendeley) read
 * entry by entry by Better BibTeX's own parser (@retorquere/bibtex-parser):
 * @string, crossref, month macros and its full LaTeX-to-Unicode table. LaTeX
 * it cannot turn into text is reported at its line rather than written to the
 * page.
 */
import { type Creator, type Entry as BibtexEntry, parse as parseBibtex } from '@retorquere/bibtex-parser';
import { linesOf } from '../lib/line-counter.ts';
import { withoutUnreadFields } from './bibtex-unread.ts';
import { ImportError, type ImportedRecord } from './imported.ts';
import type { CslRecord } from '../lib/csl-record.ts';
import type { CslName } from '../lib/csl-names.ts';

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
  // biblatex-software, as HAL and Software Heritage write it.
  softwareversion: 'software',
  softwaremodule: 'software',
  codefragment: 'software',
  unpublished: 'manuscript',
  // A talk or a poster: biblatex-apa's @presentation, JabRef's @Talk.
  presentation: 'speech',
  talk: 'speech',
  speech: 'speech',
  // Mendeley writes its own type names: a chapter is @book_section (its book in `journal`), a web page @web_page.
  book_section: 'chapter',
  magazine_article: 'article-magazine',
  newspaper_article: 'article-newspaper',
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
  ['subtitle', ['subtitle']],
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
 * Where the parser met a command it does not know, it leaves the command marked with this (a character of Unicode's
 * private use area, which no export holds), so that it is told apart from a backslash written as text
 * (\textbackslash{}).
 */
const UNKNOWN_COMMAND = '\uE000';

/** LaTeX the parser could not turn into text: a command it does not know, or an accent with no letter under it ({\d} alone). */
function leftoverLatex(value: string): string | undefined {
  const marked = value.indexOf(UNKNOWN_COMMAND);
  if (marked !== -1)
    return `"${/^\\(?:[A-Za-z]+|.)/s.exec(value.slice(marked + 1))?.[0] ?? value.slice(marked + 1, marked + 9)}"`;
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
  publisher: ['publisher', 'organization'],
  institution: ['school', 'institution'],
  repository: ['eprinttype', 'howpublished', 'archiveprefix'],
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
      // A command the parser does not know stays as it was, marked, and is reported below; "\ " is a space.
      unsupported: (_node, tex) => TEXT_COMMANDS[tex.trim()] ?? `${UNKNOWN_COMMAND}${tex}`,
    });
  } catch (error) {
    throw new ImportError(`could not be read as BibTeX: ${(error as Error).message}`);
  }
}

/** Where an entry starts in the file: entries in file order, each searched for after the one before. */
function entryLines(library: Library, text: string, lineAt: (offset: number) => number): Map<BibtexEntry, number> {
  const lines = new Map<BibtexEntry, number>();
  let searchFrom = 0;
  for (const entry of library.entries) {
    // The parser keeps the start of an entry it could not finish (with no text): that entry is told as unreadable.
    if (!entry.input) continue;
    const at = entry.input ? text.indexOf(entry.input, searchFrom) : -1;
    if (at >= 0) searchFrom = at + entry.input.length;
    lines.set(entry, at >= 0 ? lineAt(at) : 1);
  }
  return lines;
}

/**
 * The parser's errors sorted by what they are about: an entry it could not read at all (a brace left open),
 * the names of @string abbreviations no one defined, and names with more parts than a name has (an "and"
 * missing between two names), by entry key. Errors about text inside a field are left to the field's check.
 */
function sortErrors(library: Library, text: string, lineAt: (offset: number) => number) {
  const unreadable: ImportedRecord[] = [];
  const undefinedMacros = new Set<string>();
  const crowdedNames = new Map<string, string>();
  for (const { error, input } of library.errors) {
    const macro = /^Unresolved @string reference "(.*)"$/.exec(error);
    const crowded = /^@(.+?): unexpected \d+-part name "(.*)", dropping/.exec(error);
    if (macro) undefinedMacros.add(macro[1]!.toUpperCase());
    else if (crowded) crowdedNames.set(crowded[1]!, crowded[2]!);
    else if (input?.startsWith('@')) unreadable.push(unreadableEntry(error, input, text, lineAt));
  }
  return { unreadable, undefinedMacros, crowdedNames };
}

function unreadableEntry(
  error: string,
  input: string,
  text: string,
  lineAt: (offset: number) => number,
): ImportedRecord {
  const at = text.indexOf(input);
  const said = /at line (\d+)/.exec(error);
  const key = /^@\w+\s*[{(]\s*([^,\s]*)/.exec(input)?.[1] || undefined;
  const reason = error.replace(/\s+in "[^"]*"$/, '').replace(/ at line \d+, column \d+/, '');
  return {
    line: at >= 0 ? lineAt(at) : said ? Number(said[1]) : 1,
    key,
    problem: `the entry could not be read (${reason}${said ? `, noticed at line ${said[1]}` : ''}); check that its braces and quotes are closed and that each field ends with a comma`,
  };
}

/** The end of a {…} or "…" value that starts at `at`. */
function valueEnd(input: string, at: number): number {
  const quoted = input[at] === '"';
  let depth = 0;
  for (let i = at + 1; i < input.length; i += 1) {
    if (input[i] === '\\') i += 1;
    else if (input[i] === '{') depth += 1;
    else if (input[i] === '}') {
      if (!quoted && depth === 0) return i + 1;
      depth -= 1;
    } else if (quoted && input[i] === '"' && depth === 0) return i + 1;
  }
  return input.length;
}

interface BareWord {
  field: string;
  word: string;
  at: number;
}

/** The bare words (abbreviations, numbers) a field's value is made of, from `at`, joined by #; and where it ends. */
function valueWords(input: string, field: string, start: number): { words: BareWord[]; end: number } {
  const words: BareWord[] = [];
  let at = start;
  for (;;) {
    if (input[at] === '{' || input[at] === '"') at = valueEnd(input, at);
    else {
      const word = /[^\s,#{}()"]+/y;
      word.lastIndex = at;
      const found = word.exec(input);
      if (!found) break;
      words.push({ field, word: found[0], at });
      at += found[0].length;
    }
    const joined = /\s*#\s*/y;
    joined.lastIndex = at;
    if (!joined.exec(input)) break;
    at = joined.lastIndex;
  }
  return { words, end: at };
}

/** The bare words each field of an entry's text is made of, with where they are. */
function bareWords(input: string): BareWord[] {
  const words: BareWord[] = [];
  const field = /\s*,?\s*([^\s=,{}()"#]+)\s*=\s*/y;
  field.lastIndex = input.indexOf(',') + 1;
  for (let found = field.exec(input); field.lastIndex > 0 && found; found = field.exec(input)) {
    const value = valueWords(input, found[1]!.toLowerCase(), field.lastIndex);
    words.push(...value.words);
    field.lastIndex = value.end;
  }
  return words;
}

/** The BibTeX fields an entry of the site is made from; an undefined abbreviation anywhere else changes nothing. */
const USED_FIELDS = new Set([
  ...TEXT_FIELDS.flatMap(([, names]) => names),
  ...['author', 'editor', 'publisher', 'organization', 'school', 'institution', 'eprinttype', 'howpublished'],
  ...['archiveprefix', 'year', 'date', 'pubstate', 'type', 'eventtitle', 'venue', 'titleaddon', 'eventdate'],
  'entrysubtype',
  'editortype',
]);

/** An abbreviation the entry uses (or takes from its crossref) that the file never defines: its field, name and line. */
function undefinedMacro(entry: BibtexEntry, line: number, context: EntryContext) {
  if (context.undefinedMacros.size === 0) return undefined;
  const own = bareWords(entry.input);
  const isUndefined = ({ field, word }: BareWord) =>
    USED_FIELDS.has(field) && context.undefinedMacros.has(word.toUpperCase());
  const used = own.find(isUndefined);
  if (used) return { ...used, line: line + linesOf(entry.input).linePos(used.at).line - 1 };
  const target = context.target(entry);
  if (!target) return undefined;
  const ownFields = new Set(own.map(({ field }) => field));
  const inherited = bareWords(target.input).find((word) => !ownFields.has(word.field) && isUndefined(word));
  return inherited ? { ...inherited, line, from: target.key } : undefined;
}

/** Why the parser's entry cannot be imported (an undefined abbreviation, names run together), or undefined. */
function entryProblem(entry: BibtexEntry, line: number, context: EntryContext) {
  const macro = undefinedMacro(entry, line, context);
  if (macro) {
    const through = 'from' in macro ? `, which it takes from its crossref ${macro.from},` : '';
    return {
      line: macro.line,
      problem: `its ${macro.field}${through} is "${macro.word}", an abbreviation (@string) this file does not define, so it would read "${macro.word}"; add @string{${macro.word} = {…}} with the full text at the top of the file (or export the library again with abbreviations written out) and import again`,
    };
  }
  const crowded = context.crowdedNames.get(entry.key);
  if (crowded)
    return {
      line: fieldLine(entry, line, ['author', 'editor']),
      problem: `the name "${crowded}" has more parts than one name has: an "and" is probably missing between two names; write "and" between them (such as "Miller, D. and Firby, J.") and import again`,
    };
  return undefined;
}

interface EntryContext {
  undefinedMacros: Set<string>;
  crowdedNames: Map<string, string>;
  /** The entry an entry's crossref names, if the file has it. */
  target: (entry: BibtexEntry) => BibtexEntry | undefined;
}

/** An entry whose crossref names no entry of the file: refused when that leaves it without its book or journal. */
function missingCrossref(entry: BibtexEntry, line: number, record: CslRecord, context: EntryContext) {
  const crossref = typeof entry.fields.crossref === 'string' ? entry.fields.crossref : undefined;
  if (!crossref || context.target(entry)) return undefined;
  const standsAlone = record.type === 'book' || record.type === 'report' || record.type === 'thesis';
  if (record['container-title'] || standsAlone)
    return { notes: [`its crossref "${crossref}" names no entry of this file; imported with its own fields`] };
  return {
    line: fieldLine(entry, line, ['crossref']),
    problem: `its crossref "${crossref}" names no entry of this file, so it has no book, proceedings or journal title; export ${crossref} with it (or add the title to the entry) and import again`,
  };
}

/** One entry the parser read: its record, or why it cannot be imported. */
function entryResult(entry: BibtexEntry, line: number, context: EntryContext): ImportedRecord {
  const key = entry.key || undefined;
  const refused = entryProblem(entry, line, context);
  if (refused) return { ...refused, key };
  const record = bibtexRecord(entry);
  const leftover = usedText(record)
    .map(([field, value]) => [field, leftoverLatex(value)] as const)
    .find(([, found]) => found);
  if (leftover) {
    const [field, found] = leftover;
    return {
      line: fieldLine(entry, line, SOURCE_FIELDS[field] ?? [field]),
      key,
      problem: `the ${field} holds LaTeX that cannot be turned into text: ${found}; write it as text in your reference manager (or fix it in the file) and import again`,
    };
  }
  const crossref = missingCrossref(entry, line, record, context);
  if (crossref?.problem !== undefined) return { line: crossref.line, key, problem: crossref.problem };
  return { line, key, record, ...(crossref?.notes ? { notes: crossref.notes } : {}) };
}

export function readBibtex(written: string): ImportedRecord[] {
  // Every place below is found in this text, which has the lines of the one written.
  const text = withoutUnreadFields(written);
  const library = parseLibrary(text);
  const lines = linesOf(text);
  const lineAt = (offset: number) => lines.linePos(offset).line;
  const { unreadable, undefinedMacros, crowdedNames } = sortErrors(library, text, lineAt);
  const byKey = new Map(library.entries.map((entry) => [entry.key.toUpperCase(), entry]));
  const context: EntryContext = {
    undefinedMacros,
    crowdedNames,
    target: (entry) =>
      typeof entry.fields.crossref === 'string' ? byKey.get(entry.fields.crossref.toUpperCase()) : undefined,
  };
  const results = [...unreadable];
  for (const [entry, line] of entryLines(library, text, lineAt)) results.push(entryResult(entry, line, context));
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
  for (const field of ['title', 'container-title', 'publisher', 'repository'] as const) {
    const value = record[field];
    if (typeof value === 'string') out.push([field === 'container-title' ? 'journal or book title' : field, value]);
  }
  const institution = record.institution?.[0]?.name;
  if (institution) out.push(['institution', institution]);
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
    // "Dowty, D.R., et al." written as one name: Dowty, D. R., and the list goes on.
    const etAl = (creator: Creator) => /^et\.?\s*al\.?$/i.test(creator.firstName ?? '');
    const people = list.map((creator) =>
      etAl(creator) ? { lastName: creator.lastName, firstName: creator.suffix } : creator,
    );
    record[role] = people.filter((creator) => !isOthers(creator)).map(cslName);
    if (list.some(isOthers) || list.some(etAl)) record[`${role}-others`] = true;
    for (const name of record[role]!) {
      for (const key of ['family', 'given', 'literal'] as const) if (name[key]) name[key] = clean(name[key]!);
    }
  }
}

/** The first of `names` the entry has as text (a list, as the parser gives some, joined). */
const firstText = (fields: Record<string, unknown>, ...names: string[]) =>
  names.map((name) => joined(fields[name])).find((value) => typeof value === 'string' && value.trim() !== '') as
    | string
    | undefined;

/** biblatex's eprinttype names an archive in lower case; APA names it as the archive does. */
const ARCHIVES: Record<string, string> = {
  arxiv: 'arXiv',
  biorxiv: 'bioRxiv',
  medrxiv: 'medRxiv',
  psyarxiv: 'PsyArXiv',
  hal: 'HAL',
  ssrn: 'SSRN',
  pubmed: 'PubMed',
  jstor: 'JSTOR',
};

/** Publisher, institution (a thesis's school, a report's institution) and repository, each on its own. */
function bibtexIssuers(fields: Record<string, unknown>, record: CslRecord): void {
  const publisher = firstText(fields, 'publisher', 'organization');
  const institution = firstText(fields, 'school', 'institution');
  const archive = firstText(fields, 'eprinttype', 'archiveprefix');
  // biblatex-apa names the site of an @online work in its eprint ("PsyArXiv", "PubMed Central"): a name, no number.
  const site = typeof fields.eprint === 'string' && !/\d/.test(fields.eprint) ? fields.eprint : undefined;
  // biblatex-apa's howpublished of a manuscript is a localisation key ("manunpub"), not where it is kept.
  const published = firstText(fields, 'howpublished')?.replace(/^man(?:unpub|inprep|sub)$/, '');
  const repository = archive ? (ARCHIVES[archive.trim().toLowerCase()] ?? archive) : published || undefined;
  if (publisher ?? site) record.publisher = clean((publisher ?? site)!);
  if (institution) record.institution = [{ name: clean(institution) }];
  if (repository ?? site) record.repository = clean((repository ?? site)!);
}

/** @misc as the site writes a preprint, a data set or software: its `type` field says which. */
const MISC_KINDS: [RegExp, string][] = [
  [/^preprint$/i, 'manuscript'],
  [/^data\s*set$/i, 'dataset'],
  [/^(?:computer\s+)?(?:software|program)$/i, 'software'],
];

/** biblatex's and Mendeley's types of a web page. */
const WEB_TYPES = new Set(['online', 'electronic', 'www', 'webpage', 'web_page']);

/** A preprint's archive, from biblatex's eprinttype or BibTeX's archivePrefix (arXiv, HAL, PsyArXiv…). */
const eprintArchive = (fields: Record<string, unknown>) =>
  [fields.archiveprefix, fields.eprinttype].find((value) => typeof value === 'string' && value.trim() !== '') as
    | string
    | undefined;

/** An arXiv identifier, new (2001.06387, arXiv:1902.07120v2) or old (quant-ph/0201082). */
const arxivId = (value: unknown) =>
  typeof value === 'string' &&
  /^(?:arxiv:)?(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?$/i.test(value.trim());

/** A "journal" that is an arXiv identifier (Zotero keeps a preprint so: "arXiv:1305.4904 [quant-ph]"). */
const arxivJournal = (fields: Record<string, unknown>) =>
  typeof fields.journal === 'string' && /^arxiv\b/i.test(fields.journal.trim());

/**
 * The CSL type of an entry, and where the site has no such kind, what the file calls it (said in a note with the kind
 * it is imported as): a @misc or @online with an eprint is a preprint, a @misc with a booktitle a conference paper,
 * any other @misc an informally published work, a web page is cited as a report is, a manual as a book (with an
 * edition or a publisher) or a report.
 */
function bibtexKind(type: string, fields: Record<string, unknown>): { type: string; said?: string } {
  const archive = eprintArchive(fields);
  if (type === 'misc' && typeof fields.type === 'string') {
    const kind = MISC_KINDS.find(([pattern]) => pattern.test((fields.type as string).trim()))?.[1];
    if (kind) return { type: kind };
  }
  if (type === 'unpublished' && (fields.eventtitle || /^presentation$/i.test(String(fields.entrysubtype ?? ''))))
    return { type: 'speech' };
  // A book whose editors' role is said (editortype = {editor}, as the site writes an edited book that names its
  // authors too) is an edited book: its editors are kept.
  if (type === 'book' && /^editor$/i.test(String(fields.editortype ?? ''))) return { type: 'edited-book' };
  if ((type === 'misc' || WEB_TYPES.has(type)) && (archive || arxivId(fields.eprint)))
    return { type: 'manuscript', said: `a @${type} with ${archive ? `an ${archive}` : 'an'} eprint` };
  if (WEB_TYPES.has(type) && fields.doi) return { type: 'manuscript', said: `an @${type} entry with a DOI` };
  if (type === 'article' && arxivJournal(fields))
    return { type: 'manuscript', said: `an @article whose journal is an arXiv identifier ("${fields.journal}")` };
  if (type === 'misc')
    return fields.booktitle
      ? { type: 'paper-conference', said: 'a @misc with a booktitle' }
      : { type: 'manuscript', said: 'a @misc without a type' };
  if (WEB_TYPES.has(type)) return { type: 'webpage', said: `a web page (@${type}), which the site has no kind for` };
  if (type === 'manual')
    return { type: fields.edition || fields.publisher ? 'book' : 'report', said: 'a manual (@manual)' };
  const known = BIBTEX_TYPES[type];
  if (known) return { type: known };
  const said = `a @${type}, which the site has no kind for`;
  return { type: fields.journal || fields.journaltitle ? 'article-journal' : 'manuscript', said };
}

/**
 * An arXiv preprint: an identifier kept as its "journal" is its archive, not a journal, and without a DOI or an
 * address its link is its arXiv page (arxiv.org/abs/<id>, the address APA 7 gives a preprint there).
 */
function arxivPreprint(fields: Record<string, unknown>, record: CslRecord): void {
  if (record.type !== 'manuscript') return;
  if (arxivJournal(fields)) {
    delete record['container-title'];
    record.repository ??= 'arXiv';
  }
  const id = [fields.eprint, /arxiv:\s*(\S+)/i.exec(String(fields.journal ?? ''))?.[1]].find(arxivId) as
    | string
    | undefined;
  if (record.repository === 'arXiv' && id && !record.DOI && !record.URL)
    record.URL = `https://arxiv.org/abs/${id.replace(/^arxiv:/i, '')}`;
}

/** A presentation's conference, its place and what it was (biblatex-apa's titleaddon, Better BibTeX's type). */
function presentationFields(fields: Record<string, unknown>, record: CslRecord): void {
  const text = (...names: string[]) => firstText(fields, ...names);
  const event = text('eventtitle');
  const place = text('venue', 'location', 'address');
  const genre = text('type', 'titleaddon');
  if (event) record['event-title'] = clean(event);
  if (place) record['event-place'] = clean(place);
  if (genre) record.genre = clean(genre);
}

/** "in press" as BibLaTeX's pubstate (inpress) or written in place of the year. */
const inPress = (fields: Record<string, unknown>) =>
  [fields.pubstate, fields.year].some((value) => typeof value === 'string' && /^\s*in[\s-]*press\s*$/i.test(value));

/**
 * The parser reads "$$" as display math even in a verbatim field (a DOI, an address) and gives "\[" and "\]" for
 * it, also in quotes: such a field is taken as written in the entry, when that is what the parser read.
 */
function verbatimAsWritten(entry: BibtexEntry): Record<string, string> {
  const written: Record<string, string> = {};
  for (const field of ['doi', 'url']) {
    const read = (entry.fields as Record<string, unknown>)[field];
    if (typeof read !== 'string' || !/\\[[\]]/.test(read)) continue;
    const match = new RegExp(`^\\s*${field}\\s*=\\s*(?:"([^"]*)"|\\{([^{}]*)\\})`, 'im').exec(entry.input);
    const value = match?.[1] ?? match?.[2];
    let pairs = 0;
    const asParserReads = value?.replace(/\$\$/g, () => (pairs++ % 2 === 0 ? '\\[' : '\\]'));
    if (value !== undefined && asParserReads === read) written[field] = value;
  }
  return written;
}

function bibtexRecord(entry: BibtexEntry): CslRecord {
  const fields = { ...entry.fields, ...verbatimAsWritten(entry) } as Record<string, unknown>;
  const type = entry.type.toLowerCase();
  const kind = bibtexKind(type, fields);
  const record: CslRecord = { type: kind.type, ...(kind.said ? { 'source-kind': kind.said } : {}) };
  if (type === 'mastersthesis') record.genre = "Master's thesis";
  if (type === 'phdthesis') record.genre = 'Doctoral dissertation';
  if (typeof fields.type === 'string' && type === 'thesis') record.genre = fields.type;
  for (const [csl, names] of TEXT_FIELDS) {
    // A chapter's or a paper's container is its booktitle, whatever journal it also names (Sigplan Notices).
    const inBook = csl === 'container-title' && (record.type === 'chapter' || record.type === 'paper-conference');
    const found = (inBook ? ['booktitle', ...names] : names)
      .map((name) => fields[name])
      .find((value) => typeof value === 'string' && value.trim() !== '');
    if (typeof found === 'string') record[csl] = clean(found);
  }
  bibtexCreators(fields, record);
  bibtexIssuers(fields, record);
  if (record.type === 'speech') presentationFields(fields, record);
  arxivPreprint(fields, record);
  // A presentation may be dated by its conference alone (biblatex's eventdate).
  const year = /\d{4}/.exec(String(fields.year ?? fields.date ?? fields.eventdate ?? ''))?.[0];
  if (inPress(fields)) record.status = 'in press';
  else if (year) record.issued = { 'date-parts': [[Number(year)]] };
  // The parser writes "--" as an en dash; the content writes page ranges with a hyphen, as people type them.
  if (typeof record.page === 'string') record.page = record.page.replace(/(\w)\s*[–—]\s*(\w)/g, '$1-$2');
  // Mendeley writes the date a web page was read as its volume and issue ("2020", "May 12,"): not the page's own.
  if (type === 'web_page') {
    delete record.volume;
    delete record.issue;
  }
  // In a series, a plain volume or number is the series' (Routledge Studies …, 18), which APA leaves out, not a
  // volume of the book; a volume such as III/41c names a part of the work itself and stays.
  if (fields.series && record.type !== 'article-journal' && record.type !== 'report') {
    if (/^\d+$/.test(String(record.volume ?? ''))) delete record.volume;
    delete record.issue;
  }
  if (type === 'techreport' || type === 'report') {
    record.number = record.issue;
    delete record.issue;
  }
  return record;
}
