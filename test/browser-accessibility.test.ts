/**
 * axe-core on every page of the site, at a phone's and a desktop's width, in
 * the light and the dark colour scheme, and on the home page with the phone
 * menu open: it finds nothing. What ran and what it found is written to
 * reports/accessibility-run.json, the record the build takes
 * (--accessibility-record) for the accessibility statement's "How this site
 * was tested".
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { axeViolations, writeAccessibilityRecord } from './helpers/browser/axe.ts';
import { desktop, mobile, notFoundFile, routePaths } from './helpers/browser/fixture-site.ts';
import { assertNoProblems, browserSuite, type Session } from './helpers/browser/pool.ts';
import { load } from './helpers/html.ts';
import { buildIntoTemporaryFolder, readPage, temporaryFolder } from './helpers/site.ts';

const colorSchemes = ['light', 'dark'] as const;

browserSuite('accessibility', (env) => {
  const sessions: { session: Session; width: number; colorScheme: (typeof colorSchemes)[number] }[] = [];
  let browser = '';
  before(async () => {
    browser = `Chromium ${env.browser.version()}`;
    for (const colorScheme of colorSchemes)
      for (const viewport of [desktop, mobile])
        sessions.push({
          session: await env.open(null, { ...viewport, reducedMotion: 'reduce', colorScheme }),
          width: viewport.width,
          colorScheme,
        });
  });
  // The record of what this run checked and found, even when a check failed: it says so.
  after(() => writeAccessibilityRecord(browser));

  for (const route of [...routePaths, notFoundFile]) {
    test(`${route}: axe-core finds nothing at 1280 and 375 px, in the light and the dark scheme`, async () => {
      await Promise.all(
        sessions.map(async ({ session, width, colorScheme }) => {
          const where = `${route} at ${width} px, ${colorScheme}`;
          session.problems.clear();
          await session.visit(route);
          const violations = await axeViolations(session.page, { route, width, colorScheme });
          assert.deepEqual(violations, [], `${where}: axe-core found violations:\n${violations.join('\n')}`);
          assertNoProblems(session.problems, where);
        }),
      );
    });
  }

  test('the home page with the phone menu open, light and dark: axe-core finds nothing', async () => {
    for (const { session, width, colorScheme } of sessions.filter(({ width }) => width === mobile.width)) {
      const { page } = session;
      await session.visit('/');
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await menu.waitFor({ state: 'visible' });
      const violations = await axeViolations(page, { route: '/', width, colorScheme, state: 'menu open' });
      assert.deepEqual(
        violations,
        [],
        `/ with the menu open, ${colorScheme}: axe-core found violations:\n${violations.join('\n')}`,
      );
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    }
  });

  test('the record of this run says what ran and what was found, and a build given it says so on the statement', () =>
    checkRecord(browser));
});

/** The record this run writes: every check it made and what axe-core found; a build given it says so. */
async function checkRecord(browser: string) {
  const file = path.join(await temporaryFolder(), 'accessibility-run.json');
  await writeAccessibilityRecord(browser, file);
  const record = JSON.parse(await readFile(file, 'utf8'));
  const pages = [...routePaths, notFoundFile];
  assert.deepEqual(
    [record.routes, record.widths, record.colorSchemes, record.checks, record.violations],
    [pages, [mobile.width, desktop.width], ['light', 'dark'], pages.length * 4 + 2, 0],
  );
  assert.equal(record.browser, browser);
  const { outDir } = await buildIntoTemporaryFolder({ accessibilityRecord: file, commit: record.commit });
  const $ = load(await readPage(outDir, '/accessibility'));
  const tested = $('main h2:contains("How this site was tested")').next('p').text();
  if (record.commit === null || record.uncommitted?.length !== 0)
    assert.match(
      tested,
      /was not tested/,
      'outside a git checkout, or with changes not committed, no run vouches for a commit',
    );
  else
    assert.match(
      tested,
      new RegExp(
        `checked ${pages.length} pages .* with axe-core ${record.axeCore.replaceAll('.', '\\.')} in ${browser}, at 375 and 1280 pixels wide, in the light and dark colour schemes: ${pages.length * 4 + 2} checks, and axe-core found no violation\\.$`,
      ),
    );
}
