/**
 * What `cite fill` writes into one entry, given the registry's record of its
 * DOI: the entry completed the way `cite add` builds it. The records are the
 * Crossref REST API's own answers as habanero recorded them
 * (test/fixtures/doi/README.md): a book chapter, a thesis, a report, a data
 * set and articles numbered instead of paged.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import * as v from 'valibot';
import { completeEntry } from '../scripts/cite/complete.ts';
import { type CslRecord, publicationFromRecord } from '../scripts/lib/csl-record.ts';
import { citationText } from '../src/citation.ts';
import { type Publication, publicationSchema } from '../src/content/publications.ts';

const records = JSON.parse(
  readFileSync('test/fixtures/doi/recorded/habanero-crossref-works.json', 'utf8'),
) as (CslRecord & { DOI: string })[];

/** The entry `add` builds from the recorded record of `doi`. */
const fromRegistry = (doi: string) => publicationFromRecord(records.find((record) => record.DOI === doi)!, doi);

/** The entry with the fills written, as the file would then hold it. */
const filled = (typed: Partial<Publication>, fills: { field: string; value: unknown }[]) =>
  ({ ...typed, ...Object.fromEntries(fills.map((fill) => [fill.field, fill.value])) }) as Publication;

const CHAPTER = '10.1007/978-1-4302-4096-9_20';

test('an entry typed without a type whose record is a book chapter becomes the chapter add would make, all at once', () => {
  const typed: Partial<Publication> = {
    authors: 'Freeman, A.',
    year: null,
    title: 'Using the Tabs Widget',
    doi: CHAPTER,
  };
  const { fills, whole, conflicts, refused } = completeEntry(typed, fromRegistry(CHAPTER));
  assert.deepEqual(fills, [
    { field: 'type', value: 'chapter' },
    { field: 'year', value: 2012 },
    { field: 'bookTitle', value: 'Pro jQuery' },
    { field: 'pages', value: '549-585' },
    { field: 'publisher', value: 'Apress' },
  ]);
  assert.equal(whole, true, 'the type and its fields are written together or not at all');
  assert.deepEqual([conflicts, refused], [[], []]);
  const entry = filled(typed, fills);
  assert.ok(v.safeParse(publicationSchema, entry).success);
  assert.equal(citationText(entry), citationText({ ...fromRegistry(CHAPTER), authors: 'Freeman, A.' }));
  assert.match(citationText(entry), /In Pro jQuery \(pp\. 549–585\)\. Apress\./);
});

test('a typed type the record disagrees with is kept and said, and only that type’s fields are filled', () => {
  const typed: Partial<Publication> = {
    type: 'book',
    authors: 'Freeman, A.',
    year: 2012,
    title: 'Using the Tabs Widget',
    doi: CHAPTER,
  };
  const { fills, whole, conflicts } = completeEntry(typed, fromRegistry(CHAPTER));
  assert.deepEqual(fills, [{ field: 'publisher', value: 'Apress' }]);
  assert.equal(whole, false);
  assert.deepEqual(
    conflicts.map(({ field, typed, found, said }) => [field, typed, found, said]),
    [['type', 'book', 'chapter', 'typed "book", the registry has "chapter"; kept "book"']],
  );
});

test('an entry without a type but with its journal typed stays an article; the record’s kind is said', () => {
  const typed: Partial<Publication> = {
    authors: 'Freeman, A.',
    year: 2012,
    title: 'Using the Tabs Widget',
    journal: 'Pro jQuery',
    doi: CHAPTER,
  };
  const { fills, conflicts } = completeEntry(typed, fromRegistry(CHAPTER));
  assert.deepEqual(fills, [{ field: 'pages', value: '549-585' }]);
  assert.deepEqual(
    conflicts.map((conflict) => [conflict.field, conflict.found]),
    [['type', 'chapter']],
  );
  assert.match(conflicts[0]!.said, /kept as a journal article \(add type: chapter and its fields to change it\)/);
});

test('a thesis, a report and a data set typed by hand without a type take their kind and its fields', () => {
  const cases: [string, Partial<Publication>][] = [
    [
      '10.31390/gradschool_theses.6125',
      { type: 'thesis', institution: 'Louisiana State University and Agricultural and Mechanical College' },
    ],
    [
      '10.2172/7118251',
      {
        type: 'report',
        year: 1992,
        institution: 'Idaho National Engineering and Environmental Laboratory',
        publisher: 'Office of Scientific and Technical Information (OSTI)',
      },
    ],
    ['10.32614/cran.package.shinytime', { type: 'dataset', year: 2016, repository: 'Comprehensive R Archive Network' }],
  ];
  for (const [doi, expected] of cases) {
    const record = fromRegistry(doi);
    const typed: Partial<Publication> = { authors: record.authors!, year: null, title: record.title, doi };
    const { fills, whole } = completeEntry(typed, record);
    assert.equal(whole, true, doi);
    assert.deepEqual(Object.fromEntries(fills.map((fill) => [fill.field, fill.value])), expected, doi);
  }
});

test('an article number is filled where the entry has no pages, and pages never where it has an article number', () => {
  const cases: [string, Partial<Publication>][] = [
    // No pages in the record: its article number.
    [
      '10.1038/s44172-025-00502-6',
      { year: 2025, journal: 'Communications Engineering', volume: '4', issue: '1', articleNumber: '179' },
    ],
    // Elsevier repeats the article number as the page: one article number, no pages.
    [
      '10.1016/j.deveng.2020.100047',
      { year: 2020, journal: 'Development Engineering', volume: '5', articleNumber: '100047' },
    ],
    [
      '10.1002/eng2.12059',
      { year: 2019, journal: 'Engineering Reports', volume: '1', issue: '4', articleNumber: 'e12059' },
    ],
  ];
  for (const [doi, expected] of cases) {
    const record = fromRegistry(doi);
    const typed: Partial<Publication> = { authors: record.authors!, year: null, title: record.title, doi };
    const { fills, whole } = completeEntry(typed, record);
    assert.equal(whole, false);
    assert.deepEqual(Object.fromEntries(fills.map((fill) => [fill.field, fill.value])), expected, doi);
  }
  const record = fromRegistry('10.1016/j.deveng.2020.100047');
  const typedPages = { authors: record.authors!, year: 2020, title: record.title, pages: '1-10', doi: record.doi };
  const { fills, conflicts } = completeEntry(typedPages, record);
  assert.ok(!fills.some((fill) => fill.field === 'articleNumber' || fill.field === 'pages'));
  assert.deepEqual(conflicts, []);
});

test('a typed value the registry disagrees with is kept and said; what agrees (as typed text) is no conflict', () => {
  const record = fromRegistry('10.1038/s44172-025-00502-6');
  const typed: Partial<Publication> = {
    authors: record.authors!,
    year: 2024,
    title: record.title,
    journal: 'communications engineering ',
    volume: '5',
    doi: record.doi,
  };
  const { fills, conflicts } = completeEntry(typed, record);
  assert.deepEqual(
    conflicts.map(({ field, said }) => [field, said]),
    [
      ['year', 'typed 2024, the registry has 2025; kept 2024'],
      ['volume', 'typed "5", the registry has "4"; kept "5"'],
    ],
  );
  assert.deepEqual(
    fills.map((fill) => fill.field),
    ['issue', 'articleNumber'],
  );
});

test('an entry typed as its DOI alone gets every field of the record, checked together', () => {
  const record = fromRegistry(CHAPTER);
  const { fills, whole } = completeEntry({ doi: CHAPTER, year: null }, record);
  assert.equal(whole, true);
  const entry = filled({ doi: CHAPTER, year: null }, fills);
  assert.deepEqual(entry, record);
});
