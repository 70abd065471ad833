/**
 * The maintainer's walkthrough of docs/editing.md, done for real on a copy of
 * the real content: add a member in a new country, a news item, a publication
 * and a fifth theme, and change the mailbox.
 * - As the document writes them: its examples, read from it, build and show
 *   what it says they show, and its example of a mistake is what the build
 *   prints.
 * - With names no content will ever use and the latest date, so that they stay
 *   new whatever the maintainers add: the build must pass, show all of it, and
 *   pass every check that the tests reading the real content make (the spec's
 *   routes, strings and counts, html-validate, schema.org, the byte budgets,
 *   the same warnings).
 * (Every other test runs on the fixture content, which no content edit reaches.)
 */
import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { BuildError, describeFailure, displayPath, type Problem } from '../scripts/lib/problems.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { budgets, weighSite } from './helpers/budgets.ts';
import { textOf } from './helpers/html.ts';
import { assertValidHtml } from './helpers/html-validate.ts';
import { blocksOf, schemaOrgProblems } from './helpers/schema-org.ts';
import { buildIntoTemporaryFolder, builtRealSite, readPage, temporaryFolder } from './helpers/site.ts';
import { checkSpecRoutes, checkSpecStrings } from './helpers/spec-checks.ts';

async function edit(file: string, from: string, to: string) {
  const text = await readFile(file, 'utf8');
  assert.ok(text.includes(from), `${path.basename(file)} still has ${JSON.stringify(from)}; update the walkthrough`);
  await writeFile(file, text.replace(from, to));
}

const append = async (file: string, text: string) => writeFile(file, `${await readFile(file, 'utf8')}${text}`);

test('the walkthrough with names no content uses: a member in a new country, a news item, a publication, a fifth theme and a new mailbox build and pass every check of the real content', async (t) => {
  const folder = await temporaryFolder();
  const contentDir = path.join(folder, 'content');
  await cp('content', contentDir, { recursive: true });
  const file = (name: string) => path.join(contentDir, name);

  // Names no real content uses, and the latest date, so the edits stay new whatever the maintainers have added.
  await edit(file('members.yml'), '\nmembers:\n', '\n  - Walkthroughland\nmembers:\n');
  await append(
    file('members.yml'),
    [
      '  - name: Walkthrough Example',
      '    country: Walkthroughland',
      '    institution: Example University, Lund',
      '',
    ].join('\n'),
  );
  await writeFile(
    file('news/2099-12-31-walkthrough-example.md'),
    [
      '---',
      'title: A walkthrough example event',
      'date: 2099-12-31',
      'link: https://events.example/walkthrough',
      'type: Event',
      'start: 2099-12-31 14:00',
      'end: 2099-12-31 17:00',
      'timezone: Europe/Stockholm',
      'location: Example University, Lund',
      '---',
      '',
      'An example news item with a [link to the research](/research/).',
      '',
    ].join('\n'),
  );
  const publications = await readFile(file('publications.yml'), 'utf8');
  const firstTheme = /^([a-z0-9][a-z0-9-]*):[ \t]*$/m.exec(publications)?.[1];
  assert.ok(firstTheme, 'publications.yml lists publications under a theme id');
  await edit(
    file('publications.yml'),
    `${firstTheme}:\n`,
    [
      `${firstTheme}:`,
      '  - authors: Example, A., & Sample, B.',
      '    year: 2026',
      '    title: A walkthrough example publication',
      '    journal: Example Journal',
      '    doi: 10.5555/walkthrough.1',
      '',
    ].join('\n'),
  );
  await append(
    file('publications.yml'),
    [
      'walkthrough-theme:',
      '  - authors: Example, A.',
      '    year: in press',
      '    title: The first publication of a fifth theme',
      '    journal: Example Journal',
      '    doi: 10.5555/walkthrough.2',
      '',
    ].join('\n'),
  );
  await append(
    file('themes.yml'),
    [
      '- id: walkthrough-theme',
      '  title: A Fifth Example Theme',
      '  description: An example theme added by the walkthrough.',
      '  icon: book',
      '  color: violet',
      '',
    ].join('\n'),
  );
  const site = await readFile(file('site.yml'), 'utf8');
  assert.match(site, /^contactEmail: .*$/m, 'site.yml sets the mailbox');
  await writeFile(file('site.yml'), site.replace(/^contactEmail: .*$/m, 'contactEmail: walkthrough@eccron.example'));

  const { outDir, result } = await buildIntoTemporaryFolder({ contentDir });

  const home = await readPage(outDir, '/');
  const text = textOf(home);
  assert.match(text, /Walkthroughland Walkthrough Example/, 'the new country and member are on the home page');
  assert.match(
    text,
    /Event Upcoming event A walkthrough example event When Dec 31, 2099, 14:00 – 17:00 Stockholm time \(UTC\+1\) Where Example University, Lund/,
    'the event is shown with its time in its zone and its place',
  );
  assert.match(home, /href="\/events\/walkthrough-example\.ics"/, 'the event links its calendar file');
  assert.match(
    await readFile(path.join(outDir, 'events', 'walkthrough-example.ics'), 'utf8'),
    /^DTSTART;TZID=Europe\/Stockholm:20991231T140000\r$/m,
  );
  assert.match(text, /A Fifth Example Theme/, 'the fifth theme has its card');
  assert.match(home, /href="mailto:walkthrough@eccron\.example"/, 'the contact section shows the new mailbox');
  assert.match(home, /data-props="[^"]*walkthrough@eccron\.example/, 'the form writes to the new mailbox');
  const theme = textOf(await readPage(outDir, '/research/walkthrough-theme'));
  assert.match(theme, /The first publication of a fifth theme/);
  assert.match(textOf(await readPage(outDir, `/research/${firstTheme}`)), /A walkthrough example publication/);
  // The newest item leads the feed; on the home page upcoming events come first, soonest first, so the new event
  // (in 2099) comes after any sooner event the real content holds and before every other item.
  const feed = await readFile(path.join(outDir, 'feed.xml'), 'utf8');
  const feedTitles = [...feed.matchAll(/<entry>[\s\S]*?<title[^>]*>([^<]*)<\/title>/g)].map((match) =>
    textOf(match[1]!),
  );
  assert.equal(feedTitles[0], 'A walkthrough example event', 'the feed leads with the new item');
  const newsEntries = home.split('<article class="news-entry">').slice(1).map(textOf);
  const walkthroughAt = newsEntries.findIndex((entry) => entry.includes('A walkthrough example event'));
  assert.ok(walkthroughAt >= 0, 'the new event is in the News section');
  for (const entry of newsEntries.slice(0, walkthroughAt))
    assert.match(entry, /Upcoming event/, `only sooner upcoming events before the new one: ${entry.slice(0, 80)}`);

  // What the tests that read the real content check of it (build, routes, html, structured-data, budgets and
  // citation-incomplete), checked on the copy: a maintainer's additions keep every one of them.
  const edited = (await loadContent(contentDir)).content;
  await t.test("the route table declares the spec's routes, in its order", () => checkSpecRoutes(edited));
  await t.test("the spec's fixed strings and counts", () => checkSpecStrings(outDir, edited));
  for (const { file } of result.report.pages) {
    await t.test(`html-validate finds no error in ${file}`, () => assertValidHtml(path.join(outDir, file)));
    await t.test(`every JSON-LD block of ${file} is valid schema.org`, async () => {
      for (const block of blocksOf(await readPage(outDir, file)))
        assert.deepEqual(schemaOrgProblems(block), [], `${file}: ${block['@type']}`);
    });
  }
  const weighed = await weighSite({ outDir, result }, edited.site);
  for (const { name, check } of budgets) await t.test(name, () => check(weighed));
  await t.test('the build warns of what it warns of on the real content, and of nothing new', async () => {
    const { result: real } = await builtRealSite();
    assert.deepEqual(placeless(result.warnings, contentDir), placeless(real.warnings, 'content'));
  });
});

/**
 * What each warning is of: its file, entry and field, without the folder, line and column, which the copy and the
 * edits move (its words hold the values, which the walkthrough changes: the mailbox is still a placeholder).
 */
const placeless = (warnings: Problem[], contentDir: string) =>
  warnings
    .map((warning) => warning.where.replace(`${displayPath(contentDir)}/`, '').replace(/:\d+:\d+(?= › )/, ''))
    .sort();

/** The walkthrough of docs/editing.md: its example blocks, its file names and what it says the site then shows. */
async function documentedWalkthrough() {
  const doc = await readFile('docs/editing.md', 'utf8');
  const start = doc.indexOf('## An example: the edits a maintainer makes');
  assert.ok(start !== -1, 'docs/editing.md has its walkthrough');
  const section = doc.slice(start, doc.indexOf('\n## ', start + 1));
  const found = (pattern: RegExp, what: string) => {
    const match = pattern.exec(section);
    assert.ok(match, `the walkthrough of docs/editing.md names ${what}; update this test with it`);
    return match;
  };
  // The fenced examples, in order, without the indentation of the list item they stand in.
  const blocks = [...section.matchAll(/^( *)```\w*\n([\s\S]*?)^\1```$/gm)].map(([, indent, text]) =>
    text!.replace(new RegExp(`^${indent}`, 'gm'), ''),
  );
  assert.equal(
    blocks.length,
    6,
    "a member, a news item, a publication, a theme and the theme's publication, a mistake",
  );
  const [member, news, publication, theme, themePublications, mistake] = blocks as [string, ...string[]];
  return {
    member,
    news: news!,
    publication: publication!,
    theme: theme!,
    themePublications: themePublications!,
    mistake: mistake!,
    newsFile: found(/A new file `content\/news\/([^`]+)`/, 'the news file')[1]!,
    mailbox: found(/`content\/site\.yml`: `contactEmail: ([^`]+)`/, 'the new mailbox')[1]!,
    shown: found(/with "([^"]+)", and links its calendar file `([^`]+)`/, 'what the news section shows'),
  };
}

test('the walkthrough of docs/editing.md, made as written, builds and shows what the document says; its mistake prints as shown', async () => {
  const example = await documentedWalkthrough();
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp('content', contentDir, { recursive: true });
  const file = (name: string) => path.join(contentDir, name);

  // The country under countries (unless the content lists it already: each is listed once), the member below.
  const [{ name, country }] = parse(example.member) as [{ name: string; country: string }];
  const members = await readFile(file('members.yml'), 'utf8');
  if (!new RegExp(`^  - ${country}$`, 'm').test(members))
    await edit(file('members.yml'), '\nmembers:\n', `\n  - ${country}\nmembers:\n`);
  await append(file('members.yml'), example.member);
  await writeFile(file(`news/${example.newsFile}`), example.news);
  const [themeLine, ...entries] = example.publication.split('\n');
  const publications = await readFile(file('publications.yml'), 'utf8');
  assert.match(
    publications,
    new RegExp(`^${themeLine}$`, 'm'),
    `publications.yml has ${themeLine}; update docs/editing.md`,
  );
  await writeFile(
    file('publications.yml'),
    publications.replace(new RegExp(`^${themeLine}\\n`, 'm'), `${themeLine}\n${entries.join('\n')}`),
  );
  await append(file('themes.yml'), example.theme);
  await append(file('publications.yml'), example.themePublications);
  const site = await readFile(file('site.yml'), 'utf8');
  await writeFile(file('site.yml'), site.replace(/^contactEmail: .*$/m, `contactEmail: ${example.mailbox}`));

  // Built on the news item's date, so the event is still to come whatever day the test runs.
  const today = /^date: (\S+)$/m.exec(example.news)![1]!;
  const { outDir } = await buildIntoTemporaryFolder({ contentDir, today });
  const home = await readPage(outDir, '/');
  const [, when, calendarFile] = example.shown;
  assert.match(textOf(home), new RegExp(`${country} ${name}`), 'the member under the new country');
  assert.ok(textOf(home).includes(when!), `the event shown with "${when}"`);
  assert.match(home, new RegExp(`href="${calendarFile}"`), 'the event links its calendar file');
  await readFile(path.join(outDir, calendarFile!), 'utf8');
  const { id, title } = (parse(example.theme) as { id: string; title: string }[])[0]!;
  assert.ok(textOf(await readPage(outDir, `/research/${id}`)).includes(title), 'the new theme has its page');
  const paper = Object.values(parse(example.publication) as Record<string, { title: string }[]>)[0]![0]!.title;
  const themeOfPaper = themeLine!.replace(/:$/, '');
  assert.ok(textOf(await readPage(outDir, `/research/${themeOfPaper}`)).includes(paper), 'the publication is listed');
  assert.match(home, new RegExp(`href="mailto:${example.mailbox}"`), 'the new mailbox');

  // The document's example of a mistake: the news item's date made impossible.
  const [, , dated, impossible] = /^(\s+)(\S+):\d+:\d+ › date: .*found "([^"]+)"$/m.exec(example.mistake) ?? [];
  assert.ok(dated && impossible, 'the mistake is a date');
  await edit(file(`news/${example.newsFile}`), `date: ${today}`, `date: ${impossible}`);
  const error = await loadContent(contentDir).catch((caught: unknown) => caught);
  assert.ok(error instanceof BuildError, 'the impossible date is refused');
  const { problems, note } = describeFailure(error);
  const printed = [...problems, note].join('\n').replaceAll(`${displayPath(contentDir)}/`, 'content/');
  assert.equal(printed, example.mistake.trimEnd(), 'printed as docs/editing.md shows it');
});
