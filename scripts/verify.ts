/**
 * npm run verify -- <url> [--dir dist] [--headers applied|ignored] [--allow-rewrite NAME]…
 *                         [--timeout SECONDS] [--deadline SECONDS]
 *
 * Checks that the live site at <url> is the build in dist/ (build it first),
 * byte for byte: every file answers 200 with the build's bytes (a page may
 * differ only by a host rewrite named with --allow-rewrite), an unknown
 * address answers the 404 page with 404, build.json names the same build,
 * and, where the host applies _headers (Netlify, Cloudflare Pages; not GitHub
 * Pages, the default for *.github.io), every header it gives. Exits 0 when the
 * site is the build, 1 when it is not (each difference named), 2 when it could
 * not be checked (what did not come, and why), within the deadline.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readCommandLine } from './lib/command-line.ts';
import { projectRoot } from './lib/project-root.js';
import { HttpClient, siteUserAgent } from './lib/http-client.ts';
import { buildIdentityFile } from './stages/build-identity.ts';
import { readSiteSettings, SettingsError } from './stages/content/site-settings.ts';
import { defaultDeadlineMs, verifySite } from './verify/compare.ts';
import { verifyReport } from './verify/report.ts';
import { type RewriteName, rewriteDescriptions, rewriteNames } from './verify/rewrites.ts';

const usage = [
  'Usage: npm run verify -- https://your.site/ [--dir dist] [--headers applied|ignored] [--allow-rewrite NAME]',
  `       [--timeout 20] [--deadline ${defaultDeadlineMs / 1000}]`,
  'Host rewrites --allow-rewrite tolerates (each named to be allowed):',
  ...rewriteNames.map((name) => `  ${name.padEnd(22)}${rewriteDescriptions[name]}`),
].join('\n');

/** A mistake on the command line: nothing was checked, exit 2. */
const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

function seconds(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) fail(`--${name}: expected seconds, found "${text}"`);
  return value * 1000;
}

/** The command line, checked: the site's address and the options, or a line that says what is wrong. */
function verifyOptions() {
  const { values, positionals } = readCommandLine(
    {
      allowPositionals: true,
      options: {
        dir: { type: 'string', default: 'dist' },
        headers: { type: 'string' },
        'allow-rewrite': { type: 'string', multiple: true, default: [] },
        timeout: { type: 'string', default: '20' },
        deadline: { type: 'string', default: String(defaultDeadlineMs / 1000) },
      },
    },
    { usage, exitCode: 2 },
  );
  const [url] = positionals;
  if (positionals.length !== 1 || !url) return fail(usage);
  if (!/^https?:\/\//.test(url) || !URL.canParse(url))
    fail(`Expected the site's address, such as https://owner.github.io/repository/; found "${url}".\n${usage}`);
  const site = new URL(url);
  const headers = values.headers ?? (site.hostname.endsWith('.github.io') ? 'ignored' : 'applied');
  if (headers !== 'applied' && headers !== 'ignored')
    fail(`--headers: expected "applied" (Netlify, Cloudflare Pages) or "ignored" (GitHub Pages); found "${headers}"`);
  const unknown = values['allow-rewrite'].find((name) => !rewriteNames.includes(name as RewriteName));
  if (unknown !== undefined) fail(`--allow-rewrite: "${unknown}" is not a rewrite verify knows.\n${usage}`);
  const dir = path.resolve(values.dir);
  if (!existsSync(path.join(dir, buildIdentityFile)))
    fail(`No ${buildIdentityFile} in ${values.dir}/: run npm run build first (the same build that was deployed).`);
  return {
    site,
    dir,
    headers: headers as 'applied' | 'ignored',
    allowRewrites: values['allow-rewrite'] as RewriteName[],
    timeoutMs: seconds('timeout', values.timeout),
    deadlineMs: seconds('deadline', values.deadline),
  };
}

const { site, dir, headers, allowRewrites, timeoutMs, deadlineMs } = verifyOptions();
const settings = await readSiteSettings(path.join(projectRoot, 'content')).catch((error: unknown) =>
  error instanceof SettingsError ? fail(error.message) : Promise.reject(error),
);
const client = new HttpClient({
  userAgent: siteUserAgent(settings, 'verify'),
  timeoutMs,
  perHost: 4,
  concurrency: 4,
  retry: { backoffMs: 1_000 },
});
const started = performance.now();
const result = await verifySite({ dir, url: site.href, client, headers, allowRewrites, deadlineMs });
const { text, exitCode } = verifyReport(result, site.href, performance.now() - started);
console.log(text);
await client.close();
process.exitCode = exitCode;
