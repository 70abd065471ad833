/**
 * Kinds the importer meets in real files, each imported as the nearest kind
 * APA 7 and the site have, with a note naming what was assumed, never as a
 * journal article without a journal (for which the build would ask): arXiv
 * preprints as @misc and as an @article whose "journal" is an arXiv
 * identifier, biblatex @online works, @manual, a @misc without a type, the
 * APA manual's conference presentations (biblatex-apa's @presentation),
 * JabRef's @Talk, every RIS type of a reference manager's export, a Zenodo record's
 * version and a Figshare thesis's publisher (test/fixtures/libraries/README.md,
 * test/fixtures/doi/README.md). A presentation is cited as citeproc-js with
 * the APA 7 style cites a talk or a poster.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { readImport } from '../scripts/cite/import-file.ts';
import { publicationFromRecord } from '../scripts/lib/csl-record.ts';
import { citationText } from '../src/citation.ts';
import type { Publication } from '../src/content/publications.ts';
import { citeprocApa } from './helpers/citeproc.ts';
import { citeContent, fixture, runCiteOn } from './helpers/cite.ts';

/**
 * Each entry of a file as cite imports it: its key, the entry, and the notes it is imported with; each file read once
 * for the file's tests, which only read the entries.
 */
function imported(...parts: string[]) {
  const file = fixture(...parts);
  if (!imports.has(file)) imports.set(file, importFile(file));
  return imports.get(file)!;
}
const imports = new Map<string, ReturnType<typeof importFile>>();

async function importFile(file: string) {
  return readImport(path.basename(file), await readFile(file, 'utf8')).flatMap((entry) => {
    if (!('record' in entry)) return [];
    const notes = [...(entry.notes ?? [])];
    try {
      return [
        { key: entry.key, line: entry.line, publication: publicationFromRecord(entry.record, undefined, notes), notes },
      ];
    } catch {
      return [];
    }
  });
}

const byKey = (entries: Awaited<ReturnType<typeof imported>>, key: string) => {
  const found = entries.find((entry) => entry.key === key);
  assert.ok(found, key);
  return found;
};

test('an arXiv @misc and an @article whose journal is an arXiv identifier are preprints in arXiv, linked to their arXiv page, with a note', async () => {
  const [misc] = await imported('libraries', 'bbt-arxiv-misc.bib');
  assert.equal(misc!.publication.type, 'preprint');
  assert.equal(misc!.publication.repository, 'arXiv');
  assert.equal(
    citationText(misc!.publication),
    'Muhlleitner, M. (2014). Higgs Physics beyond the Standard Model. arXiv. https://arxiv.org/abs/1410.5093',
  );
  assert.match(misc!.notes.join('\n'), /^a @misc with an arXiv eprint: imported as a preprint/);
  const articles = await imported('libraries', 'bbt-arxiv-identifiers.bib');
  const preprint = byKey(articles, 'Smolin.2013.Classical');
  assert.equal(preprint.publication.type, 'preprint');
  assert.equal(preprint.publication.journal, undefined);
  assert.equal(preprint.publication.url, 'https://arxiv.org/abs/1305.4904');
  assert.match(
    preprint.notes.join('\n'),
    /an @article whose journal is an arXiv identifier \("arXiv:1305\.4904 \[quant-ph\]"\)/,
  );
  // An article published in a journal keeps its journal, whatever arXiv identifier it also has.
  const published = byKey(articles, 'Ronnow.2014.Defining').publication;
  assert.equal(published.type, undefined);
  assert.equal(published.journal, 'Science');
});

test('the APA manual’s conference presentations and a JabRef @Talk are presentations, cited as citeproc-js with the APA style cites them', async () => {
  const examples = await imported('libraries', 'biblatex-apa-examples.bib');
  const presentations = ['10.5:60', '10.5:61', '10.5:62', '10.5:63'].map((key) => byKey(examples, key));
  const [talk] = (await imported('libraries', 'jabref-talk.bib')).filter(({ key }) => key === 'Afonso2011');
  for (const { publication, notes } of [...presentations, talk!]) {
    assert.equal(publication.type, 'presentation', publication.title);
    assert.deepEqual(notes, []);
  }
  assert.equal(
    citationText(presentations[1]!.publication),
    "Maddox, S., Hurling, J., Stewart, E., & Edwards, A. (2016). If Mama Ain't Happy, Nobody's Happy: The Effect of Parental Depression on Mood Dysregulation in Children [Paper presentation]. Southeastern Psychological Association 62nd Annual Meeting, New Orleans, LA, United States.",
  );
  const list = [...presentations, talk!].map(({ publication }) => publication);
  // citeproc makes apostrophes typographic (a deliberate difference, docs/citations.md); otherwise the same line.
  const plain = (line: string) => line.replace(/[’']/g, "'");
  assert.deepEqual(
    citeprocApa(list).map(plain),
    list.map((publication) => plain(citationText(publication))),
  );
});

test('@online, @manual and a @misc without a type are imported as the nearest kind, each with a note naming it', async () => {
  const [intel] = await imported('libraries', 'bbt-online.bib');
  assert.equal(intel!.publication.type, 'report');
  assert.match(intel!.notes.join(''), /^a web page \(@online\), which the site has no kind for: imported as a report/);
  const examples = await imported('libraries', 'biblatex-apa-examples.bib');
  const preprint = byKey(examples, '10.8:73a');
  assert.equal(preprint.publication.type, 'preprint');
  assert.equal(preprint.publication.repository, 'PsyArXiv');
  assert.match(preprint.notes.join(''), /^an @online entry with a DOI: imported as a preprint/);
  const dsm = byKey(examples, '10.2:32a');
  assert.equal(dsm.publication.type, 'book');
  assert.equal(
    citationText(dsm.publication),
    'American Psychiatric Association. (2013). Diagnostic and Statistical Manual of Mental Disorders (5th ed.). https://doi.org/10.1176/appi.books.9780890425596',
  );
  assert.match(dsm.notes.join(''), /^a manual \(@manual\): imported as a book/);
  const blog = byKey(examples, '10.1:17');
  assert.equal(blog.publication.type, 'preprint');
  assert.match(blog.notes.join(''), /^a @misc without a type: imported as a preprint/);
});

test('every RIS type of a reference manager’s export is its own kind or the nearest one with a note, never a journal article without a journal', async () => {
  const entries = await imported('libraries', 'procite-every-type.ris');
  const text = await readFile(fixture('libraries', 'procite-every-type.ris'), 'utf8');
  const types = [...text.matchAll(/^TY {2}- (\w+)/gm)].map((match) => match[1]);
  assert.ok(entries.length >= 33, String(entries.length));
  for (const { line, publication, notes } of entries) {
    const type = text.split('\n')[line - 1]!.replace(/^TY {2}- /, '');
    assert.ok(types.includes(type));
    if (!publication.type) assert.ok(publication.journal, `${type} at line ${line} is an article without a journal`);
    const said = notes.find((note) => note.startsWith(`the RIS type ${type} `));
    const exact = [
      'JOUR',
      'JFULL',
      'MGZN',
      'NEWS',
      'INPR',
      'CHAP',
      'BOOK',
      'COMP',
      'CONF',
      'THES',
      'RPRT',
      'UNPB',
      'DATA',
    ];
    assert.equal(Boolean(said), !exact.includes(type), `${type}: ${notes.join(' | ')}`);
  }
  const abstract = entries.find(({ notes }) =>
    notes.some((note) => note.startsWith('the RIS type ABST (an abstract)')),
  );
  assert.equal(abstract?.publication.journal, 'Journal Title');
  const web = entries.find(({ notes }) => notes.some((note) => note.startsWith('the RIS type ELEC (a web page)')));
  assert.equal(web?.publication.type, 'report');
});

test('a Zenodo record keeps its version, and a Figshare thesis its repository, with a note naming what was assumed', async () => {
  const zenodo = (await imported('doi', 'import', 'citation-js-doi-map.json')).find(
    ({ publication }) => publication.doi?.toLowerCase() === '10.5281/zenodo.8242099',
  )!;
  assert.equal(zenodo.publication.type, 'preprint');
  assert.equal(zenodo.publication.version, 'v0.1.1');
  assert.match(citationText(zenodo.publication), /\(Version v0\.1\.1\)\. Zenodo\./);
  const [thesis] = await imported('doi', 'import', 'manubot-datacite-thesis.json');
  const publication: Publication = thesis!.publication;
  assert.equal(publication.type, 'preprint');
  assert.equal(publication.repository, 'Figshare');
  assert.match(
    thesis!.notes.join(''),
    /^a journal article with no journal, volume or pages, published by Figshare: imported as a preprint/,
  );
});

test('cite import says what it assumed at the entry’s line and writes a preprint the build asks no journal of', async () => {
  const c = await citeContent();
  try {
    const { code, output } = await runCiteOn(
      ['import', fixture('libraries', 'bbt-arxiv-misc.bib'), '--theme', 'first-example'],
      c.contentDir,
    );
    assert.equal(code, 0, output);
    assert.match(
      output,
      /bbt-arxiv-misc\.bib:1 muhlleitner2014: note: a @misc with an arXiv eprint: imported as a preprint/,
    );
    assert.match(output, /1 entry imported with a note\./);
    assert.match(
      await c.read(),
      / {2}- authors: Muhlleitner, M\.\n {4}year: 2014\n {4}title: Higgs Physics beyond the Standard Model\n {4}type: preprint\n {4}repository: arXiv\n {4}url: https:\/\/arxiv\.org\/abs\/1410\.5093\n/,
    );
  } finally {
    await c.done();
  }
});
