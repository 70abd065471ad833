import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { comparePlaces, sortedByPlace } from '../scripts/stages/content/place-order.ts';
import { propertyRuns } from './helpers/property-runs.ts';

/** The order the build's problems had before: ICU's, through the collator the fast path stands in for. */
const icu = (a: string, b: string) => Math.sign(a.localeCompare(b, 'en', { numeric: true }));

/** Places as the build writes them, and text that tries each rule: case, digits and zeros, punctuation, the end, beyond ASCII. */
const pieces = [
  'content/',
  'news/',
  'site.yml',
  'publications.yml',
  'legal/terms-of-service.md',
  '2026-11-01-autumn-meeting.md',
  ':',
  ' › ',
  'caregiver[1] "Barriers',
  'themes[',
  ']',
  ' (Ingrid Example)',
  'A',
  'a',
  'Z',
  'b',
  '0',
  '00',
  '7',
  '9',
  '10',
  '102',
  '114',
  '99999999999999999999',
  '-',
  '_',
  '.',
  ' ',
  '#',
  '$',
  '~',
  '"',
  '‘',
  'é',
  'e\u0301',
  '\u200b',
  '\u0000',
  '\t',
  '١٢',
];
const place = fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((parts) => parts.join(''));

test('problems are ordered by place exactly as ICU orders them, numbers by value', () => {
  fc.assert(
    fc.property(place, place, (a, b) => {
      assert.equal(Math.sign(comparePlaces(a, b)), icu(a, b), `${JSON.stringify(a)} against ${JSON.stringify(b)}`);
    }),
    { numRuns: propertyRuns(3000) },
  );
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
      assert.equal(Math.sign(comparePlaces(a, b)), icu(a, b), `${JSON.stringify(a)} against ${JSON.stringify(b)}`);
      assert.equal(Math.sign(comparePlaces(`${b}${a}`, b)), icu(`${b}${a}`, b));
    }),
    { numRuns: propertyRuns(1000) },
  );
});

test('a file’s problems come line by line and column by column, as numbers', () => {
  const where = [
    'content/site.yml:10:3',
    'content/publications.yml:114:12 › interpreter-mediated[1] "‘There’s a letter called ef’ on Challeng…" › title',
    'content/site.yml:9:12',
    'content/news/2026-11-01-autumn.md',
    'content/publications.yml:102:12 › caregiver[1] "Barriers in access to dementia care in m…" › title',
    'content/site.yml:9:3',
  ];
  assert.deepEqual(
    sortedByPlace(where.map((each) => ({ where: each, message: '' }))).map((problem) => problem.where),
    [
      'content/news/2026-11-01-autumn.md',
      'content/publications.yml:102:12 › caregiver[1] "Barriers in access to dementia care in m…" › title',
      'content/publications.yml:114:12 › interpreter-mediated[1] "‘There’s a letter called ef’ on Challeng…" › title',
      'content/site.yml:9:3',
      'content/site.yml:9:12',
      'content/site.yml:10:3',
    ],
  );
});
