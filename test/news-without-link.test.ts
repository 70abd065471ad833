/**
 * A news item may say all it has to say in its text: without a link it is
 * built, shown without "Read more", and its feed entry points at the news
 * section (Atom asks every entry without content for a page).
 */
import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { load } from 'cheerio';
import { buildIntoTemporaryFolder, fixtureContentDir, temporaryFolder } from './helpers/site.ts';

test('a news item without a link is built, shown without "Read more", and its feed entry points at the news', async () => {
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  await writeFile(
    path.join(contentDir, 'news', '2026-02-20-new-member.md'),
    '---\ntitle: A new member joins\ndate: 2026-02-20\ntype: Announcement\n---\n\nThe consortium welcomes a new member.\n',
  );
  const { outDir } = await buildIntoTemporaryFolder({ contentDir, today: '2026-03-02' });
  const $ = load(await readFile(path.join(outDir, 'index.html'), 'utf8'));
  const entry = $('.news-entry').filter((_, element) => $(element).find('h3').text() === 'A new member joins');
  assert.equal(entry.length, 1);
  assert.equal(entry.find('a').length, 0, 'no "Read more" without a link');
  assert.equal($('.news-entry a:contains("Read more")').length, $('.news-entry').length - 1, 'the others keep theirs');
  const feed = load(await readFile(path.join(outDir, 'feed.xml'), 'utf8'), { xml: true });
  const item = feed('entry').filter((_, element) => feed(element).find('title').text() === 'A new member joins');
  assert.equal(item.find('link[rel="alternate"]').attr('href'), 'https://fixture.example/#news');
});
