/**
 * Screenshots of every page of the real site at a phone and a desktop width,
 * so a reviewer can look at the whole site at once after a change. Written outside dist/, to
 * reports/screenshots/<route>-<width>.png (SCREENSHOT_DIR overrides). The test
 * fails only when a screenshot cannot be taken; judging them is for people.
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { loadContent } from '../scripts/stages/load-content.ts';
import { routes } from '../src/routes.tsx';
import { browserSuite, desktop, mobile, notFoundFile } from './helpers/browser.ts';
import { builtRealSite, realContentDir } from './helpers/site.ts';

const folder = path.resolve(process.env.SCREENSHOT_DIR ?? 'reports/screenshots');
const routePaths = routes(await loadContent(realContentDir)).map((route) =>
  route.path === '/' ? '/' : `${route.path}/`,
);
const nameOf = (route: string) => route.replace(/^\/|\/$/g, '').replace(/\//g, '-') || 'home';

browserSuite(
  'screenshots',
  (env) => {
    for (const viewport of [mobile, desktop]) {
      test(`every page at ${viewport.width} px`, async (t) => {
        await mkdir(folder, { recursive: true });
        const { page, visit } = await env.open(t, viewport);
        for (const route of [...routePaths, notFoundFile]) {
          await visit(route);
          // Lazy images below the fold load only when near the viewport.
          await page.evaluate(async () => {
            for (const image of Array.from(document.images)) {
              image.loading = 'eager';
              await image.decode().catch(() => undefined);
            }
            await document.fonts.ready;
          });
          const file = path.join(folder, `${nameOf(route === notFoundFile ? '/404/' : route)}-${viewport.width}.png`);
          const shot = await page.screenshot({ path: file, fullPage: true });
          assert.ok(shot.length > 1000, `${file} is an image`);
        }
      });
    }
  },
  { root: () => builtRealSite().then((site) => site.outDir) },
);
