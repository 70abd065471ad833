/**
 * Citations to download: the build writes each theme's citations.bib and
 * citations.ris beside its page and links them, each entry carries its own
 * BibTeX in a <details>, and the files read back with Citation.js's BibTeX
 * and RIS parsers give every author, title and DOI exactly, accents included
 * (here for generated entries of every kind; for the real corpus in
 * citation-apa.test.ts, which reads the corpus once for all its tests).
 * Members' ORCID iDs are checked and shown with the iD icon.
 */
import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { BuildError } from '../scripts/lib/problems.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { bibtexFile, risFile } from '../src/citation-export.ts';
import type { Publication } from '../src/content-schema.ts';
import { assertReadBack, readWithCitationJs as parse } from './helpers/citation-js-reader.ts';
import { propertyRuns } from './helpers/property-runs.ts';
import { entryOf, KINDS } from './helpers/publications.ts';
import { buildIntoTemporaryFolder, fixtureContentDir, temporaryFolder } from './helpers/site.ts';

for (const format of ['bib', 'ris'] as const) {
  test(`citations.${format} of generated entries of every kind reads back in Citation.js (property)`, () => {
    for (const kind of KINDS) {
      fc.assert(
        fc.property(entryOf(kind), (publication) => {
          assertReadBack([publication], format);
        }),
        { numRuns: propertyRuns(60) },
      );
    }
  });
}

test('each theme page links its citations.bib and citations.ris, written by the build, and shows each entry’s BibTeX', async () => {
  const { outDir } = await buildIntoTemporaryFolder();
  const { content } = await loadContent(fixtureContentDir);
  for (const theme of content.themes) {
    const page = await readFile(path.join(outDir, 'research', theme.id, 'index.html'), 'utf8');
    assert.match(page, new RegExp(`href="/research/${theme.id}/citations\\.bib" download="">BibTeX \\(\\.bib\\)</a>`));
    assert.match(page, new RegExp(`href="/research/${theme.id}/citations\\.ris" download="">RIS \\(\\.ris\\)</a>`));
    const bib = await readFile(path.join(outDir, 'research', theme.id, 'citations.bib'), 'utf8');
    const ris = await readFile(path.join(outDir, 'research', theme.id, 'citations.ris'), 'utf8');
    const publications = content.publications[theme.id]!;
    assert.equal(parse(bib).length, publications.length);
    assert.equal(parse(ris).length, publications.length);
    assert.equal(
      page.match(/<details class="publication__bibtex"><summary>BibTeX<span class="visually-hidden"> of /g)?.length,
      publications.length,
    );
    // The first entry's key and fields, as the .bib file has them.
    const firstKey = /^@\w+\{([^,]+),/.exec(bib)![1]!;
    // A break opportunity after "{", so that a long type and key can wrap on a phone.
    assert.ok(page.includes(`<code>@${/^@(\w+)\{/.exec(bib)![1]}{<wbr/>${firstKey},<br/>`), theme.id);
  }
});

test('an ORCID iD is shown on the member card with the iD icon and the full address, and a mistyped one is refused at its line', async () => {
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  const members = path.join(contentDir, 'members.yml');
  const text = await readFile(members, 'utf8');
  const withOrcid = text.replace(/( {2}- name: Ada Example\n)/, '$1    orcid: 0000-0002-1825-0097\n');
  assert.notEqual(withOrcid, text);
  await writeFile(members, withOrcid);
  const { outDir } = await buildIntoTemporaryFolder({ contentDir });
  const home = await readFile(path.join(outDir, 'index.html'), 'utf8');
  assert.match(
    home,
    /<a href="https:\/\/orcid\.org\/0000-0002-1825-0097" class="text-link member-card__orcid" target="_blank" rel="noopener noreferrer"><svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 256 256"><path fill="#A6CE39"[^>]*><\/path>.*?<\/svg><span class="visually-hidden">ORCID iD of Ada Example: <\/span> https:\/\/orcid\.org\/0000-0002-1825-0097<span class="visually-hidden"> \(opens in a new tab\)<\/span><\/a>/,
  );

  await writeFile(members, withOrcid.replace('0000-0002-1825-0097', '0000-0002-1825-0098'));
  const line = withOrcid.split('\n').findIndex((row) => row.includes('orcid:')) + 1;
  await assert.rejects(loadContent(contentDir), (error: unknown) => {
    assert.ok(error instanceof BuildError);
    const problem = error.problems.find((found) => found.message.includes('ORCID'));
    assert.ok(problem, error.message);
    assert.match(problem.where, new RegExp(`members\\.yml:${line}:\\d+ › members\\[0\\] \\(Ada Example\\) › orcid$`));
    assert.match(problem.message, /last character should be 7/);
    return true;
  });
});

test('each kind of publication downloads as its BibTeX and RIS type, with et al., suffixes, single names and group authors kept whole', async () => {
  const { content } = await loadContent(fixtureContentDir);
  const list = Object.values(content.publications).flat();
  const bib = bibtexFile(list);
  const ris = risFile(list);
  const bibTypes = [...bib.matchAll(/^@(\w+)\{/gm)].map((match) => match[1]);
  const risTypes = [...ris.matchAll(/^TY {2}- (\w+)$/gm)].map((match) => match[1]);
  const expected: Record<string, [string, string]> = {
    chapter: ['incollection', 'CHAP'],
    book: ['book', 'BOOK'],
    'edited-book': ['book', 'EDBOOK'],
    thesis: ['phdthesis', 'THES'],
    report: ['techreport', 'RPRT'],
    preprint: ['misc', 'UNPB'],
    dataset: ['misc', 'DATA'],
  };
  list.forEach((publication, index) => {
    const want = expected[publication.type ?? ''];
    if (want) assert.deepEqual([bibTypes[index], risTypes[index]], want, publication.title);
  });
  assert.equal(
    new Set(list.map((publication) => publication.type)).size >= 7,
    true,
    'the fixture has every kind tested',
  );
  assert.match(bib, /author = \{Example, A\. and Sample, III, B\.\}/);
  assert.match(
    bib,
    /editor = \{Editor, E\.\},\n {2}title = \{An example chapter in an edited book\},\n {2}booktitle = \{The example handbook\}/,
  );
  assert.match(bib, /author = \{Trial, C\. and Demo, D\. and others\}/);
  assert.match(bib, /author = \{\{Example Consortium\}\}/);
  assert.match(ris, /AU {2}- Sample, B\., III\nA2 {2}- Editor, E\.\nTI {2}- An example chapter/);
  assert.doesNotMatch(ris, /AU {2}- others/);
  // Two single names stay two people.
  const single: Publication = { authors: 'Example, & Sample', year: 2020, title: 'Two single names', journal: 'J' };
  assert.match(bibtexFile([single]), /author = \{\{Example\} and \{Sample\}\}/);
  assert.match(risFile([single]), /AU {2}- Example\nAU {2}- Sample\n/);
});
