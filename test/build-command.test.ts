/**
 * `npm run build -- --base … --site-url …`: the flags every shell passes alike
 * (cmd.exe and PowerShell cannot prefix a command with BASE_PATH=…), and the
 * warning a base-path build gives about robots.txt.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { projectRoot } from '../scripts/lib/project-root.js';
import { load } from './helpers/html.ts';
import { temporaryFolder } from './helpers/site.ts';

const run = promisify(execFile);

/** Runs the build command with the given flags (and no BASE_PATH or SITE_URL in the environment). */
async function build(flags: string[], env: Record<string, string> = {}) {
  const folder = await temporaryFolder();
  const outDir = path.join(folder, 'dist');
  const { stderr } = await run(
    process.execPath,
    ['scripts/run-build.js', '--out', outDir, '--report', path.join(folder, 'build-report.json'), ...flags],
    { cwd: projectRoot, env: { ...process.env, BASE_PATH: '', SITE_URL: '', ...env } },
  );
  const read = (file: string) => readFile(path.join(outDir, file), 'utf8');
  return { stderr, read };
}

const canonical = (html: string) => load(html)('link[rel="canonical"]').attr('href');

test('--base and --site-url set the base path and the address of every URL the site prints', async () => {
  const { read, stderr } = await build(['--base', '/repository', '--site-url', 'https://owner.github.io']);
  assert.equal(canonical(await read('research/index.html')), 'https://owner.github.io/repository/research/');
  assert.match(await read('sitemap.xml'), /<loc>https:\/\/owner\.github\.io\/repository\/<\/loc>/);
  assert.match(await read('index.html'), /<a href="\/repository\/#research">/);
  assert.match(stderr, /warning robots\.txt: served at \/repository\/robots\.txt, where crawlers never look/);
});

test('the flags win over BASE_PATH and SITE_URL, which still work on their own', async () => {
  const flagged = await build(['--base', '/flag', '--site-url', 'https://flag.example'], {
    BASE_PATH: '/env',
    SITE_URL: 'https://env.example',
  });
  assert.equal(canonical(await flagged.read('index.html')), 'https://flag.example/flag/');
  const fromEnv = await build([], { BASE_PATH: '/env', SITE_URL: 'https://env.example' });
  assert.equal(canonical(await fromEnv.read('index.html')), 'https://env.example/env/');
});

test('a build at the host root says nothing about robots.txt', async () => {
  const { read, stderr } = await build(['--site-url', 'https://www.example.org']);
  assert.equal(canonical(await read('index.html')), 'https://www.example.org/');
  assert.match(await read('robots.txt'), /^Sitemap: https:\/\/www\.example\.org\/sitemap\.xml$/m);
  assert.doesNotMatch(stderr, /robots\.txt/);
});
