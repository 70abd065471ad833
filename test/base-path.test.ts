import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, test } from 'node:test';
import fg from 'fast-glob';
import { startTags } from './helpers/html.ts';
import { buildIntoTemporaryFolder } from './helpers/site.ts';

const base = '/eccron-site';
let outDir: string;

before(async () => {
  ({ outDir } = await buildIntoTemporaryFolder({ basePath: base, siteUrl: 'https://consortium.github.io' }));
});

test('with a base path, every internal link and asset of every page starts with it', async () => {
  const pages = await fg('**/*.html', { cwd: outDir });
  assert.equal(pages.length, 9);
  for (const file of pages) {
    const html = await readFile(path.join(outDir, file), 'utf8');
    let checked = 0;
    for (const tag of startTags(html)) {
      for (const attribute of ['href', 'src', 'action', 'content']) {
        const value = tag.attributes.get(attribute);
        if (value === undefined) continue;
        if (value.startsWith('/')) {
          assert.ok(value.startsWith(`${base}/`), `${file}: <${tag.name} ${attribute}="${value}"> escapes the base path`);
          checked += 1;
        }
        if (value.startsWith('https://consortium.github.io')) {
          assert.ok(value.startsWith(`https://consortium.github.io${base}/`), `${file}: ${value}`);
        }
      }
    }
    assert.ok(checked > 10, `${file} has internal links`);
  }
});

test('with a base path, the sitemap, robots.txt and _headers carry it too', async () => {
  const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
  const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  assert.equal(locations.length, 8);
  for (const location of locations) assert.ok(location.startsWith(`https://consortium.github.io${base}/`), location);
  assert.match(await readFile(path.join(outDir, 'robots.txt'), 'utf8'), new RegExp(`Sitemap: https://consortium\\.github\\.io${base}/sitemap\\.xml`));
  assert.match(await readFile(path.join(outDir, '_headers'), 'utf8'), new RegExp(`^${base}/\\*$`, 'm'));
});
