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
import { readCommandLine } from './lib/command-line.ts';
import { offlineLine } from './lib/http-client.ts';
import { ServiceSettingError, serviceAddress } from './lib/services.ts';
import { formatReport } from './links/report.ts';
import { checkSite, defaults } from './links/run.ts';
import { SettingsError } from './stages/content/site-settings.ts';

const usage = [
  'Usage: npm run check-links [-- --fresh] [--json FILE] [--dist DIR] [--content DIR]',
  '                           [--max-age HOURS] [--timeout SECONDS] [--cache FILE]',
].join('\n');

const { values } = readCommandLine(
  {
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

const distDir = path.resolve(values.dist);
const number = (name: string, text: string) => {
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`--${name}: expected a number, found "${text}"`);
    process.exit(2);
  }
  return value;
};
const maxAgeHours = number('max-age', values['max-age']);
const timeoutSeconds = number('timeout', values.timeout);

if (!existsSync(path.join(distDir, 'index.html'))) {
  console.error(`No built site in ${values.dist}/: run npm run build first.`);
  process.exit(2);
}

/** A setting's address, checked: a malformed one is one line and nothing is asked (2, as for site.yml). */
const setting = (service: 'doiHandleApi' | 'orcidApi') => {
  try {
    return serviceAddress(service, process.env);
  } catch (error) {
    if (!(error instanceof ServiceSettingError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
};
const doiHandleApi = setting('doiHandleApi');
const orcidApi = setting('orcidApi');

const report = await checkSite({
  distDir,
  contentDir: path.resolve(values.content),
  relativeTo: process.cwd(),
  cacheFile: path.resolve(values.cache),
  maxAgeMs: maxAgeHours * 60 * 60 * 1000,
  fresh: values.fresh,
  timeoutMs: timeoutSeconds * 1000,
  concurrency: defaults.concurrency,
  hostGapMs: defaults.hostGapMs,
  check: {
    ...defaults.check,
    doiHandleApi,
    orcidApi,
  },
}).catch((error: unknown) => {
  if (!(error instanceof SettingsError)) throw error;
  console.error(error.message);
  process.exit(2);
});

if (values.json) {
  const { unreachable: _, ...result } = report;
  await mkdir(path.dirname(path.resolve(values.json)), { recursive: true });
  await writeFile(values.json, `${JSON.stringify(result, null, 2)}\n`);
}

if (report.unreachable) {
  console.log(offlineLine(report.unreachable, 'No link was checked'));
  process.exitCode = 2;
} else {
  console.log(formatReport(report));
  if (report.links.some((link) => link.group === 'broken')) process.exitCode = 1;
}
