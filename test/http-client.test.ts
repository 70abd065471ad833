/**
 * The one HTTP client (scripts/lib/http-client.ts) against loopback servers
 * on 127.0.0.1: each path plays one answer a server gives a polite client
 * (a Retry-After in either form of RFC 9110, a silence, a redirect), and each
 * server records when each request came and how many were in flight; then the
 * faults of a network (a body cut short, a reset, a stall, gzip), from the
 * fault-injecting server, read by curl as well.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createSecureServer } from 'node:https';
import type { AddressInfo, LookupFunction } from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { systemClock } from '../scripts/lib/clock.ts';
import { count, HttpClient, offlineLine, retryAfterMs, siteUserAgent, type Wait } from '../scripts/lib/http-client.ts';
import { readSiteSettings } from '../scripts/stages/content/site-settings.ts';
import { DrivenClock } from './helpers/clock.ts';
import { type FaultServer, startFaultServer } from './helpers/fault-server.ts';

/**
 * The clients' clock, and the loopback servers' too: a pause (a Retry-After, a backoff) passes at once, time moving
 * on by as much; a time limit is reached when a test moves time past it. The stall below keeps the system's clock:
 * the client's headers arriving before the limit is an event this test cannot see.
 */
const clock = new DrivenClock({ pausesPass: true });

interface Loopback {
  origin: string;
  requests: { path: string; at: number; userAgent?: string; accept?: string }[];
  maxInFlight: number;
  /** When the HTTP date of the last Retry-After given falls. */
  retryDate: number;
  /** Resolves once a request for `path` has come. */
  asked: (path: string) => Promise<void>;
  close: () => Promise<void>;
}

const counts = new Map<string, number>();
/** Requests in flight to either server, and the most at once. */
const both = { inFlight: 0, max: 0 };

async function loopback(): Promise<Loopback> {
  let inFlight = 0;
  const arrivals = new Map<string, (() => void)[]>();
  const state: Loopback = {
    origin: '',
    requests: [],
    maxInFlight: 0,
    retryDate: 0,
    asked: (path) =>
      state.requests.some((request) => request.path === path)
        ? Promise.resolve()
        : new Promise((resolve) => arrivals.set(path, [...(arrivals.get(path) ?? []), resolve])),
    close: async () => {},
  };
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    const seen = (counts.get(state.origin + url) ?? 0) + 1;
    counts.set(state.origin + url, seen);
    if (url === '/hang') return;
    if (url === '/seconds' && seen === 1) return response.writeHead(503, { 'Retry-After': '1' }).end();
    if (url === '/date' && seen === 1) {
      // The next whole second after the next one: an HTTP date has no finer grain.
      state.retryDate = Math.ceil(clock.now() / 1000) * 1000 + 1000;
      return response.writeHead(429, { 'Retry-After': new Date(state.retryDate).toUTCString() }).end();
    }
    if (url === '/hour') return response.writeHead(503, { 'Retry-After': '3600' }).end();
    if (url === '/busy') return response.writeHead(429).end();
    if (url === '/moved') return response.writeHead(301, { Location: '/seconds-free' }).end();
    if (url === '/hop') return response.writeHead(308, { Location: `${state.origin}/moved` }).end();
    if (url === '/loop-a') return response.writeHead(302, { Location: '/loop-b' }).end();
    if (url === '/loop-b') return response.writeHead(307, { Location: '/loop-a' }).end();
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end(`answer to ${url}`);
  };
  const server = createServer((request, response) => {
    state.requests.push({
      path: request.url ?? '/',
      at: clock.now(),
      userAgent: request.headers['user-agent'],
      accept: request.headers.accept,
    });
    for (const arrived of arrivals.get(request.url ?? '/') ?? []) arrived();
    arrivals.delete(request.url ?? '/');
    inFlight += 1;
    both.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    both.max = Math.max(both.max, both.inFlight);
    response.on('close', () => {
      inFlight -= 1;
      both.inFlight -= 1;
    });
    // Held briefly, so that requests at once overlap and a limit is observable.
    setTimeout(() => answer(request, response), 30);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

let one: Loopback;
let two: Loopback;
before(async () => {
  one = await loopback();
  two = await loopback();
});
after(async () => {
  await one.close();
  await two.close();
});

// A minute, so that no test but those of the time limit, which set their own, meets it however busy the machine is.
const client = (options: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) =>
  new HttpClient({
    userAgent: 'test',
    timeoutMs: 60_000,
    perHost: 1,
    concurrency: 4,
    retry: { retries: 2, backoffMs: 10, maxWaitMs: 5_000 },
    clock,
    ...options,
  });

const tries = (server: Loopback, path: string) => server.requests.filter((request) => request.path === path);

test('Retry-After in seconds holds the next try back that long', async () => {
  const answer = await client().request(`${one.origin}/seconds`);
  assert.equal(answer.kind === 'response' && answer.status, 200);
  assert.equal(answer.tries, 2);
  const [first, second] = tries(one, '/seconds');
  assert.ok(second!.at - first!.at >= 1000, `asked again ${second!.at - first!.at} ms after "Retry-After: 1"`);
});

test('Retry-After as an HTTP date holds the next try back until that date', async () => {
  const answer = await client().request(`${one.origin}/date`);
  assert.equal(answer.kind === 'response' && answer.status, 200);
  const [, second] = tries(one, '/date');
  assert.ok(second!.at >= one.retryDate, `asked again ${one.retryDate - second!.at} ms before the date given`);
});

test('a Retry-After longer than the policy allows is reported, not waited for', async () => {
  const answer = await client().request(`${one.origin}/hour`);
  assert.equal(answer.kind, 'response');
  assert.equal(answer.kind === 'response' && answer.retryAfterMs, 3_600_000);
  assert.equal(tries(one, '/hour').length, 1);
});

test('only the answers the policy names are asked again', async () => {
  const serverErrorsOnly = { retryStatus: (status: number) => status >= 500 };
  const busy = await client().request(`${two.origin}/busy`, { retry: serverErrorsOnly });
  assert.equal(busy.kind === 'response' && busy.status, 429);
  assert.equal(tries(two, '/busy').length, 1, 'a 429 is not asked again when only 5xx are');
  await client().request(`${two.origin}/busy`);
  assert.equal(tries(two, '/busy').length, 4, 'by default a 429 is asked again, here twice');
});

test('few requests at once: the per-host limit, and the limit across hosts', async () => {
  const polite = client({ perHost: 2, concurrency: 3 });
  one.maxInFlight = 0;
  two.maxInFlight = 0;
  both.max = 0;
  const paths = Array.from({ length: 6 }, (_, index) => `/page-${index}`);
  const answers = await Promise.all([
    ...paths.map((page) => polite.request(`${one.origin}${page}`)),
    ...paths.map((page) => polite.request(`${two.origin}${page}`)),
  ]);
  assert.ok(answers.every((answer) => answer.kind === 'response' && answer.status === 200));
  assert.ok(one.maxInFlight === 2 || two.maxInFlight === 2, 'two at once to a host');
  assert.ok(one.maxInFlight <= 2 && two.maxInFlight <= 2, 'never more than two at once to a host');
  assert.equal(both.max, 3, 'never more than three at once across hosts');
  const serial = client({ perHost: 1, concurrency: 4 });
  one.maxInFlight = 0;
  await Promise.all(paths.map((page) => serial.request(`${one.origin}/serial${page}`)));
  assert.equal(one.maxInFlight, 1);
});

test('a server that does not answer is given up after the time limit', async () => {
  const asking = client({ timeoutMs: 200, retry: { retries: 0 } }).request(`${one.origin}/hang`);
  await one.asked('/hang');
  clock.advance(200);
  const answer = await asking;
  assert.equal(answer.kind, 'error');
  assert.equal(answer.kind === 'error' && answer.code, 'ETIMEDOUT');
  assert.equal(answer.kind === 'error' && answer.message, 'no answer within 200 ms');
});

test('without network the answer says so, in the one line every command prints', async () => {
  // A name under .invalid never resolves (RFC 6761): the client does not even ask DNS.
  const answer = await client().request('http://registry.invalid/anything');
  assert.equal(answer.kind === 'error' && answer.offline, true);
  assert.equal(answer.tries, 1, 'no retry when there is no network');
  assert.equal(
    answer.kind === 'error' && offlineLine(answer, 'Nothing was written'),
    'No network: could not reach http://registry.invalid (ENOTFOUND). Nothing was written; run the command again when online.',
  );
  // The DNS probe asks nothing of the host.
  const noDns: LookupFunction = (hostname, _options, callback) =>
    (callback as (error: NodeJS.ErrnoException) => void)(
      Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
    );
  const probe = await client({ lookup: noDns }).reachable('https://doi.org/api/handles');
  assert.equal(
    probe && offlineLine(probe, 'No link was checked'),
    'No network: could not reach https://doi.org (ENOTFOUND). No link was checked; run the command again when online.',
  );
});

test('a refused connection to a host that resolved is transient: asked again as the policy says, never "offline"', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
  const answer = await client({ retry: { retries: 2, retryErrors: true, backoffMs: 10 } }).request(`${origin}/`);
  assert.equal(answer.kind, 'error');
  assert.equal(answer.kind === 'error' && answer.code, 'ECONNREFUSED');
  assert.equal(answer.kind === 'error' && answer.offline, false);
  assert.equal(answer.kind === 'error' && answer.transient, true);
  assert.equal(answer.tries, 3);
});

test('the User-Agent names the site, its address and its mailbox', async () => {
  const userAgent = siteUserAgent(await readSiteSettings(path.resolve('test/fixtures/content')), 'test');
  assert.equal(userAgent, 'ExCon-site-test/1.0 (https://fixture.example; mailto:office@fixture.example)');
  await client({ userAgent }).request(`${two.origin}/who`, { accept: 'application/json' });
  assert.deepEqual(
    tries(two, '/who').map(({ userAgent, accept }) => ({ userAgent, accept })),
    [{ userAgent, accept: 'application/json' }],
  );
});

test('redirects are followed, or given as the answer when asked', async () => {
  const followed = await client().request(`${two.origin}/moved`);
  assert.equal(followed.kind === 'response' && followed.url, `${two.origin}/seconds-free`);
  assert.equal(followed.kind === 'response' && followed.body.toString(), 'answer to /seconds-free');
  const manual = await client().request(`${two.origin}/moved`, { redirect: 'manual' });
  assert.equal(manual.kind === 'response' && manual.status, 301);
  assert.equal(manual.kind === 'response' && manual.headers.location, '/seconds-free');
});

test('the redirects followed come with the answer, and a loop ends at the 3xx that would close it, named', async () => {
  const followed = await client().request(`${two.origin}/hop`);
  assert.equal(followed.kind === 'response' && followed.status, 200);
  assert.deepEqual(followed.kind === 'response' && followed.redirects, [
    { status: 308, to: `${two.origin}/moved` },
    { status: 301, to: `${two.origin}/seconds-free` },
  ]);
  const asked = tries(two, '/loop-a').length;
  const loop = await client().request(`${two.origin}/loop-a`);
  assert.equal(loop.kind === 'response' && loop.status, 307);
  assert.equal(loop.kind === 'response' && loop.url, `${two.origin}/loop-b`);
  assert.deepEqual(loop.kind === 'response' && loop.redirects, [{ status: 302, to: `${two.origin}/loop-b` }]);
  assert.deepEqual(loop.kind === 'response' && loop.loop, [
    `${two.origin}/loop-a`,
    `${two.origin}/loop-b`,
    `${two.origin}/loop-a`,
  ]);
  assert.equal(tries(two, '/loop-a').length, asked + 1, 'the loop was not followed round again');
});

test('Retry-After is read as seconds or as an HTTP date (the examples of RFC 9110)', () => {
  assert.equal(retryAfterMs('120'), 120_000);
  assert.equal(retryAfterMs('Fri, 31 Dec 1999 23:59:59 GMT', Date.parse('Fri, 31 Dec 1999 23:58:59 GMT')), 60_000);
  assert.equal(retryAfterMs('Fri, 31 Dec 1999 23:59:59 GMT', Date.parse('Sat, 01 Jan 2000 00:00:00 GMT')), 0);
  assert.equal(retryAfterMs('soon'), undefined);
  assert.equal(retryAfterMs(undefined), undefined);
});

/**
 * The faults of a network, from the fault-injecting server in front of a plain
 * one (test/helpers/fault-server.ts), each read by the client and by curl as
 * the independent reader: what curl --fail refuses, the client never hands
 * back as content.
 */
const page = Buffer.from(`<!doctype html><title>A page</title>${'<p>A paragraph of the page.</p>\n'.repeat(345)}`);
let origin: Server;
let faults: FaultServer;
before(async () => {
  origin = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': page.length });
    response.end(page);
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  faults = await startFaultServer(`http://127.0.0.1:${(origin.address() as AddressInfo).port}`);
});
after(async () => {
  await faults.close();
  await new Promise((resolve) => origin.close(resolve));
});

const hasCurl = spawnSync('curl', ['--version']).status === 0;
if (!hasCurl)
  console.warn('\n*** curl is not installed: the tests that read the faults with curl as well skip that part. ***\n');

/**
 * What curl makes of the same answer: its exit code and the bytes it wrote (curl 7.x: 18 for a body cut short, 56
 * for a reset, 61 for a body it cannot decode). Run apart, so that the servers of this process can answer it.
 */
function curl(url: string, ...options: string[]): Promise<{ code: number | null; body: Buffer }> {
  return new Promise((resolve) => {
    const child = spawn('curl', ['--fail', '--silent', '--max-time', '5', ...options, url]);
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) => resolve({ code, body: Buffer.concat(chunks) }));
  });
}

test('a body cut short is an error, never content, said as what it is, as curl --fail says too', async (t) => {
  const once = client({ retry: { retries: 0 } });
  const half = page.length / 2;
  for (const [fault, message] of [
    [
      'close-mid-body',
      `cut short after ${count(half)} of ${count(page.length)} bytes: the connection ended before the body did`,
    ],
    ['chunked-cut', `cut short after ${count(half)} bytes: the connection ended before the last chunk`],
    [
      'reset-mid-body',
      `cut short after ${count(half)} of ${count(page.length)} bytes: the connection ended before the body did`,
    ],
  ] as const) {
    await t.test(fault, async () => {
      faults.once('/cut', fault);
      const answer = await once.request(`${faults.url}cut`);
      assert.equal(answer.kind === 'error' && answer.code, 'ESHORTREAD');
      assert.equal(answer.kind === 'error' && answer.message, message);
      assert.equal(answer.kind === 'error' && answer.transient, true);
      if (!hasCurl) return t.skip('curl is not installed');
      faults.once('/cut', fault);
      const read = await curl(`${faults.url}cut`);
      assert.ok(read.code === 18 || read.code === 56, `curl --fail fails too, with ${read.code}`);
    });
  }
  assert.equal(page.length % 2, 0, 'the page is cut at a whole half');
});

test('one cut body or reset is asked again, and the answer is the whole page', async () => {
  faults.once('/again', 'close-mid-body', 'reset');
  const answer = await client({ retry: { retries: 2, retryErrors: true, backoffMs: 10 } }).request(
    `${faults.url}again`,
  );
  assert.equal(answer.kind === 'response' && answer.tries, 3);
  assert.ok(answer.kind === 'response' && answer.body.equals(page));
});

test('a gzip answer is decoded to the bytes curl --compressed gives; a corrupt one is an error, for curl too', async () => {
  faults.once('/zipped', 'gzip');
  const answer = await client().request(`${faults.url}zipped`);
  assert.ok(answer.kind === 'response' && answer.body.equals(page), 'the page, decoded');
  faults.once('/zipped', 'gzip-corrupt');
  const corrupt = await client({ retry: { retries: 0 } }).request(`${faults.url}zipped`);
  assert.equal(corrupt.kind === 'error' && corrupt.code, 'EENCODING');
  assert.match(corrupt.kind === 'error' ? corrupt.message : '', /^answered with a gzip body that cannot be decoded: /);
  if (!hasCurl) return;
  faults.once('/zipped', 'gzip');
  const read = await curl(`${faults.url}zipped`, '--compressed');
  assert.ok(read.code === 0 && read.body.equals(page), 'curl decodes the same bytes');
  faults.once('/zipped', 'gzip-corrupt');
  assert.equal((await curl(`${faults.url}zipped`, '--compressed')).code, 61);
});

test('a body that stalls after its headers ends at the time limit, saying how far it came', async () => {
  // Two seconds, so that the headers are in well before the limit however busy the machine is.
  faults.once('/stall', 'stall-after-headers');
  const answer = await client({ timeoutMs: 2_000, retry: { retries: 0 }, clock: systemClock }).request(
    `${faults.url}stall`,
  );
  assert.equal(answer.kind === 'error' && answer.code, 'ETIMEDOUT');
  assert.equal(
    answer.kind === 'error' && answer.message,
    `the body stalled: 0 of ${count(page.length)} bytes within 2 s`,
  );
});

test("the caller's signal stops a request in flight and those waiting behind it, with the reason it gives", async () => {
  faults.once('/held', 'stall');
  const stop = new AbortController();
  const serial = client({ perHost: 1, timeoutMs: 10_000 });
  const [held, waiting] = [
    serial.request(`${faults.url}held`, { signal: stop.signal }),
    serial.request(`${faults.url}behind`, { signal: stop.signal }),
  ];
  await faults.asked('/held');
  stop.abort(new Error('not checked before the deadline of 120 s'));
  for (const answer of await Promise.all([held, waiting])) {
    assert.equal(answer.kind === 'error' && answer.code, 'EABORTED');
    assert.equal(answer.kind === 'error' && answer.message, 'not checked before the deadline of 120 s');
  }
  assert.equal(
    faults.requests.filter((request) => request.path === '/behind').length,
    0,
    'the one behind was never sent',
  );
});

test('a redirect from https to http is refused, named with both addresses', async () => {
  const ca = readFileSync('test/fixtures/tls/loopback-cert.pem', 'utf8');
  const secure = createSecureServer(
    { cert: ca, key: readFileSync('test/fixtures/tls/loopback-key.pem', 'utf8') },
    (_request, response) => response.writeHead(301, { location: `${faults.url}plain` }).end(),
  );
  await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  try {
    const from = `https://127.0.0.1:${(secure.address() as AddressInfo).port}/secure`;
    const answer = await client({ ca }).request(from);
    assert.equal(answer.kind === 'error' && answer.code, 'EREDIRECT');
    assert.equal(
      answer.kind === 'error' && answer.message,
      `redirected from ${from} to ${faults.url}plain, which leaves https; not followed`,
    );
    assert.equal(
      faults.requests.filter((request) => request.path === '/plain').length,
      0,
      'the http address was never asked',
    );
  } finally {
    secure.closeAllConnections();
    await new Promise((resolve) => secure.close(resolve));
  }
});

test('a body that trickles is said to come too slowly, not to have stalled; curl saw bytes arrive too', async () => {
  // A byte every 400 ms of the client's clock, which each byte sent moves on.
  const trickling = new DrivenClock();
  faults.once('/trickle', { trickle: 400, clock: trickling });
  const answer = await client({ timeoutMs: 3_000, retry: { retries: 0 }, clock: trickling }).request(
    `${faults.url}trickle`,
  );
  assert.equal(answer.kind === 'error' && answer.code, 'ETIMEDOUT');
  assert.match(
    answer.kind === 'error' ? answer.message : '',
    new RegExp(
      `^the body came too slowly: \\d of ${count(page.length)} bytes within 3 s \\(about \\d bytes? a second\\)$`,
    ),
  );
  if (!hasCurl) return;
  // curl, on the system's clock, gives up at its limit (28), having received part of the body: bytes were coming.
  faults.once('/trickle', { trickle: 100 });
  const read = await curl(`${faults.url}trickle`, '--max-time', '1');
  assert.equal(read.code, 28);
  assert.ok(read.body.length > 0 && read.body.length < page.length, `curl received ${read.body.length} bytes`);
});

test('an answer that is not HTTP is an error said as such, asked again (never a refusal to keep); curl refuses it too', async () => {
  faults.once('/other', 'not-http', 'not-http');
  const answer = await client({ retry: { retries: 1, retryErrors: true, backoffMs: 10 } }).request(
    `${faults.url}other`,
  );
  assert.equal(answer.kind === 'error' && answer.code, 'EBADANSWER');
  assert.equal(answer.kind === 'error' && answer.transient, true);
  assert.match(answer.kind === 'error' ? answer.message : '', /^answered with something that is not HTTP \(.+\)$/);
  assert.equal(answer.tries, 2);
  if (!hasCurl) return;
  faults.once('/other', 'not-http');
  const read = await curl(`${faults.url}other`);
  assert.notEqual(read.code, 0, 'curl --fail does not take it as an answer');
});

test('without a limit of its own, a caller gets no body over 16 MiB: an error says so, never a body cut short without a word', async () => {
  faults.once('/huge', { append: 17 * 1024 * 1024 });
  const answer = await client({ retry: { retries: 0 } }).request(`${faults.url}huge`);
  assert.equal(answer.kind === 'error' && answer.code, 'ETOOLARGE');
  assert.equal(answer.kind === 'error' && answer.message, 'answered with more than 16 MiB; not read');
  assert.equal(answer.kind === 'error' && answer.transient, false);
  // A caller's own limit is a limit on the decoded body: a small gzip answer that decodes large is read only so far.
  faults.once('/huge', 'gzip');
  const cut = await client().request(`${faults.url}huge`, { maxBytes: 1_000 });
  assert.equal(cut.kind === 'response' && cut.truncated, true);
  assert.ok(cut.kind === 'response' && cut.body.equals(page.subarray(0, 1_000)), 'the first 1,000 decoded bytes');
  faults.once('/huge', 'gzip');
  const whole = await client().request(`${faults.url}huge`, { maxBytes: page.length });
  assert.ok(whole.kind === 'response' && !whole.truncated && whole.body.equals(page), 'exactly the limit is whole');
});

test('each wait before asking again is told, with the address and how long; a wait past the deadline is not begun', async () => {
  const waits: Wait[] = [];
  const told = client({ onWait: (wait) => waits.push(wait), retry: { retries: 2, backoffMs: 10 } });
  await told.request(`${one.origin}/seconds-told`);
  assert.deepEqual(waits, []);
  const answer = await told.request(`${two.origin}/seconds`);
  assert.equal(answer.kind === 'response' && answer.status, 200);
  assert.deepEqual(waits, [
    { url: `${two.origin}/seconds`, ms: 1_000, next: 2, of: 3, why: { status: 503, asked: true } },
  ]);
  const asked = tries(one, '/hour').length;
  const started = clock.now();
  const hurried = await client({ retry: { retries: 2, maxWaitMs: 7_200_000 } }).request(`${one.origin}/hour`, {
    deadlineAt: started + 60_000,
  });
  assert.equal(hurried.kind === 'response' && hurried.retryAfterMs, 3_600_000);
  assert.equal(tries(one, '/hour').length, asked + 1, 'asked once: the hour asked for ends after the deadline');
});
