/**
 * Real libraries, every person a person: a researcher's 1,053-entry Zotero
 * library (Catalan names such as Fontcuberta i Morral and Roca i Cabarrocas,
 * initials an exporter moved before the family name), a 916-entry JabRef 2.10
 * library (Arabic names: Al-Kuhaili, El-Bishtawi, Abu-Zeid), a 20-creator
 * article whose group authors hold commas and "and", and a Portuguese talk
 * (test/fixtures/libraries/README.md). Each name cite imports is held to
 * Citation.js's BibTeX reader, which we do not use to read imports: as many
 * names, each a person where it reads a person, with the same family name and
 * particles. The counts add up, and every entry written to the downloads comes
 * back the same.
 *
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
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { parse } from 'yaml';
import { readImport } from '../scripts/cite/import-file.ts';
import { publicationFromRecord } from '../scripts/lib/csl-record.ts';
import { citationText } from '../src/citation.ts';
import { bibtexFile, risFile } from '../src/citation-export.ts';
import type { Publication } from '../src/content/publications.ts';
import { parseNames } from '../src/names.ts';
import { citeContent, fixture, runCiteOn } from './helpers/cite.ts';
import { citeprocApa } from './helpers/citeproc.ts';
import { importedEntries } from './helpers/publications.ts';

const libraries = path.resolve('test/fixtures/libraries');
const library = (name: string) => path.join(libraries, name);

/**
 * What cite imports from each library, read once for the file: four tests read the same two large libraries, and
 * importing one takes seconds. The tests only read the entries.
 */
const imports = new Map<string, ReturnType<typeof importedEntries>>();
const imported = (file: string) => {
  if (!imports.has(file)) imports.set(file, importedEntries(library(file)));
  return imports.get(file)!;
};

type CslName = {
  family?: string;
  given?: string;
  literal?: string;
  'non-dropping-particle'?: string;
  'dropping-particle'?: string;
};
type CslEntry = { 'citation-key'?: string; id?: string; author?: CslName[]; editor?: CslName[] };

/** Citation.js's reading of a .bib, entry by entry (one entry it cannot read does not hide the rest). */
function citationJs(text: string): Map<string, CslEntry> {
  const entries = text.split(/^(?=@)/m).flatMap((chunk) => {
    try {
      return plugins.input.chain(chunk, { target: '@csl/list+object', generateGraph: false }) as CslEntry[];
    } catch {
      return [];
    }
  });
  const keys = entries.map((entry) => String(entry['citation-key'] ?? entry.id));
  // A key the library holds twice names no one entry.
  return new Map(
    entries.flatMap((entry, index) =>
      keys.indexOf(keys[index]!) === keys.lastIndexOf(keys[index]!) ? [[keys[index]!, entry]] : [],
    ),
  );
}

/** A name as "family" or "family | given": a person where it has a given name. */
const theirName = (name: CslName) =>
  name.literal ??
  `${[name['non-dropping-particle'], name['dropping-particle'], name.family].filter(Boolean).join(' ')}${name.given ? ' | person' : ''}`;
const ourName = (name: { family: string; given?: string }) => `${name.family}${name.given ? ' | person' : ''}`;

/** The names of an imported entry that Citation.js reads otherwise. */
function differences(publication: Publication, theirs: CslEntry): string[] {
  return (['author', 'editor'] as const).flatMap((role) => {
    const list = role === 'author' ? publication.authors : publication.editors;
    if (!list) return [];
    const ours = parseNames(list).names.map(ourName);
    const their = (theirs[role] ?? [])
      .filter((name) => name.family !== 'others')
      .map((name) =>
        theirName(name)
          .normalize('NFC')
          .replace(/ı(?=\p{M})/gu, 'i')
          .normalize('NFC'),
      );
    // Citation.js leaves {\aa} as LaTeX ("M\aartensson"); our reader gives å: those names are not compared.
    if (their.some((name) => name.includes('\\'))) return [];
    return ours.join(' ; ') === their.join(' ; ')
      ? []
      : [`${role}s\n  ours:        ${ours.join(' ; ')}\n  Citation.js: ${their.join(' ; ')}`];
  });
}

for (const [file, least] of [
  ['zotero-library-1053.bib', 1040],
  ['jabref-2.10-library.bib', 880],
] as const) {
  test(`${file}: every name cite imports is the name Citation.js reads, a person where it reads a person`, async () => {
    const theirs = citationJs(await readFile(library(file), 'utf8'));
    const entries = await imported(file);
    let compared = 0;
    const differing = entries.flatMap(({ key, publication }) => {
      const their = key === undefined ? undefined : theirs.get(key);
      if (!their) return [];
      compared += 1;
      return differences(publication, their).map((difference) => `${key}: ${difference}`);
    });
    assert.ok(compared >= least, `${compared} entries compared`);
    assert.deepEqual(differing, []);
  });
}

test('the Zotero library imports into an empty list ([], as the editor saves one) with its counts right: the Catalan names arrive as persons, each refusal names its cause, and the list is written in block style, no line over 400 characters', async () => {
  const c = await citeContent();
  try {
    await writeFile(c.file, (await c.read()).replace(/third-example:\n[\s\S]*$/, 'third-example: []\n'));
    const text = await readFile(library('zotero-library-1053.bib'), 'utf8');
    // Entries counted without our reader: every "@type{" but @comment, @string and @preamble.
    const entries = text.match(/^\s*@(?!string|comment|preamble)\w+\s*[({]/gim)!.length;
    const withFontcuberta = text.split(/^(?=@)/m).filter((entry) => entry.includes('Fontcuberta i Morral')).length;
    const { code, output } = await runCiteOn(
      ['import', library('zotero-library-1053.bib'), '--theme', 'third-example'],
      c.contentDir,
    );
    const summary =
      /Summary: (\d+) imported into third-example, (\d+) skipped, (\d+) not imported \(of (\d+) entries in the file\)/.exec(
        output,
      );
    assert.ok(summary, output.slice(-400));
    const [imported, skipped, refused, total] = summary.slice(1).map(Number) as [number, number, number, number];
    assert.equal(total, entries);
    assert.equal(imported + skipped + refused, entries);
    assert.equal(code, 1, 'some entries were refused');
    assert.ok(imported >= 1040, `${imported} imported`);
    // The 11 entries by Anna Fontcuberta i Morral, each with her as one author.
    const hers = output.split('\n').filter((line) => / imported: .*Fontcuberta i Morral, A\./.test(line));
    assert.equal(hers.length, withFontcuberta);
    assert.equal(withFontcuberta, 11);
    // A refusal is only ever a name the export itself got wrong, with the fix in the exporter's words.
    const refusals = output.split('\n').filter((line) => / not imported: /.test(line));
    assert.equal(refusals.length, refused);
    for (const line of refusals)
      assert.match(
        line,
        /has the family name "(?:Jr|III)", which reads as the suffix of the name before it|holds more than one name: an "and" is probably missing|the record has no title; add its title to the entry in your reference manager \(or in the file\) and import again$/,
      );
    assert.match(
      output,
      /zotero-library-1053\.bib:\d+ Lehmann_2013: note: author 5 is read as "a Dick, K\.", as the export divides the name, though "a" is no particle/,
    );
    assert.doesNotMatch(output, /Roca i Cabarrocas, P\.", as the export divides/);
    // Wiley's "n/a-n/a" (pages not known yet) reaches no page.
    assert.match(
      output,
      /Tabata_2012: note: the pages "n\/a-n\/a" \(a publisher’s mark for pages not known yet\) were left out/,
    );
    assert.doesNotMatch(await c.read(), /n\/a/);
    const written = await c.read();
    assert.match(
      written,
      /authors: Corfdir, P\., Van Hattem, B\., Uccelli, E\., Fontcuberta i Morral, A\., & Phillips, R\. T\./,
    );
    // The empty list written again in block style, an entry a line and a field a line, none over 400 characters.
    const lines = written.split('\n');
    assert.deepEqual(
      lines.filter((line) => line.length > 400).map((line) => line.slice(0, 80)),
      [],
    );
    assert.match(written, /^third-example:\n {2}- authors: /m);
    // Each entry written is the entry the import printed: YAML reads the folded lines back as the same text.
    const list = parse(written)['third-example'];
    assert.equal(list.length, imported);
    const printed = output.split('\n').filter((line) => /: imported: /.test(line));
    assert.equal(printed.length, imported);
    // Long author lists and titles are folded onto the next lines, and read back as the text that was imported.
    assert.ok(
      lines.some((line) => /^ {6}\S/.test(line)),
      'some value is folded',
    );
    list.forEach((entry: Publication, index: number) => {
      assert.ok(printed[index]!.endsWith(`: imported: ${citationText(entry)}`), printed[index]);
    });
  } finally {
    await c.done();
  }
});

test('a 20-creator article whose group authors hold commas and "and" has 20 creators on the page, in the .bib and in the .ris', async () => {
  const [entry] = await imported('zotero-literal-names.bib');
  const publication = entry?.publication;
  const names = parseNames(publication!.authors!).names;
  assert.equal(names.length, 20);
  assert.equal(names.filter((name) => !name.given).length, 5, 'five groups');
  assert.ok(
    names.some((name) => name.family === 'Council on Cardiopulmonary, Critical Care, Perioperative and Resuscitation'),
  );
  // APA lists all of 20 names: no ellipsis, and no name cut.
  const line = citationText(publication!);
  assert.doesNotMatch(line, /\. \. \./);
  assert.match(
    line,
    /Rea, T\. D\., American Heart Association Council on Quality of Care and Outcomes Research, Emergency Cardiovascular Care Committee, Council on Cardiopulmonary, Critical Care, Perioperative and Resuscitation, Council on Clinical Cardiology, & Council on Cardiovascular Surgery and Anesthesia\. \(2013\)/,
  );
  const [bib] = plugins.input.chain(bibtexFile([publication!]), {
    target: '@csl/list+object',
    generateGraph: false,
  }) as CslEntry[];
  assert.equal(bib!.author!.length, 20);
  // Each group read whole, as one name without a given name.
  assert.deepEqual(
    bib!.author!.filter((name) => !name.given).map((name) => name.literal ?? name.family),
    names.filter((name) => !name.given).map((name) => name.family),
  );
  const ris = risFile([publication!]);
  assert.equal(ris.match(/^AU {2}- /gm)!.length, 20);
  const [fromRis] = plugins.input.chain(ris, { target: '@csl/list+object', generateGraph: false }) as CslEntry[];
  assert.equal(fromRis!.author!.length, 20);
});

test('every entry of the real libraries written to citations.bib and citations.ris is imported back as the same entry', async () => {
  for (const file of ['zotero-library-1053.bib', 'jabref-2.10-library.bib', 'zotero-literal-names.bib']) {
    const corpus = (await imported(file)).map(({ publication }) => publication);
    for (const format of ['bib', 'ris'] as const) {
      const text = format === 'bib' ? bibtexFile(corpus) : risFile(corpus);
      const back = readImport(`citations.${format}`, text).map((entry) =>
        'record' in entry ? publicationFromRecord(entry.record) : entry.problem,
      );
      assert.equal(back.length, corpus.length);
      const differing = back.filter((entry, index) => JSON.stringify(entry) !== JSON.stringify(corpus[index]));
      assert.deepEqual(
        differing.slice(0, 3),
        [],
        `${file} as .${format}: ${differing.length} of ${corpus.length} differ`,
      );
    }
  }
});

test('the names of the real libraries read on the page as citeproc-js with the APA 7 style writes them', async () => {
  const entries = [
    ...(await imported('zotero-library-1053.bib')),
    ...(await imported('jabref-2.10-library.bib')),
    ...(await imported('zotero-literal-names.bib')),
  ].map(({ publication }) => publication);
  // The names before the date: "Authors. (2013)." (a list that goes on keeps its "et al.", a deliberate difference).
  const lead = (line: string) => line.slice(0, line.search(/ \((?:\d{4}[a-z]?|n\.d\.|in press)\)\. /));
  // The lists a rule of the name model decides: particles, names kept whole, other scripts, 21 names and more.
  const telling = (list: { names: { family: string; given?: string }[] }) =>
    list.names.length > 20 ||
    list.names.some((name) => !name.given || /\s\p{Ll}|^\p{Ll}|[^\p{ASCII}]/u.test(name.family));
  const withNames = entries.filter((publication) => {
    const list = parseNames(publication.authors ?? '');
    return !list.others && telling(list);
  });
  const theirs = citeprocApa(withNames);
  // As typed: citeproc makes an apostrophe typographic (a deliberate difference, docs/citations.md).
  const plain = (line: string) => lead(line).replace(/[’']/g, "'").replace(', . . . ', ', … ');
  const differing = withNames.flatMap((publication, index) => {
    const [ours, their] = [plain(citationText(publication)), plain(theirs[index]!)];
    return ours === their ? [] : [`ours:     ${ours}\nciteproc: ${their}`];
  });
  assert.ok(withNames.length > 300, String(withNames.length));
  assert.deepEqual(differing.slice(0, 5), [], `${differing.length} of ${withNames.length} differ`);
});

// ---------------------------------------------------------------- kinds

/**
 * Each entry of a file as cite imports it: its key, the entry, and the notes it is imported with; each file read once
 * for the file's tests, which only read the entries.
 */
function importedWithNotes(...parts: string[]) {
  const file = fixture(...parts);
  if (!importsWithNotes.has(file)) importsWithNotes.set(file, importFile(file));
  return importsWithNotes.get(file)!;
}
const importsWithNotes = new Map<string, ReturnType<typeof importFile>>();

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

const byKey = (entries: Awaited<ReturnType<typeof importedWithNotes>>, key: string) => {
  const found = entries.find((entry) => entry.key === key);
  assert.ok(found, key);
  return found;
};

test('an arXiv @misc and an @article whose journal is an arXiv identifier are preprints in arXiv, linked to their arXiv page, with a note', async () => {
  const [misc] = await importedWithNotes('libraries', 'bbt-arxiv-misc.bib');
  assert.equal(misc!.publication.type, 'preprint');
  assert.equal(misc!.publication.repository, 'arXiv');
  assert.equal(
    citationText(misc!.publication),
    'Muhlleitner, M. (2014). Higgs Physics beyond the Standard Model. arXiv. https://arxiv.org/abs/1410.5093',
  );
  assert.match(misc!.notes.join('\n'), /^a @misc with an arXiv eprint: imported as a preprint/);
  const articles = await importedWithNotes('libraries', 'bbt-arxiv-identifiers.bib');
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
  const examples = await importedWithNotes('libraries', 'biblatex-apa-examples.bib');
  const presentations = ['10.5:60', '10.5:61', '10.5:62', '10.5:63'].map((key) => byKey(examples, key));
  const [talk] = (await importedWithNotes('libraries', 'jabref-talk.bib')).filter(({ key }) => key === 'Afonso2011');
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
  const [intel] = await importedWithNotes('libraries', 'bbt-online.bib');
  assert.equal(intel!.publication.type, 'report');
  assert.match(intel!.notes.join(''), /^a web page \(@online\), which the site has no kind for: imported as a report/);
  const examples = await importedWithNotes('libraries', 'biblatex-apa-examples.bib');
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
  const entries = await importedWithNotes('libraries', 'procite-every-type.ris');
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
  const zenodo = (await importedWithNotes('doi', 'import', 'citation-js-doi-map.json')).find(
    ({ publication }) => publication.doi?.toLowerCase() === '10.5281/zenodo.8242099',
  )!;
  assert.equal(zenodo.publication.type, 'preprint');
  assert.equal(zenodo.publication.version, 'v0.1.1');
  assert.match(citationText(zenodo.publication), /\(Version v0\.1\.1\)\. Zenodo\./);
  const [thesis] = await importedWithNotes('doi', 'import', 'manubot-datacite-thesis.json');
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
