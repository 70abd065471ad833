/**
 * cite leaves the fields no entry of the site is made from (abstracts, notes,
 * keywords, files) unread: scripts/cite/bibtex-unread.ts empties their values
 * before the parser reads the file, by the parser's own rules for where a
 * value ends. Read here by the parser itself, the reader those rules are
 * taken from: its first reading (entries, their fields as written, its
 * errors), and its whole reading into entries, of generated files of every
 * shape, well formed or not, and of the real exports under test/fixtures,
 * are the same but for the unread values, which are blank: spaces and their
 * line breaks.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { parse as parseBibtex } from '@retorquere/bibtex-parser';
import fc from 'fast-check';
import fg from 'fast-glob';
import { withoutUnreadFields } from '../scripts/cite/bibtex-unread.ts';
import { readImport } from '../scripts/cite/import-file.ts';
import { propertyRuns } from './helpers/property-runs.ts';

interface FirstReading {
  entries: { type: string; key: string; fields: Record<string, string>; input: string }[];
  errors: { error: string; input: string }[];
  strings: Record<string, string>;
  comments: string[];
  preambles: string[];
}

/** The parser's first reading (its verbatim.js, which its package does not export by name). */
const firstReading: (text: string) => FirstReading = (() => {
  const require = createRequire(import.meta.url);
  const main = require.resolve('@retorquere/bibtex-parser');
  const { parse } = require(path.join(path.dirname(main), 'verbatim.js')) as {
    parse: (text: string) => FirstReading;
  };
  return parse;
})();

const UNREAD = /^(?:abstract|annote|annotation|comment|file|keywords|mendeley-tags|note|review)(?:\+duplicate-\d+)?$/i;
const breaks = (text: string) => text.replace(/[^\r\n]/g, '');
const blank = (text: string) => text.replace(/[^\r\n]/g, ' ');

/** How many values were emptied; throws where the two readings differ in anything else. */
function assertSameBut(text: string): number {
  const before = firstReading(text);
  const after = firstReading(withoutUnreadFields(text));
  assert.deepEqual(after.errors, before.errors);
  assert.deepEqual(
    [after.strings, after.comments, after.preambles],
    [before.strings, before.comments, before.preambles],
  );
  assert.equal(after.entries.length, before.entries.length);
  let emptied = 0;
  before.entries.forEach((entry, index) => {
    const kept = after.entries[index]!;
    assert.deepEqual(
      [kept.type, kept.key, Object.keys(kept.fields)],
      [entry.type, entry.key, Object.keys(entry.fields)],
    );
    assert.equal(breaks(kept.input), breaks(entry.input), `entry ${entry.key} keeps its lines`);
    assert.equal(kept.input.length, entry.input.length, `entry ${entry.key} keeps its columns`);
    for (const [name, value] of Object.entries(entry.fields)) {
      const now = kept.fields[name];
      if (now === value) continue;
      assert.ok(UNREAD.test(name), `${entry.key}: the used field ${name} changed`);
      assert.equal(now, blank(value), `${entry.key}: ${name} is spaces and its line breaks`);
      emptied += 1;
    }
  });
  return emptied;
}

const OPTIONS = { english: false, applyCrossRef: true, unsupported: (_node: unknown, tex: string) => tex } as const;

/** The parser's whole reading, entry by entry, without the unread fields. */
function entriesRead(text: string) {
  const { entries, errors } = parseBibtex(text, OPTIONS);
  return {
    entries: entries.map(({ type, key, fields, crossref }) => ({
      type,
      key,
      crossref,
      fields: Object.fromEntries(Object.entries(fields).filter(([name]) => !UNREAD.test(name))),
    })),
    errors,
  };
}

// Files of every shape: entries well formed or cut short, values braced, quoted, bare and joined by #, with
// the characters that end or open something for the parser (braces, quotes, $, %, @, backslashes) inside them.
const piece = fc.constantFrom(
  ...['a', 'Zoë', ' ', '\n', '\r\n', '{', '}', '"', '\\', '\\{', '$', '%', ',', '@', '#', '=', '(', ')', '𝒜', '\\"o'],
);
const anyWords = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
// Mostly what exports hold (a value the parser closes), sometimes anything.
const wellFormed = fc
  .array(
    fc.constantFrom('a', 'Zoë', ' ', '\n', '\r\n', '{b}', '$x$', '\\{', '\\"o', '𝒜', ',', '=', '#', '(', ')', '\\%'),
    {
      maxLength: 12,
    },
  )
  .map((parts) => parts.join(''));
const words = fc.oneof({ weight: 3, arbitrary: wellFormed }, { weight: 1, arbitrary: anyWords });
const name = fc.constantFrom('title', 'abstract', 'Note', 'keywords', 'file', 'author', 'doi', 'journal', 'crossref');
const value = fc.oneof(
  words.map((text) => `{${text}}`),
  words.map((text) => `"${text}"`),
  fc.constantFrom('jan', '2024', 'undefinedMacro'),
  fc.tuple(words, words).map(([a, b]) => `{${a}} # "${b}"`),
);
const field = fc.tuple(name, value, fc.constantFrom(' = ', '=', ' =\n  ')).map(([n, v, eq]) => `${n}${eq}${v}`);
const entry = fc
  .tuple(
    fc.constantFrom('article', 'article', 'book', 'misc', 'string', 'comment', 'preamble'),
    fc.constantFrom(['{', '}'], ['{', '}'], ['(', ')'], ['{', '']),
    fc.constantFrom('key1', 'key2', ''),
    fc.array(field, { maxLength: 4 }),
  )
  .map(
    ([type, [open, close], key, fields]) =>
      `@${type}${open}${key ? `${key},` : ''}\n  ${fields.join(',\n  ')}\n${close}`,
  );
const file = fc.array(fc.oneof({ weight: 4, arbitrary: entry }, { weight: 1, arbitrary: words }), { maxLength: 5 });

test('generated files: the parser reads the same entries, fields and errors, but for the unread values', () => {
  let emptied = 0;
  fc.assert(
    fc.property(file, (parts) => {
      emptied += assertSameBut(parts.join('\n'));
    }),
    {
      numRuns: propertyRuns(600),
      // Found by this property: an entry whose quoted title runs on into the next one, which is read again after it;
      // an error on the line of a value made blank, after it (its column).
      examples: [
        [['@article{key1,\n  title = "\\"\n}', '@article{key1,\n  file = {a}} # ""\n}']],
        [['@article(key1,\n  Note = "a")@"\n)']],
      ],
    },
  );
  assert.ok(emptied > 50, `unread values were emptied (${emptied})`);
});

test('generated files: every entry the parser makes is the same, field for field, but for the unread fields', () => {
  fc.assert(
    fc.property(file, (parts) => {
      const text = parts.join('\n');
      assert.deepEqual(entriesRead(withoutUnreadFields(text)), entriesRead(text));
    }),
    { numRuns: propertyRuns(200) },
  );
});

test('the real exports under test/fixtures read the same but for their abstracts, notes and keywords', () => {
  const files = fg.sync('test/fixtures/**/*.bib').sort();
  assert.ok(files.length >= 15, files.join(', '));
  const emptied = Object.fromEntries(
    files.map((file) => [path.basename(file), assertSameBut(readFileSync(file, 'utf8'))]),
  );
  // The exports whose abstracts made most of an import.
  assert.ok(emptied['mendeley-web-page.bib']! > 500, JSON.stringify(emptied));
  assert.ok(emptied['jabref-2.10-library.bib']! > 500, JSON.stringify(emptied));
});

test('a problem after a long abstract is told at its own line', () => {
  const text = [
    '@article{first,',
    '  title = {Fine},',
    '  abstract = {One line,',
    '    two lines, with {braces} and $x$,',
    '    three lines.},',
    '  year = 2020',
    '}',
    '@article{second,',
    '  title = {Ends in \\unknowncommand},',
    '  year = 2021',
    '}',
  ].join('\n');
  const [first, second] = readImport('library.bib', text);
  assert.equal(first?.line, 1);
  assert.ok(first && 'record' in first, JSON.stringify(first));
  assert.equal(second?.line, 9, JSON.stringify(second));
  assert.match(second && 'problem' in second ? second.problem : '', /\\unknowncommand/);
});
