import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, test } from 'node:test';
import fg from 'fast-glob';
import { mobile, routePaths, themes } from './helpers/browser/fixture-site.ts';
import { assertNoProblems, browserSuite } from './helpers/browser/pool.ts';
import { startTags } from './helpers/html.ts';
import { buildIntoTemporaryFolder } from './helpers/site.ts';

const base = '/eccron-site';
let outDir: string;

before(async () => {
  ({ outDir } = await buildIntoTemporaryFolder({ basePath: base, siteUrl: 'https://consortium.github.io' }));
});

test('with a base path, every internal link and asset of every page starts with it', async () => {
  const pages = await fg('**/*.html', { cwd: outDir });
  // Every route, 404.html, and the CMS's page, whose links must carry the base path too.
  assert.equal(pages.length, routePaths.length + 2, 'every route, 404.html and admin/index.html');
  assert.ok(pages.includes('admin/index.html'));
  for (const file of pages) {
    const html = await readFile(path.join(outDir, file), 'utf8');
    let checked = 0;
    for (const tag of startTags(html)) {
      for (const attribute of ['href', 'src', 'action', 'content']) {
        const value = tag.attributes.get(attribute);
        if (value === undefined) continue;
        if (value.startsWith('/')) {
          assert.ok(
            value.startsWith(`${base}/`),
            `${file}: <${tag.name} ${attribute}="${value}"> escapes the base path`,
          );
          checked += 1;
        }
        if (value.startsWith('https://consortium.github.io')) {
          assert.ok(value.startsWith(`https://consortium.github.io${base}/`), `${file}: ${value}`);
        }
      }
    }
    // The CMS's page links only its configuration and its script.
    assert.ok(checked >= (file === 'admin/index.html' ? 2 : 10), `${file} has internal links`);
  }
});

test('with a base path, the sitemap, robots.txt and _headers carry it too', async () => {
  const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
  const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  assert.equal(locations.length, routePaths.length);
  for (const location of locations) assert.ok(location.startsWith(`https://consortium.github.io${base}/`), location);
  assert.match(
    await readFile(path.join(outDir, 'robots.txt'), 'utf8'),
    new RegExp(`Sitemap: https://consortium\\.github\\.io${base}/sitemap\\.xml`),
  );
  assert.match(await readFile(path.join(outDir, '_headers'), 'utf8'), new RegExp(`^${base}/\\*$`, 'm'));
});

browserSuite(
  'a site built with a base path, served under it',
  (env) => {
    test('every page loads its styles, images and islands under the prefix and its links stay inside it', async (t) => {
      const { page, problems, visit } = await env.open(t, mobile);
      for (const route of routePaths) {
        await visit(route);
        assert.ok(page.url().startsWith(`${new URL(env.baseUrl).origin}${base}/`), page.url());
        // The stylesheet applied: the sticky header, and the menu island's button, shown once it hydrated.
        assert.equal(
          await page.locator('.site-header').evaluate((header) => getComputedStyle(header).position),
          'sticky',
        );
        assert.ok(await page.locator('.menu-button').isVisible(), `${route}: the menu island started`);
        for (const image of await page.locator('img').all()) {
          await image.scrollIntoViewIfNeeded();
          await page.waitForFunction((element) => (element as HTMLImageElement).complete, await image.elementHandle());
          assert.ok(
            await image.evaluate((element: HTMLImageElement) => element.naturalWidth > 0),
            `${route}: ${await image.getAttribute('src')} loaded`,
          );
        }
      }
      assertNoProblems(problems, 'pages under a base path');

      await visit(`/research/${themes[1]!.id}/`);
      await page.getByRole('link', { name: 'Back to Research Areas' }).click();
      await page.waitForURL(`**${base}/#research`);
      await page.locator('.menu-button').click();
      await page.getByRole('dialog').getByRole('link', { name: 'Members' }).click();
      await page.waitForURL(`**${base}/#team`);
      assertNoProblems(problems, 'links under a base path');
    });
  },
  { root: async () => outDir, basePath: base },
);
