/**
 * A theme page at a thousand entries and more stays readable and light: a
 * theme holding 1,690 real entries (a researcher's Zotero library and another's
 * BibTeX library, as cite imports them) is grouped by year under an index of
 * its years, each year reachable from the index without JavaScript, carries
 * no per-entry BibTeX (the theme's .bib holds it, one click away) and weighs
 * at most 150 KB gzip; the build warns, naming the page, its size and the
 * budget, when a page passes it (a theme of three more libraries and the
 * same entries again without their DOIs). The ordinary pages of a handful of
 * entries stay one list, each entry with its "View article" and its BibTeX.
 *
 * The same build in Chromium: without JavaScript, a year of the index at the
 * top of the list takes the reader to that year's heading, below the sticky
 * header, from the keyboard, and its "Back to the years" link takes them back;
 * on a phone no reference widens the page; axe-core finds nothing. (One build
 * of the libraries for both: importing them is most of the work.)
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { parse, stringify } from 'yaml';
import type { BuildResult } from '../scripts/build-site.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { PAGE_HTML_BUDGET } from '../scripts/stages/page-budgets.ts';
import type { Publication } from '../src/content/publications.ts';
import { axeViolations } from './helpers/browser/axe.ts';
import { mobile } from './helpers/browser/fixture-site.ts';
import { assertNoProblems, browserSuite } from './helpers/browser/pool.ts';
import { settledScrollY } from './helpers/browser/scroll.ts';
import { startTags } from './helpers/html.ts';
import { contentWithLibraries } from './helpers/publications.ts';
import { buildIntoTemporaryFolder, builtSite, readPage } from './helpers/site.ts';

const library = (name: string) => path.resolve('test/fixtures/libraries', name);
const doiExport = (name: string) => path.resolve('test/fixtures/doi/import', name);

let outDir: string;
let result: BuildResult;
let publications: Record<string, Publication[]>;
/** The build, made once: for the tests below and for the browser's. */
let building: ReturnType<typeof buildTheLibraries> | undefined;
const built = () => (building ??= buildTheLibraries());

async function buildTheLibraries() {
  // The measurement: a researcher's Zotero library and another's BibTeX library in one theme; and three
  // libraries in another, with those same entries again, over the budget.
  const contentDir = await contentWithLibraries({
    'first-example': [library('zotero-library-1053.bib'), doiExport('bbt-873-library.bib')],
    'second-example': [
      doiExport('mendeley-web-page.bib'),
      library('biblatex-apa-examples.bib'),
      doiExport('scopus-export.ris'),
    ],
  });
  // Without their DOIs, which are listed once in the whole file: the libraries of the first theme imported once.
  const file = path.join(contentDir, 'publications.yml');
  const themes = parse(await readFile(file, 'utf8')) as Record<string, Record<string, unknown>[]>;
  themes['second-example']!.push(...themes['first-example']!.map(({ doi: _, ...entry }) => entry));
  // Their fields written out again, not as YAML aliases of the first theme's, which the content check refuses.
  await writeFile(file, stringify(themes, { lineWidth: 0, aliasDuplicateObjects: false }));
  return {
    publications: (await loadContent(contentDir)).content.publications,
    ...(await buildIntoTemporaryFolder({ contentDir })),
  };
}

before(async () => {
  ({ outDir, result, publications } = await built());
});

test('a theme of 1,690 real entries weighs at most 150 KB gzip, with no per-entry BibTeX, its .bib one click away', async () => {
  const list = publications['first-example']!;
  assert.ok(list.length >= 1650, String(list.length));
  const page = await readPage(outDir, '/research/first-example');
  const gzip = gzipSync(page, { level: 9 }).length;
  assert.ok(gzip <= 150 * 1024, `${gzip} bytes gzip`);
  assert.equal(PAGE_HTML_BUDGET, 150 * 1024);
  assert.doesNotMatch(page, /<details class="publication__bibtex"/);
  // Every entry is on the page, as one item of a year's list.
  const lists = page.match(/<ol class="publication-list publication-list--compact">.*?<\/ol>/gs) ?? [];
  assert.equal(lists.join('').match(/<li>/g)?.length, list.length);
  assert.match(page, /href="\/research\/first-example\/citations\.bib" download="">BibTeX \(\.bib\)<\/a>/);
  const bib = await readFile(path.join(outDir, 'research', 'first-example', 'citations.bib'), 'utf8');
  assert.equal(bib.match(/^@\w+\{/gm)?.length, list.length);
  assert.ok(!result.warnings.some((warning) => warning.where === '/research/first-example'));
});

test('every year of the list is reachable from the index of years at its top, a labelled nav, without JavaScript', async () => {
  const list = publications['first-example']!;
  const page = await readPage(outDir, '/research/first-example');
  const tags = startTags(page);
  const nav = tags.findIndex(
    (tag) => tag.name === 'nav' && tag.attributes.get('aria-label') === 'Publications by year',
  );
  assert.ok(nav > 0, 'a nav labelled "Publications by year"');
  const firstList = tags.findIndex((tag) => tag.name === 'ol' && tag.attributes.get('class')?.includes('--compact'));
  assert.ok(nav < firstList, 'the index comes before the list');
  const links = [...page.matchAll(/<a href="#(year-[^"]+)">([^<]+)<\/a> <span class="count">\((\d+)\)<\/span>/g)];
  const years = new Map<string, number>();
  for (const publication of list) {
    const label =
      publication.year === null ? 'No date' : publication.year === 'in press' ? 'In press' : String(publication.year);
    years.set(label, (years.get(label) ?? 0) + 1);
  }
  // One link per year the entries have, newest first, each with the number of its entries.
  assert.deepEqual(
    links.map(([, , label, count]) => [label, Number(count)]),
    [...years].sort(([a], [b]) => (b === 'No date' ? -1 : a === 'No date' ? 1 : Number(b) - Number(a))),
  );
  for (const [, id, label] of links) {
    // Each link reaches a heading of the page, in a section it names, that a visitor can come back from.
    const heading = new RegExp(`<section class="publication-year" aria-labelledby="${id}"><h3 id="${id}">${label} `);
    assert.match(page, heading);
  }
  assert.equal(page.match(/<a href="#years">Back to the years<\/a>/g)?.length, links.length);
  assert.ok(tags.some((tag) => tag.attributes.get('id') === 'years'));
});

test('each year holds its entries, in the list’s order, each an APA reference whose DOI is the link', async () => {
  const list = publications['first-example']!;
  const page = await readPage(outDir, '/research/first-example');
  const section = page.slice(
    page.indexOf('<h3 id="year-2010">'),
    page.indexOf('</section>', page.indexOf('<h3 id="year-2010">')),
  );
  const of2010 = list.filter((publication) => publication.year === 2010);
  assert.equal(section.match(/<li>/g)?.length, of2010.length);
  // The first of the year, as the page writes it.
  const first = of2010[0]!;
  assert.match(
    section,
    new RegExp(
      `^<h3 id="year-2010">2010 <span class="count">\\(${of2010.length} entries\\)</span></h3><ol class="publication-list publication-list--compact"><li><bdi>`,
    ),
  );
  if (first.doi)
    assert.ok(
      section.includes(
        `<a href="https://doi.org/${first.doi}" target="_blank" rel="noopener noreferrer">https://doi.org/${first.doi}<span class="visually-hidden"> (opens in a new tab)</span></a>`,
      ),
    );
  assert.doesNotMatch(section, /View article/);
});

test('the build warns when a page passes its budget, naming the page, its size and the budget', async () => {
  const page = await readPage(outDir, '/research/second-example');
  const gzip = gzipSync(page, { level: 9 }).length;
  assert.ok(gzip > PAGE_HTML_BUDGET, `${gzip} bytes gzip`);
  const warning = result.warnings.find((found) => found.where === '/research/second-example');
  assert.ok(warning, result.warnings.map((found) => found.where).join('\n'));
  assert.equal(
    warning.message,
    `the page weighs ${(gzip / 1024).toFixed(1)} KB gzip, over its budget of 150.0 KB: a theme page grows with its publications: split the theme into two, or keep the oldest publications in the downloads alone`,
  );
});

test('the ordinary theme pages of a handful of entries stay one list, each entry with its "View article" and its BibTeX', async () => {
  const { outDir: fixtureOut, result: fixtureResult } = await builtSite();
  const page = await readPage(fixtureOut, '/research/first-example');
  assert.doesNotMatch(page, /year-index|publication-year/);
  assert.match(page, /<ol class="publication-list"><li class="publication">/);
  assert.match(page, /<details class="publication__bibtex">/);
  assert.match(page, /View article/);
  assert.ok(!fixtureResult.warnings.some((warning) => warning.message.includes('over its budget')));
});

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
  { root: async () => (await built()).outDir },
);
