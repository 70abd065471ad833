/**
 * npm run check-links [-- --fresh] [--json FILE] [--dist DIR] [--content DIR]
 *                     [--max-age HOURS] [--timeout SECONDS] [--cache FILE]
 *
 * Checks every external link of the built site (build it first) and reports
 * each with the content file and line where it is written, grouped as broken,
 * moved for good, could not verify, and fine. Exits 1 only when a link is
 * broken, 2 when nothing could be checked (no network, no build, a mistake on
 * the command line, in site.yml or in a setting), else 0. DOIs are asked of
 * the DOI handle API (DOI_HANDLE_API), ORCID iDs of ORCID's public API
 * (ORCID_API), through the one HTTP client (scripts/lib/http-client.ts);
 * answers that say something of a link are cached in .cache/ for a day.
 * See docs/link-check.md.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from './lib/command-line.ts';
import { offlineLine } from './lib/http-client.ts';
import { ServiceSettingError, serviceAddress } from './lib/services.ts';
import { formatReport } from './links/report.ts';
import { checkSite, defaults, type RunOptions } from './links/run.ts';
import { SettingsError } from './stages/content/site-settings.ts';

const usage = [
  'Usage: npm run check-links [-- --fresh] [--json FILE] [--dist DIR] [--content DIR]',
  '                           [--max-age HOURS] [--timeout SECONDS] [--cache FILE]',
].join('\n');

/** Where the command reads its settings and writes its lines: the process's own, or a test's. */
export interface CheckLinksIo {
  environment: NodeJS.ProcessEnv;
  /** A line of the report (stdout). */
  print: (line: string) => void;
  /** A line that says why nothing was checked (stderr). */
  printError: (line: string) => void;
}

const processIo: CheckLinksIo = {
  environment: process.env,
  print: (line) => console.log(line),
  printError: (line) => console.error(line),
};

/** Nothing was checked: a line that says why, and exit code 2. */
class NothingChecked extends Error {}

/** Runs the command on `args` (without node and the script); returns its exit code. */
export async function runCheckLinks(args: string[], io: CheckLinksIo = processIo): Promise<number> {
  try {
    return await checkLinks(args, io);
  } catch (error) {
    if (!(error instanceof NothingChecked)) throw error;
    io.printError(error.message);
    return 2;
  }
}

/** The command line and the settings, checked: what checkSite is asked, and where the JSON goes. */
function readOptions(args: string[], environment: NodeJS.ProcessEnv): { options: RunOptions; json?: string } {
  const { values } = readCommandLine(
    {
      args,
      options: {
        fresh: { type: 'boolean', default: false },
        json: { type: 'string' },
        cache: { type: 'string', default: path.join('.cache', 'link-check.json') },
        dist: { type: 'string', default: 'dist' },
        content: { type: 'string', default: 'content' },
        'max-age': { type: 'string', default: '24' },
        timeout: { type: 'string', default: String(defaults.timeoutMs / 1000) },
      },
    },
    // Like a mistake in site.yml: nothing was asked (1 is for broken links only).
    { usage, exitCode: 2 },
  );
  const number = (name: string, text: string) => {
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0) throw new NothingChecked(`--${name}: expected a number, found "${text}"`);
    return value;
  };
  const maxAgeHours = number('max-age', values['max-age']);
  const timeoutSeconds = number('timeout', values.timeout);
  const distDir = path.resolve(values.dist);
  if (!existsSync(path.join(distDir, 'index.html')))
    throw new NothingChecked(`No built site in ${values.dist}/: run npm run build first.`);
  /** A setting's address, checked: a malformed one is one line and nothing is asked (2, as for site.yml). */
  const setting = (service: 'doiHandleApi' | 'orcidApi') => {
    try {
      return serviceAddress(service, environment);
    } catch (error) {
      if (!(error instanceof ServiceSettingError)) throw error;
      throw new NothingChecked(error.message);
    }
  };
  const check = { ...defaults.check, doiHandleApi: setting('doiHandleApi'), orcidApi: setting('orcidApi') };
  const options: RunOptions = {
    distDir,
    contentDir: path.resolve(values.content),
    relativeTo: process.cwd(),
    cacheFile: path.resolve(values.cache),
    maxAgeMs: maxAgeHours * 60 * 60 * 1000,
    fresh: values.fresh,
    timeoutMs: timeoutSeconds * 1000,
    concurrency: defaults.concurrency,
    hostGapMs: defaults.hostGapMs,
    check,
  };
  return { options, json: values.json };
}

async function checkLinks(args: string[], { environment, print }: CheckLinksIo): Promise<number> {
  const { options, json } = readOptions(args, environment);
  const report = await checkSite(options).catch((error: unknown) => {
    if (!(error instanceof SettingsError)) throw error;
    throw new NothingChecked(error.message);
  });
  if (json) {
    const { unreachable: _, ...result } = report;
    await mkdir(path.dirname(path.resolve(json)), { recursive: true });
    await writeFile(json, `${JSON.stringify(result, null, 2)}\n`);
  }
  if (report.unreachable) {
    print(offlineLine(report.unreachable, 'No link was checked'));
    return 2;
  }
  print(formatReport(report));
  return report.links.some((link) => link.group === 'broken') ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runCheckLinks(process.argv.slice(2));
}
