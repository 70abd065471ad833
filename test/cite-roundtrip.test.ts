/**
 * The site's downloads come back the same: for every kind of publication, an
 * entry written to citations.bib or citations.ris and imported again (by
 * `npm run cite -- import`) is the entry it was, field for field. Shown over
 * generated entries (fast-check: every kind with every field it uses, odd
 * names, particles, suffixes, group authors, "et al.", 21+ authors, in press,
 * pages beside an article number, an edited book that names its authors, a
 * report's publisher without its institution, addresses with a query, BibTeX's
 * special characters), over whole themes of mixed kinds, over each theme of
 * our content and of the fixture site (every kind), imported by the command
 * itself into an empty theme; over the real corpus (those and the real
 * exports of test/fixtures/doi/import/) in citation-apa.test.ts, which reads
 * the corpus once for all its tests.
 *
 * What the downloads do not carry, left out of the generated entries: a URL
 * beside a DOI (the page links the DOI, and the downloads give the free copy
 * in its place) and the free copy's fields, which `cite import` asks Unpaywall
 * for, as `cite fill` does. Values are generated in the form an import writes
 * them, since cite reads every imported value as a registry's: text without
 * runs of spaces, line breaks, no-break spaces, HTML markup or entities
 * (scripts/lib/untrusted-text.ts), page ranges with a hyphen ("546-557", not
 * "546–557" or "546 - 557"), pages that are not an article number's form
 * (e70034) and not the article number itself.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import * as v from 'valibot';
import { parse, stringify } from 'yaml';
import { citationFiles } from '../scripts/stages/citation-files.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { citationFilePath } from '../src/citation-export.ts';
import { type Publication, publicationsSchema } from '../src/content/publications.ts';
import { citeContent, runCiteOn } from './helpers/cite.ts';
import { download, entryOf, type Format, importedAgain, KINDS } from './helpers/publications.ts';
import { propertyRuns } from './helpers/property-runs.ts';
import { fixtureContentDir, realContentDir } from './helpers/site.ts';

/** A theme's entries written as `format` and imported again: the same entries, in order. */
function assertRoundTrip(publications: readonly Publication[], format: Format) {
  assert.deepEqual(importedAgain(publications, format), publications, download(publications, format));
}

test('a DOI holding "$$" comes back as written from citations.bib (the parser reads "$$" as math, also in quotes)', () => {
  // The property's counterexample of seed 734689353, and the same with text between the pairs.
  for (const doi of ['10.1000/a$$$$0', '10.1000/a$$x$$0', '10.1000/$$a$$b$$c$$']) {
    const publication = { authors: 'Franzen, A.', title: 'aa', year: 1900, type: 'presentation', doi } as Publication;
    assertRoundTrip([publication], 'bib');
  }
});

for (const format of ['bib', 'ris'] as const) {
  test(`every kind written to citations.${format} and imported again is the entry it was (property)`, () => {
    for (const kind of KINDS) {
      fc.assert(
        fc.property(entryOf(kind), (publication) => assertRoundTrip([publication], format)),
        // Each case is a BibTeX file read by the parser cite uses (some 3 ms): 550 entries of every kind per format
        // in `npm test`, beside the themes below and the real corpus; PROPERTY_RUNS=1000 for more.
        { numRuns: propertyRuns(50) },
      );
    }
  });

  test(`a theme of every kind, written to citations.${format} and imported again, is the theme it was (property)`, () => {
    const theme = fc.array(fc.oneof(...KINDS.map(entryOf)), { minLength: 2, maxLength: 8 });
    fc.assert(
      fc.property(theme, (publications) => assertRoundTrip(publications, format)),
      { numRuns: propertyRuns(40) },
    );
  });
}

/** The citation files the build writes for a site, by path (research/<theme>/citations.bib), and its themes. */
async function siteDownloads(contentDir: string) {
  const { content } = await loadContent(contentDir);
  const files = new Map(citationFiles(content).map((file) => [file.path, Buffer.from(file.contents).toString('utf8')]));
  return { themes: Object.entries(content.publications), files };
}

/** Each theme's file as the build writes it, imported by `cite import` into an empty theme: what the theme holds then. */
async function importedThemes(themes: [string, Publication[]][], files: Map<string, string>, format: Format) {
  const c = await citeContent();
  try {
    // The cite fixture's first theme emptied, each other theme holding one of its entries (the content check asks for
    // one), works neither site lists, so that nothing imported is skipped as listed already.
    const fixture = parse(await c.read()) as Record<string, unknown[]>;
    const [into, ...others] = Object.keys(fixture) as [string, ...string[]];
    const kept = fixture[into]!;
    assert.ok(kept.length >= others.length);
    const empty = stringify({ [into]: [], ...Object.fromEntries(others.map((theme, i) => [theme, [kept[i]]])) });
    const back: [string, Publication[]][] = [];
    for (const [theme, publications] of themes) {
      await writeFile(c.file, empty);
      const file = path.join(c.dir, `citations-${theme}.${format}`);
      await writeFile(file, files.get(citationFilePath(theme, format))!);
      const { code, output } = await runCiteOn(['import', file, '--theme', into], c.contentDir);
      assert.equal(code, 0, output);
      const summary = `Summary: ${publications.length} imported into ${into}, 0 skipped, 0 not imported`;
      assert.ok(output.includes(summary), output);
      back.push([theme, v.parse(publicationsSchema, parse(await c.read()))[into]!]);
    }
    return back;
  } finally {
    await c.done();
  }
}

for (const [site, contentDir] of [
  ['the site', realContentDir],
  ['the fixture site (every kind)', fixtureContentDir],
] as const) {
  test(`each theme of ${site}, its citations.bib and citations.ris imported by \`cite import\` into an empty theme, is the theme it was`, async () => {
    const { themes, files } = await siteDownloads(contentDir);
    assert.ok(themes.length >= 3 && themes.every(([, list]) => list.length > 0), 'every theme has entries');
    for (const format of ['bib', 'ris'] as const)
      assert.deepEqual(await importedThemes(themes, files, format), themes, format);
  });
}
