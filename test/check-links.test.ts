/**
 * npm run check-links against the loopback server (test/fixtures/links/),
 * which plays each case a link checker meets and the DOI and ORCID APIs. The
 * fixture content's links point at that server; a host name other than the
 * loopback address gets no DNS answer, so no test leaves the machine.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { LookupFunction } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { buildSite } from '../scripts/build-site.ts';
import { runCheckLinks } from '../scripts/check-links.ts';
import { projectRoot } from '../scripts/lib/project-root.js';
import { HttpClient, retryAfterMs } from '../scripts/lib/http-client.ts';
import { checkLink, mailtoIsValid } from '../scripts/links/check.ts';
import { readCache, writeCache } from '../scripts/links/cache.ts';
import { checkSite, defaults, type RunOptions } from '../scripts/links/run.ts';
import type { LinkReport, LinkResult } from '../scripts/links/types.ts';
import { fixturePort, type LinkServer, registeredDoi, startLinkServer } from './fixtures/links/server.ts';
import { DrivenClock } from './helpers/clock.ts';
import { type Fault, startFaultServer } from './helpers/fault-server.ts';

/** Resolves nothing: a name that is not an address is "not found", as it is for a host that does not exist. */
const noDns: LookupFunction = (hostname, _options, callback) => {
  const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  (callback as (error: NodeJS.ErrnoException) => void)(error);
};

let work: string;
let server: LinkServer;
let contentDir: string;
let distDir: string;
let first: LinkReport;
let firstRequests: LinkServer['requests'];

/**
 * The checker's clock, the server's too: its pauses (Retry-After, the retry delay) pass at once, and a request the
 * server will never answer is given up when the server has it, by moving time past the limit. It starts an hour ago,
 * so that the command run below, on the system's clock, finds the cache these runs wrote an hour old (young enough,
 * and never in its future however far the pauses moved this clock on).
 */
const clock = new DrivenClock({ start: Date.now() - 60 * 60 * 1000, pausesPass: true });
const limitMs = 1_000;

const options = (overrides: Partial<RunOptions> = {}): RunOptions => ({
  distDir,
  contentDir,
  relativeTo: work,
  cacheFile: path.join(work, 'cache', 'link-check.json'),
  maxAgeMs: defaults.maxAgeMs,
  fresh: false,
  timeoutMs: limitMs,
  concurrency: 4,
  hostGapMs: 0,
  lookup: noDns,
  clock,
  check: {
    ...defaults.check,
    doiHandleApi: `${server.origin}/api/handles`,
    orcidApi: `${server.origin}/orcid/v3.0`,
    retryDelayMs: 50,
    retryAfterCapMs: 5_000,
  },
  ...overrides,
});

before(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'check-links-'));
  server = await startLinkServer(0, { now: () => clock.now(), onHang: () => clock.advance(limitMs) });
  // The fixture content, with the port this server got.
  contentDir = path.join(work, 'content');
  await cp(path.join(projectRoot, 'test/fixtures/links/content'), contentDir, { recursive: true });
  for (const entry of await readdir(contentDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replaceAll(`127.0.0.1:${fixturePort}`, `127.0.0.1:${server.port}`));
  }
  distDir = path.join(work, 'dist');
  await buildSite({ contentDir, outDir: distDir });
  first = await checkSite(options());
  firstRequests = [...server.requests];
});

after(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

const link = (report: LinkReport, url: string) => {
  const found = report.links.find((entry) => entry.url === url.replace('LOOPBACK', server.origin));
  assert.ok(found, `the report lists ${url}`);
  return found;
};
const where = (report: LinkReport, url: string) =>
  link(report, url).sources.map((source) => `${source.file}:${source.line}`);

test('every planted case lands in its group', () => {
  const groups = Object.fromEntries(
    first.links.map((entry) => [entry.url.replace(server.origin, 'LOOPBACK'), entry.group]),
  );
  assert.deepEqual(groups, {
    'LOOPBACK/ok': 'fine',
    'LOOPBACK/temporary': 'fine',
    'LOOPBACK/no-head': 'fine',
    'LOOPBACK/busy': 'fine',
    'LOOPBACK/flaky': 'fine',
    'LOOPBACK/moved-301': 'moved',
    'LOOPBACK/moved-308': 'moved',
    'LOOPBACK/loop-a': 'unverified',
    'LOOPBACK/challenge': 'unverified',
    'LOOPBACK/silent': 'unverified',
    'LOOPBACK/reset': 'unverified',
    'LOOPBACK/gone-404': 'broken',
    'LOOPBACK/gone-410': 'broken',
    'http://no-such-host.invalid/page': 'broken',
    [`https://doi.org/${registeredDoi}`]: 'fine',
    'https://doi.org/10.5555/not-registered': 'broken',
    'https://orcid.org/0000-0002-1825-0097': 'fine',
    'https://orcid.org/0000-0000-0000-0001': 'broken',
    'mailto:ada@fixture.example': 'fine',
    'mailto:office@fixture.example': 'fine',
  });
});

test('each link is reported with the content file and line where it is written, and the pages it is on', () => {
  assert.deepEqual(where(first, 'LOOPBACK/moved-301'), ['content/site.yml:29']);
  assert.deepEqual(where(first, 'LOOPBACK/gone-404'), ['content/members.yml:12']);
  assert.deepEqual(where(first, 'LOOPBACK/loop-a'), ['content/news/2020-01-10-older-example.md:11']);
  assert.deepEqual(where(first, 'LOOPBACK/ok'), [
    'content/accessibility.md:10',
    'content/legal/privacy-policy.md:7',
    'content/publications.yml:26',
    'content/site.yml:6',
  ]);
  // A DOI is found by its `doi:` value, which is what a maintainer writes.
  assert.deepEqual(where(first, 'https://doi.org/10.5555/not-registered'), ['content/publications.yml:20']);
  assert.deepEqual(where(first, `https://doi.org/${registeredDoi}`), ['content/publications.yml:10']);
  assert.deepEqual(where(first, 'LOOPBACK/temporary'), [
    'content/news/2020-01-10-older-example.md:14',
    'content/publications.yml:32',
  ]);
  assert.deepEqual(link(first, 'LOOPBACK/gone-404').pages, ['/']);
  assert.deepEqual(link(first, 'LOOPBACK/ok').pages, [
    '/',
    '/accessibility/',
    '/privacy-policy/',
    '/research/third-example/',
  ]);
  assert.deepEqual(link(first, 'https://doi.org/10.5555/not-registered').pages, ['/research/second-example/']);
});

test('a link moved for good gives the new address, after the whole chain', () => {
  assert.equal(link(first, 'LOOPBACK/moved-301').newUrl, `${server.origin}/new-home`);
  assert.equal(link(first, 'LOOPBACK/moved-308').newUrl, `${server.origin}/new-308`);
  assert.equal(link(first, 'LOOPBACK/temporary').newUrl, undefined, 'a temporary redirect is not a move');
});

test('could-not-verify says what happened: a refusal is a refusal, a failure is asked again next run', () => {
  for (const url of ['LOOPBACK/challenge', 'LOOPBACK/loop-a']) {
    assert.match(link(first, url).detail, /the site refused an automated check; open it in a browser$/);
    assert.equal(link(first, url).transient, undefined);
  }
  assert.match(link(first, 'LOOPBACK/challenge').detail, /^403 with a bot challenge page/);
  assert.match(link(first, 'LOOPBACK/loop-a').detail, /loop/);
  assert.equal(
    link(first, 'LOOPBACK/silent').detail,
    'no answer within 1 s, 2 tries; not kept: the next run asks again',
  );
  assert.equal(
    link(first, 'LOOPBACK/reset').detail,
    'the connection was reset, 2 tries; not kept: the next run asks again',
  );
  for (const url of ['LOOPBACK/silent', 'LOOPBACK/reset']) assert.equal(link(first, url).transient, true);
});

test('DOIs are asked of the handle API once each, never of the publisher', () => {
  const doiRequests = firstRequests.filter((request) => request.path.startsWith('/api/handles/'));
  assert.deepEqual(doiRequests.map((request) => request.path).sort(), [
    `/api/handles/${registeredDoi}`,
    '/api/handles/10.5555/not-registered',
  ]);
  assert.match(link(first, `https://doi.org/${registeredDoi}`).detail, /iucnredlist\.org/);
  assert.match(link(first, 'https://doi.org/10.5555/not-registered').detail, /not registered/);
});

test('requests are polite: one at a time to a host, HEAD before GET, the site named, Retry-After kept', () => {
  assert.equal(server.maxInFlight, 1, 'never two requests in flight to the one loopback host');
  const agents = new Set(firstRequests.map((request) => request.userAgent));
  assert.deepEqual([...agents], ['ExCon-site-link-check/1.0 (https://fixture.example; mailto:office@fixture.example)']);
  const noHead = firstRequests.filter((request) => request.path === '/no-head').map((request) => request.method);
  assert.deepEqual(noHead, ['HEAD', 'GET']);
  const busy = firstRequests.filter((request) => request.path === '/busy');
  assert.equal(busy.length, 2);
  assert.ok(
    busy[1]!.at - busy[0]!.at >= 1000,
    `asked again ${busy[1]!.at - busy[0]!.at} ms after a Retry-After of 1 s`,
  );
  const flaky = firstRequests.filter((request) => request.path === '/flaky').map((request) => request.method);
  assert.deepEqual(flaky, ['HEAD', 'HEAD', 'GET'], 'a 500 is asked again after a pause, then with GET');
  const loop = firstRequests.filter((request) => request.path.startsWith('/loop'));
  assert.equal(loop.length, 2, 'the loop is noticed on its first return, not followed to the limit');
});

test('a second run within the cache’s age asks only what failed for want of an answer; --fresh asks again', async () => {
  const before = server.requests.length;
  const second = await checkSite(options());
  // The reset and the silence were not kept: each is asked again, HEAD, then once more.
  assert.deepEqual(
    server.requests
      .slice(before)
      .map((request) => request.path)
      .sort(),
    ['/reset', '/reset', '/silent', '/silent'],
  );
  assert.equal(second.fromCache, second.links.length - 2);
  assert.deepEqual(
    second.links.map((entry) => [entry.url, entry.group]),
    first.links.map((entry) => [entry.url, entry.group]),
  );
  const expired = await checkSite(options({ maxAgeMs: 0 }));
  assert.ok(expired.requests > 0, 'an expired cache is asked again');
  const fresh = await checkSite(options({ fresh: true }));
  assert.ok(fresh.requests > 0);
});

test('offline, the command says so in one line and exits 2: nothing was checked, which is no broken link', async () => {
  // The command's own function, in this process: the command as a process is the test of its report below.
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCheckLinks(
    ['--dist', distDir, '--content', contentDir, '--fresh', '--cache', path.join(work, 'cache', 'offline.json')],
    {
      environment: { ...process.env, DOI_HANDLE_API: 'https://doi.invalid/api/handles' },
      print: (line) => stdout.push(`${line}\n`),
      printError: (line) => stderr.push(`${line}\n`),
    },
  );
  assert.equal(code, 2);
  assert.equal(
    stdout.join(''),
    'No network: could not reach https://doi.invalid (ENOTFOUND). No link was checked; run the command again when online.\n',
  );
  assert.deepEqual(stderr, []);
});

test('offline, the check says so and asks nothing', async () => {
  const before = server.requests.length;
  const report = await checkSite(
    options({ fresh: true, check: { ...options().check, doiHandleApi: 'https://doi.org/api/handles' } }),
  );
  assert.equal(report.offline, true);
  assert.equal(report.links.length, 0);
  assert.equal(server.requests.length, before);
});

test('the command prints the groups worst first, writes JSON, and exits 1 only for broken links', async () => {
  // The command keeps the system's time: the host is healthy again, so that what it asks again is answered at once.
  server.heal();
  const json = path.join(work, 'report.json');
  const run = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/check-links.ts',
        '--dist',
        distDir,
        '--content',
        contentDir,
        '--json',
        json,
        '--cache',
        path.join(work, 'cache', 'link-check.json'),
      ],
      {
        cwd: projectRoot,
        env: {
          ...process.env,
          DOI_HANDLE_API: `${server.origin}/api/handles/`,
          ORCID_API: `${server.origin}/orcid/v3.0`,
        },
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.on('exit', (code) => resolve({ code, stdout }));
  });
  assert.equal(run.code, 1);
  const order = ['Broken', 'Moved for good', 'Could not verify', 'Fine'].map(
    (heading) => run.stdout.indexOf(`\n${heading}`) + 1 || run.stdout.indexOf(heading),
  );
  assert.deepEqual(
    [...order].sort((a, b) => a - b),
    order,
    run.stdout,
  );
  assert.match(run.stdout, /new address: http:\/\/127\.0\.0\.1:\d+\/new-home/);
  assert.match(run.stdout, /members\.yml:12/);
  assert.match(run.stdout, /\(2 requests, 18 from the cache\)/, 'only the reset and the silence asked again');
  const written = JSON.parse(await readFile(json, 'utf8')) as LinkReport;
  assert.equal(written.links.filter((entry) => entry.group === 'broken').length, 5);
});

test('a wait longer than the cap is reported, not waited for; redirects are followed to a limit', async () => {
  const client = new HttpClient({ userAgent: 'test', timeoutMs: 1_000, perHost: 1, concurrency: 2 });
  const started = Date.now();
  const busy = await checkLink(`${server.origin}/busy-long`, client, options().check);
  assert.equal(busy.group, 'unverified');
  assert.match(busy.detail, /429 Too Many Requests \(asked to wait 3600 s\)/);
  assert.ok(Date.now() - started < 3_000, 'the checker did not wait an hour');
  const chain = await checkLink(`${server.origin}/chain-0`, client, options().check);
  assert.equal(chain.group, 'unverified');
  assert.match(chain.detail, /more than 10 redirects/);
  assert.equal(server.requests.filter((request) => request.path.startsWith('/chain-')).length, 11);
});

test('mailto: links are judged by their form alone', () => {
  assert.equal(mailtoIsValid('mailto:office@fixture.example'), true);
  assert.equal(mailtoIsValid('mailto:a@x.example,b@y.example?subject=Hello'), true);
  assert.equal(mailtoIsValid('mailto:office@fixture'), false);
  assert.equal(mailtoIsValid('mailto:office.fixture.example'), false);
  assert.equal(mailtoIsValid('mailto:'), false);
});

test('Retry-After is read as seconds or as an HTTP date', () => {
  assert.equal(retryAfterMs('120'), 120_000);
  assert.equal(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:00 GMT')), 60_000);
  assert.equal(retryAfterMs('soon'), undefined);
  assert.equal(retryAfterMs(undefined), undefined);
});

/**
 * The link checker behind the fault-injecting server (test/helpers/fault-server.ts), in front of the same fixture
 * server: what a flaky network does to a run, and to the next one.
 */
test('a reset once is asked again and the link is fine', async () => {
  const faults = await startFaultServer(server.origin);
  try {
    faults.once('/ok', 'reset');
    const failures: string[] = [];
    const client = new HttpClient({
      userAgent: 'test',
      timeoutMs: 1_000,
      perHost: 1,
      concurrency: 2,
      onWait: ({ why }) => void ('error' in why && failures.push(why.error)),
    });
    const ok = await checkLink(`${faults.url}ok`, client, options().check);
    // Failed once in many runs beside a second suite ("the connection was reset, 2 tries"): what each try met, said.
    const met = JSON.stringify({ failures, requests: faults.requests });
    assert.deepEqual([ok.group, ok.detail, ok.transient], ['fine', '200', undefined], met);
    assert.equal(faults.requests.filter((request) => request.path === '/ok').length, 2, met);
  } finally {
    await faults.close();
  }
});

test('a reset, a 429, a 5xx or an answer that is not HTTP is never cached: the next run, with the host healthy again, finds the link fine', async () => {
  const faults = await startFaultServer(server.origin);
  const cacheFile = path.join(work, 'cache', 'transient.json');
  try {
    const client = () => new HttpClient({ userAgent: 'test', timeoutMs: 1_000, perHost: 1, concurrency: 2 });
    const failing: Fault[] = [
      'reset',
      (answer) => ({ ...answer, status: 429 }),
      (answer) => ({ ...answer, status: 503 }),
      'not-http',
    ];
    const results: LinkResult[] = [];
    for (const fault of failing) {
      faults.clear();
      faults.always((path) => path === '/ok', fault);
      results.push(await checkLink(`${faults.url}ok`, client(), options().check));
    }
    for (const result of results) {
      assert.equal(result.group, 'unverified', result.detail);
      assert.equal(result.transient, true);
      assert.match(result.detail, /, 2 tries; not kept: the next run asks again$/);
    }
    // Not "the site refused an automated check": what came was no answer at all.
    assert.equal(
      results[3]!.detail,
      'answered with something that is not HTTP (Response does not match the HTTP/1.1 protocol (Expected HTTP/, RTSP/ or ICE/)), 2 tries; not kept: the next run asks again',
    );
    writeCache(cacheFile, results);
    assert.equal((await readCache(cacheFile, defaults.maxAgeMs)).size, 0, 'none of them kept');
    faults.clear();
    assert.equal((await checkLink(`${faults.url}ok`, client(), options().check)).group, 'fine');
  } finally {
    await faults.close();
  }
});

test('a DOI or ORCID service answering something unexpected is said as that, not as a refusal, and not kept', async () => {
  const faults = await startFaultServer(server.origin);
  try {
    faults.always(
      (path) => path.startsWith('/api/handles/'),
      (answer) => ({
        ...answer,
        status: 200,
        headers: { 'content-type': 'text/html' },
        body: Buffer.from('<p>Maintenance</p>'),
      }),
    );
    faults.always(
      (path) => path.startsWith('/orcid/'),
      (answer) => ({ ...answer, status: 503 }),
    );
    const check = { ...options().check, doiHandleApi: `${faults.url}api/handles`, orcidApi: `${faults.url}orcid/v3.0` };
    const client = new HttpClient({ userAgent: 'test', timeoutMs: 1_000, perHost: 1, concurrency: 2 });
    const doi = await checkLink(`https://doi.org/${registeredDoi}`, client, check);
    assert.deepEqual([doi.group, doi.transient], ['unverified', true]);
    assert.equal(
      doi.detail,
      'the DOI API answered something unexpected (200, not a handle record); try again later; not kept: the next run asks again',
    );
    const orcid = await checkLink('https://orcid.org/0000-0002-1825-0097', client, check);
    assert.deepEqual([orcid.group, orcid.transient], ['unverified', true]);
    assert.match(orcid.detail, /^ORCID's API answered something unexpected \(503\); try again later; not kept/);
  } finally {
    await faults.close();
  }
});
