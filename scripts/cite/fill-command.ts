/**
 * npm run cite -- fill [--dry-run] [--find-dois]: every entry with a DOI completed from its record as add would
 * build it, its free copy recorded, and (--find-dois) a DOI proposed where exactly one record agrees.
 */
import { diffArrays } from 'diff';
import type { Publication } from '../../src/content/publications.ts';
import { parseAuthors } from '../../src/citation-export.ts';
import { offlineLine } from '../lib/http-client.ts';
import { displayPath as relative, formatProblem } from '../lib/problems.ts';
import { askFreeCopies, type CiteRun, offlineResolution, problemKey } from './command-options.ts';
import { completeEntry } from './complete.ts';
import { findDois } from './find-doi.ts';
import { applyCopyPlan, type CopyPlan, type FreeCopyLookup, freeCopySummary, planFreeCopy } from './free-copy.ts';
import { type Entry, type Field, PublicationsFile, publicationDoi } from './publications-file.ts';
import { publicationFromRecord } from '../lib/csl-record.ts';
import { type Resolution, type ResolverOptions, resolveAll } from './resolver.ts';

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

/**
 * --find-dois: a DOI for each entry without one, where exactly one record agrees, and how many queries could not be
 * made (no network, or Crossref failing after its retries), each named.
 */
async function proposeDois(file: PublicationsFile, run: CiteRun) {
  const { print } = run;
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
    run.resolver,
    run.crossrefApi,
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
  /** The registry does not know the DOI (404): an answer, not a lookup left to make. */
  notRegistered?: boolean;
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
    return {
      ...plan,
      unresolved: `${entry.where}: ${label} ${resolution.doi}: ${resolution.reason}`,
      notRegistered: resolution.notRegistered === true,
    };
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
async function planFreeCopies(file: PublicationsFile, run: CiteRun) {
  const entries = file.entries().filter((entry) => typeof entry.map.get('doi') === 'string');
  const lookup = await askFreeCopies(
    entries.map((entry) => String(entry.map.get('doi'))),
    run,
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
  /** DOIs the registry does not know. */
  notRegistered: number;
  /** Lookups that could not be checked (no record had, or none usable), of all those asked. */
  unanswered: number;
  asked: number;
  dryRun: boolean;
  copies: { lookup: FreeCopyLookup; plans: CopyPlan[]; written: CopyPlan[] };
}

/** The line after the summary when some lookups could not be checked: how many, and whether anything was written. */
function unansweredLine(outcome: FillOutcome, changes: number): string {
  const { unanswered, asked, dryRun } = outcome;
  const kept = changes === 0 ? 'Nothing was written' : `What was answered is ${dryRun ? 'shown' : 'written'}`;
  const later = changes === 0 ? 'run the command again later' : 'run the command again later for the rest';
  return `Could not look up ${unanswered} of ${asked} (named above). ${kept}; ${later}.`;
}

/** What was filled, the DOIs that were not, the summary; then the file saved, or with --dry-run the change shown. */
async function reportFill(outcome: FillOutcome, run: CiteRun) {
  const { file, written, conflicts, unresolved, notRegistered, unanswered, dryRun, copies } = outcome;
  const { print } = run;
  for (const { entry, label, field, value } of written)
    print(`${entry.where}: ${label} filled ${field}: ${JSON.stringify(value)}`);
  for (const line of unresolved) print(line);
  const changed = new Set(copies.written);
  for (const plan of copies.plans)
    if (plan.line && (plan.outcome === 'conflict' || changed.has(plan))) print(plan.line);
  const filled = written.length;
  const filledEntries = new Set(written.map((fill) => fill.entry)).size;
  const unread = unresolved.length - notRegistered;
  print(
    `Summary: filled ${filled} field${filled === 1 ? '' : 's'} in ${filledEntries} entr${filledEntries === 1 ? 'y' : 'ies'}; ${conflicts} conflict${conflicts === 1 ? '' : 's'} (typed values kept); ${notRegistered} DOI${notRegistered === 1 ? '' : 's'} not registered; ${unread} could not be looked up.`,
  );
  if (unanswered > 0) print(unansweredLine(outcome, filled + copies.written.length));
  if (copies.lookup.asked > 0) print(freeCopySummary(copies.plans, copies.lookup));
  if (filled === 0 && copies.written.length === 0) return;
  if (dryRun) {
    print(`The change to ${relative(file.file)} (--dry-run: nothing was written):`);
    for (const line of changedLines(file.original, file.text())) print(line);
    return;
  }
  await file.save(run.writeFs);
}

/**
 * fill: resolve every DOI → plan each entry's fills → make those the content check accepts → report and save. Exits 0
 * when every lookup was answered (filled, nothing to add, not registered), 2 when some could not be checked (no
 * record had or none usable, the deadline: after writing what was answered, and naming the rest); a file or setting
 * that cannot be read is 1 (scripts/cite.ts).
 */
export async function fill(run: CiteRun, { dryRun = false, findDois: findDoisToo = false } = {}) {
  const { print } = run;
  const file = await PublicationsFile.open(run.contentDir);
  const resolved = await resolveEntries(file, run.resolver);
  const offline = resolved.filter(({ resolution }) => !resolution.ok && resolution.offline);
  // No network at all: nothing was answered, and the one line every command prints says so.
  if (offline.length > 0 && offline.length === resolved.length) {
    print(offlineResolution(offline[0]!.resolution));
    return 2;
  }
  const plans = resolved.map(({ entry, resolution }) => planEntry(file, entry, resolution, print));
  const found = findDoisToo ? await proposeDois(file, run) : { proposals: [], unanswered: 0, asked: 0 };
  const written = await writeFills(file, [...plans.flatMap((plan) => plan.fills), ...found.proposals], print);
  const copies = await planFreeCopies(file, run);
  const copiesWritten = await writeCopies(file, copies.plans, print);
  // Every DOI without a record to use could not be checked, but the registry's 404, which is its answer.
  const unanswered = plans.filter((plan) => plan.unresolved && !plan.notRegistered).length + found.unanswered;
  await reportFill(
    {
      file,
      written,
      conflicts: plans.reduce((sum, plan) => sum + plan.conflicts, 0),
      unresolved: plans.flatMap((plan) => (plan.unresolved ? [plan.unresolved] : [])),
      notRegistered: plans.filter((plan) => plan.notRegistered).length,
      unanswered,
      asked: resolved.length + found.asked,
      dryRun,
      copies: { ...copies, written: copiesWritten },
    },
    run,
  );
  return unanswered > 0 || copies.lookup.unanswered > 0 ? 2 : 0;
}
