/**
 * scripts/stages/check-output.ts reads start tags with a hand-written reader
 * (the regular expressions it replaced allocated too much on 10,000 pages).
 * It must read exactly what those regular expressions read.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { startTags, startTagsNamed } from '../scripts/stages/check-output.ts';
import { builtSite, readPage } from './helpers/site.ts';

const entities: Record<string, string> = { amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>' };

/** The reference: the regular expressions of the first version. */
function referenceStartTags(html: string) {
  return [...html.matchAll(/<([a-zA-Z][\w-]*)((?:\s[^>]*)?)>/g)].map((match) => ({
    name: match[1]!.toLowerCase(),
    attributes: new Map(
      [...match[2]!.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)].map((attribute) => [
        attribute[1]!.toLowerCase(),
        (attribute[2] ?? '').replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, entity: string) => entities[entity]!),
      ]),
    ),
  }));
}

const plain = (tags: { name: string; attributes: Map<string, string> }[]) =>
  tags.map((tag) => [tag.name, [...tag.attributes]]);

/** Markup-like text: mostly the characters that matter to the readers, with JavaScript's other white space. */
const markup = fc
  .array(
    fc.constantFrom(
      '<',
      '>',
      '=',
      '"',
      '/',
      ' ',
      '\n',
      '\t',
      '\u00a0',
      '\ufeff',
      'a',
      'B',
      'img',
      'href',
      'src',
      'id',
      '-',
      '_',
      '1',
      ':',
      "'",
      '&amp;',
      '&quot;',
      '&lt;',
      '!',
    ),
    { maxLength: 80 },
  )
  .map((parts) => parts.join(''));

test('startTags reads what the regular expressions read, on any markup', () => {
  fc.assert(
    fc.property(markup, (html) => assert.deepEqual(plain(startTags(html)), plain(referenceStartTags(html)))),
    { numRuns: 20_000 },
  );
});

test('startTagsNamed keeps only the named tags, read the same way', () => {
  fc.assert(
    fc.property(markup, (html) =>
      assert.deepEqual(
        plain(startTagsNamed(html, ['img', 'a'])),
        plain(referenceStartTags(html).filter((tag) => ['img', 'a'].includes(tag.name))),
      ),
    ),
    { numRuns: 5_000 },
  );
});

test('startTags reads every built page as the regular expressions do', async () => {
  const { outDir, result } = await builtSite();
  for (const page of result.report.pages) {
    const html = await readPage(outDir, page.file);
    assert.deepEqual(plain(startTags(html)), plain(referenceStartTags(html)), page.file);
  }
});
