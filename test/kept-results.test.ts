/**
 * What the build keeps between runs (scripts/lib/kept-results.ts): a result
 * read back is the one that was made, and anything doubtful (kept by other
 * code, damaged, missing, unwritable) is only made again. The Markdown's
 * tokens and the pages' readings read back are those marked and the page
 * reader give, for real texts and for generated ones.
 */
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { codeOf, KeptResults } from '../scripts/lib/kept-results.ts';
import { markdownLexer } from '../scripts/stages/content/markdown-tokens.ts';
import { pageReader, readPage } from '../scripts/stages/read-pages.ts';
import { lexMarkdown } from '../src/markdown.tsx';
import { fixtureContentDir, temporaryFolder } from './helpers/site.ts';

interface Count {
  words: number;
}
const isCount = (value: unknown): value is Count =>
  typeof value === 'object' && value !== null && Number.isInteger((value as Count).words);
const written = () => new Promise((resolve) => setImmediate(resolve));

/** A store of word counts in `file`, and how many times it counted. */
function counter(file: string | undefined, madeBy = 'words v1') {
  let made = 0;
  const kept = new KeptResults(file, isCount, madeBy);
  const count = (text: string) =>
    kept.of(text, () => {
      made += 1;
      return { words: text.split(' ').length };
    });
  return { count, made: () => made };
}

test('a result is made once and read back by a later build; other code makes it again', async () => {
  const file = path.join(await temporaryFolder(), 'kept', 'words.tsv');
  const first = counter(file);
  assert.deepEqual(first.count('one two three'), { words: 3 });
  assert.deepEqual(first.count('one two three'), { words: 3 });
  assert.equal(first.made(), 1);
  await written();
  const later = counter(file);
  assert.deepEqual(later.count('one two three'), { words: 3 });
  assert.equal(later.made(), 0, 'read back, not made');
  const otherCode = counter(file, 'words v2');
  assert.deepEqual(otherCode.count('one two three'), { words: 3 });
  assert.equal(otherCode.made(), 1, 'kept by other code: made again');
});

test('a damaged, cut or misshapen line is made again, and the file mended', async () => {
  const file = path.join(await temporaryFolder(), 'words.tsv');
  const first = counter(file);
  for (const text of ['a b', 'a b c', 'a b c d']) first.count(text);
  await written();
  const lines = (await readFile(file, 'utf8')).split('\n');
  assert.equal(lines.length, 4, 'three lines and the last newline');
  const [key0, key1] = lines.map((line) => line.split('\t')[0]);
  const checked = (json: string) => `${crc32(json).toString(16).padStart(8, '0')}\t${json}`;
  // The first whole but of another shape; the second a digit changed, still JSON; the third cut short.
  const wrongShape = `${key0}\t${checked('{"lines":2}')}`;
  const digitChanged = `${key1}\t${checked('{"words":3}').replace('3', '7')}`;
  await writeFile(file, `${wrongShape}\n${digitChanged}\n${lines[2]!.slice(0, 80)}`);
  const later = counter(file);
  assert.deepEqual(
    ['a b', 'a b c', 'a b c d'].map((text) => later.count(text)),
    [{ words: 2 }, { words: 3 }, { words: 4 }],
  );
  assert.equal(later.made(), 3);
  await written();
  const mended = counter(file);
  for (const text of ['a b', 'a b c', 'a b c d']) mended.count(text);
  assert.equal(mended.made(), 0, 'the file was written again whole');
});

test("a build's every result is read back by the next, however many; of those it did not use, the oldest go", async () => {
  const file = path.join(await temporaryFolder(), 'words.tsv');
  // More than the 4,096 unused results kept: as many as the pages of a large site.
  const texts = Array.from({ length: 6000 }, (_, index) => `page ${index}`);
  const first = counter(file);
  for (const text of texts) first.count(text);
  await written();
  const second = counter(file);
  for (const text of texts) second.count(text);
  assert.equal(second.made(), 0, 'all 6,000 read back');
  const other = counter(file);
  for (const text of ['another page', 'and another']) other.count(text);
  await written();
  const third = counter(file);
  third.count('page 5999');
  third.count('another page');
  assert.equal(third.made(), 0, 'the newest unused and the last build results kept');
  third.count('page 0');
  assert.equal(third.made(), 1, 'the oldest unused gone');
});

test('of the results a build did not use, the newest are kept within twice the bytes of those it used', async () => {
  const file = path.join(await temporaryFolder(), 'pages.tsv');
  const isText = (value: unknown): value is string => typeof value === 'string';
  let made = 0;
  const store = (code: string) => {
    const kept = new KeptResults(file, isText, code);
    return (text: string) =>
      kept.of(text, () => {
        made += 1;
        return text;
      });
  };
  // Results of some 4 KB each, as pages are: 200 of them, made by one version of the code, then one of the next.
  const pages = Array.from({ length: 200 }, (_, index) => `${index} ${'word '.repeat(800)}`);
  const first = store('v1');
  for (const page of pages) first(page);
  await written();
  store('v2')('one small result');
  await written();
  const { size } = await stat(file);
  assert.ok(size < 70 * 1024, `the file holds ${size} bytes, not the 800 KB of the first version`);
  made = 0;
  const again = store('v1');
  again(pages.at(-1)!);
  assert.equal(made, 0, 'the newest unused result kept');
  again(pages[0]!);
  assert.equal(made, 1, 'the oldest gone');
});

test('what a caller does to a result never reaches the file', async () => {
  const file = path.join(await temporaryFolder(), 'words.tsv');
  const first = counter(file);
  first.count('a b').words = 99;
  await written();
  const later = counter(file);
  const read = later.count('a b');
  read.words = 42;
  assert.deepEqual(later.count('a b'), { words: 2 });
  assert.equal(later.made(), 0);
});

test('nowhere to keep results, or a place that cannot be written: each made every time, nothing thrown', async () => {
  const none = counter(undefined);
  none.count('a b');
  none.count('a b');
  assert.equal(none.made(), 2);
  const blocked = path.join(await temporaryFolder(), 'a-file');
  await writeFile(blocked, 'not a folder');
  const unwritable = counter(path.join(blocked, 'words.tsv'));
  assert.deepEqual(unwritable.count('a b'), { words: 2 });
  await written();
  assert.deepEqual(unwritable.count('a b'), { words: 2 });
});

test('the code a step is made by is its files and its packages', async () => {
  const folder = await temporaryFolder();
  const module = path.join(folder, 'step.ts');
  await writeFile(module, 'export const lex = (text) => text;\n');
  const before = codeOf([pathToFileURL(module)], ['marked']);
  assert.equal(codeOf([pathToFileURL(module)], ['marked']), before);
  await writeFile(module, 'export const lex = (text) => text.trim();\n');
  assert.notEqual(codeOf([pathToFileURL(module)], ['marked']), before, 'an edit of the file');
  assert.notEqual(codeOf([pathToFileURL(module)], ['marked', 'yaml']), before, 'another package');
});

/** Markdown made of the pieces marked treats each in its own way. */
const markdownPiece = fc.oneof(
  fc.constantFrom(
    '# Heading\n',
    'Setext\n===\n',
    '\n\n',
    '- item\n',
    '- [ ] a task\n',
    '- [x] done\n',
    '1. first\n',
    '> quoted\n',
    '```js\ncode\n```\n',
    '| a | b |\n|:--|--:|\n| 1 | 2 |\n',
    '[a link](https://example.org "Title")',
    '[the site](/research/)',
    '![picture](/uploads/a.png)',
    '[reference][ref]',
    '\n[ref]: https://example.org/ref "Ref"\n',
    '<b>html</b>',
    '*em* **strong** ~~gone~~ `code`',
    'line  \nbreak',
    '---\n',
    '&amp; &copy;',
  ),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);
const markdownText = fc.array(markdownPiece, { maxLength: 12 }).map((pieces) => pieces.join(''));

test('the tokens read back are those marked gives: the fixture texts and generated ones', async () => {
  const folder = await temporaryFolder();
  const texts = [];
  for (const name of ['accessibility.md', 'legal/privacy-policy.md', 'legal/terms-of-service.md'])
    texts.push(await readFile(path.join(fixtureContentDir, name), 'utf8'));
  for (const name of await readdir(path.join(fixtureContentDir, 'news')))
    texts.push(await readFile(path.join(fixtureContentDir, 'news', name), 'utf8'));
  const lex = markdownLexer(folder);
  for (const text of texts) assert.deepStrictEqual(lex(text), lexMarkdown(text));
  await written();
  const later = markdownLexer(folder);
  for (const text of texts) assert.deepStrictEqual(later(text), lexMarkdown(text));
  await fc.assert(
    fc.asyncProperty(markdownText, async (text) => {
      assert.deepStrictEqual(markdownLexer(folder)(text), lexMarkdown(text), 'made');
      await written();
      assert.deepStrictEqual(markdownLexer(folder)(text), lexMarkdown(text), 'read back');
    }),
    { numRuns: 60 },
  );
});

/** HTML made of what the page reader looks for: ids, links, images with and without their attributes, assets. */
const htmlPiece = fc.oneof(
  fc.constantFrom(
    '<h2 id="about">About</h2>',
    '<a href="/research/">Research</a>',
    '<a href="/#news">News</a>',
    '<a href="https://example.org/?a=1&amp;b=2">Out</a>',
    '<img src="/uploads/a.png" width="10" height="10" alt="A">',
    '<img src="/uploads/b.png">',
    '<link rel="stylesheet" href="/assets/site.css">',
    '<script type="module" src="/assets/client.js"></script>',
    '<form action="/send/"></form>',
    '<script type="application/ld+json">{"a":"</p>"}</script>',
    '<p ID="Upper">x</p>',
  ),
  fc.string({ maxLength: 20 }),
);
const html = fc.array(htmlPiece, { maxLength: 10 }).map((pieces) => `<!DOCTYPE html><body>${pieces.join('')}</body>`);

test('a page read back is as the parser read it', async () => {
  const folder = await temporaryFolder();
  await mkdir(folder, { recursive: true });
  await fc.assert(
    fc.asyncProperty(html, fc.constantFrom('index.html', 'research/index.html'), async (page, file) => {
      assert.deepStrictEqual(pageReader(folder)({ file, html: page }), readPage({ file, html: page }), 'read');
      await written();
      assert.deepStrictEqual(pageReader(folder)({ file, html: page }), readPage({ file, html: page }), 'read back');
    }),
    { numRuns: 60 },
  );
  // The same bytes in another file: its problems name that file.
  const page = '<img src="/a.png">';
  pageReader(folder)({ file: 'one.html', html: page });
  await written();
  assert.deepStrictEqual(
    pageReader(folder)({ file: 'two.html', html: page }),
    readPage({ file: 'two.html', html: page }),
  );
});
