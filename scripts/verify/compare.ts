/**
 * Compares a live site with the build in an output folder, byte for byte:
 * every file must answer 200 with the build's bytes (a page may differ only by
 * a host rewrite the user allowed, undone exactly), an unknown address must
 * answer 404 with the 404 page, build.json names the same build, and, where
 * the host applies _headers, every header it gives is sent. An answer is read
 * only as far as the build's file (and what allowed rewrites could add) and
 * one byte more: a longer one is a difference, proven by that byte, and a
 * 200 MB answer is never held. What could not be fetched (after the client's
 * retries, or by the deadline) is named as not checked, never counted as the
 * same or as different.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { filesIn } from '../lib/files.ts';
import { duration, type HttpClient, type HttpError, type HttpResult, size } from '../lib/http-client.ts';
import { OUTPUT_MARKER } from '../lib/output-folder.ts';
import { headersFor } from '../lib/static-server.ts';
import { type BuildIdentity, buildIdentityFile } from '../stages/build-identity.ts';
import { sitePathOf } from '../../src/urls.ts';
import { type DifferenceContext, describeDifference, pageIdentity } from './difference.ts';
import { type RewriteContext, type RewriteName, rewriteRoom, undoRewrites } from './rewrites.ts';

/** What differs, and where: a route, a file, or a field of build.json. */
interface Mismatch {
  where: string;
  message: string;
}

/** What could not be fetched, and why. */
export interface Unchecked {
  where: string;
  reason: string;
}

export interface VerifyOptions {
  /** The built site: the output folder of `npm run build`. */
  dir: string;
  /** The live site's address, base path included: https://owner.github.io/repository/ */
  url: string;
  /** The client it asks with; the run's deadline keeps the client's clock. */
  client: Pick<HttpClient, 'request' | 'clock'>;
  /** Whether the host sends the headers of _headers (Netlify, Cloudflare Pages) or ignores them (GitHub Pages). */
  headers: 'applied' | 'ignored';
  /** The host's rewrites of HTML to tolerate (rewrites.ts); none by default, so any changed byte fails. */
  allowRewrites?: readonly RewriteName[];
  /** The whole run's time limit: what has not come by then is named as not checked. */
  deadlineMs?: number;
}

export type VerifyResult =
  | {
      kind: 'compared';
      identity: BuildIdentity;
      /** Files asked for, besides build.json and the missing page. */
      files: number;
      mismatches: Mismatch[];
      unchecked: Unchecked[];
      /** True when build.json did not come, so nothing else was asked. */
      stopped: boolean;
      /** Each tolerated rewrite that was found, with the pages it touched. */
      rewrites: { name: RewriteName; pages: string[] }[];
    }
  | { kind: 'offline'; error: HttpError };

export const defaultDeadlineMs = 120_000;

/** Files of the output that hosts keep to themselves, or that only mark the folder as the build's. */
const unpublished = new Set(['_headers', '.nojekyll', OUTPUT_MARKER]);

/** A path no build writes, asked for to see the 404 page. */
const missingPath = 'verify-no-such-page/';

/** Asked again: a failed connection, a body cut short, 429 and 5xx, as the client's policy says (Retry-After kept). */
const retryTransient = {
  retries: 2,
  retryErrors: true,
  retryStatus: (status: number) => status === 429 || status >= 500,
};

/** 'research/index.html' → 'research/', 'index.html' → '' (relative to the site's address). */
const addressOf = (file: string) => sitePathOf(file).slice(1);

type Answer = Extract<HttpResult, { kind: 'response' }>;

/** What one run holds while it compares: the build's side, the deadline, and what it has found so far. */
interface Run {
  options: VerifyOptions;
  base: URL;
  headersFile: string;
  deadline: AbortController;
  mismatches: Mismatch[];
  unchecked: Unchecked[];
  rewrites: Map<RewriteName, string[]>;
  /** How many files _headers gives each header and value, and the files that did not send it so. */
  headerFiles: Map<string, number>;
  headerMisses: Map<string, HeaderMiss[]>;
  /** The build's page of each page hash of its <meta name="build">, to name a page served in another's place. */
  pages: Map<string, string>;
}

/** A file that did not send a header as _headers gives it: `given` counts the files it is given to, `key` alike misses. */
interface HeaderMiss extends Mismatch {
  given: string;
  key: string;
}

/** The live site against the build in `options.dir`. Reads the output folder; sends only GET requests. */
export async function verifySite(options: VerifyOptions): Promise<VerifyResult> {
  const identityBytes = await readFile(path.join(options.dir, buildIdentityFile));
  const identity = JSON.parse(identityBytes.toString('utf8')) as BuildIdentity;
  const run = await startRun(options);
  try {
    // build.json first: it says whether the site can be reached at all, and which build it is.
    const live = await get(run, buildIdentityFile, identityLimit);
    if (live.kind === 'error' && live.offline) return { kind: 'offline', error: live };
    const files = (await filesIn(options.dir)).filter(
      // 404.html is checked as the answer to a missing page: asked for by name, Cloudflare Pages redirects it to /404.
      (file) => !unpublished.has(file) && file !== buildIdentityFile && file !== '404.html',
    );
    const failed = unanswered(run, buildIdentityFile, live);
    if (failed === 'unchecked') return finish(run, identity, files.length, true);
    run.pages = await builtPages(run, files);
    if (!failed) compareIdentity(run, live as Answer, identity, identityBytes);
    await Promise.all(files.map((file) => compareFile(run, file)));
    await compareNotFound(run);
    return finish(run, identity, files.length, false);
  } finally {
    run.deadline.abort();
  }
}

async function startRun(options: VerifyOptions): Promise<Run> {
  const base = new URL(options.url.endsWith('/') ? options.url : `${options.url}/`);
  const headersFile = await readFile(path.join(options.dir, '_headers'), 'utf8').catch(() => '');
  const deadlineMs = options.deadlineMs ?? defaultDeadlineMs;
  const deadline = new AbortController();
  const cancel = options.client.clock.after(deadlineMs, () =>
    deadline.abort(new Error(`not checked before the deadline of ${duration(deadlineMs)}`)),
  );
  deadline.signal.addEventListener('abort', cancel, { once: true });
  const [headerFiles, headerMisses, rewrites, pages] = [new Map(), new Map(), new Map(), new Map()];
  const found = { mismatches: [], unchecked: [], rewrites, headerFiles, headerMisses, pages };
  return { options, base, headersFile, deadline, ...found };
}

/** Each page of the build by the page hash of its identity: where a page served in another's place belongs. */
async function builtPages(run: Run, files: string[]): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const file of [...files, '404.html'].filter((name) => name.endsWith('.html'))) {
    const text = await readFile(path.join(run.options.dir, file), 'utf8').catch(() => '');
    const page = pageIdentity(text);
    if (page) pages.set(page, file === '404.html' ? 'the 404 page' : `${run.base.pathname}${addressOf(file)}`);
  }
  return pages;
}

/** build.json is read to this size: it is a few hundred bytes, and no identity is longer. */
const identityLimit = 1024 * 1024;

/** Asks for one address, reading at most `maxBytes` of the answer (the client's `truncated` says when more came). */
function get(run: Run, address: string, maxBytes: number): Promise<HttpResult> {
  const url = new URL(address, run.base).href;
  const { signal } = run.deadline;
  return run.options.client.request(url, { redirect: 'manual', retry: retryTransient, signal, maxBytes });
}

/** How much of a file's answer can be the build's: its bytes and, for a page, what the allowed rewrites can add. */
const readLimit = (run: Run, built: Buffer, html: boolean) =>
  built.length + (html ? rewriteRoom(built, run.options.allowRewrites ?? []) : 0);

/**
 * Notes an answer that is no body to compare: a body cut short on every try is a difference (the host serves it so,
 * and a browser would show it cut); any other failure, or a 429 or 5xx after the retries, could not be checked.
 */
function unanswered(run: Run, where: string, answer: HttpResult): 'differs' | 'unchecked' | undefined {
  const tries = answer.tries > 1 ? ` (${answer.tries} tries)` : '';
  if (answer.kind === 'error' && answer.code === 'ESHORTREAD') {
    run.mismatches.push({ where, message: `${answer.message}${tries}` });
    return 'differs';
  }
  let reason: string | undefined;
  if (answer.kind === 'error') reason = answer.code === 'EABORTED' ? answer.message : `${answer.message}${tries}`;
  else if (answer.status === 429 || answer.status >= 500) {
    const wait = answer.retryAfterMs === undefined ? '' : `, asking to wait ${duration(answer.retryAfterMs)}`;
    reason = `answers ${answer.status}${wait}${tries}`;
  }
  if (reason === undefined) return undefined;
  run.unchecked.push({ where, reason });
  return 'unchecked';
}

const describeAnswer = (answer: Answer) =>
  `answers ${answer.status}${answer.headers.location ? ` (to ${answer.headers.location})` : ''}`;

/** What a compared file is: a page or not, served as a page of the build or as the 404 page, read whole or not. */
interface Served extends RewriteContext {
  html: boolean;
  truncated: boolean;
}

/** The bytes of a file the host answered against the build's; a page may differ by an allowed rewrite alone. */
function compareBytes(run: Run, where: string, live: Buffer, built: Buffer, served: Served): void {
  if (!served.truncated && live.equals(built)) return;
  const allowed = run.options.allowRewrites ?? [];
  const context: DifferenceContext = { truncated: served.truncated, pageOf: (page) => run.pages.get(page) };
  // Only a page that is valid UTF-8 and read whole is read as text: a garbled byte never decodes into the build's.
  const text = served.html && allowed.length > 0 && !served.truncated ? live.toString('utf8') : undefined;
  if (text !== undefined && Buffer.from(text, 'utf8').equals(live)) {
    const attempts = undoRewrites(text, allowed, served);
    const matched = attempts.find((attempt) => Buffer.from(attempt.html, 'utf8').equals(built));
    if (matched) {
      for (const name of matched.undone) run.rewrites.set(name, [...(run.rewrites.get(name) ?? []), where]);
      return;
    }
    // Told where the page differs once what the allowed rewrites explain is taken out, not at a rewrite tolerated.
    const [first] = attempts;
    if (first!.undone.length > 0) {
      const message = describeDifference(Buffer.from(first!.html, 'utf8'), built, true, context);
      run.mismatches.push({ where, message: `${message} (with ${first!.undone.join(' and ')} undone)` });
      return;
    }
  }
  run.mismatches.push({ where, message: describeDifference(live, built, served.html, context) });
}

/** Every header that _headers gives the answer's path, where the host applies _headers. */
function compareHeaders(run: Run, where: string, answer: Answer): void {
  if (run.options.headers === 'ignored') return;
  const expected = headersFor(run.headersFile, decodeURIComponent(new URL(answer.url).pathname));
  for (const [name, value] of Object.entries(expected)) {
    for (const given of [name, `${name}\n${value}`]) run.headerFiles.set(given, (run.headerFiles.get(given) ?? 0) + 1);
    const sent = answer.headers[name.toLowerCase()];
    const text = Array.isArray(sent) ? sent.join(', ') : sent;
    if (text?.trim() === value) continue;
    // A header missing is one finding whatever value each file should have had; a wrong value, per value.
    const miss: HeaderMiss =
      text === undefined
        ? { where, message: `header ${name} missing (expected "${value}")`, given: name, key: `${name}\nmissing` }
        : {
            where,
            message: `header ${name} is "${text}", expected "${value}"`,
            given: `${name}\n${value}`,
            key: `${name}\n${value}\n${text}`,
          };
    run.headerMisses.set(miss.key, [...(run.headerMisses.get(miss.key) ?? []), miss]);
  }
}

/** build.json: its bytes, and where they differ, each field of the identity by name. */
function compareIdentity(run: Run, answer: Answer, built: BuildIdentity, builtBytes: Buffer): void {
  const where = buildIdentityFile;
  if (answer.status !== 200) {
    run.mismatches.push({ where, message: `${describeAnswer(answer)}, expected 200 with this build's identity` });
    return;
  }
  compareHeaders(run, where, answer);
  if (answer.body.equals(builtBytes)) return;
  if (answer.truncated) {
    run.mismatches.push({ where, message: `is longer than any build's identity: more than ${size(identityLimit)}` });
    return;
  }
  let live: Partial<Record<keyof BuildIdentity, unknown>>;
  try {
    live = JSON.parse(answer.body.toString('utf8'));
  } catch {
    run.mismatches.push({ where, message: 'is not JSON' });
    return;
  }
  const fields = (['commit', 'content', 'date', 'generator'] as const).filter((field) => live[field] !== built[field]);
  for (const field of fields)
    run.mismatches.push({
      where: `${where} › ${field}`,
      message: `${JSON.stringify(live[field] ?? null)} live, ${JSON.stringify(built[field])} in this build`,
    });
  if (fields.length === 0) compareBytes(run, where, answer.body, builtBytes, plain);
}

/** A file that is not a page, read whole. */
const plain: Served = { html: false, truncated: false, notFound: false };

/** One file of the build against what the host answers at its address. */
async function compareFile(run: Run, file: string): Promise<void> {
  const address = addressOf(file);
  const where = `${run.base.pathname}${address}`;
  const html = file.endsWith('.html');
  const built = await readFile(path.join(run.options.dir, file));
  const answer = await get(run, address, readLimit(run, built, html));
  if (unanswered(run, where, answer) || answer.kind === 'error') return;
  if (answer.status !== 200) {
    run.mismatches.push({ where, message: `${describeAnswer(answer)}, expected 200` });
    return;
  }
  compareBytes(run, where, answer.body, built, { html, truncated: answer.truncated, notFound: false });
  compareHeaders(run, where, answer);
}

/** An address the build never wrote: the host's 404, with the build's 404 page. */
async function compareNotFound(run: Run): Promise<void> {
  const where = `${run.base.pathname}${missingPath}`;
  const page = await readFile(path.join(run.options.dir, '404.html')).catch(() => undefined);
  const answer = await get(run, missingPath, page ? readLimit(run, page, true) : identityLimit);
  if (unanswered(run, where, answer) || answer.kind === 'error') return;
  if (answer.status !== 404) {
    run.mismatches.push({ where, message: `${describeAnswer(answer)}, expected 404 with the 404 page` });
    return;
  }
  if (page)
    compareBytes(run, `${where} (the 404 page)`, answer.body, page, {
      html: true,
      truncated: answer.truncated,
      notFound: true,
    });
}

/** A header missing (or wrong the same way) on every file _headers gives it to is one finding, not one per file. */
function headerFindings(run: Run): Mismatch[] {
  const findings: Mismatch[] = [];
  for (const misses of run.headerMisses.values()) {
    const [first] = misses;
    const given = run.headerFiles.get(first!.given) ?? 0;
    const messages = new Set(misses.map((miss) => miss.message));
    const message =
      messages.size === 1
        ? first!.message
        : `${first!.message.slice(0, first!.message.indexOf(' ('))} (expected as _headers gives it to each)`;
    if (misses.length < 2 || misses.length < given)
      findings.push(...misses.map(({ where, message }) => ({ where, message })));
    else findings.push({ where: `all ${misses.length} files _headers gives it to`, message });
  }
  return findings;
}

const byWhere = (a: { where: string }, b: { where: string }) => (a.where < b.where ? -1 : a.where > b.where ? 1 : 0);

function finish(run: Run, identity: BuildIdentity, files: number, stopped: boolean): VerifyResult {
  return {
    kind: 'compared',
    identity,
    files,
    mismatches: [...run.mismatches, ...headerFindings(run)].sort(byWhere),
    unchecked: run.unchecked.sort(byWhere),
    stopped,
    rewrites: [...run.rewrites].map(([name, pages]) => ({ name, pages: pages.sort() })),
  };
}
