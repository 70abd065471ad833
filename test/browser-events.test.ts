/**
 * News in the direction of its own script, as Chromium lays it out: an event
 * announced in Arabic has its title and text set right to left, beside news in
 * English set left to right, without the maintainer writing anything but the
 * words.
 */
import assert from 'node:assert/strict';
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { desktop } from './helpers/browser/fixture-site.ts';
import { assertNoProblems, browserSuite } from './helpers/browser/pool.ts';
import { buildIntoTemporaryFolder, fixtureContentDir, temporaryFolder } from './helpers/site.ts';

const ARABIC_TITLE = 'ورشة عمل في علم النفس العصبي عبر الثقافات';
const ARABIC_TEXT = 'ورشة عمل لمدة يومين في عمّان، مع محاضرات ومناقشات حول التقييم العادل.';

/** The fixture site with an event announced in Arabic. */
async function siteWithArabicEvent(): Promise<string> {
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  await writeFile(
    path.join(contentDir, 'news', '2030-05-01-amman-workshop.md'),
    [
      '---',
      `title: ${ARABIC_TITLE}`,
      'date: 2030-05-01',
      'type: Event',
      'start: 2031-04-20 10:00',
      'end: 2031-04-20 16:00',
      'timezone: Asia/Amman',
      'location: Example Hall, Amman',
      '---',
      '',
      ARABIC_TEXT,
      '',
    ].join('\n'),
  );
  const { outDir } = await buildIntoTemporaryFolder({ contentDir, today: '2030-06-01' });
  return outDir;
}

browserSuite(
  'news in the direction of its script',
  (env) => {
    test('an Arabic title and text read right to left, the English ones beside them left to right', async (t) => {
      const session = await env.open(t, desktop);
      await session.visit('/');
      // No function is named inside the page's code: the test runner's compiler would wrap it in a helper the page lacks.
      const directions = await session.page
        .locator('#news article')
        .evaluateAll((articles) =>
          articles.map((article) => [
            article.querySelector('h3')!.textContent,
            ...['h3', 'h3 ~ div p'].map((selector) => getComputedStyle(article.querySelector(selector)!).direction),
          ]),
        );
      assert.deepEqual(directions, [
        ['A made-up online seminar', 'ltr', 'ltr'],
        [ARABIC_TITLE, 'rtl', 'rtl'],
        ['A made-up spring workshop', 'ltr', 'ltr'],
        ['A newer example update', 'ltr', 'ltr'],
        ['An older example update', 'ltr', 'ltr'],
      ]);
      assertNoProblems(session.problems, '/');
    });
  },
  { root: siteWithArabicEvent },
);
