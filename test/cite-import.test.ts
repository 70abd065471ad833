/**
 * import tells the truth: each entry of a real export is imported, skipped as
 * a duplicate or refused, the summary's counts add up to the entries of the
 * file (counted here without our reader), and a refusal names the entry's key
 * and line with its cause. Every file is a real export or recorded answer
 * (test/fixtures/doi/README.md).
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { test } from 'node:test';
import { parse } from 'yaml';
import { risFile } from '../src/citation-export.ts';
import type { Publication } from '../src/content/publications.ts';
import { citeContent, fixture, runCiteOn } from './helpers/cite.ts';

const importInto = (file: string, theme: string, contentDir: string) =>
  runCiteOn(['import', fixture('doi', 'import', file), '--theme', theme], contentDir);

/** The summary's three counts and the total it names. */
function summary(output: string) {
  const found =
    /Summary: (\d+) imported into \S+, (\d+) skipped, (\d+) not imported \(of (\d+) entr(?:y|ies) in the file\)/.exec(
      output,
    );
  assert.ok(found, output.slice(-500));
  const [imported, skipped, refused, total] = found.slice(1).map(Number) as [number, number, number, number];
  return { imported, skipped, refused, total };
}

/** The lines that say what happened to one entry ("file:line key: imported|skipped|not imported: …"). */
const outcomes = (output: string) =>
  output.split('\n').filter((line) => /^\S+:\d+(?: \S+)?: (?:imported|skipped|not imported): /.test(line));

test('a 988-entry BibTeX library with undefined abbreviations, a missing "and", absent crossrefs and non-web URLs: every entry accounted for once', async () => {
  const c = await citeContent();
  try {
    const text = await readFile(fixture('doi', 'import', 'bbt-873-library.bib'), 'utf8');
    // Entries counted without our reader: every "@type(" or "@type{" that is not @string, @comment or @preamble.
    const entries = text.match(/^\s*@(?!string|comment|preamble)\w+\s*[({]/gim)!.length;
    const { code, output } = await importInto('bbt-873-library.bib', 'first-example', c.contentDir);
    assert.equal(code, 1, 'some entries were refused');
    const counts = summary(output);
    assert.equal(counts.total, entries);
    assert.equal(counts.imported + counts.skipped + counts.refused, entries);
    assert.equal(outcomes(output).length, entries, 'one line per entry, never two');
    // An abbreviation the file never defines: refused at the field's line, with the key; never written as a value.
    assert.match(
      output,
      /bbt-873-library\.bib:137 Sacerdoti:75: not imported: its booktitle is "IJCAI-75", an abbreviation \(@string\) this file does not define/,
    );
    const file = await c.read();
    assert.doesNotMatch(
      file,
      /^ {4}(?:journal|bookTitle|publisher|authors): (?:AIJ|IJCAI-75|IEEE_J_PROC|GINSBERG|AAAI-91)$/m,
    );
    // Two names run together without "and".
    assert.match(
      output,
      /bbt-873-library\.bib:3573 miller85: not imported: the name "Miller, D\., Firby, J\." has more parts than one name has: an "and" is probably missing between two names/,
    );
    // A crossref to a proceedings the file does not hold is the cause named, not a missing title.
    assert.match(
      output,
      /bbt-873-library\.bib:56 Green:75: not imported: its crossref "IJCAI85" names no entry of this file, so it has no book, proceedings or journal title/,
    );
    // A URL that is not a web address is left out with a note; the entry arrives.
    assert.match(output, /bbt-873-library\.bib:8711 williamson96unified: imported: /);
    assert.match(
      output,
      /bbt-873-library\.bib:8711 williamson96unified: note: the url "citeseer\.nj\.nec\.com\/article\/williamson96unified\.html" is not an http\(s\) address, so the link was left out/,
    );
    // What a refusal means, in one line after the summary: the others are written, and the exit code is 1.
    assert.match(
      output,
      new RegExp(
        `^Not imported: ${counts.refused} entries, each named above with what to fix; the others are written\\. Exit code 1: fix them and import the file again, and what is in already is skipped\\.$`,
        'm',
      ),
    );
    // Importing the same file again adds nothing: every entry that arrived is found, none twice.
    const again = await importInto('bbt-873-library.bib', 'second-example', c.contentDir);
    const second = summary(again.output);
    assert.equal(
      second.imported,
      0,
      again.output
        .split('\n')
        .filter((line) => / imported: /.test(line))
        .join('\n'),
    );
    assert.equal(second.skipped, counts.imported + counts.skipped);
    assert.equal(await c.read(), file);
  } finally {
    await c.done();
  }
});

test('a RIS record without its "ER  -" line is refused once, at its line, and never also imported', async () => {
  const c = await citeContent();
  try {
    for (const [file, line] of [
      ['refparser-unclosed-first-record.ris', 1],
      ['refparser-unclosed-last-record.ris', 8],
    ] as const) {
      const { output } = await importInto(file, 'third-example', c.contentDir);
      assert.deepEqual(summary(output), { imported: 0, skipped: 0, refused: 2, total: 2 });
      assert.equal(outcomes(output).length, 2);
      assert.match(
        output,
        new RegExp(
          `${file.replace(/\./g, '\\.')}:${line} \\d+: not imported: the record has no "ER  -" line before (?:the next "TY  -" at line 7|the end of the file), so it may be cut short`,
        ),
      );
    }
  } finally {
    await c.done();
  }
});

test('a Crossref REST API answer (message.items) is read item by item', async () => {
  const c = await citeContent();
  try {
    const answer = JSON.parse(await readFile(fixture('doi', 'import', 'crossref-works-widget.json'), 'utf8'));
    const { output } = await importInto('crossref-works-widget.json', 'third-example', c.contentDir);
    const counts = summary(output);
    assert.equal(counts.total, answer.message.items.length);
    assert.match(
      output,
      /crossref-works-widget\.json:1 10\.1007\/978-1-4842-6700-4_5: imported: Lynch, S\. \(2020\)\. Adding Additional Widget Sizes\. In Introducing WidgetKit for iOS\. Apress\./,
    );
    // Entries of a dictionary with no author are refused as such, each at its own line.
    assert.match(
      output,
      /crossref-works-widget\.json:1 10\.1093\/oed\/5229773278: not imported: the record lists no authors; add its authors \(a group that wrote it, as one name\) to the entry in your reference manager \(or in the file\) and import again$/m,
    );
    const file = await c.read();
    assert.match(file, /type: dataset\n {4}repository: Comprehensive R Archive Network\n/);
  } finally {
    await c.done();
  }
});

test('a map from DOIs to CSL-JSON records (as a DOI cache keeps them) is read record by record', async () => {
  const c = await citeContent();
  try {
    const { code, output } = await importInto('citation-js-doi-map.json', 'third-example', c.contentDir);
    assert.equal(code, 0, output);
    assert.deepEqual(summary(output), { imported: 4, skipped: 0, refused: 0, total: 4 });
    assert.match(
      output,
      /imported: Hall, H\. K\., Jr\. \(1957\)\. Correlation of the Base Strengths of Amines1\. Journal of the American Chemical Society, 79\(20\), 5441–5444\./,
    );
    assert.match(await c.read(), /type: preprint\n {4}repository: medRxiv\n/);
  } finally {
    await c.done();
  }
});

test('an import into a flow-style list with entries writes the list in block style, the entries it had unchanged', async () => {
  const c = await citeContent();
  try {
    const before = await c.read();
    const had = '[{authors: "Example, A.", year: 2020, title: "Flow", journal: J, version: 1.10}]';
    await writeFile(c.file, before.replace(/third-example:\n[\s\S]*$/, `third-example: ${had}\n`));
    const { code, output } = await importInto('zotero.ris', 'third-example', c.contentDir);
    assert.equal(code, 0, output);
    const written = await c.read();
    assert.equal(
      written.slice(0, written.indexOf('third-example:')),
      before.slice(0, before.indexOf('third-example:')),
    );
    assert.match(
      written,
      /^third-example:\n {2}- authors: Example, A\.\n {4}year: 2020\n {4}title: Flow\n {4}journal: J\n {4}version: "1\.10"\n {2}- authors: /m,
    );
    assert.equal(parse(written)['third-example'].length, 3);
  } finally {
    await c.done();
  }
});

test('an imported entry with a DOI is the entry listed without one, by its title, year and kind: skipped, not added again', async () => {
  const c = await citeContent();
  try {
    // Typed by hand without its DOI, as a maintainer would: the record of zotero.ris's first entry.
    await writeFile(
      c.file,
      (await c.read()).replace(
        /third-example:\n/,
        "third-example:\n  - authors: Light, J., & McNaughton, D.\n    year: 2014\n    title: 'From Basic to Applied Research to Improve Outcomes for Individuals Who Require Augmentative and Alternative Communication: Potential Contributions of Eye Tracking Research Methods'\n    journal: Augmentative and Alternative Communication\n",
      ),
    );
    const before = await c.read();
    const { output } = await importInto('zotero.ris', 'third-example', c.contentDir);
    assert.deepEqual(summary(output), { imported: 1, skipped: 1, refused: 0, total: 2 });
    assert.match(
      output,
      /zotero\.ris:1(?: \S+)?: skipped: already listed at \S+publications\.yml:\d+ \(third-example\[0\]\), by the same title, year and kind \(one of them has no DOI\)/,
    );
    assert.equal((await c.read()).split('From Basic to Applied Research').length, 2, 'listed once');
    assert.notEqual(await c.read(), before);
  } finally {
    await c.done();
  }
});

/** One record of a real export that writes one of each RIS type, by its type. */
async function recordOf(file: string, type: string): Promise<string> {
  const text = await readFile(fixture('libraries', file), 'utf8');
  return new RegExp(`^TY {2}- ${type}\\n[\\s\\S]*?^ER {2}- $`, 'm').exec(text)![0];
}

/** The records written to one .ris, imported by `cite import` into third-example: the entries added, in order. */
async function importRis(records: string[]): Promise<Publication[]> {
  const c = await citeContent();
  try {
    const file = `${c.dir}/records.ris`;
    await writeFile(file, records.join('\n\n'));
    const { output } = await runCiteOn(['import', file, '--theme', 'third-example'], c.contentDir);
    assert.equal(summary(output).imported, records.length, output);
    return (parse(await c.read()) as Record<string, Publication[]>)['third-example']!.slice(-records.length);
  } finally {
    await c.done();
  }
}

test("a report's one PB, as reference managers write it, is the institution that issued it; the site's own download of a report with a publisher alone gives back its publisher", async () => {
  const site: Publication = {
    authors: 'Example Institute',
    year: 2015,
    title: 'An example report published by another',
    type: 'report',
    publisher: 'Example Press',
  };
  // ProCite's report (PB "Publisher Name") and EndNote's (its PB named "Institution", as EndNote labels it).
  const [procite, endnote, fromSite] = await importRis([
    await recordOf('procite-every-type.ris', 'RPRT'),
    await recordOf('endnote-every-type.ris', 'RPRT'),
    risFile([site]),
  ]);
  assert.deepEqual([procite!.institution, procite!.publisher], ['Publisher Name', undefined]);
  assert.deepEqual([endnote!.institution, endnote!.publisher], ['Institution', undefined]);
  assert.deepEqual(fromSite, site);
});

test("an edited book's AU are its editors and its A2 the series' editors (EDBOOK, as EndNote writes it); the site's own edited book that names its authors too comes back whole", async () => {
  const site: Publication = {
    authors: 'Sample, B.',
    editors: 'Editor, E., & Redactor, R.',
    year: 2020,
    title: 'An example book with authors and editors',
    type: 'edited-book',
    publisher: 'Example Press',
  };
  // EndNote's edited book: AU "Editor", A2 "Editor, Series".
  const [endnote, fromSite] = await importRis([await recordOf('endnote-every-type.ris', 'EDBOOK'), risFile([site])]);
  assert.deepEqual([endnote!.type, endnote!.authors, endnote!.editors], ['edited-book', undefined, 'Editor']);
  assert.deepEqual(fromSite, site);
});
