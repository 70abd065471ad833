/**
 * npm run verify against the preview server (scripts/lib/static-server.ts, as
 * npm run preview serves a build) on loopback: the same build passes; a build
 * with a page removed, an older build, a server that drops the policy header
 * and one that answers the wrong thing for a missing page each fail, naming
 * the route or field.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { HttpClient } from '../scripts/lib/http-client.ts';
import { startStaticServer } from '../scripts/lib/static-server.ts';
import { type VerifyResult, verifyReport, verifySite } from '../scripts/verify/compare.ts';
import { routes as routeTable } from '../src/routes.tsx';
import { buildIntoTemporaryFolder, fixtureContent, temporaryFolder } from './helpers/site.ts';

const run = promisify(execFile);
const closers: (() => Promise<void>)[] = [];
after(() => Promise.all(closers.map((close) => close())));

let current: string;
let older: string;
let page: string;

before(async () => {
  const [built, previous, content] = await Promise.all([
    buildIntoTemporaryFolder({ commit: '1111111111111111111111111111111111111111', today: '2026-03-02' }),
    buildIntoTemporaryFolder({ commit: '0000000000000000000000000000000000000000', today: '2026-02-01' }),
    fixtureContent(),
  ]);
  current = built.outDir;
  older = previous.outDir;
  // A page below the home page, to be removed from a copy.
  page = routeTable(content).find((route) => route.path !== '/')!.path;
});

async function serve(root: string): Promise<string> {
  const server = await startStaticServer({ root });
  closers.push(server.close);
  return server.url;
}

/** A loopback server answering with `handler`, closed when the file ends; its address. */
async function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** Answers with what `target` answers for `address`, as it is. */
const forward = (target: string, address: string, response: http.ServerResponse) =>
  http.get(new URL(address, target), (answer) => {
    response.writeHead(answer.statusCode!, answer.headers);
    answer.pipe(response);
  });

/** A server in front of `target` that changes each answer's headers or body on the way. */
async function proxy(
  target: string,
  change: (headers: http.IncomingHttpHeaders, body: Buffer) => Buffer = (_headers, body) => body,
): Promise<string> {
  return listen((request, response) => {
    http.get(new URL(request.url!, target), (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const headers = { ...answer.headers };
        const body = change(headers, Buffer.concat(chunks));
        headers['content-length'] = String(body.length);
        response.writeHead(answer.statusCode!, headers);
        response.end(body);
      });
    });
  });
}

const client = () => new HttpClient({ userAgent: 'eccron-test', timeoutMs: 10_000, perHost: 4, concurrency: 4 });

async function verify(url: string, headers: 'applied' | 'ignored' = 'applied') {
  const result = await verifySite({ dir: current, url, client: client(), headers });
  return { result, report: verifyReport(result, url) };
}

const mismatches = (result: VerifyResult) => (result.kind === 'compared' ? result.mismatches : []);

test('the preview server serving the same build passes, and the report says so', async () => {
  const { result, report } = await verify(await serve(current));
  assert.equal(result.kind, 'compared');
  assert.deepEqual(mismatches(result), []);
  assert.ok(result.kind === 'compared' && result.files > 10, 'the files of the build were compared');
  assert.equal(report.exitCode, 0);
  assert.match(report.text, /✓ The live site is this build/);
});

test('a build with one page removed fails, naming the route', async () => {
  const copy = path.join(await temporaryFolder(), 'site');
  await cp(current, copy, { recursive: true });
  await rm(path.join(copy, page.slice(1), 'index.html'));
  const { result, report } = await verify(await serve(copy));
  assert.deepEqual(mismatches(result), [{ where: `${page}/`, message: 'answers 404, expected 200' }]);
  assert.equal(report.exitCode, 1);
  assert.match(report.text, new RegExp(`^✗ ${page}/: answers 404, expected 200$`, 'm'));
});

test('an older build fails, naming the fields of build.json and each page from the other build', async () => {
  const { result, report } = await verify(await serve(older));
  const found = mismatches(result);
  assert.deepEqual(
    found.filter((mismatch) => mismatch.where.startsWith('build.json')).map((mismatch) => mismatch.where),
    // The date decides which events are still to come, so the older build's content differs too.
    ['build.json › commit', 'build.json › content', 'build.json › date'],
  );
  assert.deepEqual(
    found.find((mismatch) => mismatch.where === 'build.json › date')?.message,
    '"2026-02-01" live, "2026-03-02" in this build',
  );
  const home = found.find((mismatch) => mismatch.where === '/');
  assert.match(
    home?.message ?? '',
    /^another build: commit 000000000000 live, 111111111111 in this build; content sha256:[0-9a-f]{12} live, sha256:[0-9a-f]{12} in this build; date 2026-02-01 live, 2026-03-02 in this build/,
  );
  assert.ok(
    found.some((mismatch) => mismatch.where === `${page}/`),
    `${page}/ is named`,
  );
  assert.equal(report.exitCode, 1);
});

test('a server that drops the policy header fails on every page, naming the header', async () => {
  const url = await proxy(await serve(current), (headers, body) => {
    delete headers['content-security-policy'];
    return body;
  });
  const found = mismatches((await verify(url)).result);
  assert.ok(found.length > 0);
  assert.ok(
    found.some((mismatch) => mismatch.where === '/'),
    'the home page is named',
  );
  for (const mismatch of found)
    assert.match(mismatch.message, /^header Content-Security-Policy missing \(expected "default-src 'self';/);
  // GitHub Pages sends no such header, and the pages' <meta> policy is what counts there.
  assert.deepEqual(mismatches((await verify(url, 'ignored')).result), []);
});

test('assets without the year of caching that _headers gives them fail, each named', async () => {
  const url = await proxy(await serve(current), (headers, body) => {
    headers['cache-control'] = 'max-age=600';
    return body;
  });
  const found = mismatches((await verify(url)).result);
  const assets = found.filter((mismatch) => mismatch.where.startsWith('/assets/'));
  assert.ok(assets.length >= 2, 'the stylesheet and the script at least');
  for (const mismatch of assets)
    assert.equal(
      mismatch.message,
      'header Cache-Control is "max-age=600", expected "public, max-age=31536000, immutable"',
    );
  assert.ok(
    found.some((mismatch) => mismatch.where === 'build.json'),
    'build.json, which must never come from a cache',
  );
  // Elsewhere only the files that _headers keeps out of caches (the CMS's, build.json): nothing else is asked of the header.
  for (const mismatch of found.filter((found) => !found.where.startsWith('/assets/'))) {
    assert.match(mismatch.where, /^\/admin\/|^build\.json$/);
    assert.equal(mismatch.message, 'header Cache-Control is "max-age=600", expected "no-cache"');
  }
});

test('where the host ignores _headers, a page without its <meta> policy fails', async () => {
  const url = await proxy(await serve(current), (headers, body) =>
    String(headers['content-type']).startsWith('text/html')
      ? Buffer.from(body.toString('utf8').replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, ''))
      : body,
  );
  const found = mismatches((await verify(url, 'ignored')).result);
  // The bytes differ but the page hash is this build's: the policy is the mismatch.
  const home = found.filter((mismatch) => mismatch.where === '/');
  assert.deepEqual(home, [{ where: '/', message: 'has no <meta http-equiv="Content-Security-Policy">' }]);
});

test('a host that adds to the HTML passes on each page hash, and is named in the report', async () => {
  const url = await proxy(await serve(current), (headers, body) =>
    String(headers['content-type']).startsWith('text/html')
      ? Buffer.from(body.toString('utf8').replace('</body>', '<script src="/beacon.js"></script></body>'))
      : body,
  );
  const { result, report } = await verify(url);
  assert.deepEqual(mismatches(result), []);
  assert.ok(result.kind === 'compared' && result.rewritten.includes('/'));
  assert.match(report.text, /pages? rewritten by the host, with this build's page hash: .*\//);
});

test('a missing page answered with 200 (a host serving the home page for everything) fails', async () => {
  const target = await serve(current);
  const url = await listen((request, response) =>
    forward(target, request.url!.startsWith('/verify-') ? '/' : request.url!, response),
  );
  const found = mismatches((await verify(url)).result);
  assert.deepEqual(found, [{ where: '/verify-no-such-page/', message: 'answers 200, expected 404 with the 404 page' }]);
});

test('npm run verify prints each mismatch and exits 1; without a server it says so in one line and exits 2', async () => {
  const copy = path.join(await temporaryFolder(), 'site');
  await cp(current, copy, { recursive: true });
  await rm(path.join(copy, page.slice(1), 'index.html'));
  const url = await serve(copy);
  const command = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', ...args, '--dir', current]).then(
      () => assert.fail('expected a failure'),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  const failed = await command(url);
  assert.equal(failed.code, 1);
  assert.match(failed.stdout, new RegExp(`\n✗ ${page}/: answers 404, expected 200\n`));
  assert.match(failed.stdout, /The live site is not this build: 1 mismatch /);

  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  const offline = await command(`http://127.0.0.1:${port}/`);
  assert.equal(offline.code, 2);
  assert.equal(offline.stdout.trim().split('\n').length, 1);
  assert.match(
    offline.stdout,
    /^No network: could not reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)\. Nothing was verified/,
  );
});

test('a 503 is asked again and passes when the host recovers; a 429 is not asked again', async () => {
  const target = await serve(current);
  const asked = new Map<string, number>();
  const url = await listen((request, response) => {
    const times = (asked.get(request.url!) ?? 0) + 1;
    asked.set(request.url!, times);
    const failing = request.url === '/' ? 429 : 503;
    if (times === 1) {
      response.writeHead(failing, { 'Retry-After': '0' });
      response.end();
      return;
    }
    forward(target, request.url!, response);
  });
  const found = mismatches((await verify(url)).result);
  assert.deepEqual(found, [{ where: '/', message: 'answers 429, expected 200' }]);
  assert.equal(asked.get('/'), 1);
  assert.equal(asked.get('/build.json'), 2);
});
