/**
 * The caches (the link checker's results, the build's bundle, the gzip sizes)
 * are written through one helper, scripts/lib/atomic-write.js: the file is
 * whole or as it was, and a failed write leaves no temporary file behind.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { writeFileAtomic } from '../scripts/lib/atomic-write.js';
import { readCache, writeCache } from '../scripts/links/cache.ts';

const work = await mkdtemp(path.join(os.tmpdir(), 'atomic-write-'));
after(() => rm(work, { recursive: true, force: true }));

test('a write makes the folder and replaces the file whole, with nothing else left in the folder', async () => {
  const file = path.join(work, 'made', 'cache.json');
  writeFileAtomic(file, 'first');
  writeFileAtomic(file, 'second');
  assert.equal(await readFile(file, 'utf8'), 'second');
  assert.deepEqual(await readdir(path.dirname(file)), ['cache.json']);
});

test('a failed write throws and leaves no temporary file; the link cache too', async () => {
  // A folder where the file should go: the rename over it fails on every system.
  const folder = path.join(work, 'failing');
  await mkdir(path.join(folder, 'link-check.json'), { recursive: true });
  assert.throws(() => writeFileAtomic(path.join(folder, 'link-check.json'), 'x'));
  assert.throws(() => writeCache(path.join(folder, 'link-check.json'), []));
  assert.deepEqual(await readdir(folder), ['link-check.json']);
});

test('the link cache reads back what it wrote', async () => {
  const file = path.join(work, 'links', 'link-check.json');
  const result = {
    url: 'https://example.org/',
    group: 'fine' as const,
    detail: '200',
    checkedAt: new Date().toISOString(),
  };
  writeCache(file, [result]);
  assert.deepEqual([...(await readCache(file, 60_000))], [[result.url, result]]);
});
