/**
 * A theme of 1,690 real entries in Chromium: without JavaScript, a year of the
 * index at the top of the list takes the reader to that year's heading, below
 * the sticky header, from the keyboard, and its "Back to the years" link takes
 * them back; on a phone no reference widens the page; axe-core finds nothing.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations } from './helpers/browser/axe.ts';
import { mobile } from './helpers/browser/fixture-site.ts';
import { assertNoProblems, browserSuite } from './helpers/browser/pool.ts';
import { settledScrollY } from './helpers/browser/scroll.ts';
import { contentWithLibraries } from './helpers/publications.ts';
import { buildIntoTemporaryFolder } from './helpers/site.ts';

const longTheme = async () => {
  const contentDir = await contentWithLibraries({
    'first-example': [
      path.resolve('test/fixtures/libraries/zotero-library-1053.bib'),
      path.resolve('test/fixtures/doi/import/bbt-873-library.bib'),
    ],
  });
  return (await buildIntoTemporaryFolder({ contentDir })).outDir;
};

/** Where an element is once scrolling has stopped: below the sticky header and on screen, or not. */
async function inViewBelowHeader(page: Page, selector: string) {
  await settledScrollY(page);
  return page.evaluate((selector) => {
    const box = document.querySelector(selector)!.getBoundingClientRect();
    const header = document.querySelector('.site-header')!.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom, headerBottom: header.bottom, height: window.innerHeight };
  }, selector);
}

browserSuite(
  'a theme page of a thousand entries and more',
  (env) => {
    test('without JavaScript, a year of the index is reached from the keyboard, below the sticky header, and the index again from it', async (t) => {
      const session = await env.open(t, { ...mobile, javaScriptEnabled: false, reducedMotion: 'reduce' });
      const { page } = session;
      await session.visit('/research/first-example/');
      const index = page.getByRole('navigation', { name: 'Publications by year' });
      await index.getByRole('link', { name: '2010', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/#year-2010$/);
      const heading = await inViewBelowHeader(page, '#year-2010');
      assert.ok(heading.top >= heading.headerBottom && heading.bottom <= heading.height, JSON.stringify(heading));
      assert.equal(
        await page.getByRole('heading', { level: 3, name: /^2010 \(90 entries\)$/ }).count(),
        1,
        'the heading names the year and its count',
      );

      await page
        .locator('section[aria-labelledby="year-2010"]')
        .getByRole('link', { name: 'Back to the years' })
        .click();
      await page.waitForURL(/#years$/);
      const back = await inViewBelowHeader(page, '#years');
      assert.ok(back.top >= back.headerBottom && back.top < back.height, JSON.stringify(back));

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `a reference widens the page by ${overflow} px`);
      assertNoProblems(session.problems, '/research/first-example/');
    });

    // axe-core runs on timers, which a page without JavaScript never fires: this check has scripts on.
    test('axe-core finds nothing on the page of 1,690 entries', async (t) => {
      const session = await env.open(t, mobile);
      await session.visit('/research/first-example/');
      const violations = await axeViolations(session.page);
      assert.deepEqual(violations, [], `axe-core found violations:\n${violations.join('\n')}`);
      assertNoProblems(session.problems, '/research/first-example/');
    });
  },
  { root: longTheme },
);
