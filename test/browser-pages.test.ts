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

browserSuite('every page: console, requests, links, images, accessibility', (env) => {
  const pages = [...routePaths, notFoundFile, unknownPath];
  // One page per width, reused from route to route: starting a renderer and
  // loading axe-core into it cost more than the checks themselves.
  const sessions: Session[] = [];
  before(async () => {
    for (const viewport of [desktop, mobile]) sessions.push(await env.open(null, { ...viewport, reducedMotion: 'reduce' }));
  });

  for (const path of pages) {
    const status = path === unknownPath ? 404 : 200;
    test(`${path}${status === 404 ? ' (answered with the 404 page)' : ''} at 1280 and 375 px`, async () => {
      for (const session of sessions) {
        const { page } = session;
        const where = `${path} at ${page.viewportSize()?.width} px`;
        session.problems.clear();
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

        assertNoProblems(session.problems, where);
      }
    });
  }

  test('the home page has external links, and they all open safely in a new tab', async () => {
    // Guards the check above against passing on a page that has no external link at all.
    const session = sessions[0]!;
    await session.visit('/');
    const links = await externalLinks(session.page);
    assert.ok(links.length >= 3, `position statement, Follow and Read more at least: ${links.length}`);
  });
});
