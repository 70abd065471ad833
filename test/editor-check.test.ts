/**
 * The check the editor at /admin/ runs before a save (scripts/admin/editor/):
 * the build's own content check on texts instead of a folder. Held here to
 * the build itself: the same files give the same problems and warnings as
 * loadContent reading them from disk; and a save is refused for what it
 * brings, each problem with its field and in the form's words.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { cmsConfig } from '../scripts/admin/cms-config.ts';
import { contentFactsFromFiles } from '../scripts/admin/dev-admin.ts';
import { checkFiles, checkSave, type ContentTexts } from '../scripts/admin/editor/check.ts';
import { entryFile } from '../scripts/admin/editor/entry-file.ts';
import { BuildError, type Problem } from '../scripts/lib/problems.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { fixtureContentDir } from './helpers/site.ts';

/** A content folder's files as the editor fetches them: content/… → text (the folder's README aside). */
async function textsOf(folder: string, prefix = 'content/'): Promise<ContentTexts> {
  const texts: ContentTexts = {};
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) Object.assign(texts, await textsOf(full, `${prefix}${entry.name}/`));
    else if (entry.name !== 'README.md' || prefix !== 'content/')
      texts[`${prefix}${entry.name}`] = await readFile(full, 'utf8');
  }
  return texts;
}

/** What the build says of a folder, its problems and warnings named as the editor names the files. */
async function buildSays(folder: string): Promise<{ problems: Problem[]; warnings: Problem[] }> {
  const shown = path.relative(process.cwd(), folder).split(path.sep).join('/');
  const rename = (problem: Problem): Problem =>
    JSON.parse(JSON.stringify(problem).replaceAll(`${shown}/`, 'content/')) as Problem;
  try {
    const { warnings } = await loadContent(folder, { doiOnly: 'pending' });
    return { problems: [], warnings: warnings.map(rename) };
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    return { problems: error.problems.map(rename), warnings: [] };
  }
}

test('the editor’s check says of the test content what the build says, warnings included', async () => {
  const { problems, warnings } = checkFiles(await textsOf(fixtureContentDir));
  assert.deepEqual({ problems, warnings }, await buildSays(fixtureContentDir));
});

test('the editor’s check finds every planted mistake the build finds, at the same places and in the same words', async () => {
  const broken = path.resolve('test/fixtures/broken-content');
  const { problems } = checkFiles(await textsOf(broken));
  const build = await buildSays(broken);
  assert.ok(build.problems.length >= 9, 'the build finds the planted mistakes');
  assert.deepEqual(problems, build.problems);
});

const publication = (doi: string) => ({ doi });

test('a DOI already on the site, saved again: refused at the new entry’s DOI, naming the paper and its theme', async () => {
  const texts = await textsOf(fixtureContentDir);
  const data = parse(texts['content/publications.yml']!) as Record<string, unknown[]>;
  data['second-example']!.push(publication('10.5555/fixture.1'));
  const saving = { path: 'content/publications.yml', text: entryFile('content/publications.yml', data) };
  const { problems } = checkSave(texts, saving);
  assert.deepEqual(
    problems.map(({ field, plain }) => ({ field, plain })),
    [
      {
        field: { file: 'content/publications.yml', keys: ['second-example', 1, 'doi'] },
        plain:
          '10.5555/fixture.1 is already on the site: "An example study with every field of a citation", publication 1 of The First Example Theme; a paper is listed once',
      },
    ],
  );
});

test('a save is refused for what it brings: a problem the other files already had is not its own', async () => {
  const texts = await textsOf(fixtureContentDir);
  // The files as they are hold a mistake of another file (a member in a country not listed)…
  texts['content/members.yml'] = texts['content/members.yml']!.replace('country: Sampleland', 'country: Nowhereland');
  const news = 'content/news/2023-06-01-newer-example.md';
  const item = parse(/^---\n([\s\S]*?)---/.exec(texts[news]!)![1]!) as Record<string, unknown>;
  // …which saving a news item, right or wrong, neither adds nor takes away.
  const right = checkSave(texts, { path: news, text: entryFile(news, { ...item, body: 'Changed.' }) });
  assert.deepEqual(right.problems, []);
  const wrong = checkSave(texts, { path: news, text: entryFile(news, { ...item, link: 'example.org', body: 'x' }) });
  assert.deepEqual(
    wrong.problems.map((problem) => problem.field),
    [{ file: news, keys: ['link'] }],
  );
});

test('an event at a time of day without a zone, where the site sets none: refused at its Time zone field', async () => {
  const texts = await textsOf(fixtureContentDir);
  texts['content/site.yml'] = texts['content/site.yml']!.replace(/^timezone: .*\n/m, '');
  const file = 'content/news/2031-06-01-a-meeting.md';
  const data = {
    title: 'A meeting',
    date: '2031-06-01',
    type: 'Event',
    start: '2031-06-10 10:00',
    location: 'Example Hall',
    body: 'A meeting.',
  };
  const { problems } = checkSave(texts, { path: file, text: entryFile(file, data) });
  assert.deepEqual(
    problems.map(({ field, plain }) => ({ field, plain })),
    [
      {
        field: { file, keys: ['timezone'] },
        plain: 'choose the time zone its times are in (or one for every event, under Site settings)',
      },
    ],
  );
});

test('an address of a field on the site’s own domain is recorded at its field, so a broken one is told there, not as a page’s HTML', async () => {
  const texts = await textsOf(fixtureContentDir);
  const file = 'content/news/2030-03-01-spring-workshop.md';
  texts[file] = texts[file]!.replace(
    'registration: https://register.fixture.example/workshop',
    'registration: https://fixture.example/register/',
  );
  const { problems, origins } = checkFiles(texts);
  assert.deepEqual(problems, []);
  const [origin] = (origins.get('/register/') ?? []).map((place) => place());
  assert.deepEqual(
    { where: origin?.where, field: (origin as Problem | undefined)?.field },
    { where: `${file}:9:15 › registration`, field: { file, keys: ['registration'] } },
  );
});

/** What a message in the editor must never hold: a YAML path (caregiver[2]), a file's line, a command. */
const codeWords = /\w\[\d+\]|\.ya?ml:\d|npm run|<a href/;

test('an address without https:// saved in an event: refused at its Read more link, in the form’s words', async () => {
  const texts = await textsOf(fixtureContentDir);
  const file = 'content/news/2030-03-01-spring-workshop.md';
  const item = parse(/^---\n([\s\S]*?)---/.exec(texts[file]!)![1]!) as Record<string, unknown>;
  const saving = { ...item, link: 'news.fixture.example/workshop', body: 'A workshop.' };
  const { problems } = checkSave(texts, { path: file, text: entryFile(file, saving) });
  assert.deepEqual(
    problems.map((problem) => problem.field),
    [{ file, keys: ['link'] }],
  );
  // Shown at the field as the form says it (save-check.ts: its plain words, else the build's).
  const shown = problems[0]!.plain ?? problems[0]!.message;
  assert.match(shown, /expected an address starting with https:\/\//);
  assert.doesNotMatch(shown, codeWords);
});

test('an ORCID iD written as its address: the members form’s ORCID field refuses it, in words that name ORCID, and takes the bare iD', () => {
  const { collections } = cmsConfig(contentFactsFromFiles(fixtureContentDir), undefined, 'https://example.org/');
  type Field = { name: string; pattern?: [string, string]; fields?: Field[] };
  const settings = (collections as { name: string; files?: { name: string; fields: Field[] }[] }[]).find(
    (collection) => collection.name === 'settings',
  );
  const members = settings?.files?.find((file) => file.name === 'members')?.fields.find((f) => f.name === 'members');
  const [source, message] = members?.fields?.find((field) => field.name === 'orcid')?.pattern ?? [];
  assert.ok(source && message, 'the ORCID iD field has a pattern');
  assert.equal(new RegExp(source).test('https://orcid.org/0000-0002-1825-0097'), false, 'the address is refused');
  assert.equal(new RegExp(source).test('0000-0002-1825-0097'), true, 'the bare iD is taken');
  assert.match(message, /ORCID/);
  assert.doesNotMatch(message, codeWords);
});
