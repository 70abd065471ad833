/**
 * npm run verify -- <url> [--dir dist] [--headers applied|ignored] [--timeout SECONDS]
 *
 * Checks that the live site at <url> is the build in dist/ (build it first):
 * every file answers 200 with the same bytes (or, where the host rewrites
 * HTML, the same build identity and page hash), an unknown address answers
 * the 404 page with 404, build.json names the same build, every page keeps its
 * <meta> policy, and, where the host applies _headers (Netlify, Cloudflare
 * Pages; not GitHub Pages, the default for *.github.io), every header it
 * gives. Prints each mismatch with its route or field. Exits 0 when the site
 * is the build, 1 on any mismatch, 2 when nothing could be checked.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from './lib/project-root.js';
import { HttpClient, siteUserAgent } from './lib/http-client.ts';
import { buildIdentityFile } from './stages/build-identity.ts';
import { readSiteSettings, SettingsError } from './stages/content/site-settings.ts';
import { verifyReport, verifySite } from './verify/compare.ts';

const usage = 'Usage: npm run verify -- https://your.site/ [--dir dist] [--headers applied|ignored] [--timeout 20]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dir: { type: 'string', default: 'dist' },
    headers: { type: 'string' },
    timeout: { type: 'string', default: '20' },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const [url] = positionals;
if (positionals.length !== 1 || !url) fail(usage);
if (!/^https?:\/\//.test(url!) || !URL.canParse(url!))
  fail(`Expected the site's address, such as https://owner.github.io/repository/; found "${url}".\n${usage}`);
const site = new URL(url!);
const headers = values.headers ?? (site.hostname.endsWith('.github.io') ? 'ignored' : 'applied');
if (headers !== 'applied' && headers !== 'ignored')
  fail(`--headers: expected "applied" (Netlify, Cloudflare Pages) or "ignored" (GitHub Pages); found "${headers}"`);
const timeoutSeconds = Number(values.timeout);
if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0)
  fail(`--timeout: expected seconds, found "${values.timeout}"`);
const dir = path.resolve(values.dir);
if (!existsSync(path.join(dir, buildIdentityFile)))
  fail(`No ${buildIdentityFile} in ${values.dir}/: run npm run build first (the same build that was deployed).`);

const settings = await readSiteSettings(path.join(projectRoot, 'content')).catch((error: unknown) =>
  error instanceof SettingsError ? fail(error.message) : Promise.reject(error),
);
const client = new HttpClient({
  userAgent: siteUserAgent(settings, 'verify'),
  timeoutMs: timeoutSeconds * 1000,
  perHost: 4,
  concurrency: 4,
});
const result = await verifySite({ dir, url: site.href, client, headers: headers as 'applied' | 'ignored' });
const { text, exitCode } = verifyReport(result, site.href);
console.log(text);
process.exitCode = exitCode;
