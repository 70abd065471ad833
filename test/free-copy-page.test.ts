/**
 * A free copy as visitors and their programs meet it, on a build of the
 * fixture content with one free copy added (an accepted manuscript): the theme
 * page's "Free to read" link beside "View article"; the entry's BibTeX and RIS,
 * read back by Citation.js's own parsers, giving its address as the URL; the
 * JSON-LD, checked against the schema.org vocabulary; the link checker finding
 * the address and the line it is written on. And the downloads of an entry
 * with a free copy import back as the entry without it (the free copy is
 * looked up again on import, never read from a URL field).
 */
import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { before, test } from 'node:test';
import { plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { fieldFor } from '../scripts/admin/schema-fields.ts';
import { readImport } from '../scripts/cite/import-file.ts';
import { publicationFromRecord } from '../scripts/lib/csl-record.ts';
import { externalLinks } from '../scripts/links/collect.ts';
import { findSources } from '../scripts/links/sources.ts';
import { bibtexFile, risFile } from '../src/citation-export.ts';
import { type Publication, publicationSchema } from '../src/content/publications.ts';
import { load } from './helpers/html.ts';
import { schemaOrgProblems } from './helpers/schema-org.ts';
import { buildIntoTemporaryFolder, fixtureContentDir, readPage, temporaryFolder } from './helpers/site.ts';

const FREE = 'https://repository.fixture.example/eprints/example-study.pdf';

let outDir: string;
let contentDir: string;
before(async () => {
  contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  const file = path.join(contentDir, 'publications.yml');
  const text = await readFile(file, 'utf8');
  const withCopy = text.replace(
    '    doi: 10.5555/fixture.1\n',
    `    doi: 10.5555/fixture.1\n    freeCopy: ${FREE}\n    freeCopyVersion: accepted\n    freeCopyFoundBy: Unpaywall\n`,
  );
  assert.notEqual(withCopy, text);
  await writeFile(file, withCopy);
  ({ outDir } = await buildIntoTemporaryFolder({ contentDir }));
});

test('the theme page shows "Free to read (accepted manuscript)" beside "View article", linking to the free copy', async () => {
  const $ = load(await readPage(outDir, '/research/first-example'));
  const entry = $('li.publication').first();
  const links = entry.find('a.publication__link').toArray();
  assert.deepEqual(
    links.map((link) => [$(link).attr('href'), $(link).text()]),
    [
      [
        'https://doi.org/10.5555/fixture.1',
        'View article: An example study with every field of a citation (opens in a new tab)',
      ],
      [
        FREE,
        'Free to read (accepted manuscript): An example study with every field of a citation (opens in a new tab)',
      ],
    ],
  );
  assert.equal($(links[1]).attr('target'), '_blank');
  assert.equal($(links[1]).attr('rel'), 'noopener noreferrer');
  // The other entry has no free copy, and no such link.
  assert.equal($('li.publication').eq(1).find('a.publication__free').length, 0);
});

test('the BibTeX and RIS downloads give the free copy as the URL, as Citation.js reads them', async () => {
  for (const format of ['bib', 'ris'] as const) {
    const text = await readFile(path.join(outDir, 'research', 'first-example', `citations.${format}`), 'utf8');
    const [read] = plugins.input.chain(text, { target: '@csl/list+object', generateGraph: false }) as {
      URL?: string;
      DOI?: string;
    }[];
    assert.equal(read!.URL, FREE, format);
    assert.equal(read!.DOI, '10.5555/fixture.1', format);
  }
});

test('the JSON-LD gives the free copy as an example of the work, free to read, and is valid schema.org', async () => {
  const $ = load(await readPage(outDir, '/research/first-example'));
  const blocks = $('script[type="application/ld+json"]')
    .toArray()
    .map((script) => JSON.parse($(script).text()));
  const list = blocks.find((block) => block['@type'] === 'ItemList');
  for (const block of blocks) assert.deepEqual(schemaOrgProblems(block), []);
  assert.deepEqual(list.itemListElement[0].item.workExample, {
    '@type': 'CreativeWork',
    url: FREE,
    isAccessibleForFree: true,
    version: 'accepted manuscript',
  });
  // An accepted manuscript is free; the published article is not said to be.
  assert.equal(list.itemListElement[0].item.isAccessibleForFree, undefined);
  assert.equal(list.itemListElement[1].item.workExample, undefined);
});

test('check-links finds the free copy on the page and the line of publications.yml it is written on', async () => {
  const links = await externalLinks(outDir);
  assert.deepEqual(links.get(FREE), ['/research/first-example/']);
  const sources = await findSources(contentDir, [FREE], path.dirname(contentDir));
  const text = await readFile(path.join(contentDir, 'publications.yml'), 'utf8');
  const line = text.split('\n').findIndex((one) => one.includes(`freeCopy: ${FREE}`)) + 1;
  assert.deepEqual(sources.get(FREE), [{ file: 'content/publications.yml', line }]);
});

test('an entry with a free copy, downloaded and imported again, is the entry without it: import asks Unpaywall instead', () => {
  const entry: Publication = {
    authors: 'Example, A.',
    year: 2020,
    title: 'A study with a free copy',
    journal: 'Journal of Example Data',
    doi: '10.5555/fixture.1',
  };
  for (const version of ['published', 'accepted', 'preprint'] as const) {
    const withCopy: Publication = { ...entry, freeCopy: FREE, freeCopyVersion: version, freeCopyFoundBy: 'Unpaywall' };
    for (const [name, text] of [
      ['x.bib', bibtexFile([withCopy])],
      ['x.ris', risFile([withCopy])],
    ] as const) {
      const [record] = readImport(name, text);
      assert.ok(record && 'record' in record, name);
      assert.deepEqual(publicationFromRecord(record.record), entry, name);
    }
  }
});

test('the editor’s publication form shows the free copy’s three fields with a label and a hint each', () => {
  const form = fieldFor('entry', publicationSchema, 'entry');
  const byName = new Map((form.fields ?? []).map((field) => [field.name, field]));
  for (const [name, label] of [
    ['freeCopy', 'Free copy (to read without a subscription)'],
    ['freeCopyVersion', 'Version of the free copy'],
    ['freeCopyFoundBy', 'Free copy found by'],
  ] as const) {
    const field = byName.get(name);
    assert.equal(field?.label, label, name);
    assert.equal(field?.required, false, name);
    assert.ok(field?.hint && field.hint.length > 20, name);
  }
  // Typed as text, as every address is: the site's check before a save says what is wrong with one, in the build's
  // words, where the browser's own check said only "Please enter a valid URL."
  assert.equal(byName.get('freeCopy')?.widget, 'string');
  assert.equal(byName.get('freeCopy')?.type, undefined);
  assert.deepEqual(
    byName.get('freeCopyVersion')?.options?.map((option) => (typeof option === 'object' ? option.value : option)),
    ['published', 'accepted', 'preprint'],
  );
});
