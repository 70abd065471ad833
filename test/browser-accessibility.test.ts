/**
 * axe-core on every page of the site in the light and the dark colour scheme,
 * and at a phone's width where that width shows something the desktop's does
 * not (below): it finds nothing. What ran and what it found is written to
 * reports/accessibility-run.json, the record the build takes
 * (--accessibility-record) for the accessibility statement's "How this site
 * was tested". On the same pages at 1280 px, once axe-core has run: every
 * focus ring has 3:1 contrast with what lies behind it (WCAG 2.2's focus
 * appearance), in both schemes, and the dark scheme is light text on a dark
 * page (at 375 px: browser-color-schemes.test.ts).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { axeViolations, writeAccessibilityRecord } from './helpers/browser/axe.ts';
import { bodyColours, focusRings } from './helpers/browser/colours.ts';
import { desktop, mobile, notFoundFile, routePaths } from './helpers/browser/fixture-site.ts';
import { assertNoProblems, browserSuite, type Session } from './helpers/browser/pool.ts';
import { load } from './helpers/html.ts';
import { buildIntoTemporaryFolder, readPage, temporaryFolder } from './helpers/site.ts';

const colorSchemes = ['light', 'dark'] as const;
const pages = [...routePaths, notFoundFile];

/**
 * Where axe runs. Every page in both colour schemes, at the desktop's width: a scheme changes every colour of the
 * page, so each page's contrast is checked in each, and at 1280 px every element of a page is shown but the phone's
 * menu button. At 375 px the pages differ from the desktop's in two ways only (src/styles/site.css): the header shows
 * the menu button (the MobileMenu island) in place of the links, and the sections fall into one column, which
 * changes no colour, name or landmark. The header is the same component on every page (PageLayout's SiteHeader),
 * so the home page at 375 px, in both schemes, checks the button and its colours; and the test after it, the menu
 * opened on the phone, checks the menu's panel in both schemes.
 */
const checks = (route: string) => [
  ...colorSchemes.map((colorScheme) => ({ viewport: desktop, colorScheme })),
  ...(route === '/' ? colorSchemes.map((colorScheme) => ({ viewport: mobile, colorScheme })) : []),
];

browserSuite('accessibility', (env) => {
  const sessions = new Map<string, Session>();
  const session = (viewport: typeof desktop | typeof mobile, colorScheme: (typeof colorSchemes)[number]) =>
    sessions.get(`${viewport.width} ${colorScheme}`)!;
  let browser = '';
  before(async () => {
    browser = `Chromium ${env.browser.version()}`;
    for (const colorScheme of colorSchemes)
      for (const viewport of [desktop, mobile])
        sessions.set(
          `${viewport.width} ${colorScheme}`,
          await env.open(null, { ...viewport, reducedMotion: 'reduce', colorScheme }),
        );
  });
  // The record of what this run checked and found, even when a check failed: it says so.
  after(() => writeAccessibilityRecord(browser));

  /** Focus rings measured in each scheme, on every page at 1280 px. */
  const ringsMeasured = { light: 0, dark: 0 };

  for (const route of pages) {
    const widths = [...new Set(checks(route).map(({ viewport }) => viewport.width))].join(' and ');
    test(`${route}: axe-core finds nothing at ${widths} px, in the light and the dark scheme; every focus ring has 3:1 contrast`, async () => {
      await Promise.all(
        checks(route).map(async ({ viewport, colorScheme }) => {
          const { width } = viewport;
          const where = `${route} at ${width} px, ${colorScheme}`;
          const at = session(viewport, colorScheme);
          at.problems.clear();
          await at.visit(route);
          const violations = await axeViolations(at.page, { route, width, colorScheme });
          assert.deepEqual(violations, [], `${where}: axe-core found violations:\n${violations.join('\n')}`);
          if (viewport === desktop) {
            const rings = await focusRings(at.page);
            ringsMeasured[colorScheme] += rings.length;
            const faint = rings.filter((ring) => !(ring.ratio >= 3));
            assert.deepEqual(faint, [], `${route}, ${colorScheme}: focus rings below 3:1`);
          }
          if (viewport === desktop && colorScheme === 'dark') {
            const { background, text } = await bodyColours(at.page);
            assert.ok(background < 0.05 && text > 0.6, `${where}: light text on a dark page (${background}, ${text})`);
          }
          assertNoProblems(at.problems, where);
        }),
      );
    });
  }

  for (const colorScheme of colorSchemes)
    test(`${colorScheme}: the focus rings were measured on every page`, () =>
      assert.ok(ringsMeasured[colorScheme] > pages.length * 5, `focus rings measured: ${ringsMeasured[colorScheme]}`));

  test('the home page with the phone menu open, light and dark: axe-core finds nothing', async () => {
    for (const colorScheme of colorSchemes) {
      const phone = session(mobile, colorScheme);
      const { page } = phone;
      const { width } = mobile;
      await phone.visit('/');
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
    checkRecord(browser, pages.flatMap(checks).length + colorSchemes.length));
});

/** The record this run writes: every check it made and what axe-core found; a build given it says so. */
async function checkRecord(browser: string, checked: number) {
  const file = path.join(await temporaryFolder(), 'accessibility-run.json');
  await writeAccessibilityRecord(browser, file);
  const record = JSON.parse(await readFile(file, 'utf8'));
  assert.deepEqual(
    [record.routes, record.widths, record.colorSchemes, record.checks, record.violations],
    [pages, [mobile.width, desktop.width], ['light', 'dark'], checked, 0],
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
        `checked ${pages.length} pages .* with axe-core ${record.axeCore.replaceAll('.', '\\.')} in ${browser}, at 1280 pixels wide, and / at 375 pixels as well, in the light and dark colour schemes: ${checked} checks, and axe-core found no violation\\.$`,
      ),
    );
}
