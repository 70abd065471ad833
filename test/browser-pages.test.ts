import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  assertNoProblems,
  axeViolations,
  browserSuite,
  desktop,
  mobile,
  notFoundFile,
  routePaths,
  unknownPath,
  type Session,
} from './helpers/browser.ts';

/** Brings every image into view (below-the-fold ones load lazily) and reports whether it loaded. */
const loadEveryImage = (page: Page) =>
  page.evaluate(async () => {
    const results: { src: string; complete: boolean; naturalWidth: number }[] = [];
    for (const image of Array.from(document.images)) {
      image.scrollIntoView({ block: 'center', behavior: 'instant' });
      // decode() settles once the image has loaded or failed; the timer only bounds a hang.
      await Promise.race([image.decode().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5000))]);
      results.push({ src: image.currentSrc || image.src, complete: image.complete, naturalWidth: image.naturalWidth });
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return results;
  });

const externalLinks = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href^="http"]'), (link) => ({
      href: link.getAttribute('href')!,
      target: link.getAttribute('target'),
      rel: (link.getAttribute('rel') ?? '').split(/\s+/),
    })),
  );

browserSuite('every page: console, requests, links, images, accessibility, width, CSP', (env) => {
  const pages = [...routePaths, notFoundFile, unknownPath];
  // One page per width, reused from route to route: starting a renderer and
  // loading axe-core into it cost more than the checks themselves.
  let session: Session;
  before(async () => {
    session = await env.open(null, { ...desktop, reducedMotion: 'reduce' });
  });

  for (const path of pages) {
    const status = path === unknownPath ? 404 : 200;
    test(`${path}${status === 404 ? ' (answered with the 404 page)' : ''} at 1280 and 375 px`, async () => {
      for (const viewport of [desktop, mobile]) {
        const { page } = session;
        const where = `${path} at ${viewport.width} px`;
        session.problems.clear();
        await page.setViewportSize(viewport);
        await session.visit(path, { status });

        const links = await externalLinks(page);
        for (const link of links) {
          assert.equal(link.target, '_blank', `${where}: ${link.href} opens in a new tab`);
          assert.ok(link.rel.includes('noopener'), `${where}: ${link.href} has rel="noopener" (rel="${link.rel.join(' ')}")`);
        }

        const images = await loadEveryImage(page);
        assert.ok(images.length > 0, `${where}: the page has images (the logo at least)`);
        for (const image of images) {
          assert.ok(image.complete && image.naturalWidth > 0, `${where}: ${image.src} did not load`);
        }

        const violations = await axeViolations(page);
        assert.deepEqual(violations, [], `${where}: axe-core found accessibility violations:\n${violations.join('\n')}`);

        if (viewport === mobile) {
          // Nothing scrolls sideways on a phone, with the menu closed or open.
          const width = () => page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok((await width()) <= mobile.width, `${where}: the page is ${await width()} px wide`);
          const menu = page.getByRole('dialog', { name: 'Menu' });
          await page.getByRole('button', { name: 'Menu', exact: true }).click();
          await menu.waitFor({ state: 'visible' });
          assert.ok((await width()) <= mobile.width, `${where}: with the menu open the page is ${await width()} px wide`);
          if (path === '/') {
            const menuViolations = await axeViolations(page);
            assert.deepEqual(menuViolations, [], `${where} with the menu open: axe-core found violations:\n${menuViolations.join('\n')}`);
          }
          await page.keyboard.press('Escape');
          await menu.waitFor({ state: 'hidden' });
        }

        // The page ran under its Content-Security-Policy without a violation (see also browser-csp.test.ts).
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
        assert.deepEqual(session.problems.cspViolations, [], `${where}: securitypolicyviolation events`);
        assert.deepEqual(session.problems.cspConsoleMessages, [], `${where}: CSP console messages`);
        assertNoProblems(session.problems, where);
      }
    });
  }

  test('the home page has external links, and they all open safely in a new tab', async () => {
    // Guards the check above against passing on a page that has no external link at all.
    await session.page.setViewportSize(desktop);
    await session.visit('/');
    const links = await externalLinks(session.page);
    assert.ok(links.length >= 3, `position statement, Follow and Read more at least: ${links.length}`);
  });
});
