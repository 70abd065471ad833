/**
 * The build table's gzip column: files a host sends as they are (fonts,
 * pictures) count as their bytes, and a big file's size is the same whether
 * it was just compressed, remembered from an earlier build, or the memory of
 * it was damaged.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { GzipSizes } from '../scripts/lib/gzip-size.ts';
import { temporaryFolder } from './helpers/site.ts';

const woff2 = Buffer.concat([Buffer.from('wOF2'), randomBytes(4096)]);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(4096)]);
// Compressible and bigger than what is remembered: a script of half a megabyte.
const script = Buffer.from('function example() { return "an example line of a big script"; }\n'.repeat(8000));
const gzip = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length;

test('a font and a picture count as their bytes; text and scripts as their gzip size', () => {
  const sizes = new GzipSizes();
  assert.equal(sizes.of(woff2), woff2.length);
  assert.equal(sizes.of(png), png.length);
  assert.equal(sizes.of('<p>a page</p>'.repeat(100)), gzip('<p>a page</p>'.repeat(100)));
  assert.equal(sizes.of(script), gzip(script));
});

test('a big file weighs the same when it is remembered from an earlier build, and when that memory is damaged', async () => {
  const file = path.join(await temporaryFolder(), 'cache', 'gzip-sizes.tsv');
  assert.equal(new GzipSizes(file).of(script), gzip(script), 'compressed, then remembered');
  await new Promise((resolve) => setImmediate(resolve)); // written once the sizes counted together are in
  assert.match(await readFile(file, 'utf8'), new RegExp(`^[0-9a-f]{64}\t[0-9a-f]{8}\t${gzip(script)}$`, 'm'));
  assert.equal(new GzipSizes(file).of(script), gzip(script), 'remembered');
  await writeFile(file, (await readFile(file, 'utf8')).slice(0, 70));
  assert.equal(new GzipSizes(file).of(script), gzip(script), 'a damaged file is compressed again');
});

test('files measured away from the build thread, the biggest given first and all of them again, weigh as gzip says', async () => {
  const file = path.join(await temporaryFolder(), 'cache', 'gzip-sizes.tsv');
  const sizes = new GzipSizes(file);
  const other = `${script.toString('utf8')}// another\n`.repeat(2);
  // As a build gives them: /admin/'s scripts first, then every script of the site, those among them.
  sizes.measureSoon([script]);
  sizes.measureSoon([other, script, woff2]);
  await sizes.settled();
  assert.deepEqual([sizes.of(script), sizes.of(other), sizes.of(woff2)], [gzip(script), gzip(other), woff2.length]);
  await new Promise((resolve) => setImmediate(resolve));
  const lines = (await readFile(file, 'utf8')).trim().split('\n');
  assert.equal(lines.length, 2, 'both remembered, a line each');
});
