/**
 * npm run verify against the preview server (scripts/lib/static-server.ts, as
 * npm run preview serves a build) on loopback, most often through the
 * fault-injecting server (test/helpers/fault-server.ts) in front of it. Each
 * test asserts the verdict, the exit code, and that the run ends (a run that
 * hangs fails its test; the deadline cases measure its length on a driven
 * clock):
 *
 * - the same build passes; another build, a page removed, a header dropped,
 *   a soft 404 fail, named;
 * - the four answers that once passed as "this build" fail, naming the page:
 *   one byte changed, the body replaced with <head> kept, a correct
 *   Content-Length with the connection closed half-way, a chunked body
 *   without its last chunk; and, as a property, any single byte changed in
 *   any file of the build;
 * - one reset, one cut body or one 503 is asked again and the run passes; a
 *   reset or a stall that persists is "could not check" (exit 2), within the
 *   deadline; a gzip answer is decoded, a corrupt one named;
 * - a host rewrite is tolerated only when named (--allow-rewrite), and the
 *   report names the pages it touched.
 *
 * The whole build (its editor's 7.6 MB under admin/ included) is verified as
 * built, and with a byte changed in a file of the editor; the other tests
 * verify the same build without the editor's scripts, data and fonts (its
 * page kept, with the headers _headers gives it: 0.4 MB in all), so that each
 * of their runs does not carry the editor's bundle through two servers for a
 * verdict on another file.
 */
import assert from 'node:assert/strict';
import { execFile, spawn, spawnSync } from 'node:child_process';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, beforeEach, test } from 'node:test';
import { promisify } from 'node:util';
import * as cheerio from 'cheerio';
import fc from 'fast-check';
import { filesIn } from '../scripts/lib/files.ts';
import { count, HttpClient } from '../scripts/lib/http-client.ts';
import { startStaticServer } from '../scripts/lib/static-server.ts';
import { type VerifyOptions, type VerifyResult, verifySite } from '../scripts/verify/compare.ts';
import { verifyReport } from '../scripts/verify/report.ts';
import { routes as routeTable } from '../src/routes.tsx';
import { sitePathOf } from '../src/urls.ts';
import { edgeBeacon, edgeBeacon2021, emailDecoder, encodedAddress, pagesBeacon } from './fixtures/cloudflare/tags.ts';
import { DrivenClock } from './helpers/clock.ts';
import { type Answer, changeByte, type FaultServer, startFaultServer } from './helpers/fault-server.ts';
import { propertyRuns } from './helpers/property-runs.ts';
import { buildIntoTemporaryFolder, fixtureContent, temporaryFolder } from './helpers/site.ts';

const run = promisify(execFile);
const closers: (() => Promise<void>)[] = [];
after(() => Promise.all(closers.map((close) => close())));

/** The build, whole. */
let current: string;
/** The same build without the editor's scripts, data and fonts (admin/ but its page): what most tests verify. */
let site: string;
let older: string;
/** A page below the home page, such as /research/first-example (no trailing slash). */
let page: string;
/** The preview server serving `site`, and the fault-injecting server in front of it. */
let faults: FaultServer;
/** The same in front of the whole build. */
let whole: FaultServer;

before(async () => {
  const [built, previous, content] = await Promise.all([
    buildIntoTemporaryFolder({ commit: '1111111111111111111111111111111111111111', today: '2026-03-02' }),
    buildIntoTemporaryFolder({ commit: '0000000000000000000000000000000000000000', today: '2026-02-01' }),
    fixtureContent(),
  ]);
  current = built.outDir;
  older = previous.outDir;
  site = path.join(await temporaryFolder(), 'site');
  const editor = path.join(current, 'admin');
  const editorPage = path.join(editor, 'index.html');
  await cp(current, site, {
    recursive: true,
    filter: (source) => source === editor || source === editorPage || !source.startsWith(`${editor}${path.sep}`),
  });
  page = routeTable(content).find((route) => route.path.startsWith('/research/'))!.path;
  [faults, whole] = await Promise.all([
    serve(site).then((url) => startFaultServer(url.replace(/\/$/, ''))),
    serve(current).then((url) => startFaultServer(url.replace(/\/$/, ''))),
  ]);
  closers.push(faults.close, whole.close);
});

beforeEach(() => {
  faults.clear();
  whole.clear();
});

async function serve(root: string): Promise<string> {
  const server = await startStaticServer({ root });
  closers.push(server.close);
  return server.url;
}

/** A time limit that a busy machine still meets (the stalls end by the deadline), and a short pause between tries. */
const client = () =>
  new HttpClient({ userAgent: 'eccron-test', timeoutMs: 3_000, perHost: 4, concurrency: 4, retry: { backoffMs: 10 } });

/** Verifies `url`; `ms` is the run's length on its client's clock (a driven one, when the test gives it). */
async function verify(url: string, options: Partial<VerifyOptions> = {}) {
  const given = options.client ?? client();
  const started = given.clock.now();
  const result = await verifySite({ dir: site, url, client: given, headers: 'applied', ...options });
  const ms = given.clock.now() - started;
  return { result, ms, report: verifyReport(result, url, ms) };
}

/** The client of `client()` on a driven clock: the deadline and the time limits are reached when the test says. */
const drivenClient = (clock: DrivenClock, timeoutMs = 3_000) =>
  new HttpClient({ userAgent: 'eccron-test', timeoutMs, perHost: 4, concurrency: 4, retry: { backoffMs: 10 }, clock });

const mismatches = (result: VerifyResult) => (result.kind === 'compared' ? result.mismatches : []);
const unchecked = (result: VerifyResult) => (result.kind === 'compared' ? result.unchecked : []);
const isPage = (path: string) => path === `${page}/`;
const html = (answer: Answer) => String(answer.headers['content-type']).startsWith('text/html');
const edit = (change: (text: string) => string) => (answer: Answer) =>
  html(answer) ? { ...answer, body: Buffer.from(change(answer.body.toString('utf8'))) } : answer;

/**
 * A run that hangs fails its test: one still running after five minutes hangs on any machine. How long a run takes is
 * measured on the client's clock (the deadline cases drive it), never on the system's: limits near each test's own
 * time (20 to 180 s) failed a run beside a second suite, where verifying the whole build took 43 s.
 */
const ends = { timeout: 5 * 60_000 };

test('the preview server serving the same build passes, and the report says so', ends, async () => {
  const { result, report } = await verify(whole.url, { dir: current });
  assert.ok(
    whole.requests.some((request) => request.path.startsWith('/admin/')),
    'the editor was verified too',
  );
  assert.deepEqual(mismatches(result), []);
  assert.deepEqual(unchecked(result), []);
  assert.ok(result.kind === 'compared' && result.files > 10, 'the files of the build were compared');
  assert.equal(report.exitCode, 0);
  assert.match(report.text, /\n✓ The live site is this build: \d+ files, build\.json and the 404 page, byte for byte/);
});

test('a build with one page removed fails, naming the route', ends, async () => {
  const copy = path.join(await temporaryFolder(), 'site');
  await cp(site, copy, { recursive: true });
  await rm(path.join(copy, page.slice(1), 'index.html'));
  const { result, report } = await verify(await serve(copy));
  assert.deepEqual(mismatches(result), [{ where: `${page}/`, message: 'answers 404, expected 200' }]);
  assert.equal(report.exitCode, 1);
  assert.match(report.text, new RegExp(`^✗ ${page}/: answers 404, expected 200$`, 'm'));
});

test('an older build fails, naming the fields of build.json and each page from the other build', ends, async () => {
  const { result, report } = await verify(await serve(older));
  const found = mismatches(result);
  assert.deepEqual(
    found.filter((mismatch) => mismatch.where.startsWith('build.json')).map((mismatch) => mismatch.where),
    // The date decides which events are still to come, so the older build's content differs too.
    ['build.json › commit', 'build.json › content', 'build.json › date'],
  );
  assert.equal(
    found.find((mismatch) => mismatch.where === 'build.json › date')?.message,
    '"2026-02-01" live, "2026-03-02" in this build',
  );
  assert.match(
    found.find((mismatch) => mismatch.where === '/')?.message ?? '',
    /^another build: commit 000000000000 live, 111111111111 in this build; content sha256:[0-9a-f]{12} live, sha256:[0-9a-f]{12} in this build; date 2026-02-01 live, 2026-03-02 in this build/,
  );
  assert.ok(found.some((mismatch) => mismatch.where === `${page}/`));
  assert.equal(report.exitCode, 1);
});

test('the four answers that passed as this build fail, each naming the page and what differs', ends, async (t) => {
  const cases = {
    'one byte changed in the body': changeByte(0.7),
    'the body replaced, <head> kept': edit((text) =>
      text.replace(/<body[\s\S]*$/, '<body><h1>Defaced</h1></body></html>'),
    ),
    'a correct Content-Length, the connection closed half-way': 'close-mid-body',
    'chunked, the last chunk never sent': 'chunked-cut',
  } as const;
  for (const [name, fault] of Object.entries(cases)) {
    await t.test(name, async () => {
      faults.clear();
      faults.always(isPage, fault);
      const { result, report } = await verify(faults.url);
      const found = mismatches(result);
      assert.deepEqual(
        found.map((mismatch) => mismatch.where),
        [`${page}/`],
      );
      assert.equal(report.exitCode, 1);
      assert.match(report.text, /\n✗ The live site is not this build: 1 difference over/);
      if (typeof fault === 'string')
        assert.match(
          found[0]!.message,
          /^cut short after [\d,]+ (of [\d,]+ )?bytes: the connection ended before the (body did|last chunk) \(3 tries\)$/,
        );
      else
        assert.match(
          found[0]!.message,
          /^differs from this build: [\d,]+ bytes live, [\d,]+ in this build; first difference at byte [\d,]+ \(line \d+\): live ".*", built ".*"$/,
        );
    });
  }
});

test('a body cut short once is asked again and the run passes; the same for a reset and a 503', ends, async () => {
  const asked = faults.requests.length;
  faults.once(`${page}/`, 'close-mid-body');
  faults.once('/', 'chunked-cut');
  faults.once('/build.json', 'reset');
  faults.once('/research/', 'reset-mid-body');
  faults.once('/privacy-policy/', (answer) => ({ ...answer, status: 503, body: Buffer.alloc(0) }));
  const { result, report } = await verify(faults.url);
  assert.deepEqual([...mismatches(result), ...unchecked(result)], []);
  assert.equal(report.exitCode, 0);
  for (const path of [`${page}/`, '/', '/build.json', '/research/', '/privacy-policy/'])
    assert.equal(faults.requests.slice(asked).filter((request) => request.path === path).length, 2, `${path} twice`);
});

test(
  'a reset that persists is "could not check" (exit 2), naming the page; on build.json nothing else is asked',
  ends,
  async () => {
    faults.always(isPage, 'reset');
    const onPage = await verify(faults.url);
    assert.deepEqual(mismatches(onPage.result), []);
    assert.deepEqual(unchecked(onPage.result), [
      { where: `${page}/`, reason: 'the connection was reset before the answer (3 tries)' },
    ]);
    assert.equal(onPage.report.exitCode, 2);
    assert.match(
      onPage.report.text,
      new RegExp(`\n\\? ${page}/: could not check: the connection was reset before the answer \\(3 tries\\)\n`),
    );
    assert.match(
      onPage.report.text,
      /\n\? Could not check the live site: 1 of \d+ could not be fetched \(named above\); all that came is this build/,
    );

    faults.clear();
    faults.always((path) => path === '/build.json', 'reset');
    const asked = faults.requests.length;
    const onIdentity = await verify(faults.url);
    assert.equal(onIdentity.report.exitCode, 2);
    assert.equal(faults.requests.length - asked, 3, 'build.json three times, and nothing else');
    assert.match(
      onIdentity.report.text,
      /\n\? Could not check the live site: build\.json did not come, so nothing else was asked/,
    );
  },
);

test('a host that stalls after the headers ends within the deadline, naming what was not checked', ends, async () => {
  faults.always((path) => path !== '/build.json', 'stall-after-headers');
  const deadlineMs = 1_500;
  // The deadline is reached once the pages stall: time moves on to it when the first of them is asked for.
  const clock = new DrivenClock({ pausesPass: true });
  const running = verify(faults.url, { deadlineMs, client: drivenClient(clock) });
  await faults.asked((path) => path !== '/build.json');
  clock.advance(deadlineMs);
  const { result, report, ms } = await running;
  assert.equal(ms, deadlineMs, `ended ${ms} ms after it started, with a deadline of ${deadlineMs} ms`);
  assert.equal(report.exitCode, 2);
  assert.deepEqual(mismatches(result), []);
  assert.ok(
    result.kind === 'compared' && unchecked(result).length === result.files + 1,
    'every page, and the 404 page',
  );
  assert.match(
    report.text,
    /\n\? \d+ files could not be checked \(not checked before the deadline of 2 s\): \/, \/[a-z]/,
  );
  // Where every file stalls, build.json too, the run stops there, within the deadline.
  faults.clear();
  faults.always(() => true, 'stall-after-headers');
  const stalled = verify(faults.url, { deadlineMs, client: drivenClient(clock) });
  await faults.asked('/build.json');
  clock.advance(deadlineMs);
  const all = await stalled;
  assert.equal(all.ms, deadlineMs, `ended after ${all.ms} ms`);
  assert.equal(all.report.exitCode, 2);
  assert.match(
    all.report.text,
    /\n\? build\.json: could not check: (not checked before the deadline|the body stalled)/,
  );
});

test(
  'gzip answers are decoded and pass; a corrupt one is named as such, never as a content difference',
  ends,
  async () => {
    faults.always(() => true, 'gzip');
    const valid = await verify(faults.url);
    assert.equal(valid.report.exitCode, 0, valid.report.text);
    faults.clear();
    faults.always(isPage, 'gzip-corrupt');
    const corrupt = await verify(faults.url);
    assert.deepEqual(mismatches(corrupt.result), []);
    assert.equal(corrupt.report.exitCode, 2);
    assert.match(
      unchecked(corrupt.result)[0]?.reason ?? '',
      /^answered with a gzip body that cannot be decoded: incorrect data check, [\d,]+ bytes as sent \(3 tries\)$/,
    );
  },
);

// The editor's page is given a policy of its own, the other files another.
test('a policy header dropped by the host is one line, however many files lack it', ends, async () => {
  faults.always(
    () => true,
    (answer) => {
      const { 'content-security-policy': _, ...headers } = answer.headers;
      return { ...answer, headers };
    },
  );
  const { result, report } = await verify(faults.url);
  const found = mismatches(result);
  assert.equal(found.length, 1, report.text);
  assert.match(found[0]!.where, /^all \d+ files _headers gives it to$/);
  assert.match(found[0]!.message, /^header Content-Security-Policy missing \(expected as _headers gives it to each\)$/);
  assert.equal(report.exitCode, 1);
  // GitHub Pages sends no such header: where the host ignores _headers, it is not asked for.
  assert.equal((await verify(faults.url, { headers: 'ignored' })).report.exitCode, 0);
});

test(
  'a Cache-Control changed on every file: one line for the assets, one for the files kept out of caches',
  ends,
  async () => {
    faults.always(
      () => true,
      (answer) => ({ ...answer, headers: { ...answer.headers, 'cache-control': 'max-age=600' } }),
    );
    const found = mismatches((await verify(faults.url)).result);
    assert.deepEqual(
      found.map((mismatch) => mismatch.message),
      [
        'header Cache-Control is "max-age=600", expected "no-cache"',
        'header Cache-Control is "max-age=600", expected "public, max-age=31536000, immutable"',
      ],
    );
    for (const mismatch of found) assert.match(mismatch.where, /^all \d+ files _headers gives it to$/);
  },
);

test('a missing page answered with 200 (a host serving the home page for everything) fails', ends, async () => {
  faults.always(
    (path) => path.startsWith('/verify-'),
    (answer) => ({ ...answer, status: 200 }),
  );
  const { result, report } = await verify(faults.url);
  assert.deepEqual(mismatches(result), [
    { where: '/verify-no-such-page/', message: 'answers 200, expected 404 with the 404 page' },
  ]);
  assert.equal(report.exitCode, 1);
});

/** Cloudflare's Email Address Obfuscation as it rewrites a page (test/fixtures/cloudflare/README.md): the addresses encoded, its decoder before </body>. */
function obfuscate(
  text: string,
  decoder = (page: string) => page.replace('</body>', `${emailDecoder}</body>`),
): string {
  const protectedAddress = (address: string) =>
    `<span class="__cf_email__" data-cfemail="${encodedAddress(address)}">[email&#160;protected]</span>`;
  const rewritten = text
    .replace(
      /href="mailto:([^"]+)"/g,
      (_whole, address: string) => `href="/cdn-cgi/l/email-protection#${encodedAddress(address)}"`,
    )
    .replace(/>([\w.+-]+@[\w.-]+\.[a-z]+)</g, (_whole, address: string) => `>${protectedAddress(address)}<`);
  return rewritten === text ? text : decoder(rewritten);
}

/** A tag added just before </body>, as Cloudflare adds its beacon. */
const beforeBody = (tag: string) => edit((text) => text.replace('</body>', `${tag}</body>`));

/** The scripts a browser would run on a page, as cheerio (parse5) reads them: each <script>'s attributes. */
const scriptsOf = (html: string) =>
  cheerio
    .load(html)('script')
    .toArray()
    .map((script) => ({ ...script.attribs }));

test('a host rewrite passes only where it is named, and the report names it and its pages', ends, async () => {
  faults.always(() => true, edit(obfuscate));
  const strict = await verify(faults.url);
  assert.equal(strict.report.exitCode, 1);
  assert.ok(mismatches(strict.result).some((mismatch) => mismatch.where === '/'));
  const allowed = await verify(faults.url, { allowRewrites: ['cloudflare-email'] });
  assert.equal(allowed.report.exitCode, 0, allowed.report.text);
  // Only the pages with an address were rewritten: / and /accessibility/ of the fixture site.
  assert.match(
    allowed.report.text,
    /\nTolerated \(--allow-rewrite cloudflare-email, Cloudflare's Email Address Obfuscation\) on 2 pages: \/, \/accessibility\/\n/,
  );
  // An analytics beacon added before </body>: tolerated by its own name, not by another.
  faults.clear();
  faults.always(() => true, beforeBody(edgeBeacon2021));
  assert.equal((await verify(faults.url, { allowRewrites: ['cloudflare-email'] })).report.exitCode, 1);
  assert.equal((await verify(faults.url, { allowRewrites: ['cloudflare-analytics'] })).report.exitCode, 0);
});

test(
  'with a rewrite allowed, a change elsewhere on the page is told where it is, not at the rewrite',
  ends,
  async () => {
    faults.always(
      (path) => path === '/',
      edit((text) => obfuscate(text).replace('</h1>', '!</h1>')),
    );
    const { result, report } = await verify(faults.url, { allowRewrites: ['cloudflare-email'] });
    assert.equal(report.exitCode, 1);
    const [found] = mismatches(result);
    assert.equal(found?.where, '/');
    assert.match(
      found!.message,
      /^differs from this build: [\d,]+ bytes live, [\d,]+ in this build; first difference at byte [\d,]+ \(line \d+\): live ".*!<\/h1>.*", built ".*<\/h1>.*" \(with cloudflare-email undone\)$/,
    );
    assert.doesNotMatch(found!.message, /cdn-cgi|__cf_email__/, 'not at the encoded address');
  },
);

test(
  'cloudflare-email excuses its decoder once, at its place, on a page with an address, and nothing else',
  ends,
  async (t) => {
    const refused = {
      'an extra decoder in <head> of a page without an address': [
        (path: string) => path === '/research/',
        edit((text) => text.replace('</head>', `${emailDecoder}</head>`)),
        '/research/',
      ],
      'the decoder on a page without an address, before </body>': [
        (path: string) => path === '/research/',
        beforeBody(emailDecoder),
        '/research/',
      ],
      'the decoder twice': [
        (path: string) => path === '/',
        edit((text) => obfuscate(text, (page) => page.replace('</body>', `${emailDecoder}${emailDecoder}</body>`))),
        '/',
      ],
      'the decoder at another place (in <head>)': [
        (path: string) => path === '/',
        edit((text) => obfuscate(text, (page) => page.replace('</head>', `${emailDecoder}</head>`))),
        '/',
      ],
      'the decoder from another path': [
        (path: string) => path === '/',
        edit((text) =>
          obfuscate(text, (page) => page.replace('</body>', `${emailDecoder.replace('5c5dd728', 'd07b1474')}</body>`)),
        ),
        '/',
      ],
      'the decoder with another attribute': [
        (path: string) => path === '/',
        edit((text) =>
          obfuscate(text, (page) =>
            page.replace('</body>', `${emailDecoder.replace('<script ', '<script onload="steal()" ')}</body>`),
          ),
        ),
        '/',
      ],
      'addresses encoded without their decoder': [
        (path: string) => path === '/',
        edit((text) => obfuscate(text, (page) => page)),
        '/',
      ],
    } as const;
    for (const [name, [where, fault, page]] of Object.entries(refused))
      await t.test(name, async () => {
        faults.clear();
        faults.always(where, fault);
        const { result, report } = await verify(faults.url, { allowRewrites: ['cloudflare-email'] });
        assert.equal(report.exitCode, 1, report.text);
        assert.deepEqual(
          mismatches(result).map((mismatch) => mismatch.where),
          [page],
        );
      });
    // Read by cheerio, the page verify tolerates runs the build's scripts and Cloudflare's decoder, once, as its last.
    faults.clear();
    faults.always(() => true, edit(obfuscate));
    assert.equal((await verify(faults.url, { allowRewrites: ['cloudflare-email'] })).report.exitCode, 0);
    const live = (await (await fetch(faults.url)).text()) as string;
    const built = await readFile(path.join(current, 'index.html'), 'utf8');
    assert.deepEqual(scriptsOf(live), [
      ...scriptsOf(built),
      { 'data-cfasync': 'false', src: '/cdn-cgi/scripts/5c5dd728/cloudflare-static/email-decode.min.js' },
    ]);
  },
);

test(
  'cloudflare-analytics excuses the beacon Cloudflare adds, before </body>, once, with its attributes, and nothing else',
  ends,
  async (t) => {
    const accepted = {
      "Cloudflare Pages' beacon on every page served 200": [
        (path: string) => !path.startsWith('/verify-'),
        beforeBody(pagesBeacon),
      ],
      "a proxied site's beacon (2022 and later) on every page, the 404 page too": [() => true, beforeBody(edgeBeacon)],
      "a proxied site's beacon of 2021": [() => true, beforeBody(edgeBeacon2021)],
    } as const;
    for (const [name, [where, fault]] of Object.entries(accepted))
      await t.test(name, async () => {
        faults.clear();
        faults.always(where, fault);
        const { report } = await verify(faults.url, { allowRewrites: ['cloudflare-analytics'] });
        assert.equal(report.exitCode, 0, report.text);
        assert.match(
          report.text,
          /\nTolerated \(--allow-rewrite cloudflare-analytics, Cloudflare Web Analytics' beacon, added without code\) on \d+ pages: /,
        );
      });
    const home = (path: string) => path === '/';
    const refused = {
      'an added onload="…"': [
        home,
        beforeBody(edgeBeacon.replace(' crossorigin=', ' onload="steal()" crossorigin=')),
        '/',
      ],
      'a path that leaves the beacon: …/beacon.min.js/../../evil/x.js': [
        home,
        beforeBody(edgeBeacon2021.replace('beacon.min.js"', 'beacon.min.js/../../evil/x.js"')),
        '/',
      ],
      'another host': [
        home,
        beforeBody(pagesBeacon.replace('static.cloudflareinsights.com', 'static.cloudflareinsights.com.evil.example')),
        '/',
      ],
      'the versioned address without its integrity': [
        home,
        beforeBody(edgeBeacon.replace(/ integrity="[^"]+"/, '')),
        '/',
      ],
      'data-cf-beacon that is not the beacon’s': [
        home,
        beforeBody(edgeBeacon2021.replace('"si":10', '"si":10,"onload":"steal()"')),
        '/',
      ],
      'the beacon twice': [home, beforeBody(`${edgeBeacon}${edgeBeacon}`), '/'],
      'the beacon in <head>': [home, edit((text) => text.replace('</head>', `${edgeBeacon}</head>`)), '/'],
      "Cloudflare Pages' beacon on the 404 page, which Pages serves without it": [
        (path: string) => path.startsWith('/verify-'),
        beforeBody(pagesBeacon),
        '/verify-no-such-page/ (the 404 page)',
      ],
    } as const;
    for (const [name, [where, fault, page]] of Object.entries(refused))
      await t.test(name, async () => {
        faults.clear();
        faults.always(where, fault);
        const { result, report } = await verify(faults.url, { allowRewrites: ['cloudflare-analytics'] });
        assert.equal(report.exitCode, 1, report.text);
        assert.deepEqual(
          mismatches(result).map((mismatch) => mismatch.where),
          [page],
        );
      });
  },
);

test('both rewrites allowed: a page with both passes in either order, and the report names each', ends, async () => {
  // Email obfuscation after the beacon: its decoder goes before the beacon's <script>, the first after the address.
  faults.always(
    (path) => path === '/',
    edit((text) =>
      obfuscate(text.replace('</body>', `${edgeBeacon}</body>`), (page) =>
        page.replace(edgeBeacon, `${emailDecoder}${edgeBeacon}`),
      ),
    ),
  );
  // Cloudflare Pages' beacon after email obfuscation: after the decoder, just before </body>.
  faults.always(
    (path) => path === '/accessibility/',
    edit((text) => obfuscate(text).replace('</body>', `${pagesBeacon}</body>`)),
  );
  const { report } = await verify(faults.url, { allowRewrites: ['cloudflare-email', 'cloudflare-analytics'] });
  assert.equal(report.exitCode, 0, report.text);
  assert.match(report.text, /\nTolerated \(--allow-rewrite cloudflare-email, .*\) on 2 pages: \/, \/accessibility\/\n/);
  assert.match(
    report.text,
    /\nTolerated \(--allow-rewrite cloudflare-analytics, .*\) on 2 pages: \/, \/accessibility\/\n/,
  );
});

test('any single byte changed in any file of the build makes verify exit 1, naming that file', ends, async () => {
  const files = (await filesIn(current)).filter((file) => !['_headers', '.nojekyll', '.eccron-build'].includes(file));
  const pathOf = (file: string) =>
    file === '404.html' ? '/verify-no-such-page/' : file === 'build.json' ? '/build.json' : sitePathOf(file);
  // How the report names it: build.json by its name (and its fields), the 404 page by the address asked.
  const named = (file: string) => (file === 'build.json' ? 'build.json' : pathOf(file));
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...files),
      fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      async (file, at) => {
        // A script, data or font of the editor in the whole build; any other file in `site`, a shorter run.
        const [server, dir] =
          file.startsWith('admin/') && file !== 'admin/index.html' ? [whole, current] : [faults, site];
        server.clear();
        server.always((path) => path === pathOf(file), changeByte(at));
        const { result, report } = await verify(server.url, { dir });
        assert.equal(report.exitCode, 1, `${file} at ${at}: ${report.text}`);
        assert.ok(
          mismatches(result).some((mismatch) => mismatch.where.startsWith(named(file))),
          `${file} named: ${report.text}`,
        );
      },
    ),
    { numRuns: propertyRuns(12) },
  );
});

test(
  'npm run verify prints each difference and exits 1; 2 when it could not check; one line without network',
  ends,
  async () => {
    const command = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', ...args, '--dir', site]).then(
        (done) => ({ code: 0, stdout: done.stdout }),
        (error: { code: number; stdout: string }) => error,
      );
    faults.always(isPage, changeByte());
    const failed = await command(faults.url);
    assert.equal(failed.code, 1);
    assert.match(failed.stdout, new RegExp(`\n✗ ${page}/: differs from this build: `));
    assert.match(failed.stdout, /\n✗ The live site is not this build: 1 difference over \d+ files/);

    const offline = await command('http://verify.invalid/');
    assert.equal(offline.code, 2);
    assert.equal(offline.stdout.trim().split('\n').length, 1);
    assert.match(
      offline.stdout,
      /^No network: could not reach http:\/\/verify\.invalid \(ENOTFOUND\)\. Nothing was verified/,
    );
  },
);

test(
  'a refused connection is "could not check" (exit 2) after three tries a second and two apart, never "No network"',
  ends,
  async () => {
    // A port nothing listens on: the connection is refused, which asking again may mend, so it is not "No network".
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    // The command's own client (scripts/verify.ts), its waits on a driven clock.
    const clock = new DrivenClock({ pausesPass: true });
    const client = new HttpClient({
      userAgent: 'eccron-test',
      timeoutMs: 20_000,
      perHost: 4,
      concurrency: 4,
      retry: { backoffMs: 1_000 },
      clock,
    });
    const refused = await verify(`http://127.0.0.1:${port}/`, { client });
    assert.equal(refused.report.exitCode, 2);
    assert.deepEqual(clock.pauses, [1_000, 2_000]);
    assert.match(
      refused.report.text,
      /\n\? build\.json: could not check: connect ECONNREFUSED 127\.0\.0\.1:\d+ \(3 tries\)\n/,
    );
    assert.match(
      refused.report.text,
      /\n\? Could not check the live site: build\.json did not come, so nothing else was asked/,
    );
  },
);

test('a 429 with Retry-After is waited out and asked again, like a 503', ends, async () => {
  faults.once('/', (answer) => ({ ...answer, status: 429, headers: { 'retry-after': '0' }, body: Buffer.alloc(0) }));
  faults.once('/build.json', (answer) => ({ ...answer, status: 503, body: Buffer.alloc(0) }));
  const { report } = await verify(faults.url);
  assert.equal(report.exitCode, 0, report.text);
  faults.clear();
  faults.always(isPage, (answer) => ({ ...answer, status: 503, body: Buffer.alloc(0) }));
  const failing = await verify(faults.url);
  assert.deepEqual(unchecked(failing.result), [{ where: `${page}/`, reason: 'answers 503 (3 tries)' }]);
  assert.equal(failing.report.exitCode, 2);
});

test('a page served in another place is named as that page of this build, not as "another build"', ends, async () => {
  const home = await readFile(path.join(current, 'index.html'));
  const notFound = await readFile(path.join(current, '404.html'));
  faults.always(
    (path) => path.startsWith('/verify-'),
    (answer) => ({ ...answer, body: home }),
  );
  faults.always(isPage, (answer) => ({ ...answer, body: notFound }));
  const { result, report } = await verify(faults.url);
  assert.equal(report.exitCode, 1);
  const found = Object.fromEntries(mismatches(result).map(({ where, message }) => [where, message]));
  assert.match(
    found['/verify-no-such-page/ (the 404 page)'] ?? '',
    /^is this build's page \/, not this one \(page sha256:[0-9a-f]{12} live, sha256:[0-9a-f]{12} in this build\)$/,
  );
  assert.match(
    found[`${page}/`] ?? '',
    /^is this build's 404 page, not this one \(page sha256:[0-9a-f]{12} live, sha256:[0-9a-f]{12} in this build\)$/,
  );
  assert.doesNotMatch(report.text, /another build/);
});

test(
  'an empty page, or the page with 200 MB after it, is said as that, not as a page without its <meta> policy',
  ends,
  async () => {
    const built = await readFile(path.join(current, page.slice(1), 'index.html'));
    faults.always(isPage, (answer) => ({ ...answer, body: Buffer.alloc(0) }));
    assert.deepEqual(mismatches((await verify(faults.url)).result), [
      { where: `${page}/`, message: `is empty: 0 bytes live, ${count(built.length)} in this build` },
    ]);
    faults.clear();
    faults.always(isPage, { append: 200_000_000 });
    assert.deepEqual(mismatches((await verify(faults.url)).result), [
      {
        where: `${page}/`,
        message: `is longer than this build's file: more than ${count(built.length)} bytes live, ${count(built.length)} in this build; its first ${count(built.length)} bytes are this build's, and more follow`,
      },
    ]);
  },
);

test('a page that trickles in is "could not check: the body came too slowly", not "stalled"', ends, async () => {
  // A byte every 250 ms of the client's clock, which each byte sent moves on: no real time is waited.
  const clock = new DrivenClock({ pausesPass: true });
  faults.always(isPage, { trickle: 250, clock });
  const { result, report } = await verify(faults.url, { client: drivenClient(clock, 2_000) });
  assert.equal(report.exitCode, 2);
  assert.match(
    unchecked(result).find((one) => one.where === `${page}/`)?.reason ?? '',
    /^the body came too slowly: \d+ of [\d,]+ bytes within 2 s \(about \d+ bytes? a second\) \(3 tries\)$/,
  );
  assert.doesNotMatch(report.text, /stalled/);
});

const hasCurl = spawnSync('curl', ['--version']).status === 0;
if (!hasCurl)
  console.warn('\n*** curl is not installed: the large-file test skips reading the answers with curl. ***\n');

/** What curl --fail makes of an address: its exit code and the bytes it wrote (63: larger than --max-filesize). */
function curl(url: string, ...options: string[]): Promise<{ code: number | null; body: Buffer }> {
  return new Promise((resolve) => {
    const child = spawn('curl', ['--fail', '--silent', '--max-time', '60', ...options, url]);
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) => resolve({ code, body: Buffer.concat(chunks) }));
  });
}

/** `length` bytes that no encoding shrinks (xorshift32 from `seed`): the same on every machine. */
function noise(length: number, seed: number): Buffer {
  const words = new Uint32Array(Math.ceil(length / 4));
  let state = seed;
  for (let index = 0; index < words.length; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    words[index] = state >>> 0;
  }
  return Buffer.from(words.buffer, 0, length);
}

test(
  'past 16 MiB: a 17 MB file served as built passes, one byte changed fails, 200 MB after 16 MiB fails unread; curl agrees',
  ends,
  async () => {
    const MiB = 1024 * 1024;
    const copy = path.join(await temporaryFolder(), 'site');
    await cp(site, copy, { recursive: true });
    await mkdir(path.join(copy, 'files'));
    const [large, exact] = [noise(17_000_000, 1), noise(16 * MiB, 2)];
    await writeFile(path.join(copy, 'files', 'large.bin'), large);
    await writeFile(path.join(copy, 'files', 'exact.bin'), exact);
    const big = await startFaultServer((await serve(copy)).replace(/\/$/, ''));
    closers.push(big.close);
    const at = (name: string) => (path: string) => path === `/files/${name}`;
    // 17 MB through two loopback servers: a time limit a busy machine meets.
    const patient = {
      dir: copy,
      client: new HttpClient({ userAgent: 'eccron-test', timeoutMs: 60_000, perHost: 4, concurrency: 4 }),
    };

    const same = await verify(big.url, patient);
    assert.equal(same.report.exitCode, 0, same.report.text);
    if (hasCurl) assert.ok((await curl(`${big.url}files/large.bin`)).body.equals(large), 'curl reads the same bytes');

    // Each run after the first holds the one large file it is about: the other is put aside meanwhile.
    const aside = path.join(path.dirname(copy), 'exact.bin');
    await rename(path.join(copy, 'files', 'exact.bin'), aside);
    const changedAt = 16 * MiB + 1_000;
    big.always(at('large.bin'), (answer) => {
      const body = Buffer.from(answer.body);
      body[changedAt] = body[changedAt]! ^ 0x01;
      return { ...answer, body };
    });
    const changed = await verify(big.url, patient);
    assert.equal(changed.report.exitCode, 1);
    assert.deepEqual(mismatches(changed.result), [
      {
        where: '/files/large.bin',
        message: `differs from this build: 17,000,000 bytes live, 17,000,000 in this build; first difference at byte ${count(changedAt + 1)}`,
      },
    ]);
    if (hasCurl) {
      const read = (await curl(`${big.url}files/large.bin`)).body;
      assert.equal(read.length, large.length);
      assert.equal(
        read.findIndex((byte, index) => byte !== large[index]),
        changedAt,
        'curl reads that one byte changed',
      );
    }

    big.clear();
    await rename(aside, path.join(copy, 'files', 'exact.bin'));
    await rm(path.join(copy, 'files', 'large.bin'));
    big.always(at('exact.bin'), { append: 200_000_000 });
    const longer = await verify(big.url, patient);
    assert.equal(longer.report.exitCode, 1);
    assert.deepEqual(mismatches(longer.result), [
      {
        where: '/files/exact.bin',
        message:
          "is longer than this build's file: more than 16,777,216 bytes live, 16,777,216 in this build; its first 16,777,216 bytes are this build's, and more follow",
      },
    ]);
    const sent = big.requests.filter((request) => request.path === '/files/exact.bin').at(-1)?.sent ?? 0;
    assert.ok(
      sent < 64 * MiB,
      `the 200 MB were not read: ${count(sent)} bytes sent before verify closed the connection`,
    );
    // curl --fail refuses it too, from the length the host announces: more than the build's 16 MiB (exit 63).
    if (hasCurl) assert.equal((await curl(`${big.url}files/exact.bin`, '--max-filesize', String(16 * MiB))).code, 63);
  },
);
