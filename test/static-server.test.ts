/**
 * The preview server (scripts/lib/static-server.ts, scripts/preview.ts) on a
 * small hand-made site in a temporary folder: it answers every request, keeps
 * to its folder and its origin, and keeps answering while the files under it
 * are deleted and replaced.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { after, test } from 'node:test';
import { startStaticServer } from '../scripts/lib/static-server.ts';
import { temporaryFolder } from './helpers/site.ts';

const secret = 'SECRET OUTSIDE THE SITE';

/** dist/ with a home page, a section, a 404 page, a stylesheet and _headers; beside it dist-secret/ and a secret file. */
async function makeSite(): Promise<{ folder: string; dist: string }> {
  const folder = await temporaryFolder('eccron-server-');
  const dist = path.join(folder, 'dist');
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Home</title><p>Home page</p>',
    'research/index.html': '<!doctype html><title>Research</title><p>Research page</p>',
    // A folder named like a host: `//evil.example` must redirect to /evil.example/, not to that host.
    'evil.example/index.html': '<!doctype html><title>Evil</title><p>A folder named like a host</p>',
    '404.html': '<!doctype html><title>Not found</title><p>No such page</p>',
    'assets/site.css': 'body { color: #123456; }\n',
    _headers:
      '/*\n  X-Content-Type-Options: nosniff\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n',
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dist, name)), { recursive: true });
    await writeFile(path.join(dist, name), text);
  }
  await mkdir(path.join(folder, 'dist-secret'));
  await writeFile(path.join(folder, 'dist-secret', 'x.txt'), secret);
  await writeFile(path.join(folder, 'secret.txt'), secret);
  return { folder, dist };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Sends `target` exactly as written (no normalisation, unlike fetch) and reads the whole answer. */
function request(origin: string, target: string, method = 'GET'): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const sent = http.request({ hostname, port, path: target, method, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

const servers: { close: () => Promise<void> }[] = [];
after(() => Promise.all(servers.map((server) => server.close())));

async function serve(root: string, basePath?: string) {
  const server = await startStaticServer({ root, basePath });
  servers.push(server);
  return { ...server, origin: new URL(server.url).origin };
}

test('a path cannot leave the site by a sibling folder with the same prefix or by any encoding of ..', async () => {
  const { dist } = await makeSite();
  const { origin } = await serve(dist);
  for (const target of [
    '/..%2Fdist-secret%2Fx.txt',
    '/%2E%2E%2Fdist-secret%2Fx.txt',
    '/..%5Cdist-secret%5Cx.txt',
    '/%2e%2e/%2e%2e/dist-secret/x.txt',
    '/..%252Fdist-secret%252Fx.txt',
  ]) {
    const answer = await request(origin, target);
    assert.ok(answer.status === 400 || answer.status === 404, `${target} answers ${answer.status}`);
    assert.doesNotMatch(answer.body, new RegExp(secret), `${target} must not serve a file outside the site`);
  }
});

test('a symlink inside the site cannot serve a file or folder outside it; one to a file inside it works', async () => {
  const { folder, dist } = await makeSite();
  await symlink(path.join(folder, 'secret.txt'), path.join(dist, 'leak.txt'));
  await symlink(path.join(folder, 'dist-secret'), path.join(dist, 'leak-folder'));
  await symlink(path.join(dist, 'research', 'index.html'), path.join(dist, 'inside-link.html'));
  const { origin } = await serve(dist);
  for (const target of ['/leak.txt', '/leak-folder/x.txt', '/leak-folder/']) {
    const answer = await request(origin, target);
    assert.equal(answer.status, 404, `${target} answers ${answer.status}`);
    assert.doesNotMatch(answer.body, new RegExp(secret), `${target} must not serve a file outside the site`);
  }
  const inside = await request(origin, '/inside-link.html');
  assert.equal(inside.status, 200, 'a symlink to a file inside the site is served');
  assert.match(inside.body, /Research page/);
});

test('NUL bytes, control characters and broken encodings are bad requests, answered without an error in the body', async () => {
  const { dist } = await makeSite();
  const { origin } = await serve(dist);
  for (const target of [
    '/index.html%00.txt',
    '/research%0D%0A/..',
    '/research%0D%0ASet-Cookie:%20a=b',
    '/research%0A',
    '/%E0%A4%A',
    '/research%09/',
  ]) {
    const answer = await request(origin, target);
    assert.equal(answer.status, 400, `${target} answers ${answer.status}: ${answer.body}`);
    assert.equal(answer.headers['set-cookie'], undefined);
    assert.equal(answer.headers.location, undefined);
    assert.doesNotMatch(answer.body, /Error|invalid|at /i, 'no error message or stack in the body');
  }
});

test('redirects stay on this origin, whatever the path looks like', async () => {
  const { dist } = await makeSite();
  const { origin } = await serve(dist);
  const forms = [
    '/%2Fevil.example%2F..%2Fresearch',
    '//evil.example',
    '//evil.example/',
    '/\\evil.example',
    '/%5Cevil.example',
    '/%5Cevil.example/',
    '/%2F%2Fevil.example%2Fresearch',
    '//evil.example/%2E%2E/research',
    '//research',
    '///research',
    '/%2Fresearch',
    '/\\evil.example/..\\research',
    '/%5Cevil.example%2F..%2Fresearch',
    '/%2F%5Cevil.example/research',
    '/research?next=//evil.example',
  ];
  for (const target of forms) {
    const answer = await request(origin, target);
    assert.ok(answer.status < 500, `${target} answers ${answer.status}`);
    const location = answer.headers.location;
    if (location === undefined) continue;
    assert.match(
      location,
      /^\/(?![/\\])/,
      `${target} redirects to ${location}: a path on this origin, never //host or a scheme`,
    );
    assert.equal(new URL(location, origin).origin, origin, `${target} redirects off-site to ${location}`);
  }
  const plain = await request(origin, '/research');
  assert.equal(plain.status, 301);
  assert.equal(plain.headers.location, '/research/');
  assert.equal(
    (await request(origin, '//research')).headers.location,
    '/research/',
    'a doubled slash collapses to one',
  );
  assert.equal((await request(origin, '//evil.example')).headers.location, '/evil.example/');
});

test('HEAD answers the same status and headers as GET, Content-Length included, without a body', async () => {
  const { dist } = await makeSite();
  const { origin } = await serve(dist);
  for (const target of ['/', '/research/', '/assets/site.css', '/no-such-page/', '/research']) {
    const get = await request(origin, target);
    const head = await request(origin, target, 'HEAD');
    assert.equal(head.status, get.status, target);
    assert.equal(head.body, '', `${target}: HEAD has no body`);
    assert.equal(
      get.headers['content-length'],
      String(Buffer.byteLength(get.body)),
      `${target}: GET's Content-Length is its body's`,
    );
    assert.equal(
      head.headers['content-length'],
      get.headers['content-length'],
      `${target}: HEAD's Content-Length is GET's`,
    );
    for (const name of ['content-type', 'cache-control', 'x-content-type-options', 'location']) {
      assert.equal(head.headers[name], get.headers[name], `${target}: ${name}`);
    }
  }
});

test('the host rules still hold: index pages, trailing-slash redirects, the 404 page with status 404, _headers', async () => {
  const { dist } = await makeSite();
  const { origin } = await serve(dist);
  const home = await request(origin, '/');
  assert.equal(home.status, 200);
  assert.match(home.body, /Home page/);
  assert.equal(home.headers['x-content-type-options'], 'nosniff');
  assert.equal(home.headers['cache-control'], 'no-cache');
  const css = await request(origin, '/assets/site.css');
  assert.equal(css.headers['content-type'], 'text/css; charset=utf-8');
  assert.equal(css.headers['cache-control'], 'public, max-age=31536000, immutable');
  const missing = await request(origin, '/no-such-page/');
  assert.equal(missing.status, 404);
  assert.match(missing.body, /No such page/);
  assert.equal((await request(origin, '/research?x=1')).headers.location, '/research/?x=1');
  assert.equal((await request(origin, '/', 'POST')).status, 405);
});

test('a base path works with and without a trailing slash', async () => {
  const { dist } = await makeSite();
  for (const basePath of ['/repo/', '/repo', 'repo']) {
    const { origin, url } = await serve(dist, basePath);
    assert.equal(url, `${origin}/repo/`, basePath);
    assert.equal((await request(origin, '/repo/')).status, 200, `${basePath}: /repo/`);
    assert.match((await request(origin, '/repo/research/')).body, /Research page/, `${basePath}: /repo/research/`);
    assert.equal((await request(origin, '/repo')).headers.location, '/repo/', `${basePath}: /repo`);
    assert.equal(
      (await request(origin, '/repo/research')).headers.location,
      '/repo/research/',
      `${basePath}: /repo/research`,
    );
    assert.equal((await request(origin, '/research/')).status, 404, `${basePath}: outside the base`);
  }
});

/** Runs `npm run preview` (scripts/preview.ts) on `dir` and waits for its address. */
async function startPreview(
  dir: string,
  extra: string[] = [],
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/preview.ts', '--port', '0', '--dir', dir, ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  after(() => {
    child.kill();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const found = /Serving the built site at (http:\S+)/.exec(output)?.[1];
      if (found) resolve(found);
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`preview exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}

test('npm run preview -- --base /repo/ serves the pages under /repo/', async () => {
  const { dist } = await makeSite();
  const { url } = await startPreview(dist, ['--base', '/repo/']);
  assert.match(url, /\/repo\/$/);
  const home = await request(new URL(url).origin, '/repo/');
  assert.equal(home.status, 200);
  assert.match(home.body, /Home page/);
});

// The server npm run preview starts (scripts/preview.ts), in this process: the command as a process is the test above.
// A request that took the server down would fail this test as an error thrown in this process.
test('preview keeps answering while the files under it vanish, are replaced and turn into folders, under many parallel requests', async () => {
  const { dist } = await makeSite();
  const pages = Array.from({ length: 12 }, (_, index) => `page-${index}`);
  const big = `<!doctype html><title>Page</title>${'<p>Filler text to make reading take a while.</p>'.repeat(4000)}`;
  const writePage = async (name: string) => {
    await mkdir(path.join(dist, name), { recursive: true });
    await writeFile(path.join(dist, name, 'index.html'), big);
  };
  await Promise.all(pages.map(writePage));
  const fifo = process.platform === 'win32' ? null : path.join(dist, 'pipe.html');
  if (fifo) execFileSync('mkfifo', [fifo]);

  const { origin } = await serve(dist);
  const targets = [
    ...pages.flatMap((name) => [`/${name}/`, `/${name}`, `/${name}/index.html`]),
    '/',
    '/assets/site.css',
    '/pipe.html',
  ];

  let churning = true;
  const churn = (async () => {
    for (let round = 0; churning; round += 1) {
      for (const [index, name] of pages.entries()) {
        const folder = path.join(dist, name);
        const file = path.join(folder, 'index.html');
        switch ((index + round) % 4) {
          case 0: // deleted, then written again
            await rm(folder, { recursive: true, force: true });
            await writePage(name);
            break;
          case 1: // an atomic save: written aside, renamed over
            await writeFile(`${file}.tmp`, big);
            await rename(`${file}.tmp`, file);
            break;
          case 2: // the file becomes a folder for a moment
            await rm(file, { force: true });
            await mkdir(file, { recursive: true });
            await rm(file, { recursive: true, force: true });
            await writePage(name);
            break;
          default: // the whole 404 page vanishes for a moment
            await rm(path.join(dist, '404.html'), { force: true });
            await writeFile(path.join(dist, '404.html'), '<!doctype html><title>Not found</title><p>No such page</p>');
        }
      }
    }
  })();

  const statuses = new Map<number, number>();
  try {
    for (let round = 0; round < 30; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, index) => request(origin, targets[(round * 60 + index) % targets.length]!)),
      );
      for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
  } finally {
    churning = false;
    await churn;
  }
  assert.deepEqual(
    [...statuses.keys()].filter((status) => ![200, 301, 404].includes(status)),
    [],
    `every answer is a page, a redirect or the 404 page: ${JSON.stringify([...statuses])}`,
  );
  assert.equal((await request(origin, '/page-0/')).status, 200, 'and it still serves afterwards');
});

test('preview serves the whole site while a build swaps a new one into its folder: no 404 in the moment between the renames', async () => {
  const { folder, dist } = await makeSite();
  const { url, close } = await startStaticServer({ root: dist });
  const origin = new URL(url).origin;
  const targets = ['/', '/research/', '/assets/site.css', '/research'];

  // What writeOutput does: the new site written beside, the old one renamed away, the new one renamed in.
  let swapping = true;
  let swaps = 0;
  const swap = (async () => {
    while (swapping) {
      const staging = path.join(folder, '.dist.staging');
      const previous = path.join(folder, '.dist.previous');
      await cp(dist, staging, { recursive: true });
      await rename(dist, previous);
      // The moment between the renames, a little longer than a fast disk makes it, so requests land in it.
      await new Promise((resolve) => setTimeout(resolve, 3));
      await rename(staging, dist);
      await rm(previous, { recursive: true, force: true });
      swaps += 1;
    }
  })();

  const statuses = new Map<string, number>();
  try {
    for (let round = 0; round < 40; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) => {
          const target = targets[index % targets.length]!;
          return request(origin, target).then((answer) => ({ target, status: answer.status }));
        }),
      );
      for (const { target, status } of answers) {
        const key = `${target} ${status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
    }
  } finally {
    swapping = false;
    await swap;
    await close();
  }
  assert.ok(swaps >= 10, `the site was swapped while the requests ran (${swaps} times)`);
  assert.deepEqual(
    [...statuses.keys()].sort(),
    ['/ 200', '/assets/site.css 200', '/research 301', '/research/ 200'],
    `every request found the page: ${JSON.stringify([...statuses])}`,
  );
});
