/**
 * The site's downloads come back the same: for every kind of publication, an
 * entry written to citations.bib or citations.ris and imported again (by
 * `npm run cite -- import`) is the entry it was, field for field. Shown over
 * generated entries (fast-check: every kind with every field it uses, odd
 * names, particles, suffixes, group authors, "et al.", 21+ authors, in press,
 * pages beside an article number, an edited book that names its authors, a
 * report's publisher without its institution, addresses with a query, BibTeX's
 * special characters), over whole themes of mixed kinds, and over the real
 * corpus: our content (each theme imported into an empty one by the command
 * itself) and the real exports of test/fixtures/doi/import/.
 *
 * What the downloads do not carry, left out of the generated entries: a URL
 * beside a DOI (the page links the DOI, and the downloads give the free copy
 * in its place) and the free copy's fields, which `cite import` asks Unpaywall
 * for, as `cite fill` does. Text is generated without runs of spaces, line
 * breaks or no-break spaces, and without HTML's markup or entities: cite reads
 * every imported value as a registry's, markup and entities to plain text and
 * whitespace to one space (scripts/lib/untrusted-text.ts).
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import * as v from 'valibot';
import { parse, stringify } from 'yaml';
import { schemaProblem } from '../scripts/cite/complete.ts';
import { readImport } from '../scripts/cite/import-file.ts';
import { publicationFromRecord } from '../scripts/lib/csl-record.ts';
import { bibtexFile, risFile } from '../src/citation-export.ts';
import { type Publication, publicationsSchema } from '../src/content/publications.ts';
import { citeContent, runCiteOn } from './helpers/cite.ts';
import { entryOf, KINDS, realCorpus } from './helpers/publications.ts';
import { realContentDir } from './helpers/site.ts';

type Format = 'bib' | 'ris';

/** A theme's entries as its download in `format`. */
const download = (publications: readonly Publication[], format: Format) =>
  format === 'bib' ? bibtexFile(publications) : risFile(publications);

/** A theme's download imported again, as cite reads a file: each entry, or why it was refused. */
function imported(publications: readonly Publication[], format: Format): (Publication | string)[] {
  return readImport(`citations.${format}`, download(publications, format)).map((entry) => {
    if (!('record' in entry)) return entry.problem;
    const publication = publicationFromRecord(entry.record);
    return schemaProblem(publication) ?? publication;
  });
}

/** A theme's entries written as `format` and imported again: the same entries, in order. */
function assertRoundTrip(publications: readonly Publication[], format: Format) {
  assert.deepEqual(imported(publications, format), publications, download(publications, format));
}

for (const format of ['bib', 'ris'] as const) {
  test(`every kind written to citations.${format} and imported again is the entry it was (property)`, () => {
    for (const kind of KINDS) {
      fc.assert(
        fc.property(entryOf(kind), (publication) => assertRoundTrip([publication], format)),
        { numRuns: 150 },
      );
    }
  });

  test(`a theme of every kind, written to citations.${format} and imported again, is the theme it was (property)`, () => {
    const theme = fc.array(fc.oneof(...KINDS.map(entryOf)), { minLength: 2, maxLength: 8 });
    fc.assert(
      fc.property(theme, (publications) => assertRoundTrip(publications, format)),
      { numRuns: 60 },
    );
  });
}

test('the real corpus (our content and some 1,250 real entries imported from the fixtures) comes back the same from both downloads', async () => {
  const corpus = await realCorpus();
  assert.ok(corpus.length > 1200, String(corpus.length));
  for (const format of ['bib', 'ris'] as const) {
    const back = imported(corpus, format);
    assert.equal(back.length, corpus.length);
    const differing = back.flatMap((entry, index) => {
      try {
        assert.deepEqual(entry, corpus[index]);
        return [];
      } catch (error) {
        return [(error as Error).message.slice(0, 600)];
      }
    });
    assert.deepEqual(differing.slice(0, 3), [], `${differing.length} of ${corpus.length} entries differ (${format})`);
  }
});

test('each theme of the site, its citations.bib and citations.ris imported by `cite import` into an empty theme, is the theme it was', async () => {
  const real = v.parse(
    publicationsSchema,
    parse(await readFile(path.join(realContentDir, 'publications.yml'), 'utf8')),
  );
  const themes = Object.entries(real);
  assert.ok(themes.length >= 4 && themes.every(([, list]) => list.length > 0), 'every theme has entries');
  const c = await citeContent();
  try {
    // The cite fixture's content with its first theme emptied (the others keep theirs, as the content check asks).
    const fixture = parse(await c.read()) as Record<string, unknown[]>;
    const into = Object.keys(fixture)[0]!;
    const empty = stringify({ ...fixture, [into]: [] });
    for (const [theme, publications] of themes) {
      for (const format of ['bib', 'ris'] as const) {
        await writeFile(c.file, empty);
        const file = path.join(c.dir, `${theme}.${format}`);
        await writeFile(file, download(publications, format));
        const { code, output } = await runCiteOn(['import', file, '--theme', into], c.contentDir);
        assert.equal(code, 0, output);
        assert.match(
          output,
          new RegExp(`Summary: ${publications.length} imported into ${into}, 0 skipped, 0 not imported`),
        );
        const back = v.parse(publicationsSchema, parse(await c.read()));
        assert.deepEqual(back[into], publications, `${theme} (${format})\n${stringify(back[into])}`);
      }
    }
  } finally {
    await c.done();
  }
});
