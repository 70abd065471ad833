/**
 * The site's downloads come back the same: for every kind of publication, an
 * entry written to citations.bib or citations.ris and imported again (by
 * `npm run cite -- import`) is the entry it was, field for field. Shown over
 * generated entries (fast-check: every kind, odd names, particles, suffixes,
 * group authors, "et al.", 21+ authors, in press, article numbers, BibTeX's
 * special characters) and over the real corpus: our content and the real
 * exports of test/fixtures/doi/import/.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { readImport } from '../scripts/cite/import-file.ts';
import { publicationFromRecord } from '../scripts/lib/csl-record.ts';
import { bibtexFile, risFile } from '../src/citation-export.ts';
import type { Publication } from '../src/content/publications.ts';
import { entryOf, KINDS, realCorpus } from './helpers/publications.ts';

type Format = 'bib' | 'ris';

/**
 * The entry as a format can hold it: RIS has one publisher (PB) for a report, which EndNote and Zotero read as the
 * institution that issued it, so a report with a publisher and no institution comes back with it as its institution
 * (APA cites either in the one place, so the page reads the same).
 */
function asHeld(publication: Publication, format: Format): Publication {
  if (format !== 'ris' || publication.type !== 'report' || publication.institution || !publication.publisher)
    return publication;
  const { publisher, ...rest } = publication;
  return { ...rest, institution: publisher };
}

/** An entry written as `format` and imported again, as cite reads a file. */
function roundTrip(publication: Publication, format: Format): Publication {
  const text = format === 'bib' ? bibtexFile([publication]) : risFile([publication]);
  const read = readImport(`citations.${format}`, text);
  assert.equal(read.length, 1, text);
  const [entry] = read;
  if (!('record' in entry!)) assert.fail(`${entry!.problem}\n${text}`);
  return publicationFromRecord(entry.record);
}

for (const format of ['bib', 'ris'] as const) {
  test(`every kind written to citations.${format} and imported again is the entry it was (property)`, () => {
    for (const kind of KINDS) {
      fc.assert(
        fc.property(entryOf(kind), (publication) => {
          assert.deepEqual(roundTrip(publication, format), asHeld(publication, format));
        }),
        { numRuns: 150 },
      );
    }
  });
}

test('the real corpus (our content and some 1,250 real entries imported from the fixtures) comes back the same from both downloads', async () => {
  const corpus = await realCorpus();
  assert.ok(corpus.length > 1200, String(corpus.length));
  for (const format of ['bib', 'ris'] as const) {
    const text = format === 'bib' ? bibtexFile(corpus) : risFile(corpus);
    const back = readImport(`citations.${format}`, text).map((entry) =>
      'record' in entry ? publicationFromRecord(entry.record) : entry.problem,
    );
    assert.equal(back.length, corpus.length);
    const differing = back.flatMap((entry, index) => {
      try {
        assert.deepEqual(entry, asHeld(corpus[index]!, format));
        return [];
      } catch (error) {
        return [(error as Error).message.slice(0, 600)];
      }
    });
    assert.deepEqual(differing.slice(0, 3), [], `${differing.length} of ${corpus.length} entries differ (${format})`);
  }
});
