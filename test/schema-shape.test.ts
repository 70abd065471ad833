/**
 * A field added to a content schema reaches the CMS's form and the content
 * check's messages with no code that names it (scripts/lib/schema-shape.ts):
 * here with fields of kinds the site's schemas do not use yet, such as a
 * yes/no field and entries of several kinds (a variant keyed by "type").
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as v from 'valibot';
import { fieldsOf } from '../scripts/admin/schema-fields.ts';
import { type CheckedFile, describeIssue, noLabel } from '../scripts/stages/content/issues.ts';
import { parseSource } from '../scripts/stages/content/source.ts';
import { httpUrl, isoDate, text } from '../src/content/fields.ts';

const entry = v.variant('type', [
  v.strictObject({ type: v.literal('article'), title: text, journal: text }),
  v.strictObject({ type: v.literal('chapter'), title: text, bookTitle: text, editors: v.array(text) }),
]);
const schema = v.strictObject({
  start: isoDate,
  online: v.optional(v.boolean()),
  registration: v.optional(httpUrl),
  entries: v.array(entry),
});

test('the CMS form has every field, a yes/no field and the fields of every kind of entry among them', () => {
  const [start, online, registration, entries] = fieldsOf(schema);
  assert.deepEqual(
    // A day is the site's own field (typed as the file keeps it); an address is typed as text (the check says what
    // is wrong with it in the build's words).
    [start!.widget, online!.widget, online!.required, registration!.widget, registration!.required],
    ['eccron-moment', 'boolean', false, 'string', false],
  );
  assert.deepEqual(
    entries!.fields!.map((field) => [field.name, field.widget, field.required !== false]),
    [
      ['type', 'select', true],
      ['title', 'string', true],
      ['journal', 'string', false],
      ['bookTitle', 'string', false],
      ['editors', 'list', false],
    ],
  );
  assert.deepEqual(
    entries!.fields![0]!.options,
    ['article', 'chapter'].map((value) => ({ label: value, value })),
  );
});

test("the content check names a misspelt field of any kind of entry, and a missing field's expectation", () => {
  const yaml =
    'start: 2026-11-24\nentries:\n  - type: chapter\n    title: A chapter\n    bookTitel: A book\n    editors: []\n';
  const { source } = parseSource('content/example.yml', Buffer.from(yaml), false, 'an example');
  const file: CheckedFile = { source, raw: source.doc.toJS(), schema, label: noLabel };
  const result = v.safeParse(schema, file.raw, { abortEarly: false });
  assert.equal(result.success, false);
  const messages = result.issues!.map((issue) => describeIssue(file, issue).message);
  assert.ok(messages.includes('unknown field "bookTitel"; did you mean "bookTitle"?'), messages.join('\n'));
  const missing = v.safeParse(schema, { entries: [] }, { abortEarly: false });
  assert.deepEqual(
    missing.issues!.map((issue) => describeIssue(file, issue).message),
    [
      'missing field "start" (expected a date written YYYY-MM-DD, such as 2021-09-15); add a line "start: …" to this entry',
    ],
  );
});
