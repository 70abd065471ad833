/**
 * What every cite command (add, fill, import) is given, resolved once by
 * scripts/cite.ts from its command line and settings, and what they share:
 * the free copies asked of Unpaywall, and the checked save of the file.
 */
import { type Clock, systemClock } from '../lib/clock.ts';
import { duration, offlineLine, type Wait } from '../lib/http-client.ts';
import { displayPath as relative, formatProblem, type Problem } from '../lib/problems.ts';
import { lookUpFreeCopies } from './free-copy.ts';
import type { PublicationsFile } from './publications-file.ts';
import type { Resolution, ResolverOptions } from './resolver.ts';

/** What a caller of runCite may set; the rest comes from the command line, the environment and content/site.yml. */
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
  /** Where the services' settings are read (DOI_RESOLVER, CROSSREF_API, OPEN_ACCESS_API, ORCID_API): process.env by default. */
  environment?: Readonly<Record<string, string | undefined>>;
}

/** How long a whole cite command may ask, unless --deadline says otherwise: what has not come by then is named. */
export const defaultDeadlineMs = 120_000;

/** The one options type of the commands: the caller's options with the content folder, the resolver and print settled. */
export interface CiteRun extends Omit<CiteOptions, 'resolver' | 'contentDir' | 'crossrefApi' | 'openAccessApi'> {
  print: (line: string) => void;
  /** Where fill --find-dois asks, and where free copies are asked (the settings, checked, or the caller's). */
  crossrefApi: string;
  openAccessApi: string;
  contentDir: string;
  resolver: ResolverOptions;
  /** A path typed on the command line, resolved from where the person typed it. */
  resolvePath: (file: string) => string;
}

/** A mistake on the command line: said with the usage, exit 1. */
export class UsageError extends Error {}

/** A wait before a registry is asked again, in one line: the host, how long, and why (said for waits of a second or more). */
export function waitLine({ url, ms, next, of, why }: Wait): string {
  const reason =
    'error' in why
      ? why.error
      : `it answered ${why.status}${why.asked ? ' and asked for that wait (Retry-After)' : ''}`;
  return `Waiting ${duration(ms)} before asking ${new URL(url).host} again (try ${next} of ${of}): ${reason}.`;
}

/**
 * The deadline of one command: a signal that stops every request and wait at `deadlineAt`, said in the reason. On
 * `clock`'s time, the one its requests wait by; it never holds the command open once the work is done.
 */
export function startDeadline(ms: number, clock: Clock = systemClock) {
  const controller = new AbortController();
  const end = clock.after(
    ms,
    () => controller.abort(new Error(`not looked up before the deadline of ${duration(ms)}`)),
    false,
  );
  return { signal: controller.signal, deadlineAt: clock.now() + ms, end };
}

/** Unpaywall asked for these DOIs (scripts/cite/free-copy.ts), with --email or the site's mailbox. */
export const askFreeCopies = (dois: string[], run: CiteRun) =>
  lookUpFreeCopies(dois, {
    contentDir: run.contentDir,
    email: run.email,
    api: run.openAccessApi,
    resolver: run.resolver,
    print: run.print,
  });

/** A problem told by the rest once lines move as fields are added. */
export const problemKey = (problem: Problem) => `${problem.where.replace(/:\d+(:\d+)?/, '')} ${problem.message}`;

/** The one line every command prints when no lookup could be made for want of a network; '' otherwise. */
export const offlineResolution = (resolution: Resolution) =>
  resolution.ok || !resolution.offline ? '' : offlineLine(resolution.offline, 'Nothing was written');

/** Saves the file when the build's content check accepts it; else says why, writes nothing and returns false. */
export async function saveChecked(file: PublicationsFile, run: CiteRun) {
  const problems = await file.check();
  if (problems.length > 0) {
    run.print(`Nothing was written: the edited ${relative(file.file)} would not pass the content check:`);
    for (const problem of problems) run.print(`  ${formatProblem(problem)}`);
    return false;
  }
  await file.save(run.writeFs);
  return true;
}
