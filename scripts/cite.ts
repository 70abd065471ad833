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
 * add and fill exit 0 when done (every lookup answered: a record, or for
 * fill also "not registered"), 2 when something could not be checked (no
 * network, the registry failing after its retries or answering with no
 * record, the deadline: what was answered is written, the rest named), and 1
 * for bad input (the command line, a file or a setting that cannot be read, a
 * DOI add cannot add, a write that fails). Each wait before asking again is
 * one line, and the whole command is bounded by --deadline (120 s).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { commandLineMistake } from './lib/command-line.ts';
import { siteUserAgent } from './lib/http-client.ts';
import { projectRoot } from './lib/project-root.js';
import { ServiceSettingError, serviceAddress } from './lib/services.ts';
import { add } from './cite/add-command.ts';
import {
  type CiteOptions,
  type CiteRun,
  defaultDeadlineMs,
  startDeadline,
  UsageError,
  waitLine,
} from './cite/command-options.ts';
import { fill } from './cite/fill-command.ts';
import { importFile } from './cite/import-command.ts';
import { ORCID_USAGE, runOrcid } from './cite/orcid.ts';
import { FileError } from './cite/publications-file.ts';
import { defaultResolverOptions } from './cite/resolver.ts';
import { readSiteSettings, SettingsError } from './stages/content/site-settings.ts';

export type { CiteOptions };

/** npm runs scripts in the project's folder; paths typed on the command line are relative to where the person typed them. */
const fromWhereTyped = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

const USAGE = [
  'Usage:',
  '  npm run cite -- add <doi> --theme <id>       add a publication from its DOI',
  '  npm run cite -- fill [--dry-run]             fill missing fields of entries with a DOI',
  '       [--find-dois]                           and propose a DOI where one record matches',
  '  npm run cite -- import <file> --theme <id>   import a BibTeX, RIS or CSL-JSON export',
  "  add, fill and import record free copies (Unpaywall), asked with the site's contactEmail",
  '       [--email <address>]                     or this address instead',
  `       [--deadline ${defaultDeadlineMs / 1000}]                        seconds the whole command may ask`,
  ORCID_USAGE,
].join('\n');

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
        deadline: { type: 'string' },
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

/** --deadline in seconds, as milliseconds; the default without it. */
function deadlineMs(typed: string | undefined): number {
  if (typed === undefined) return defaultDeadlineMs;
  const value = Number(typed);
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`--deadline: expected seconds, found "${typed}"`);
  return value * 1000;
}

/** Where add, fill and import ask: the caller's addresses, else the settings, each checked (ServiceSettingError). */
function addresses(options: CiteOptions, environment: NonNullable<CiteOptions['environment']>) {
  return {
    doiResolver: options.resolver?.resolver ?? serviceAddress('doiResolver', environment),
    crossrefApi: options.crossrefApi ?? serviceAddress('crossrefApi', environment),
    openAccessApi: options.openAccessApi ?? serviceAddress('openAccessApi', environment),
  };
}

/** The command: its line read, its settings checked, its deadline started; then add, fill or import. */
async function runCommand(argv: string[], options: CiteOptions, print: (line: string) => void): Promise<number> {
  const { positionals, values: flags } = readArgs(argv);
  const [command, ...args] = positionals;
  const contentDir = path.resolve(
    flags.content !== undefined
      ? fromWhereTyped(flags.content)
      : (options.contentDir ?? path.join(projectRoot, 'content')),
  );
  const where = addresses(options, options.environment ?? process.env);
  const limit = deadlineMs(flags.deadline);
  const userAgent = siteUserAgent(await readSiteSettings(contentDir), 'cite');
  const deadline = startDeadline(limit, options.resolver?.clock);
  try {
    const resolver = {
      ...defaultResolverOptions(userAgent),
      resolver: where.doiResolver,
      onWait: (wait: Parameters<typeof waitLine>[0]) => wait.ms >= 1_000 && print(waitLine(wait)),
      signal: deadline.signal,
      deadlineAt: deadline.deadlineAt,
      ...options.resolver,
    };
    const run: CiteRun = {
      ...options,
      ...where,
      print,
      contentDir,
      resolver,
      resolvePath: fromWhereTyped,
      ...(flags.email !== undefined && { email: flags.email }),
    };
    if (command === 'add') return await add(args, flags.theme, run);
    if (command === 'fill')
      return await fill(run, { dryRun: flags['dry-run'] === true, findDois: flags['find-dois'] === true });
    if (command === 'import') return await importFile(args, flags.theme, run);
    throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  } finally {
    deadline.end();
  }
}

/** Runs the command; returns the exit code. */
export async function runCite(argv: string[], options: CiteOptions = {}): Promise<number> {
  const print = options.print ?? ((line: string) => console.log(line));
  // orcid only reads, and has options and exit codes of its own.
  if (argv[0] === 'orcid') {
    const contentDir = path.resolve(options.contentDir ?? path.join(projectRoot, 'content'));
    const environment = options.environment ?? process.env;
    return runOrcid(argv.slice(1), { ...options, print, contentDir, resolvePath: fromWhereTyped, environment });
  }
  try {
    return await runCommand(argv, options, print);
  } catch (error) {
    // A mistake on the command line is bad input, like a file that cannot be read: 2 is kept for lookups not made.
    if (error instanceof UsageError) {
      print(`${error.message}\n${USAGE}`);
      return 1;
    }
    if (error instanceof FileError || error instanceof SettingsError || error instanceof ServiceSettingError) {
      print(`${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runCite(process.argv.slice(2));
}
