/**
 * npm run cite -- add <doi> --theme <id>     one publication from its DOI
 * npm run cite -- fill [--dry-run] [--find-dois]  missing fields of every entry with a DOI (and DOIs)
 * npm run cite -- import <file> --theme <id> a BibTeX, RIS or CSL-JSON export
 * npm run cite -- orcid [--json FILE]         members' ORCID works not on the site (scripts/cite/orcid.ts)
 *
 * The only commands that use the network (the DOI resolver, DOI_RESOLVER or
 * https://doi.org); what they write is content/publications.yml, edited in
 * place, and only once the build's content check accepts the result.
 *
 * fill exits 0 when every lookup was answered (filled, nothing to add, not
 * registered), 2 when some could not be made (no network, or the registry
 * failing after its retries: what was answered is written, the rest named),
 * and 1 for bad input (the command line, a file or a setting that cannot be
 * read, a write that fails).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { diffArrays } from 'diff';
import { citationText } from '../src/citation.ts';
import type { Publication } from '../src/content/publications.ts';
import { commandLineMistake } from './lib/command-line.ts';
import { offlineLine, siteUserAgent } from './lib/http-client.ts';
import { projectRoot } from './lib/project-root.js';
import { displayPath as relative, formatProblem, type Problem } from './lib/problems.ts';
import { parseAuthors } from '../src/citation-export.ts';
import { bareDoi } from '../src/doi.ts';
import { findDois } from './cite/find-doi.ts';
import { ORCID_USAGE, runOrcid } from './cite/orcid.ts';
import { readImport } from './cite/import-file.ts';
import { ImportError, type ImportedRecord } from './cite/imported.ts';
import {
  type Entry,
  type Field,
  FileError,
  PublicationsFile,
  publicationDoi,
  sameWorkKey,
} from './cite/publications-file.ts';
import { completeEntry, schemaProblem } from './cite/complete.ts';
import {
  applyCopyPlan,
  type CopyPlan,
  describeCopy,
  type FreeCopyLookup,
  freeCopyFields,
  freeCopySummary,
  lookUpFreeCopies,
  planFreeCopy,
} from './cite/free-copy.ts';
import { publicationFromRecord, RecordError } from './cite/record.ts';
import { defaultResolverOptions, type Resolution, type ResolverOptions, resolveAll } from './cite/resolver.ts';
import { UntrustedTextError } from './cite/text.ts';
import { readSiteSettings, SettingsError } from './stages/content/site-settings.ts';

/** npm runs scripts in the project's folder; paths typed on the command line are relative to where the person typed them. */
const fromWhereTyped = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

export interface CiteOptions {
  contentDir?: string;
  /** CROSSREF_API, or https://api.crossref.org: where fill --find-dois asks. */
  crossrefApi?: string;
  /** OPEN_ACCESS_API, or Unpaywall's: where fill, add and import ask for free copies. */
  openAccessApi?: string;
  resolver?: Partial<ResolverOptions>;
  print?: (line: string) => void;
  /** --email: the address Unpaywall is asked with, instead of the site's contactEmail. */
  email?: string;
  /** Replaces the file system calls of the final write (tests make it fail). */
  writeFs?: Parameters<PublicationsFile['save']>[0];
}

const USAGE = [
  'Usage:',
  '  npm run cite -- add <doi> --theme <id>       add a publication from its DOI',
  '  npm run cite -- fill [--dry-run]             fill missing fields of entries with a DOI',
  '       [--find-dois]                           and propose a DOI where one record matches',
  '  npm run cite -- import <file> --theme <id>   import a BibTeX, RIS or CSL-JSON export',
  "  add, fill and import record free copies (Unpaywall), asked with the site's contactEmail",
  '       [--email <address>]                     or this address instead',
  ORCID_USAGE,
].join('\n');

class UsageError extends Error {}

/** The command line, its mistakes worded as before node:util's parser took it over. */
function readArgs(args: string[]) {
  try {
    const parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean' },
        'find-dois': { type: 'boolean' },
        theme: { type: 'string' },
        content: { type: 'string' },
        email: { type: 'string' },
      },
    });
    const empty = Object.entries(parsed.values).find(([, value]) => value === '');
    if (empty) throw new UsageError(`--${empty[0]} needs a value`);
    return parsed;
  } catch (error) {
    const mistake = commandLineMistake(error);
    throw mistake === undefined ? error : new UsageError(mistake);
  }
}

type RunOptions = Required<Pick<CiteOptions, 'print'>> & CiteOptions;

/** Unpaywall asked for these DOIs (scripts/cite/free-copy.ts), with --email or the site's mailbox. */
const askFreeCopies = (dois: string[], options: RunOptions, contentDir: string, resolver: ResolverOptions) =>
  lookUpFreeCopies(dois, {
    contentDir,
    email: options.email,
    api: options.openAccessApi,
    resolver,
    print: options.print,
  });

/** A problem told by the rest once lines move as fields are added. */
const problemKey = (problem: Problem) => `${problem.where.replace(/:\d+(:\d+)?/, '')} ${problem.message}`;

const OFFLINE = (resolution: Resolution) =>
  resolution.ok || !resolution.offline ? '' : offlineLine(resolution.offline, 'Nothing was written');

/**
 * The lines an edit changes, numbered as in the new file ("-" at the line where it stood), as jsdiff finds them: a
 * longest common subsequence, so a line that comes again further down ("year: null") is never taken for the one changed.
 */
function changedLines(before: string, after: string): string[] {
  const show = (sign: '+' | '-', number: number, line: string) =>
    `${sign} ${String(number).padStart(4)} | ${line.replace(/\r$/, '')}`;
  const out: string[] = [];
  // The line of the new file the next part starts at.
  let number = 1;
  for (const part of diffArrays(before.split('\n'), after.split('\n'))) {
    if (part.removed) out.push(...part.value.map((line) => show('-', number, line)));
    else if (part.added) out.push(...part.value.map((line, index) => show('+', number + index, line)));
    if (!part.removed) number += part.value.length;
  }
  return out;
}

async function saveChecked(file: PublicationsFile, print: (line: string) => void, options: CiteOptions) {
  const problems = await file.check();
  if (problems.length > 0) {
    print(`Nothing was written: the edited ${relative(file.file)} would not pass the content check:`);
    for (const problem of problems) print(`  ${formatProblem(problem)}`);
    return false;
  }
  await file.save(options.writeFs);
  return true;
}

async function add(
  args: string[],
  theme: string | undefined,
  options: Required<Pick<CiteOptions, 'print'>> & CiteOptions,
  contentDir: string,
  resolver: ResolverOptions,
) {
  const { print } = options;
  if (args.length !== 1 || !theme) throw new UsageError('add takes one DOI and --theme <id>');
  const doi = bareDoi(args[0]!);
  if (!doi)
    throw new UsageError(`"${args[0]}" is not a DOI (expected 10.xxxx/…, https://doi.org/10.xxxx/… or doi:10.xxxx/…)`);
  const file = await PublicationsFile.open(contentDir);
  const listed = file.findDoi(doi);
  if (listed) {
    print(`${listed.where}: ${doi} is already listed, as ${listed.theme}[${listed.index}]. Nothing was written.`);
    return 1;
  }
  const [resolution] = await resolveAll([doi], resolver);
  if (!resolution!.ok) {
    print(resolution!.offline ? OFFLINE(resolution!) : `${doi}: ${resolution!.reason}. Nothing was written.`);
    return 1;
  }
  let publication: Publication;
  try {
    publication = publicationFromRecord(resolution!.record, doi);
  } catch (error) {
    if (error instanceof RecordError || error instanceof UntrustedTextError) {
      print(`${doi}: the registry's record cannot be used: ${error.message}. Nothing was written.`);
      return 1;
    }
    throw error;
  }
  const refused = schemaProblem(publication);
  if (refused) {
    print(`${doi}: the registry's record would break the content check (${refused}). Nothing was written.`);
    return 1;
  }
  const copies = await askFreeCopies([doi], options, contentDir, resolver);
  Object.assign(publication, freeCopyFields(copies.answers.get(doi)));
  file.add(theme, publication);
  if (!(await saveChecked(file, print, options))) return 1;
  const added = (await PublicationsFile.open(contentDir)).findDoi(doi)!;
  print(`Added to ${theme} at ${added.where}:`);
  print(`  ${citationText(publication)}`);
  if (publication.freeCopy) print(`  Free to read: ${describeCopy(publication)}`);
  return copies.unanswered > 0 ? 2 : 0;
}

/**
 * --find-dois: a DOI for each entry without one, where exactly one record agrees, and how many queries could not be
 * made (no network, or Crossref failing after its retries), each named.
 */
async function proposeDois(
  file: PublicationsFile,
  options: Required<Pick<CiteOptions, 'print'>> & CiteOptions,
  resolver: ResolverOptions,
) {
  const { print } = options;
  const text = (entry: Entry, key: string) => {
    const value = entry.map.get(key);
    return typeof value === 'string' ? value : undefined;
  };
  const without = file
    .entries()
    .filter((entry) => !text(entry, 'doi') && !publicationDoi({ url: text(entry, 'url') }) && text(entry, 'title'));
  const found = await findDois(
    without.map((entry) => ({
      title: text(entry, 'title')!,
      year: entry.map.get('year'),
      family: parseAuthors(text(entry, 'authors') ?? text(entry, 'editors') ?? '')[0]?.family ?? '',
    })),
    resolver,
    options.crossrefApi ?? (process.env.CROSSREF_API?.trim() || 'https://api.crossref.org'),
  );
  const proposals: Fill[] = [];
  const [offline] = found.flatMap((result) => (!result.ok && result.offline ? [result.offline] : []));
  // Without network, one line for them all rather than one per entry.
  if (offline && found.every((result) => !result.ok && result.offline)) {
    print(offlineLine(offline, 'No DOI was looked up'));
    return { proposals, unanswered: found.length, asked: found.length };
  }
  found.forEach((result, index) => {
    const entry = without[index]!;
    const label = `${entry.theme}[${entry.index}]`;
    if (result.ok) {
      print(
        `${entry.where}: ${label} doi ${result.doi}: the one record whose title, year and first author agree; review it`,
      );
      proposals.push({ entry, label, field: 'doi', value: result.doi });
    } else print(`${entry.where}: ${label} no DOI proposed: ${result.reason}`);
  });
  return {
    proposals,
    unanswered: found.filter((result) => !result.ok && result.unanswered).length,
    asked: found.length,
  };
}

/** `whole`: the entry's fills stand or fall together (it held only its DOI, or takes the record's kind). */
type Fill = { entry: Entry; label: string; field: Field; value: string | number; whole?: boolean };

/** What one entry gets from its DOI's record: the fields to fill, how many typed values disagree, or why nothing. */
interface EntryPlan {
  fills: Fill[];
  conflicts: number;
  /** Why the entry gets nothing: its DOI did not resolve, or the record cannot be used. */
  unresolved?: string;
}

/** Every entry with a DOI, and its DOI's record (or why not), in the file's order. */
async function resolveEntries(file: PublicationsFile, resolver: ResolverOptions) {
  const entries = file.entries().filter((entry) => typeof entry.map.get('doi') === 'string');
  const resolutions = await resolveAll(
    entries.map((entry) => String(entry.map.get('doi'))),
    resolver,
  );
  return entries.map((entry, index) => ({ entry, resolution: resolutions[index]! }));
}

/**
 * What one entry gets from its record: an entry typed as its DOI alone every field of the record, checked together;
 * one typed by hand what add would give it (its record's kind and that kind's fields), a typed value that disagrees
 * kept and printed as a conflict.
 */
function planEntry(file: PublicationsFile, entry: Entry, resolution: Resolution, print: (line: string) => void) {
  const label = `${entry.theme}[${entry.index}]`;
  const plan: EntryPlan = { fills: [], conflicts: 0 };
  if (!resolution.ok)
    return { ...plan, unresolved: `${entry.where}: ${label} ${resolution.doi}: ${resolution.reason}` };
  let record: Publication;
  try {
    record = publicationFromRecord(resolution.record, resolution.doi);
  } catch (error) {
    const unresolved = `${entry.where}: ${label} ${resolution.doi}: the record cannot be used: ${(error as Error).message}`;
    return { ...plan, unresolved };
  }
  // The entry completed the way add would build it (scripts/cite/complete.ts): fills, conflicts, refusals.
  const completion = completeEntry(entry.map.toJSON() as Publication, record);
  for (const refusal of completion.refused)
    print(`${entry.where}: ${label}${refusal.fields.length === 1 ? ` ${refusal.fields[0]}` : ''}: ${refusal.said}`);
  for (const conflict of completion.conflicts)
    print(`${file.fieldWhere(entry, conflict.field)}: ${label} ${conflict.field}: ${conflict.said}`);
  plan.fills.push(...completion.fills.map((fill) => ({ entry, label, whole: completion.whole, ...fill })));
  plan.conflicts = completion.conflicts.length;
  return plan;
}

/**
 * Makes the fills in the file (not yet saved) and returns those made. What the file already had wrong (publications
 * still waiting to be filled, say) is no reason to write nothing: an edit is refused only for a problem it adds.
 */
async function writeFills(file: PublicationsFile, fills: Fill[], print: (line: string) => void): Promise<Fill[]> {
  const before = new Set((fills.length > 0 ? await file.check() : []).map(problemKey));
  const added = async () => (await file.check()).filter((problem) => !before.has(problemKey(problem)));
  for (const { entry, field, value } of fills) file.fill(entry, field, value);
  if (fills.length === 0 || (await added()).length === 0) return fills;
  // Something the schema of one entry cannot see (a duplicate, say) is refused by the whole content check:
  // each fill is tried on its own (an entry that held only its DOI, all its fields together), so one that cannot
  // be written never costs the others.
  file.undo(0);
  const written: Fill[] = [];
  const groups = new Map<unknown, Fill[]>();
  for (const fill of fills) {
    const key = fill.whole ? fill.entry : fill;
    groups.set(key, [...(groups.get(key) ?? []), fill]);
  }
  for (const group of groups.values()) {
    const count = file.editCount;
    for (const fill of group) file.fill(fill.entry, fill.field, fill.value);
    const problems = await added();
    if (problems.length === 0) written.push(...group);
    else {
      file.undo(count);
      const [fill] = group;
      print(
        `${fill!.entry.where}: ${fill!.label} ${group.map((one) => one.field).join(', ')}: ${group.map((one) => JSON.stringify(one.value)).join(', ')} cannot be written: ${formatProblem(problems[0]!)}`,
      );
    }
  }
  return written;
}

/** Each entry with a DOI asked of Unpaywall, and how its free copy changes (none for an answer that leaves it be). */
async function planFreeCopies(
  file: PublicationsFile,
  options: RunOptions,
  contentDir: string,
  resolver: ResolverOptions,
) {
  const entries = file.entries().filter((entry) => typeof entry.map.get('doi') === 'string');
  const lookup = await askFreeCopies(
    entries.map((entry) => String(entry.map.get('doi'))),
    options,
    contentDir,
    resolver,
  );
  const plans = entries.flatMap(
    (entry) => planFreeCopy(file, entry, lookup.answers.get(String(entry.map.get('doi')))) ?? [],
  );
  return { lookup, plans };
}

/** Makes each free copy's change the content check accepts (one that adds a problem is named and not made). */
async function writeCopies(file: PublicationsFile, plans: CopyPlan[], print: (line: string) => void) {
  const changing = plans.filter((plan) => plan.set.length > 0 || plan.remove.length > 0);
  if (changing.length === 0) return [];
  const before = new Set((await file.check()).map(problemKey));
  const written: CopyPlan[] = [];
  for (const plan of changing) {
    const count = file.editCount;
    applyCopyPlan(file, plan);
    const [problem] = (await file.check()).filter((one) => !before.has(problemKey(one)));
    if (!problem) written.push(plan);
    else {
      file.undo(count);
      print(
        `${plan.entry.where}: ${plan.entry.theme}[${plan.entry.index}] free copy cannot be written: ${formatProblem(problem)}`,
      );
    }
  }
  return written;
}

interface FillOutcome {
  file: PublicationsFile;
  written: Fill[];
  conflicts: number;
  unresolved: string[];
  /** Lookups that could not be made, of all those asked. */
  unanswered: number;
  asked: number;
  dryRun: boolean;
  copies: { lookup: FreeCopyLookup; plans: CopyPlan[]; written: CopyPlan[] };
}

/** What was filled, the DOIs that were not, the summary; then the file saved, or with --dry-run the change shown. */
async function reportFill(outcome: FillOutcome, options: Required<Pick<CiteOptions, 'print'>> & CiteOptions) {
  const { file, written, conflicts, unresolved, unanswered, asked, dryRun, copies } = outcome;
  const { print } = options;
  for (const { entry, label, field, value } of written)
    print(`${entry.where}: ${label} filled ${field}: ${JSON.stringify(value)}`);
  for (const line of unresolved) print(line);
  const changed = new Set(copies.written);
  for (const plan of copies.plans)
    if (plan.line && (plan.outcome === 'conflict' || changed.has(plan))) print(plan.line);
  const filled = written.length;
  const filledEntries = new Set(written.map((fill) => fill.entry)).size;
  print(
    `Summary: filled ${filled} field${filled === 1 ? '' : 's'} in ${filledEntries} entr${filledEntries === 1 ? 'y' : 'ies'}; ${conflicts} conflict${conflicts === 1 ? '' : 's'} (typed values kept); ${unresolved.length} DOI${unresolved.length === 1 ? '' : 's'} could not be resolved.`,
  );
  if (unanswered > 0)
    print(
      `Could not look up ${unanswered} of ${asked} (named above): the registry could not be reached or did not answer. What was answered is ${dryRun ? 'shown' : 'written'}; run the command again later for the rest.`,
    );
  if (copies.lookup.asked > 0) print(freeCopySummary(copies.plans, copies.lookup));
  if (filled === 0 && copies.written.length === 0) return;
  if (dryRun) {
    print(`The change to ${relative(file.file)} (--dry-run: nothing was written):`);
    for (const line of changedLines(file.original, file.text())) print(line);
    return;
  }
  await file.save(options.writeFs);
}

/**
 * fill: resolve every DOI → plan each entry's fills → make those the content check accepts → report and save. Exits 0
 * when every lookup was answered (filled, nothing to add, not registered), 2 when some could not be made (after
 * writing what was answered, and naming the rest); a file or setting that cannot be read is 1 (runCite).
 */
async function fill(
  dryRun: boolean,
  options: Required<Pick<CiteOptions, 'print'>> & CiteOptions,
  contentDir: string,
  resolver: ResolverOptions,
  findDoisToo = false,
) {
  const { print } = options;
  const file = await PublicationsFile.open(contentDir);
  const resolved = await resolveEntries(file, resolver);
  const offline = resolved.filter(({ resolution }) => !resolution.ok && resolution.offline);
  // No network at all: nothing was answered, and the one line every command prints says so.
  if (offline.length > 0 && offline.length === resolved.length) {
    print(OFFLINE(offline[0]!.resolution));
    return 2;
  }
  const plans = resolved.map(({ entry, resolution }) => planEntry(file, entry, resolution, print));
  const found = findDoisToo ? await proposeDois(file, options, resolver) : { proposals: [], unanswered: 0, asked: 0 };
  const written = await writeFills(file, [...plans.flatMap((plan) => plan.fills), ...found.proposals], print);
  const copies = await planFreeCopies(file, options, contentDir, resolver);
  const copiesWritten = await writeCopies(file, copies.plans, print);
  const unanswered =
    resolved.filter(({ resolution }) => !resolution.ok && resolution.unanswered).length + found.unanswered;
  await reportFill(
    {
      file,
      written,
      conflicts: plans.reduce((sum, plan) => sum + plan.conflicts, 0),
      unresolved: plans.flatMap((plan) => (plan.unresolved ? [plan.unresolved] : [])),
      unanswered,
      asked: resolved.length + found.asked,
      dryRun,
      copies: { ...copies, written: copiesWritten },
    },
    options,
  );
  return unanswered > 0 || copies.lookup.unanswered > 0 ? 2 : 0;
}

/** The import file read entry by entry; undefined (and said why) when the file as a whole cannot be read. */
async function readImportFile(source: string, name: string, print: (line: string) => void) {
  try {
    return readImport(source, await readFile(source, 'utf8'));
  } catch (error) {
    if (error instanceof ImportError) print(`${name} ${error.message}. Nothing was written.`);
    else print(`${name} could not be read: ${(error as Error).message}. Nothing was written.`);
    return undefined;
  }
}

type Outcome = 'imported' | 'skipped' | 'refused';

/** The entry a record gives, or why it gives none; what was left out of it goes into `notes`. */
function importedPublication(imported: ImportedRecord, notes: string[]): Publication | string {
  if (!('record' in imported)) return imported.problem;
  notes.push(...(imported.notes ?? []));
  try {
    const publication = publicationFromRecord(imported.record, undefined, notes);
    return schemaProblem(publication) ?? publication;
  } catch (error) {
    if (!(error instanceof RecordError || error instanceof UntrustedTextError)) throw error;
    return error.message;
  }
}

/** An entry to be added, and where in the import file it came from. */
type Pending = { publication: Publication; at: string };

/** One entry of the import file, put in `pending` when it may be added; what happened to it, said at its line. */
function importOne(
  imported: ImportedRecord,
  where: string,
  file: PublicationsFile,
  seen: Map<string, string>,
  pending: Pending[],
  print: (line: string) => void,
): { outcome: Outcome; noted?: boolean } {
  const at = `${where}${imported.key ? ` ${imported.key}` : ''}`;
  const notes: string[] = [];
  const publication = importedPublication(imported, notes);
  if (typeof publication === 'string') {
    print(`${at}: not imported: ${publication}`);
    return { outcome: 'refused' };
  }
  const key = sameWorkKey(publication);
  const listed = file.findSame(publication);
  if (listed) {
    print(
      `${at}: skipped: already listed at ${listed.entry.where} (${listed.entry.theme}[${listed.entry.index}]), by ${listed.by}`,
    );
    return { outcome: 'skipped' };
  }
  const earlier = seen.get(key);
  if (earlier !== undefined) {
    print(`${at}: skipped: the same publication as ${earlier}, earlier in this file`);
    return { outcome: 'skipped' };
  }
  seen.set(key, where);
  pending.push({ publication, at });
  print(`${at}: imported: ${citationText(publication)}`);
  for (const note of notes) print(`${at}: note: ${note}`);
  return { outcome: 'imported', noted: notes.length > 0 };
}

/** The summary line: every entry of the file counted once, as what happened to it. */
function importSummary(counts: Record<Outcome, number>, theme: string, total: number, noted: number): string {
  const entries = (n: number) => `${n} entr${n === 1 ? 'y' : 'ies'}`;
  const notes = noted > 0 ? `; ${entries(noted)} imported with a note` : '';
  return `Summary: ${counts.imported} imported into ${theme}, ${counts.skipped} skipped, ${counts.refused} not imported (of ${entries(total)} in the file)${notes}.`;
}

/** The new entries added under the theme, each with the free copy Unpaywall gives its DOI; how many it could not ask. */
async function addImported(
  file: PublicationsFile,
  theme: string,
  pending: Pending[],
  ask: (dois: string[]) => Promise<FreeCopyLookup>,
  print: (line: string) => void,
) {
  const lookup = await ask(pending.flatMap(({ publication }) => publication.doi ?? []));
  for (const { publication, at } of pending) {
    Object.assign(publication, freeCopyFields(publication.doi ? lookup.answers.get(publication.doi) : undefined));
    if (publication.freeCopy) print(`${at}: free to read: ${describeCopy(publication)}`);
    file.add(theme, publication);
  }
  return lookup.unanswered;
}

async function importFile(
  args: string[],
  theme: string | undefined,
  options: RunOptions,
  contentDir: string,
  resolver: ResolverOptions,
) {
  const { print } = options;
  if (args.length !== 1 || !theme) throw new UsageError('import takes one file and --theme <id>');
  const source = fromWhereTyped(args[0]!);
  const name = relative(source);
  const records = await readImportFile(source, name, print);
  if (!records) return 1;
  const file = await PublicationsFile.open(contentDir);
  // What this file has already given, by DOI (or title, year and kind where there is none): where it was seen.
  const seen = new Map<string, string>();
  const counts: Record<Outcome, number> = { imported: 0, skipped: 0, refused: 0 };
  let noted = 0;
  const pending: Pending[] = [];
  for (const imported of records) {
    const { outcome, noted: withNote } = importOne(imported, `${name}:${imported.line}`, file, seen, pending, print);
    counts[outcome] += 1;
    if (withNote) noted += 1;
  }
  const ask = (dois: string[]) => askFreeCopies(dois, options, contentDir, resolver);
  const unanswered = await addImported(file, theme, pending, ask, print);
  print(importSummary(counts, theme, records.length, noted));
  // 1 for an entry refused says more than 2 for a free copy not looked for (named in its line above).
  const code = counts.refused > 0 ? 1 : unanswered > 0 ? 2 : 0;
  if (counts.imported === 0) return code;
  if (!(await saveChecked(file, print, options))) return 1;
  return code;
}

/** Runs the command; returns the exit code. */
export async function runCite(argv: string[], options: CiteOptions = {}): Promise<number> {
  const print = options.print ?? ((line: string) => console.log(line));
  // orcid only reads, and has options and exit codes of its own.
  if (argv[0] === 'orcid') {
    const contentDir = path.resolve(options.contentDir ?? path.join(projectRoot, 'content'));
    return runOrcid(argv.slice(1), { ...options, print, contentDir, resolvePath: fromWhereTyped });
  }
  try {
    const { positionals, values: flags } = readArgs(argv);
    const [command, ...args] = positionals;
    const contentDir = path.resolve(
      flags.content !== undefined
        ? fromWhereTyped(flags.content)
        : (options.contentDir ?? path.join(projectRoot, 'content')),
    );
    const userAgent = siteUserAgent(await readSiteSettings(contentDir), 'cite');
    const resolver = { ...defaultResolverOptions(userAgent), ...options.resolver };
    const { theme } = flags;
    const all = { ...options, print, ...(flags.email !== undefined && { email: flags.email }) };
    if (command === 'add') return await add(args, theme, all, contentDir, resolver);
    if (command === 'fill')
      return await fill(flags['dry-run'] === true, all, contentDir, resolver, flags['find-dois'] === true);
    if (command === 'import') return await importFile(args, theme, all, contentDir, resolver);
    throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  } catch (error) {
    // A mistake on the command line is bad input, like a file that cannot be read: 2 is kept for lookups not made.
    if (error instanceof UsageError) {
      print(`${error.message}\n${USAGE}`);
      return 1;
    }
    if (error instanceof FileError || error instanceof SettingsError) {
      print(`${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runCite(process.argv.slice(2));
}
