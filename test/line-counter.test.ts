/**
 * Offsets to lines (scripts/lib/line-counter.ts), used for the lines of an
 * import file's entries and of Markdown links: the YAML library's binary
 * search agrees with counting the line breaks before the offset, and a
 * large BibTeX export is read with every entry at its own line.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { readImport } from '../scripts/cite/import-file.ts';
import { linesOf } from '../scripts/lib/line-counter.ts';

test('the line and column of every offset are those the line breaks before it give', () => {
  const texts = fc.string({ unit: fc.constantFrom('a', 'é', '\n', '\r', ' ', '😀') });
  fc.assert(
    fc.property(texts, fc.nat(), (text, seed) => {
      const offset = seed % (text.length + 1);
      const before = text.slice(0, offset);
      assert.deepEqual(linesOf(text).linePos(offset), {
        line: before.split('\n').length,
        col: offset - before.lastIndexOf('\n'),
      });
    }),
  );
});

test('each entry of a BibTeX export of 3,000 entries is read at the line it starts on', () => {
  const entry = (index: number) =>
    `@article{key${index},\n  title = {Title ${index}},\n  author = {Example, Ada},\n  journal = {Journal},\n  year = {2020}\n}\n\n`;
  const records = readImport('export.bib', Array.from({ length: 3000 }, (_, index) => entry(index)).join(''));
  assert.equal(records.length, 3000);
  assert.deepEqual(
    records.map((record) => record.line),
    records.map((_, index) => index * 7 + 1),
  );
});
