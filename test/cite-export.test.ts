/**
 * Citations to download: the build writes each theme's citations.bib and
 * citations.ris beside its page and links them, each entry carries its own
 * BibTeX in a <details>, and the files read back with Citation.js's BibTeX
 * and RIS parsers give every author, title and DOI exactly, accents included.
 * Members' ORCID iDs are checked and shown with the iD icon.
 */
import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { readImport } from '../scripts/cite/import-file.ts';
import { publicationFromRecord } from '../scripts/cite/record.ts';
import { BuildError } from '../scripts/lib/problems.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { bibtexFile, parseAuthors, risFile } from '../src/citation-export.ts';
import type { Publication } from '../src/content-schema.ts';
import { buildIntoTemporaryFolder, fixtureContentDir, temporaryFolder } from './helpers/site.ts';

interface Parsed {
  author?: { family?: string; given?: string; literal?: string }[];
  title?: string;
  DOI?: string;
}
const parse = (text: string) =>
  plugins.input.chain(text, { target: '@csl/list+object', generateGraph: false }) as Parsed[];

/** The fixture's publications, the recorded Zotero BibTeX export read by the import, and one with BibTeX's special characters. */
async function publications(): Promise<Publication[]> {
  const content = await loadContent(fixtureContentDir);
  const file = path.resolve('test/fixtures/doi/import/zotero-bibtex.bib');
  const imported = readImport(file, await readFile(file, 'utf8')).map(({ record }) => publicationFromRecord(record));
  const special: Publication = {
    authors: 'Example, A., & Example Consortium',
    year: 2020,
    title: 'A made-up title with 50% of {braces}, a_b, #1, $2, ~3, ^4 & a back\\slash',
    journal: 'Journal of Example Data',
    doi: '10.5555/fixture_special.1',
  };
  return [...Object.values(content.publications).flat(), ...imported, special];
}

const names = (publication: Publication) =>
  parseAuthors(publication.authors).map((name) => [name.family, name.given ?? '']);

/** Every entry parsed back from a citation file has the author, title and DOI of its publication, exactly. */
function assertReadsBack(parsed: Parsed[], list: Publication[]) {
  assert.equal(parsed.length, list.length);
  parsed.forEach((entry, index) => {
    const publication = list[index]!;
    assert.equal(entry.title, publication.title);
    assert.equal(entry.DOI, publication.doi);
    assert.deepEqual(
      entry.author?.map((name) => [name.family ?? name.literal, name.given ?? '']),
      names(publication),
      publication.title,
    );
  });
}

test('citations.bib reads back with every author, title and DOI exactly, accents included', async () => {
  const list = await publications();
  const parsed = parse(bibtexFile(list));
  assertReadsBack(parsed, list);
  assert.ok(parsed.some((entry) => entry.author?.some((name) => name.family === 'Eliáš')));
  assert.ok(parsed.some((entry) => entry.author?.some((name) => name.family === 'Bańka')));
});

test('citations.ris reads back with every author, title and DOI exactly, accents included', async () => {
  const list = await publications();
  const parsed = parse(risFile(list));
  assertReadsBack(parsed, list);
});

test('each theme page links its citations.bib and citations.ris, written by the build, and shows each entry’s BibTeX', async () => {
  const { outDir } = await buildIntoTemporaryFolder();
  const content = await loadContent(fixtureContentDir);
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
    assert.ok(page.includes(`<code>@${publications[0]!.journal ? 'article' : 'misc'}{${firstKey},<br/>`), theme.id);
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
