/**
 * npm run screenshots [-- --out reports/screenshots] [--content DIR]
 *
 * Screenshots of every page of the site at a phone and a desktop width, in
 * the light and the dark colour scheme, so a reviewer can look at the whole
 * site at once after a change: builds the site into a temporary folder,
 * serves it as a static host would, and writes <out>/<route>-<width>.png and
 * <out>/<route>-<width>-dark.png (reports/screenshots/ unless told; git
 * ignores reports/). Judging them is for people: this is a report, not a test. It
 * fails only when a page cannot be shown or no browser is found.
 *
 * Uses the Chromium that scripts/lib/chromium.ts finds (CHROMIUM_PATH, PATH,
 * the usual install places); it never downloads one.
 */
process.env.NODE_ENV ??= 'production';

import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from './lib/chromium.ts';
import { readCommandLine } from './lib/command-line.ts';
import { projectRoot } from './lib/project-root.js';

const { values } = readCommandLine(
  { options: { out: { type: 'string' }, content: { type: 'string' } } },
  // 1 is a page that could not be shown, or no browser.
  { usage: 'Usage: npm run screenshots [-- --out reports/screenshots] [--content DIR]', exitCode: 2 },
);

// Imported after NODE_ENV is set: React picks its build when it is first imported.
const { buildSite } = await import('./build-site.ts');
const { startStaticServer } = await import('./lib/static-server.ts');
const { loadContent } = await import('./stages/load-content.ts');
const { routes } = await import('../src/routes.tsx');
const { red } = await import('./lib/terminal.ts');

const { executablePath, problem } = findChromium();
if (!executablePath) {
  console.error(red(problem!));
  process.exit(1);
}

const folder = path.resolve(values.out ?? path.join(projectRoot, 'reports', 'screenshots'));
const contentDir = path.resolve(values.content ?? path.join(projectRoot, 'content'));
const viewports = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
].flatMap((size) =>
  // Each width in both schemes of the stylesheet (prefers-color-scheme); the dark one's files end in -dark.
  (['light', 'dark'] as const).map((colorScheme) => ({
    size,
    colorScheme,
    suffix: colorScheme === 'dark' ? '-dark' : '',
  })),
);
const pages = [
  ...routes((await loadContent(contentDir)).content).map((route) => (route.path === '/' ? '/' : `${route.path}/`)),
  '/404.html',
];
const nameOf = (page: string) =>
  page === '/404.html' ? '404' : page.replace(/^\/|\/$/g, '').replace(/\//g, '-') || 'home';

const work = await mkdtemp(path.join(os.tmpdir(), 'eccron-screenshots-'));
const outDir = path.join(work, 'dist');
await buildSite({ outDir, contentDir });
const server = await startStaticServer({ root: outDir });
const browser = await chromium.launch({ executablePath, args: chromiumArgs });
try {
  await mkdir(folder, { recursive: true });
  for (const viewport of viewports) {
    const page = await browser.newPage({ viewport: viewport.size, colorScheme: viewport.colorScheme });
    for (const route of pages) {
      await page.goto(new URL(route, server.url).href);
      // The islands started (the menu's button, the form's fields), and the lazy images and fonts loaded.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-island]')].every(
          (island) => island.querySelector('button.menu-button, button[type="submit"]:enabled, .island-error') !== null,
        ),
      );
      await page.evaluate(async () => {
        for (const image of Array.from(document.images)) {
          image.loading = 'eager';
          await image.decode().catch(() => undefined);
        }
        await document.fonts.ready;
      });
      await page.screenshot({
        path: path.join(folder, `${nameOf(route)}-${viewport.size.width}${viewport.suffix}.png`),
        fullPage: true,
      });
    }
    await page.close();
  }
  console.log(`${pages.length * viewports.length} screenshots in ${folder}`);
} finally {
  await browser.close();
  await server.close();
  await rm(work, { recursive: true, force: true });
}
