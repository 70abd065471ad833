/**
 * Compares a live site with the build in an output folder: every file
 * answers 200 with the same bytes (or, for a page a host rewrote, the same
 * build identity and page hash), an unknown address answers the 404 page with
 * 404, build.json names the same build, every page keeps its <meta> policy,
 * and, where the host applies _headers, every header it gives is sent.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { filesIn } from '../lib/files.ts';
import { eachStartTag } from '../lib/html.ts';
import { type HttpClient, type HttpError, type HttpResult, offlineLine } from '../lib/http-client.ts';
import { OUTPUT_MARKER } from '../lib/output-folder.ts';
import { headersFor } from '../lib/static-server.ts';
import { type BuildIdentity, buildIdentityFile } from '../stages/build-identity.ts';
import { sitePathOf } from '../../src/urls.ts';

/** What differs, and where: a route, a file, or a field of build.json. */
interface Mismatch {
  where: string;
  message: string;
}

export interface VerifyOptions {
  /** The built site: the output folder of `npm run build`. */
  dir: string;
  /** The live site's address, base path included: https://owner.github.io/repository/ */
  url: string;
  client: Pick<HttpClient, 'request'>;
  /** Whether the host sends the headers of _headers (Netlify, Cloudflare Pages) or ignores them (GitHub Pages). */
  headers: 'applied' | 'ignored';
}

export type VerifyResult =
  | {
      kind: 'compared';
      identity: BuildIdentity;
      /** Files asked for, besides build.json and the missing page. */
      files: number;
      /** Pages whose bytes differ while their build identity and page hash match. */
      rewritten: string[];
      mismatches: Mismatch[];
    }
  | { kind: 'offline'; error: HttpError };

/** Files of the output that hosts keep to themselves, or that only mark the folder as the build's. */
const unpublished = new Set(['_headers', '.nojekyll', OUTPUT_MARKER]);

/** A path no build writes, asked for to see the 404 page. */
const missingPath = 'verify-no-such-page/';

const retryServerErrors = { retries: 2, retryStatus: (status: number) => status >= 500, retryErrors: false };

/** 'research/index.html' → 'research/', 'index.html' → '' (relative to the site's address). */
const addressOf = (file: string) => sitePathOf(file).slice(1);

/** The attributes of a page's <meta> with this name (or http-equiv), or undefined when it has none. */
function metaOf(html: string, key: 'name' | 'http-equiv', value: string): string | undefined {
  let found: string | undefined;
  eachStartTag(html, (name, attributes) => {
    if (found === undefined && name === 'meta' && attributes[key]?.toLowerCase() === value.toLowerCase())
      found = attributes.content ?? '';
  });
  return found;
}

/** "commit=… content=… page=…" as fields. */
const identityFields = (identity: string) =>
  new Map(identity.split(/\s+/).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));

const short = (value: string) =>
  /^(sha256:)?[0-9a-f]{40,}$/.test(value) ? value.slice(0, value.indexOf(':') + 13) : value;

/** Which fields of two identities differ, in words: "commit 1a2b3c… live, 4d5e6f… in this build". */
function identityDifference(live: string, built: string): string {
  const [liveFields, builtFields] = [identityFields(live), identityFields(built)];
  return [...builtFields]
    .filter(([name, value]) => liveFields.get(name) !== value)
    .map(([name, value]) => `${name} ${short(liveFields.get(name) ?? '(none)')} live, ${short(value)} in this build`)
    .join('; ');
}

function describeAnswer(answer: HttpResult): string {
  if (answer.kind === 'error') return `no answer (${answer.code}: ${answer.message})`;
  const location = answer.headers.location;
  return `answers ${answer.status}${location ? ` (to ${location})` : ''}`;
}

/** Every file of the output folder, with forward slashes, in a stable order. */
async function filesOf(dir: string): Promise<string[]> {
  return (await filesIn(dir)).filter((file) => !unpublished.has(file));
}

/** What one run holds while it compares: the build's side, and what it has found so far. */
interface Run {
  options: VerifyOptions;
  base: URL;
  headersFile: string;
  mismatches: Mismatch[];
  rewritten: string[];
  get: (address: string) => Promise<HttpResult>;
}

type Answer = Extract<HttpResult, { kind: 'response' }>;

/** The live site against the build in `options.dir`. Reads the output folder; sends only GET requests. */
export async function verifySite(options: VerifyOptions): Promise<VerifyResult> {
  const identity = JSON.parse(await readFile(path.join(options.dir, buildIdentityFile), 'utf8')) as BuildIdentity;
  const run = await startRun(options);
  // build.json first: it says whether the site is reachable at all, and which build it is.
  const live = await run.get(buildIdentityFile);
  if (live.kind === 'error' && live.offline) return { kind: 'offline', error: live };
  compareIdentity(live, identity, run.mismatches);
  if (live.kind === 'response' && live.status === 200) compareHeaders(run, buildIdentityFile, live);
  // 404.html is checked as the answer to a missing page: asked for by name, Cloudflare Pages redirects it to /404.
  const files = (await filesOf(options.dir)).filter((file) => file !== buildIdentityFile && file !== '404.html');
  await Promise.all(files.map((file) => compareFile(run, file)));
  await compareNotFound(run);
  run.mismatches.sort((a, b) => (a.where < b.where ? -1 : a.where > b.where ? 1 : 0));
  return { kind: 'compared', identity, files: files.length, rewritten: run.rewritten, mismatches: run.mismatches };
}

async function startRun(options: VerifyOptions): Promise<Run> {
  const base = new URL(options.url.endsWith('/') ? options.url : `${options.url}/`);
  const headersFile = await readFile(path.join(options.dir, '_headers'), 'utf8').catch(() => '');
  const get = (address: string) =>
    options.client.request(new URL(address, base).href, { redirect: 'manual', retry: retryServerErrors });
  return { options, base, headersFile, mismatches: [], rewritten: [], get };
}

/** Every header that _headers gives the answer's path, where the host applies _headers. */
function compareHeaders(run: Run, where: string, answer: Answer): void {
  if (run.options.headers === 'ignored') return;
  const expected = headersFor(run.headersFile, decodeURIComponent(new URL(answer.url).pathname));
  for (const [name, value] of Object.entries(expected)) {
    const sent = answer.headers[name.toLowerCase()];
    const text = Array.isArray(sent) ? sent.join(', ') : sent;
    if (text === undefined) run.mismatches.push({ where, message: `header ${name} missing (expected "${value}")` });
    else if (text.trim() !== value)
      run.mismatches.push({ where, message: `header ${name} is "${text}", expected "${value}"` });
  }
}

/** Compares a page or file the host answered with its built bytes; true when it is the same. */
function compareBody(run: Run, where: string, answer: Answer, built: Buffer): boolean {
  if (answer.body.equals(built)) return true;
  const builtIdentity = metaOf(built.toString('utf8'), 'name', 'build');
  if (builtIdentity === undefined) {
    const message = `differs from this build (${answer.body.length} bytes live, ${built.length} in this build)`;
    run.mismatches.push({ where, message });
    return false;
  }
  const liveIdentity = metaOf(answer.body.toString('utf8'), 'name', 'build');
  if (liveIdentity === undefined) {
    const message = 'differs from this build, and has no <meta name="build"> to tell which it is';
    run.mismatches.push({ where, message });
    return false;
  }
  if (liveIdentity !== builtIdentity) {
    run.mismatches.push({ where, message: `another build: ${identityDifference(liveIdentity, builtIdentity)}` });
    return false;
  }
  run.rewritten.push(where);
  return true;
}

/** A page's <meta> Content-Security-Policy, as the build wrote it. */
function comparePolicy(run: Run, where: string, answer: Answer, built: Buffer): void {
  const policy = metaOf(built.toString('utf8'), 'http-equiv', 'content-security-policy');
  if (policy === undefined) return;
  const livePolicy = metaOf(answer.body.toString('utf8'), 'http-equiv', 'content-security-policy');
  if (livePolicy === policy) return;
  run.mismatches.push({
    where,
    message:
      livePolicy === undefined
        ? 'has no <meta http-equiv="Content-Security-Policy">'
        : `<meta> Content-Security-Policy is "${livePolicy}", expected "${policy}"`,
  });
}

/** One file of the build against what the host answers at its address. */
async function compareFile(run: Run, file: string): Promise<void> {
  const address = addressOf(file);
  const where = `${run.base.pathname}${address}`;
  const [answer, built] = await Promise.all([run.get(address), readFile(path.join(run.options.dir, file))]);
  if (answer.kind === 'error' || answer.status !== 200) {
    run.mismatches.push({ where, message: `${describeAnswer(answer)}, expected 200` });
    return;
  }
  if (compareBody(run, where, answer, built)) comparePolicy(run, where, answer, built);
  compareHeaders(run, where, answer);
}

/** An address the build never wrote: the host's 404, with the build's 404 page. */
async function compareNotFound(run: Run): Promise<void> {
  const notFound = await run.get(missingPath);
  const where = `${run.base.pathname}${missingPath}`;
  const notFoundPage = await readFile(path.join(run.options.dir, '404.html')).catch(() => undefined);
  if (notFound.kind === 'error' || notFound.status !== 404) {
    run.mismatches.push({ where, message: `${describeAnswer(notFound)}, expected 404 with the 404 page` });
  } else if (notFoundPage && compareBody(run, `${where} (the 404 page)`, notFound, notFoundPage)) {
    comparePolicy(run, `${where} (the 404 page)`, notFound, notFoundPage);
  }
}

function compareIdentity(answer: HttpResult, built: BuildIdentity, mismatches: Mismatch[]): void {
  const where = buildIdentityFile;
  if (answer.kind === 'error' || answer.status !== 200) {
    mismatches.push({ where, message: `${describeAnswer(answer)}, expected 200 with this build's identity` });
    return;
  }
  let live: Partial<Record<keyof BuildIdentity, unknown>>;
  try {
    live = JSON.parse(answer.body.toString('utf8'));
  } catch {
    mismatches.push({ where, message: 'is not JSON' });
    return;
  }
  for (const field of ['commit', 'content', 'date', 'generator'] as const) {
    if (live[field] !== built[field])
      mismatches.push({
        where: `${where} › ${field}`,
        message: `${JSON.stringify(live[field] ?? null)} live, ${JSON.stringify(built[field])} in this build`,
      });
  }
}

/** The command's report: each mismatch on a line of its own, with its route or field; and the exit code. */
export function verifyReport(result: VerifyResult, url: string): { text: string; exitCode: number } {
  if (result.kind === 'offline') return { text: offlineLine(result.error, 'Nothing was verified'), exitCode: 2 };
  const { identity, files, rewritten, mismatches } = result;
  const lines = [
    `Verifying ${url} against the build of commit ${identity.commit ?? 'unknown'}, content ${short(identity.content)}, dated ${identity.date} (${identity.generator})`,
    ...mismatches.map((mismatch) => `✗ ${mismatch.where}: ${mismatch.message}`),
  ];
  if (mismatches.length > 0) {
    lines.push(
      `The live site is not this build: ${mismatches.length} ${mismatches.length === 1 ? 'mismatch' : 'mismatches'} over ${files} files, build.json and the 404 page.`,
    );
    return { text: lines.join('\n'), exitCode: 1 };
  }
  lines.push(
    `✓ The live site is this build: ${files} files, build.json and the 404 page${rewritten.length > 0 ? ` (${rewritten.length} ${rewritten.length === 1 ? 'page' : 'pages'} rewritten by the host, with this build's page hash: ${rewritten.join(', ')})` : ''}.`,
  );
  return { text: lines.join('\n'), exitCode: 0 };
}
