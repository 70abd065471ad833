/**
 * The cite command against a loopback resolver that plays back recorded
 * answers of doi.org and Crossref (test/fixtures/doi/README.md names each
 * source). Every test works on its own copy of the fixture content.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createServer as createSecureServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { parse } from 'yaml';
import { resolveAll, defaultResolverOptions } from '../scripts/cite/resolver.ts';
import { runCite } from '../scripts/cite.ts';
import { startRecordedResolver, type RecordedResolver } from './fixtures/doi/recorded-resolver.ts';
import { citeContent, fixture, runCiteOn } from './helpers/cite.ts';
import { DrivenClock } from './helpers/clock.ts';
import { propertyRuns } from './helpers/property-runs.ts';
import { type Answer, startFaultServer } from './helpers/fault-server.ts';

/**
 * The commands' clock, and the recorded registry's: a pause (a Retry-After, a backoff) passes at once, time moving on
 * by as much, and a request the registry will never answer meets what comes first, its time limit or the deadline,
 * when the registry has it. No test waits out a second.
 */
const clock = new DrivenClock({ pausesPass: true });
let resolver: RecordedResolver;
before(async () => {
  resolver = await startRecordedResolver({ now: () => clock.now(), onHang: () => clock.runNext() });
});
after(() => resolver.close());

const content = citeContent;

/**
 * A command that hangs fails its test: one still running after five minutes hangs on any machine. How long a command
 * takes is measured on its driven clock where it matters (its deadline, its waits), never on the system's.
 */
const ends = { timeout: 5 * 60_000 };

async function cite(argv: string[], contentDir: string, resolverUrl = resolver.url, extra = {}, crossrefApi?: string) {
  return runCiteOn(argv, contentDir, {
    crossrefApi,
    resolver: { resolver: resolverUrl, backoffMs: 10, timeoutMs: 2000, clock, ...extra },
  });
}

/** The lines of `after` that are not in `before`, checking that every line of `before` is still there, in order. */
function added(before: string, after: string): string[] {
  const old = before.split('\n');
  const inserted: string[] = [];
  let i = 0;
  for (const line of after.split('\n')) {
    if (i < old.length && line === old[i]) i += 1;
    else inserted.push(line);
  }
  assert.equal(i, old.length, 'every line of the file is still there, in its order');
  return inserted;
}

test('add writes the recorded record as one entry under the theme, and prints it as the site shows it', async () => {
  const c = await content();
  try {
    const before = await c.read();
    const { code, output } = await cite(
      ['add', 'https://doi.org/10.1098/rsif.2017.0387', '--theme', 'third-example'],
      c.contentDir,
    );
    assert.equal(code, 0, output);
    const inserted = added(before, await c.read());
    // The 36 authors are folded onto the next lines (no line too long for a diff), and read back as one list.
    const year = inserted.indexOf('    year: 2018');
    assert.ok(inserted.every((line) => line.length <= 160));
    assert.equal(
      parse(`x:\n${inserted.slice(0, year).join('\n')}`).x[0].authors,
      'Ching, T., Himmelstein, D. S., Beaulieu-Jones, B. K., Kalinin, A. A., Do, B. T., Way, G. P., Ferrero, E., Agapow, P.-M., Zietz, M., Hoffman, M. M., Xie, W., Rosen, G. L., Lengerich, B. J., Israeli, J., Lanchantin, J., Woloszynek, S., Carpenter, A. E., Shrikumar, A., Xu, J., Cofer, E. M., Lavender, C. A., Turaga, S. C., Alexandari, A. M., Lu, Z., Harris, D. J., DeCaprio, D., Qi, Y., Kundaje, A., Peng, Y., Wiley, L. K., Segler, M. H. S., Boca, S. M., Swamidass, S. J., Huang, A., Gitter, A., & Greene, C. S.',
    );
    assert.deepEqual(inserted.slice(year), [
      '    year: 2018',
      '    title: Opportunities and obstacles for deep learning in biology and medicine',
      '    journal: Journal of The Royal Society Interface',
      '    volume: "15"',
      '    issue: "141"',
      '    articleNumber: "20170387"',
      '    doi: 10.1098/rsif.2017.0387',
    ]);
    assert.match(output, /Added to third-example at .*publications\.yml:27:/);
    assert.match(
      output,
      /\(2018\)\. Opportunities and obstacles for deep learning in biology and medicine\. Journal of The Royal Society Interface, 15\(141\), Article 20170387\./,
    );
    assert.equal(resolver.requests.at(-1)!.accept, 'application/vnd.citationstyles.csl+json');
    assert.match(resolver.requests.at(-1)!.userAgent!, /^[\w.-]+-site-cite\/1\.0 \(https:\/\/\S+; mailto:\S+@\S+\)$/);
  } finally {
    await c.done();
  }
});

test('add refuses a DOI already listed, pasted as doi:…, and says where it is', async () => {
  const c = await content();
  try {
    const before = await c.read();
    const requests = resolver.requests.length;
    const { code, output } = await cite(
      ['add', 'doi:10.1126/SCIENCE.169.3946.635', '--theme', 'second-example'],
      c.contentDir,
    );
    assert.equal(code, 1);
    assert.match(
      output,
      /publications\.yml:5: 10\.1126\/SCIENCE\.169\.3946\.635 is already listed, as first-example\[0\]/,
    );
    assert.equal(await c.read(), before);
    assert.equal(resolver.requests.length, requests, 'no request for a DOI already listed');
  } finally {
    await c.done();
  }
});

test('fill completes missing fields, keeps typed values, reports conflicts and unresolved DOIs with file:line', async () => {
  const c = await content();
  try {
    const before = await c.read();
    const { code, output } = await cite(['fill'], c.contentDir);
    assert.equal(code, 0, output);
    const after = await c.read();
    assert.deepEqual(added(before, after), [
      '    journal: Science',
      '    volume: "169"',
      '    issue: "3946"',
      '    pages: 635-641',
      '    volume: "36"',
      '    issue: "2"',
    ]);
    // The comment, the blank line, the quoting and the key order are as they were.
    assert.match(
      after,
      / {2}- authors: Frank, H\. S\.\n {4}# The year a person typed from the print issue\.\n {4}year: 1970\n {4}title: 'The Structure/,
    );
    assert.match(
      after,
      / {4}journal: Australian Journal of Entomology\n {4}volume: "36"\n {4}issue: "2"\n {4}pages: 101-109\n/,
    );
    assert.match(after, /doi: 10\.1126\/science\.169\.3946\.635\n\n {2}- authors: Roth/);
    assert.match(
      output,
      /publications\.yml:15: first-example\[1\] pages: typed "101-109", the registry has "101-108"; kept "101-109"/,
    );
    assert.match(output, /publications\.yml:18: second-example\[0\] 10\.5555\/fixture\.2: not registered/);
    assert.match(
      output,
      /Summary: filled 6 fields in 2 entries; 1 conflict \(typed values kept\); 1 DOI not registered; 0 could not be looked up\./,
    );
  } finally {
    await c.done();
  }
});

test('fill makes an entry typed by hand without a type into the chapter its record is, with the chapter’s fields, as add would', async () => {
  const c = await content();
  try {
    const before = await c.read();
    await writeFile(
      c.file,
      `${before.trimEnd()}\n  - authors: Freeman, A.\n    year: null\n    title: Using the Tabs Widget\n    doi: 10.1007/978-1-4302-4096-9_20\n`,
    );
    const { code, output } = await cite(['fill'], c.contentDir);
    assert.equal(code, 0, output);
    const after = await c.read();
    assert.match(
      after,
      / {2}- authors: Freeman, A\.\n {4}year: 2012\n {4}title: Using the Tabs Widget\n {4}type: chapter\n {4}bookTitle: Pro jQuery\n {4}pages: 549-585\n {4}publisher: Apress\n {4}doi: 10\.1007\/978-1-4302-4096-9_20\n$/,
    );
    assert.match(output, /third-example\[1\] filled type: "chapter"/);
    assert.match(output, /third-example\[1\] filled bookTitle: "Pro jQuery"/);
  } finally {
    await c.done();
  }
});

test('fill keeps a typed type the record disagrees with, says so at its line as a conflict, and fills only that type’s fields', async () => {
  const c = await content();
  try {
    const before = await c.read();
    await writeFile(
      c.file,
      `${before.trimEnd()}\n  - type: book\n    authors: Freeman, A.\n    year: null\n    title: Using the Tabs Widget\n    doi: 10.1007/978-1-4302-4096-9_20\n`,
    );
    const { code, output } = await cite(['fill'], c.contentDir);
    assert.equal(code, 0, output);
    const after = await c.read();
    // A book takes the year and its publisher from the record; the chapter's book title and pages are not its fields.
    assert.match(
      after,
      / {2}- type: book\n {4}authors: Freeman, A\.\n {4}year: 2012\n {4}title: Using the Tabs Widget\n {4}publisher: Apress\n {4}doi: 10\.1007\/978-1-4302-4096-9_20\n$/,
    );
    assert.match(
      output,
      /publications\.yml:27: third-example\[1\] type: typed "book", the registry has "chapter"; kept "book"/,
    );
    // This one and the fixture's own (first-example[1], its pages).
    assert.match(output, /2 conflicts \(typed values kept\)/);
  } finally {
    await c.done();
  }
});

test('fill --dry-run shows the change and writes nothing', async () => {
  const c = await content();
  try {
    const before = await c.read();
    const { code, output } = await cite(['fill', '--dry-run'], c.contentDir);
    assert.equal(code, 0, output);
    assert.equal(await c.read(), before);
    assert.match(output, /nothing was written/);
    assert.match(output, /\+ {4}9 \| {5}journal: Science/);
  } finally {
    await c.done();
  }
});

test('a DOI that is not registered (recorded 404 of doi.org) is named, and nothing is written', async () => {
  const c = await content();
  try {
    const before = await c.read();
    const { code, output } = await cite(['add', '10.1126/foo', '--theme', 'first-example'], c.contentDir);
    assert.equal(code, 1);
    assert.match(
      output,
      /^10\.1126\/foo: not registered: the DOI system does not know this DOI \(404\)\. Nothing was written\.$/,
    );
    assert.equal(await c.read(), before);
  } finally {
    await c.done();
  }
});

test('a 429 with Retry-After is waited out before the next try', async () => {
  const c = await content();
  try {
    resolver.faults.set('10.1098/rsif.2017.0387', [{ status: 429, retryAfter: '1' }]);
    const start = resolver.requests.length;
    const { code, output } = await cite(['add', '10.1098/rsif.2017.0387', '--theme', 'first-example'], c.contentDir);
    assert.equal(code, 0, output);
    const tries = resolver.requests.slice(start);
    assert.equal(tries.length, 2);
    assert.ok(tries[1]!.at - tries[0]!.at >= 950, `waited ${tries[1]!.at - tries[0]!.at} ms, asked 1 s`);
  } finally {
    resolver.faults.clear();
    await c.done();
  }
});

test('a registry that keeps failing (503) or does not answer in time is reported per DOI after the retries', async () => {
  const c = await content();
  try {
    const before = await c.read();
    resolver.faults.set('10.1098/rsif.2017.0387', [{ status: 503 }, { status: 503 }, { status: 503 }]);
    const failing = await cite(
      ['add', '10.1098/rsif.2017.0387', '--theme', 'first-example'],
      c.contentDir,
      resolver.url,
      { retries: 2 },
    );
    // The lookup could not be made: could not check (2), as fill says, never "bad input" (1).
    assert.equal(failing.code, 2);
    assert.match(failing.output, /the registry answered 503, 3 tries\. Nothing was written\./);
    resolver.faults.set('10.1098/rsif.2017.0387', ['hang']);
    const silent = await cite(
      ['add', '10.1098/rsif.2017.0387', '--theme', 'first-example'],
      c.contentDir,
      resolver.url,
      { retries: 0, timeoutMs: 300 },
    );
    assert.equal(silent.code, 2);
    assert.match(silent.output, /did not answer within 300 ms, 1 tries\. Nothing was written\./);
    assert.equal(await c.read(), before);
  } finally {
    resolver.faults.clear();
    await c.done();
  }
});

test('a malformed (cut-off) body is reported, not written', async () => {
  const c = await content();
  try {
    const before = await c.read();
    resolver.faults.set('10.1098/rsif.2017.0387', ['truncate']);
    const { code, output } = await cite(['add', '10.1098/rsif.2017.0387', '--theme', 'first-example'], c.contentDir);
    assert.equal(code, 2);
    assert.match(
      output,
      /not a CSL-JSON record \(application\/vnd\.citationstyles\.csl\+json\)\. Nothing was written\./,
    );
    assert.equal(await c.read(), before);
  } finally {
    resolver.faults.clear();
    await c.done();
  }
});

test('without network fill says so in one line, writes nothing and exits 2', async () => {
  const c = await content();
  try {
    const before = await c.read();
    // A name under .invalid never resolves (RFC 6761): no network to reach it by.
    const address = 'http://doi.invalid';
    const { code, output } = await cite(['fill'], c.contentDir, address);
    assert.equal(code, 2);
    assert.equal(output.split('\n').length, 1);
    assert.ok(output.startsWith(`No network: could not reach ${address} (ENOTFOUND). Nothing was written`), output);
    assert.equal(await c.read(), before);
  } finally {
    await c.done();
  }
});

test('a mistake in site.yml (which names the site in the User-Agent) is told at its line, and nothing is asked or written', async () => {
  const c = await content();
  try {
    const before = await c.read();
    const settings = path.join(c.contentDir, 'site.yml');
    await writeFile(
      settings,
      (await readFile(settings, 'utf8')).replace('office@fixture.example', 'office(at)fixture'),
    );
    const asked = resolver.requests.length;
    const { code, output } = await cite(['fill'], c.contentDir);
    assert.equal(code, 1);
    assert.match(
      output,
      /^The site settings could not be read: 1 problem\n {2}\S*site\.yml:5:\d+ › contactEmail: expected an e-mail address/,
    );
    assert.equal(resolver.requests.length, asked);
    assert.equal(await c.read(), before);
  } finally {
    await c.done();
  }
});

test('a write that fails leaves publications.yml as it was, and no temporary file behind', async () => {
  const c = await content();
  try {
    const before = await c.read();
    const lines: string[] = [];
    const code = await runCite(['fill', '--content', c.contentDir], {
      print: (line) => lines.push(line),
      resolver: { resolver: resolver.url, backoffMs: 10 },
      writeFs: {
        writeFile,
        rename: async () => {
          throw new Error('no space left on device');
        },
      },
    });
    assert.equal(code, 1);
    assert.match(lines.at(-1)!, /publications\.yml was not changed: no space left on device$/);
    assert.equal(await c.read(), before);
    assert.deepEqual(
      (await readdir(c.contentDir)).filter((name) => name.endsWith('.tmp')),
      [],
    );
  } finally {
    await c.done();
  }
});

test('an edit the content check refuses is reported with file:line and not written', async () => {
  const c = await content();
  try {
    // A theme that themes.yml does not have: the build would refuse it.
    const before = await c.read();
    const { code, output } = await cite(['add', '10.1098/rsif.2017.0387', '--theme', 'no-such-theme'], c.contentDir);
    assert.equal(code, 1);
    assert.match(output, /Nothing was written: the edited .*publications\.yml would not pass the content check/);
    assert.match(output, /publications\.yml:\d+:\d+ .*expected the id of a theme of themes\.yml/);
    assert.equal(await c.read(), before);
  } finally {
    await c.done();
  }
});

test('import reads a Zotero BibTeX export: accents and braces become Unicode, refused entries are named at their line', async () => {
  const c = await content();
  try {
    const before = await c.read();
    const bib = fixture('doi', 'import', 'zotero-bibtex.bib');
    const { code, output } = await cite(['import', bib, '--theme', 'second-example'], c.contentDir);
    assert.equal(code, 1, 'an entry was refused');
    const inserted = added(before, await c.read());
    assert.ok(inserted.includes('  - authors: Naumann, E., Heß, M., & Steinkopf, L.'), inserted.join('\n'));
    assert.ok(inserted.includes('    journal: "Zeitschrift für Soziologie : ZfS"'), inserted.join('\n'));
    assert.ok(inserted.includes('  - authors: Eliáš, M., & Matoušek, J.'));
    assert.ok(inserted.includes('    title: Higher-order Erdős-Szekeres theorems'));
    // A chapter without the book it is in is named at its line with what to add; the book without DOI or URL arrives.
    assert.match(
      output,
      /zotero-bibtex\.bib:32(?: \S+)?: not imported: bookTitle: is a chapter without "bookTitle"; add the title of the book/,
    );
    assert.doesNotMatch(await c.read(), /Önnudóttir/);
    assert.ok(inserted.includes('  - authors: Derbis, R., & Bańka, A.'), inserted.join('\n'));
    assert.ok(inserted.includes('    type: book'), inserted.join('\n'));
    assert.ok(inserted.includes('    publisher: Stowarzyszenie Psychologia i Architektura'), inserted.join('\n'));
    // An entry without a DOI keeps its URL.
    assert.ok(inserted.includes("  - authors: Cuturi, M., Vert, J.-P., & D'aspremont, A."), inserted.join('\n'));
    assert.ok(
      inserted.includes(
        '    url: https://proceedings.neurips.cc/paper/2009/file/0188e8b8b014829e2fa0f430f0a95961-Paper.pdf',
      ),
    );
    assert.ok(inserted.includes('    type: conference-paper'), inserted.join('\n'));
    assert.ok(
      inserted.includes('    bookTitle: Advances in Neural Information Processing Systems'),
      inserted.join('\n'),
    );
    assert.match(
      output,
      /Summary: 4 imported into second-example, 0 skipped, 1 not imported \(of 5 entries in the file\)\./,
    );
  } finally {
    await c.done();
  }
});

test('import reads RIS and CSL-JSON, and skips an entry already listed with a note', async () => {
  const c = await content();
  try {
    const ris = await cite(
      ['import', fixture('doi', 'import', 'zotero.ris'), '--theme', 'third-example'],
      c.contentDir,
    );
    assert.equal(ris.code, 0, ris.output);
    const text = await c.read();
    assert.match(text, / {2}- authors: Light, J\., & McNaughton, D\.\n {4}year: 2014\n/);
    assert.match(text, /title: "Moving language: Mothers’ verbs correspond to infants’ real-time locomotion"/);
    const json = await cite(
      ['import', fixture('doi', 'import', 'manubot-datacite-thesis.json'), '--theme', 'third-example'],
      c.contentDir,
    );
    assert.equal(json.code, 0, json.output);
    assert.match(await c.read(), /doi: 10\.6084\/m9\.figshare\.4724797/);
    const again = await cite(
      ['import', fixture('doi', 'import', 'zotero.ris'), '--theme', 'first-example'],
      c.contentDir,
    );
    assert.match(
      again.output,
      /zotero\.ris:1(?: \S+)?: skipped: already listed at .*publications\.yml:\d+ \(third-example\[1\]\), by 10\.3109\/07434618\.2014\.906498/,
    );
    assert.match(
      again.output,
      /Summary: 0 imported into first-example, 2 skipped, 0 not imported \(of 2 entries in the file\)\./,
    );
  } finally {
    await c.done();
  }
});

test('a recorded Crossref title with <i> markup is written as plain text', async () => {
  const c = await content();
  try {
    const text = (await c.read()).replace(/\n {2}- authors: Roth[\s\S]*?tb01440\.x\n/, '\n');
    await writeFile(c.file, text);
    const { code, output } = await cite(
      ['add', '10.1111/j.1440-6055.1997.tb01440.x', '--theme', 'first-example'],
      c.contentDir,
    );
    assert.equal(code, 0, output);
    const after = await c.read();
    assert.match(
      after,
      /title: "Pseudobalta, a New Australian Ovoviviparous Cockroach Genus \(Dictyoptera: Blattaria: Blattellidae: Pseudophyllodromiinae\)"/,
    );
    assert.doesNotMatch(after, /<i>|&lt;/);
    assert.match(after, /authors: ROTH, L\. M\./);
  } finally {
    await c.done();
  }
});

test('at most five requests are in flight at once', async () => {
  const dois = Array.from({ length: 12 }, () => '10.1111/j.1440-6055.1997.tb01440.x');
  const results = await resolveAll(dois, { ...defaultResolverOptions('test'), resolver: resolver.url });
  assert.ok(results.every((result) => result.ok));
  assert.ok(resolver.maxInFlight <= 5 && resolver.maxInFlight > 1, `max in flight ${resolver.maxInFlight}`);
});

test('import reads a JabRef 5.1 export entry by entry: the broken name is reported at its line with what to fix, the other 19 arrive, and a re-import adds nothing', async () => {
  const c = await content();
  try {
    const before = await c.read();
    const bib = fixture('doi', 'import', 'jabref-5.1.bib');
    const first = await cite(['import', bib, '--theme', 'second-example'], c.contentDir);
    assert.equal(first.code, 1, 'an entry was refused');
    // Ragnhei{\d}ur: an accent with no letter, at the author line of its entry.
    assert.match(
      first.output,
      /jabref-5\.1\.bib:4(?: \S+)?: not imported: the author holds LaTeX that cannot be turned into text: an accent with no letter under it .*write the letter itself, such as ð/,
    );
    assert.match(
      first.output,
      /Summary: 19 imported into second-example, 0 skipped, 1 not imported \(of 20 entries in the file\); 1 entry imported with a note\./,
    );
    const written = await c.read();
    const inserted = added(before, written).join('\n');
    // {\aa} and \aa are å; the crossref'd book gives each chapter its editors, book and publisher.
    assert.match(inserted, /authors: Gunilla, E\., lsson, A\. O\., & Bångens, L\./);
    assert.match(inserted, /authors: Håkansson, N\. T\./);
    assert.match(
      inserted,
      / {2}- authors: Clark, B\., & Foster, J\. B\.\n {4}year: 2012\n {4}title: "Guano: The global metabolic rift and the fertilizer trade"\n {4}type: chapter\n {4}editors: Hornborg, A\., Clark, B\., & Hermele, K\.\n {4}bookTitle: "Ecology and Power: Struggles over Land and Material Resources in the Past, Present and Future"\n {4}pages: 68-82\n {4}publisher: Routledge\n {4}url: https:\/\/www\.routledge\.com\//,
    );
    assert.match(
      first.output,
      /jabref-5\.1\.bib:372(?: \S+)?: imported: Hornborg, A\., Clark, B\., & Hermele, K\. \(Eds\.\)\. \(2012\)\. Ecology and Power/,
    );
    assert.doesNotMatch(written, /Ragnhei|\\/);

    const again = await cite(['import', bib, '--theme', 'third-example'], c.contentDir);
    assert.match(
      again.output,
      /Summary: 0 imported into third-example, 19 skipped, 1 not imported \(of 20 entries in the file\)\./,
    );
    assert.match(
      again.output,
      /jabref-5\.1\.bib:26(?: \S+)?: skipped: already listed at .*publications\.yml:\d+ \(second-example\[\d+\]\), by the same title, year and kind \(neither has a DOI\)/,
    );
    assert.equal(await c.read(), written, 'a re-import changes nothing');
  } finally {
    await c.done();
  }
});

test('import reads RIS as EndNote writes it ("TY - JOUR", one space), and BibTeX with "and others", math and a ring accent', async () => {
  const c = await content();
  try {
    const ris = await cite(
      ['import', fixture('doi', 'import', 'endnote-one-space.ris'), '--theme', 'third-example'],
      c.contentDir,
    );
    assert.equal(ris.code, 0, ris.output);
    let text = await c.read();
    assert.match(text, /authors: CASTOE, T\. A\., POOLE, A\. W\., GU, W\., de KONING, A\. P\. J\., DAZA, J\. M\./);
    // The DOI EndNote kept only in its dx.doi.org address; its volume 9999 (EndNote's "not known yet") left out.
    assert.match(text, /journal: Molecular Ecology Resources\n {4}doi: 10\.1111\/j\.1755-0998\.2009\.02750\.x\n/);
    assert.match(ris.output, /note: the volume 9999 \(EndNote’s mark for a volume not known yet\) was left out/);

    const others = await cite(
      ['import', fixture('doi', 'import', 'bbt-and-others.bib'), '--theme', 'third-example'],
      c.contentDir,
    );
    assert.equal(others.code, 0, others.output);
    assert.match(
      others.output,
      /imported: Madelung, O\., et al\. \(1998\)\. Cuprous oxide \(Cu₂O\) crystal structure, lattice parameters\. In O\. Madelung, U\. Rössler, & M\. Schulz \(Eds\.\), Landolt-Börnstein \(Vol\. III\/41c\)\. Springer-Verlag\./,
    );
    const ring = await cite(
      ['import', fixture('doi', 'import', 'bbt-ring-above.bib'), '--theme', 'third-example'],
      c.contentDir,
    );
    assert.equal(ring.code, 0, ring.output);
    text = await c.read();
    assert.match(
      text,
      /authors: Řehůřek, R\., & Sojka, P\.\n {4}year: 2010\n {4}title: Software Framework for Topic Modelling with Large Corpora\n {4}type: conference-paper\n/,
    );
    assert.doesNotMatch(text, /others|\\/);
  } finally {
    await c.done();
  }
});

test("import reads a BibDesk export: {\\'\\i} is í as the name reaches the file, and a re-import adds nothing", async () => {
  const c = await content();
  try {
    const bib = fixture('doi', 'import', 'bibdesk.bib');
    const first = await cite(['import', bib, '--theme', 'third-example'], c.contentDir);
    assert.equal(first.code, 0, first.output);
    assert.match(
      first.output,
      /Summary: 2 imported into third-example, 0 skipped, 0 not imported \(of 2 entries in the file\)\./,
    );
    const written = await c.read();
    // BibDesk's {\v Z}{\'\i}dek: one letter í, not a dotless ı with an accent after it.
    assert.match(written, / Qin, C\., Žídek, A\., Nelson, A\. W\. R\., /);
    assert.match(written, /authors: Pavšič, M\., Gunčar, G\., Djinović-Carugo, K\., & Lenarčič, B\.\n {4}year: 2014\n/);
    assert.match(written, /journal: Nature\n {4}doi: 10\.1038\/s41586-019-1923-7\n/);
    const again = await cite(['import', bib, '--theme', 'first-example'], c.contentDir);
    assert.match(
      again.output,
      /Summary: 0 imported into first-example, 2 skipped, 0 not imported \(of 2 entries in the file\)\./,
    );
    assert.equal(await c.read(), written);
  } finally {
    await c.done();
  }
});

test('import reads a Mendeley export: @book_section is a chapter in its book, @web_page keeps no access date as volume, broken entries are named at their line, and entries with different DOIs are never one publication', async () => {
  const c = await content();
  try {
    const before = await c.read();
    const bib = fixture('doi', 'import', 'mendeley-web-page.bib');
    const { code, output } = await cite(['import', bib, '--theme', 'second-example'], c.contentDir);
    assert.equal(code, 1, 'some entries were refused');
    // 512 entries: 6 are the same publication as an earlier one, 2 chapters lack their book, 5 list no author and 5 a
    // group's name that BibTeX divided as a person's ("the Arts National Endowment for", no braces).
    assert.match(
      output,
      /Summary: 495 imported into second-example, 5 skipped, 12 not imported \(of 512 entries in the file\); 49 entries imported with a note\./,
    );
    // 45 are of a kind the site has none of (@generic, @web_page), each imported as the nearest with a note.
    assert.match(
      output,
      /mendeley-web-page\.bib:132(?: \S+)?: note: a web page \(@web_page\), which the site has no kind for: imported as a report/,
    );
    // Four records give a url with a space (two addresses run together, or a path with spaces): the content's URL
    // rule refuses it, so the link is left out with a note at its line, and the entry is still imported.
    assert.match(
      output,
      /mendeley-web-page\.bib:3033 Berenstein2012: note: the url "https:\/\/www\.participations\.org\/Volume 9\/Issue 2\/7 Berenstein" holds a space \(a space in an address is %20\), so the link was left out/,
    );
    assert.match(
      output,
      /mendeley-web-page\.bib:70(?: \S+)?: not imported: bookTitle: is a chapter without "bookTitle"; add the title of the book/,
    );
    assert.match(output, /mendeley-web-page\.bib:2200(?: \S+)?: not imported: the record lists no authors/);
    // "Department of Media and Communication" without braces: BibTeX reads a person "of Media, Department".
    assert.match(
      output,
      /mendeley-web-page\.bib:1070 Verboord2011: not imported: editor 1 "of Media, Department" is a group's name read as a person's; write the group's name as one name \(in BibTeX, in braces: \{Department of Media\}\)/,
    );
    assert.match(
      output,
      /mendeley-web-page\.bib:500(?: \S+)?: skipped: the same publication as .*mendeley-web-page\.bib:406/,
    );
    // A journal article (a review, with its DOI) and a book with the same title and year are two publications: title
    // and year decide only where neither has a DOI.
    assert.match(
      output,
      /mendeley-web-page\.bib:3150: imported: Mourão, S\. \(2013\)\. Teaching Children’s Literature\. It’s Critical! Elt Journal/,
    );
    assert.match(
      output,
      /mendeley-web-page\.bib:3356 Leland2013: imported: Leland, C\., Lewison, M\., & Harste, J\. \(2013\)\. Teaching children's literature: it's critical!/,
    );
    assert.match(
      output,
      /mendeley-web-page\.bib:2029(?: \S+)?: imported: Cart, M\. \(2010\)\. Reviewing Children's and Young Adult Literature\. In S\. Wolf \(Ed\.\), Handbook of Research on Children's and Young Adult Literature \(pp\. 455–466\)\./,
    );
    // Mendeley writes the day a web page was read as volume = {2020}, issue = {May 12,}.
    assert.match(
      output,
      /mendeley-web-page\.bib:132(?: \S+)?: imported: Shapiro, L\. \(2018\)\. Can You Revise a Book to Make It More Woke\? https:\/\/www\.vulture\.com\/2018\/02\/keira-drake-the-continent\.html\n/,
    );
    const inserted = added(before, await c.read()).join('\n');
    assert.match(
      inserted,
      / {2}- authors: Cart, M\.\n {4}year: 2010\n {4}title: Reviewing Children's and Young Adult Literature\n {4}type: chapter\n {4}editors: Wolf, S\.\n {4}bookTitle: Handbook of Research on Children's and Young Adult Literature\n {4}pages: 455-466\n/,
    );
    assert.doesNotMatch(inserted, /May 12/);
  } finally {
    await c.done();
  }
});

test('import reads a Scopus RIS export: initials written "C.J." stay two, and the record with no author or title is named at its line', async () => {
  const c = await content();
  try {
    const before = await c.read();
    const { code, output } = await cite(
      ['import', fixture('doi', 'import', 'scopus.ris'), '--theme', 'third-example'],
      c.contentDir,
    );
    assert.equal(code, 1, 'the empty record was refused');
    assert.match(output, /scopus\.ris:20(?: \S+)?: not imported: the record lists no authors/);
    assert.match(
      output,
      /Summary: 1 imported into third-example, 0 skipped, 1 not imported \(of 2 entries in the file\)\./,
    );
    const inserted = added(before, await c.read()).join('\n');
    assert.match(
      inserted,
      / {2}- authors: Bryan, C\. J\., Wetmore-Arkader, L\., Calvano, T\., Deatrick, J\. A\., Giri, V\. N\., & Bruner, D\. W\.\n {4}year: 2008\n/,
    );
    assert.match(
      inserted,
      /journal: Journal of the National Medical Association\n {4}volume: "100"\n {4}issue: "6"\n {4}pages: 674-682\n {4}doi: 10\.1016\/S0027-9684\(15\)31340-7/,
    );
    assert.doesNotMatch(inserted, /Prostate Cancer Mortality|Cited By/);
  } finally {
    await c.done();
  }
});

test('import reads RIS as Google Scholar and Scopus write it: initials run together ("Roger BJ", "L.N.") are each one, and a byte-order mark is no record', async () => {
  const c = await content();
  try {
    const before = await c.read();
    const scholar = await cite(
      ['import', fixture('doi', 'import', 'google-scholar.ris'), '--theme', 'third-example'],
      c.contentDir,
    );
    assert.equal(scholar.code, 0, scholar.output);
    assert.match(
      scholar.output,
      /Summary: 10 imported into third-example, 0 skipped, 0 not imported \(of 10 entries in the file\)\./,
    );
    assert.match(
      scholar.output,
      /google-scholar\.ris:49(?: \S+)?: imported: Benson, R\. B\. J\., Hunt, G\., Carrano, M\. T\., & Campione, N\. \(2018\)\. Cope's rule/,
    );
    const scopus = await cite(
      ['import', fixture('doi', 'import', 'scopus-export.ris'), '--theme', 'third-example'],
      c.contentDir,
    );
    assert.equal(scopus.code, 0, scopus.output);
    assert.match(
      scopus.output,
      /Summary: 10 imported into third-example, 0 skipped, 0 not imported \(of 10 entries in the file\)\./,
    );
    const inserted = added(before, await c.read()).join('\n');
    // Google Scholar's year is only in Y1; "David WE" is D. W. E.
    assert.match(inserted, / {2}- authors: Hone, D\. W\. E\., Farke, A\. A\., & Wedel, M\. J\.\n {4}year: 2016\n/);
    // The first Scopus record, right after the byte-order mark, with its article number.
    assert.match(
      inserted,
      / {2}- authors: Wilson, L\. N\., Gardner, J\. D\., Wilson, J\. P\., Farnsworth, A\., Perry, Z\. R\., Druckenmiller, P\. S\., Erickson, G\. M\., & Organ, C\. L\.\n {4}year: 2024\n {4}title: Global latitudinal gradients and the evolution of body size in dinosaurs and mammals\n {4}journal: Nature Communications\n {4}volume: "15"\n {4}issue: "1"\n {4}articleNumber: "2864"\n {4}doi: 10\.1038\/s41467-024-46843-2\n/,
    );
  } finally {
    await c.done();
  }
});

test('import reads RIS as Cell Press writes it: the year is the publication year, not the day it was downloaded (Y2)', async () => {
  const c = await content();
  try {
    const before = await c.read();
    const { code, output } = await cite(
      ['import', fixture('doi', 'import', 'cell-press-neuron.ris'), '--theme', 'third-example'],
      c.contentDir,
    );
    assert.equal(code, 0, output);
    assert.match(
      output,
      /cell-press-neuron\.ris:1(?: \S+)?: imported: Kriegeskorte, N\., & Storrs, K\. R\. \(2016\)\. Grid Cells for Conceptual Spaces\? Neuron, 92\(2\), 280–284\./,
    );
    assert.deepEqual(added(before, await c.read()), [
      '  - authors: Kriegeskorte, N., & Storrs, K. R.',
      '    year: 2016',
      '    title: Grid Cells for Conceptual Spaces?',
      '    journal: Neuron',
      '    volume: "92"',
      '    issue: "2"',
      '    pages: 280-284',
      '    doi: 10.1016/j.neuron.2016.10.006',
    ]);
  } finally {
    await c.done();
  }
});

test('a DOI kept as a doi.org address in the url field is recognised by add', async () => {
  const c = await content();
  try {
    const text = (await c.read()).replace(
      '    doi: 10.1126/science.169.3946.635',
      '    url: https://doi.org/10.1126/SCIENCE.169.3946.635',
    );
    await writeFile(c.file, text);
    const { code, output } = await cite(
      ['add', '10.1126/science.169.3946.635', '--theme', 'second-example'],
      c.contentDir,
    );
    assert.equal(code, 1, output);
    assert.match(
      output,
      /publications\.yml:5: 10\.1126\/science\.169\.3946\.635 is already listed, as first-example\[0\]/,
    );
    assert.equal(await c.read(), text);
  } finally {
    await c.done();
  }
});

test('an entry whose brace is left open is named at its line, and every other entry of the file still arrives', async () => {
  const c = await content();
  try {
    const original = await readFile(fixture('doi', 'import', 'jabref-5.1.bib'), 'utf8');
    // The JabRef export with one slip typed into it: the title of Davis2010b (line 393) loses its closing brace.
    const slipped = original.replace(
      '  title     = {Who will build the ark?},',
      '  title     = {Who will build the ark?,',
    );
    assert.notEqual(slipped, original);
    const bib = path.join(c.dir, 'library.bib');
    await writeFile(bib, slipped);
    const { code, output } = await cite(['import', bib, '--theme', 'second-example'], c.contentDir);
    assert.equal(code, 1, output);
    assert.match(
      output,
      /library\.bib:393(?: \S+)?: not imported: the entry could not be read \(.*\); check that its braces and quotes are closed/,
    );
    assert.match(
      output,
      /library\.bib:409(?: \S+)?: imported: Deleuze, G\. \(1990\)\. The Logic of Sense\. Columbia University\./,
    );
    assert.match(
      output,
      /Summary: 18 imported into second-example, 0 skipped, 2 not imported \(of 20 entries in the file\); 1 entry imported with a note\./,
    );
  } finally {
    await c.done();
  }
});

/** The lines of `after` that differ from `before`, as "-"/"+" pairs and "+" insertions (the files' other lines equal). */
function changed(before: string, after: string): string[] {
  const old = before.split('\n');
  const now = after.split('\n');
  const out: string[] = [];
  let i = 0;
  for (let j = 0; j < now.length; j += 1) {
    if (i < old.length && old[i] === now[j]) i += 1;
    else if (i < old.length && (old[i + 1] === now[j + 1] || now.indexOf(old[i]!, j) === -1)) {
      out.push(`- ${old[i]}`, `+ ${now[j]}`);
      i += 1;
    } else out.push(`+ ${now[j]}`);
  }
  assert.equal(i, old.length, 'every line of the file is still there, in its order');
  return out;
}

test('fill replaces "year: null" on its line (no second year key), and --dry-run shows exactly what the real run writes', async () => {
  const c = await content();
  try {
    const text = (await c.read()).replace('    year: 1970\n', '    year: null\n');
    await writeFile(c.file, text);
    const dry = await cite(['fill', '--dry-run'], c.contentDir);
    assert.equal(dry.code, 0, dry.output);
    assert.equal(await c.read(), text, 'the dry run wrote nothing');
    const real = await cite(['fill'], c.contentDir);
    assert.equal(real.code, 0, real.output);
    const after = await c.read();
    assert.deepEqual(changed(text, after).slice(0, 3), [
      '-     year: null',
      '+     year: 1970',
      '+     journal: Science',
    ]);
    assert.equal(after.match(/^ {4}year:/gm)?.length, text.match(/^ {4}year:/gm)?.length, 'no second year key');
    // The dry run's listing is the real run's change, line for line and number for number.
    const shown = dry.output.split('\n').filter((line) => /^[-+] +\d+ \| /.test(line));
    const written = after.split('\n');
    for (const line of shown.filter((row) => row.startsWith('+'))) {
      const [, number, content] = /^\+ +(\d+) \| (.*)$/.exec(line)!;
      assert.equal(written[Number(number) - 1], content, line);
    }
    assert.ok(shown.includes('-    7 |     year: null') && shown.includes('+    7 |     year: 1970'), shown.join('\n'));
    assert.equal(shown.length, changed(text, after).length);
  } finally {
    await c.done();
  }
});

/**
 * The file a dry run's listing describes before the change, worked back from the file after it: every "+" line is
 * taken out and every "-" line put back before the line of the new file it names. No diff algorithm involved.
 */
function undoListing(listing: string[], after: string): string {
  const rows = listing
    .map((line) => /^([-+]) +(\d+) \| (.*)$/.exec(line)!)
    .map(([, sign, number, text]) => ({ sign, number: Number(number), text: text! }));
  const added = new Set(rows.filter((row) => row.sign === '+').map((row) => row.number));
  const lines = after.split('\n');
  const before: string[] = [];
  for (let number = 1; number <= lines.length + 1; number += 1) {
    before.push(...rows.filter((row) => row.sign === '-' && row.number === number).map((row) => row.text));
    if (number <= lines.length && !added.has(number)) before.push(lines[number - 1]!);
  }
  return before.join('\n');
}

test('--dry-run lists the change exactly when the entry filled has "year: null" and another keeps it (the listing undoes to the file)', async () => {
  const c = await content();
  try {
    // The year, typed after the title, is filled and the journal goes right below it; second-example keeps "year: null".
    const text = (await c.read()).replace(/( {4}year: )1970\n( {4}title: '[^']*'\n)/, '$2$1null\n');
    await writeFile(c.file, text);
    const dry = await cite(['fill', '--dry-run'], c.contentDir);
    assert.equal(dry.code, 0, dry.output);
    const real = await cite(['fill'], c.contentDir);
    assert.equal(real.code, 0, real.output);
    const after = await c.read();
    const listing = dry.output.split('\n').filter((line) => /^[-+] +\d+ \| /.test(line));
    assert.equal(undoListing(listing, after), text);
    assert.deepEqual(listing.slice(0, 3), [
      '-    8 |     year: null',
      '+    8 |     year: 1970',
      '+    9 |     journal: Science',
    ]);
  } finally {
    await c.done();
  }
});

test('fill and import edit a file of any valid layout in place: CRLF, folded lines, flow style, comments and quotes stay byte for byte', async () => {
  const c = await content();
  try {
    const lf = (await c.read())
      // A long title folded onto the next line, as the yaml package writes by default.
      .replace(
        "    title: 'The Structure of Ordinary Water: New data and interpretations are yielding new insights into this fascinating substance'",
        '    title: >-\n      The Structure of Ordinary Water: New data and interpretations are yielding new\n      insights into this fascinating substance',
      )
      // A theme written in flow style, with a comment after it.
      .replace(
        'second-example:\n  - authors: Example, A.\n    year: null\n    title: A study whose year is not known\n    doi: 10.5555/fixture.2\n',
        "second-example: [{authors: 'Example, A.', year: null, title: A study whose year is not known, doi: 10.5555/fixture.2}] # typed by hand\n",
      );
    const text = lf.replace(/\n/g, '\r\n');
    await writeFile(c.file, text);
    const filled = await cite(['fill'], c.contentDir);
    assert.equal(filled.code, 0, filled.output);
    const afterFill = await c.read();
    assert.deepEqual(changed(text, afterFill), [
      '+     journal: Science\r',
      '+     volume: "169"\r',
      '+     issue: "3946"\r',
      '+     pages: 635-641\r',
      '+     volume: "36"\r',
      '+     issue: "2"\r',
    ]);
    const imported = await cite(
      ['import', fixture('doi', 'import', 'bbt-ring-above.bib'), '--theme', 'second-example'],
      c.contentDir,
    );
    assert.equal(imported.code, 0, imported.output);
    const afterImport = await c.read();
    // An import writes a list in block style whatever it looked like: the flow-style theme becomes a list of
    // entries, the one it had unchanged and its comment on the key's line; every other line stays as it was.
    const [minus, ...plus] = changed(afterFill, afterImport);
    assert.match(minus!, /^- second-example: \[\{authors: 'Example, A\.', .*\}\] # typed by hand\r$/);
    assert.deepEqual(plus.slice(0, 5), [
      '+ second-example: # typed by hand\r',
      '+   - authors: Example, A.\r',
      '+     year: null\r',
      '+     title: A study whose year is not known\r',
      '+     doi: 10.5555/fixture.2\r',
    ]);
    assert.match(plus[5]!, /^\+ {3}- authors: Řehůřek, R\., & Sojka, P\.\r$/);
    assert.doesNotMatch(afterImport.replace(/\r\n/g, ''), /\n/, 'every line ends in CRLF');
  } finally {
    await c.done();
  }
});

test('fill on our own content fills the year of the entry whose year is not known (Plejert et al.) once the registry answers its DOI', async () => {
  const c = await content();
  try {
    // Our own content folder alone, not mixed with the fixture's.
    await rm(c.contentDir, { recursive: true });
    await cp(path.resolve('content'), c.contentDir, { recursive: true });
    const text = await c.read();
    // As the CMS writes it: the DOI first, and no year line for a year not known.
    const plejert = text.indexOf('  - doi: 10.1007/s10823-015-9262-0\n    authors: Plejert, C., Antelius, E.');
    assert.ok(
      plejert > 0 && !text.slice(plejert).split('\n')[2]!.includes('year:'),
      'our content has the entry, without a year',
    );
    // The loopback registry has no recording for 10.1007/s10823-015-9262-0, so the entry is pointed at a DOI it
    // has one for (Frank, 1970): what is checked is where and how the year is written, not the year itself.
    const edited = text.replace('  - doi: 10.1007/s10823-015-9262-0', '  - doi: 10.1126/science.169.3946.635');
    await writeFile(c.file, edited);
    const { code, output } = await cite(['fill'], c.contentDir);
    assert.equal(code, 0, output);
    const after = await c.read();
    assert.deepEqual(changed(edited, after), ['+     year: 1970']);
    assert.ok(
      after.includes('    authors: Plejert, C., Antelius, E., Yazdanpanah, M., & Nielsen, T. R.\n    year: 1970\n'),
    );
    assert.match(output, /first-example|cross-cultural|filled year: 1970/);
  } finally {
    await c.done();
  }
});

test('the add example of docs/editing.md names a DOI our content does not list yet, under a theme it has', async () => {
  const editing = await readFile(path.resolve('docs/editing.md'), 'utf8');
  const [, doi, theme] = /`npm run cite -- add (\S+) --theme (\S+)`/.exec(editing)!;
  const c = await content();
  try {
    // Our own content folder alone, not mixed with the fixture's.
    await rm(c.contentDir, { recursive: true });
    await cp(path.resolve('content'), c.contentDir, { recursive: true });
    const before = await c.read();
    const { output } = await cite(['add', doi!, '--theme', theme!], c.contentDir);
    // The loopback registry has no recording of it: the command gets as far as asking, so online it adds the paper.
    assert.match(output, new RegExp(`^${doi!.replace(/[.]/g, '\\.')}: not registered`), output);
    assert.doesNotMatch(output, /already listed/);
    assert.match(await readFile(path.join(c.contentDir, 'themes.yml'), 'utf8'), new RegExp(`^- id: ${theme}$`, 'm'));
    assert.equal(await c.read(), before);
  } finally {
    await c.done();
  }
});

test('fill --find-dois proposes a DOI only where exactly one record agrees on title, year and first author', async () => {
  const c = await content();
  try {
    // Entries typed from the recorded Crossref works query (Boettiger's papers): two that agree, one whose year does not.
    const text = `${await c.read()}  - authors: Boettiger, C.
    year: 2022
    title: The forecast trap
    journal: Ecology Letters
  - authors: Perkins, T. A., Boettiger, C., & Phillips, B. L.
    year: 2016
    title: "After the games are over: life-history trade-offs drive dispersal attenuation following range expansion"
  - authors: Boettiger, C.
    year: 2019
    title: Early warning signals
`;
    await writeFile(c.file, text);
    const start = resolver.requests.length;
    const { code, output } = await cite(['fill', '--find-dois'], c.contentDir, resolver.url, {}, resolver.url);
    assert.equal(code, 0, output);
    const asked = resolver.requests.slice(start).filter((request) => request.doi.startsWith('works?'));
    assert.equal(asked.length, 4, 'one query per entry without a DOI');
    assert.match(asked[0]!.doi, /query\.bibliographic=/);
    assert.match(
      output,
      /publications\.yml:27: third-example\[1\] doi 10\.1111\/ele\.14024: the one record whose title, year and first author agree/,
    );
    assert.match(output, /third-example\[2\] doi 10\.1002\/ece3\.2314: the one record/);
    assert.match(output, /third-example\[3\] no DOI proposed: no record agrees on title, year and first author/);
    const after = await c.read();
    assert.deepEqual(
      changed(text, after).filter((line) => line.includes('doi:')),
      ['+     doi: 10.1111/ele.14024', '+     doi: 10.1002/ece3.2314'],
    );
  } finally {
    await c.done();
  }
});

/**
 * fill against the fault-injecting server in front of the recorded resolver: what a flaky network does to the
 * lookups, and what fill makes of it (issue item: exit 0 when every lookup was answered, 2 when some could not be
 * made, after writing what could be filled).
 */
async function faultyResolver() {
  const faults = await startFaultServer(resolver.url);
  return { faults, url: faults.url.replace(/\/$/, '') };
}
const keys = <T extends object>(value: T) => Object.keys(value) as (keyof T)[];
const lookupOf = (doi: string) => (path: string) => decodeURIComponent(path) === `/${doi}`;

test('fill keeps every answer it received when another lookup fails, names that one and exits 2', ends, async () => {
  const c = await content();
  const { faults, url } = await faultyResolver();
  try {
    faults.always(lookupOf('10.1126/science.169.3946.635'), 'reset');
    const { code, output } = await cite(['fill'], c.contentDir, url);
    assert.equal(code, 2, output);
    // The cockroach's record arrived: its volume and issue are written; the water paper's lookup is named.
    assert.match(await c.read(), / {4}journal: Australian Journal of Entomology\n {4}volume: "36"\n {4}issue: "2"\n/);
    assert.doesNotMatch(await c.read(), /journal: Science/);
    assert.match(
      output,
      /publications\.yml:5: first-example\[0\] 10\.1126\/science\.169\.3946\.635: the request failed: the connection was reset before the answer, 4 tries/,
    );
    assert.match(
      output,
      /\nCould not look up 1 of 3 \(named above\)\. What was answered is written; run the command again later for the rest\.$/m,
    );
  } finally {
    await faults.close();
    await c.done();
  }
});

test('one reset or cut body on a lookup is asked again, and fill fills everything (exit 0)', ends, async () => {
  const c = await content();
  const { faults, url } = await faultyResolver();
  try {
    faults.once('/10.1126/science.169.3946.635', 'reset');
    faults.once('/10.1111/j.1440-6055.1997.tb01440.x', 'close-mid-body');
    const { code, output } = await cite(['fill'], c.contentDir, url);
    assert.equal(code, 0, output);
    assert.match(
      output,
      /Summary: filled 6 fields in 2 entries; 1 conflict \(typed values kept\); 1 DOI not registered; 0 could not be looked up\./,
    );
    assert.doesNotMatch(output, /Could not look up/);
  } finally {
    await faults.close();
    await c.done();
  }
});

test(
  'a registry that refuses every connection is no "No network": each lookup is named, nothing written, exit 2',
  ends,
  async () => {
    const c = await content();
    try {
      const before = await c.read();
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const address = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
      await new Promise((resolve) => closed.close(resolve));
      const { code, output } = await cite(['fill'], c.contentDir, address);
      assert.equal(code, 2);
      assert.doesNotMatch(output, /No network/);
      assert.equal(output.match(/: the request failed: connect ECONNREFUSED .*, 4 tries$/gm)?.length, 3, output);
      assert.match(output, /\nCould not look up 3 of 3 \(named above\)/);
      assert.equal(await c.read(), before);
    } finally {
      await c.done();
    }
  },
);

test(
  'fill --find-dois without Crossref still writes what the DOI registry answered, in one offline line, exit 2',
  ends,
  async () => {
    const c = await content();
    try {
      await writeFile(
        c.file,
        `${await c.read()}  - authors: Boettiger, C.\n    year: 2022\n    title: The forecast trap\n`,
      );
      const { code, output } = await cite(
        ['fill', '--find-dois'],
        c.contentDir,
        resolver.url,
        {},
        'http://crossref.invalid',
      );
      assert.equal(code, 2, output);
      assert.match(
        output,
        /^No network: could not reach http:\/\/crossref\.invalid \(ENOTFOUND\)\. No DOI was looked up; run the command again when online\.$/m,
      );
      assert.match(await c.read(), /journal: Science/);
    } finally {
      await c.done();
    }
  },
);

/**
 * Exit codes whatever the registry answers (issue 44, item 11): 0 done, 1 bad input, 2 could not check. The registry
 * is the recorded resolver behind the fault-injecting server, whose answers keep their recorded bodies (a CSL-JSON
 * record, doi.org's 404 page, a plain 404) or take another real one (a Cloudflare challenge page, a record cut in
 * half, nothing) under any status.
 */
const challengePage = readFileSync(fixture('links', 'cloudflare-challenge.html'));
const answerBodies = {
  recorded: (answer: Answer) => answer.body,
  'a challenge page': () => challengePage,
  'the record cut in half': (answer: Answer) => answer.body.subarray(0, Math.floor(answer.body.length / 2)),
  empty: () => Buffer.alloc(0),
} as const;
const statuses = [
  200, 201, 203, 204, 206, 300, 301, 304, 400, 401, 403, 404, 406, 410, 418, 429, 451, 500, 502, 503, 504,
];
/** A status that carries a body (HTTP has none for 204 and 304). */
const bodied = (status: number) => status !== 204 && status !== 304;
const answered = (status: number, kind: keyof typeof answerBodies) => (answer: Answer) => ({
  status,
  headers: {
    'content-type': kind === 'a challenge page' ? 'text/html; charset=UTF-8' : String(answer.headers['content-type']),
  },
  body: answerBodies[kind](answer),
});

test(
  'add exits 0, 1 or 2 whatever the registry answers: 0 only with the record, 1 only for its 404, else 2',
  ends,
  async () => {
    const { faults, url } = await faultyResolver();
    // One copy of the content for the cases, each starting from the fixture's publications.yml.
    const c = await content();
    const fixtureFile = await c.read();
    try {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...statuses), fc.constantFrom(...keys(answerBodies)), async (status, kind) => {
          await writeFile(c.file, fixtureFile);
          faults.clear();
          faults.always(() => true, answered(status, kind));
          const before = await c.read();
          const { code, output } = await cite(
            ['add', '10.1098/rsif.2017.0387', '--theme', 'first-example'],
            c.contentDir,
            url,
            { retries: 0 },
          );
          const record = status >= 200 && status < 300 && bodied(status) && kind === 'recorded';
          assert.equal(code, record ? 0 : status === 404 ? 1 : 2, `${status} with ${kind}: ${output}`);
          if (!record) assert.equal(await c.read(), before, 'nothing written');
          assert.doesNotMatch(output, /\n\s+at /, 'no stack trace');
        }),
        { numRuns: propertyRuns(30) },
      );
    } finally {
      await c.done();
      await faults.close();
    }
  },
);

test(
  'fill exits 0 only when every DOI gave its record or the registry said it is not registered; else 2, never 0',
  ends,
  async () => {
    const { faults, url } = await faultyResolver();
    // One copy of the content for the cases, each starting from the fixture's publications.yml.
    const c = await content();
    const fixtureFile = await c.read();
    try {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...statuses), fc.constantFrom(...keys(answerBodies)), async (status, kind) => {
          await writeFile(c.file, fixtureFile);
          faults.clear();
          faults.always(() => true, answered(status, kind));
          const { code, output } = await cite(['fill'], c.contentDir, url, { retries: 0 });
          // The fixture's 10.5555/fixture.2 has no recording, so it gets no record under any status: every lookup is
          // answered only when all three are the registry's 404.
          assert.equal(code, status === 404 ? 0 : 2, `${status} with ${kind}: ${output}`);
          if (code === 2) assert.match(output, /\nCould not look up [1-3] of 3 \(named above\)\. /);
          assert.doesNotMatch(output, /\n\s+at /, 'no stack trace');
        }),
        { numRuns: propertyRuns(30) },
      );
    } finally {
      await c.done();
      await faults.close();
    }
  },
);

test(
  'add that cannot check says why and exits 2: a Retry-After of a day, a trickle, an answer not HTTP, a redirect out of https',
  ends,
  async (t) => {
    const { faults, url } = await faultyResolver();
    const ca = await readFile('test/fixtures/tls/loopback-cert.pem', 'utf8');
    const secure = createSecureServer(
      { cert: ca, key: await readFile('test/fixtures/tls/loopback-key.pem', 'utf8') },
      (request, response) => response.writeHead(301, { location: `${url}${request.url}` }).end(),
    );
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
    const secureUrl = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
    const day = (answer: Answer) => ({
      ...answer,
      status: 429,
      headers: { 'retry-after': '86400' },
      body: Buffer.alloc(0),
    });
    const cases = [
      [
        'a 429 asking to wait a day',
        day,
        url,
        /the registry answered 429 \(too many requests\) and asked to wait 86400 s; try later\. Nothing was written\.$/,
      ],
      [
        'a body that trickles',
        { trickle: 300, clock },
        url,
        /the request failed: the body came too slowly: \d+ of [\d,]+ bytes within 1 s \(about \d+ bytes? a second\), 1 tries\. Nothing was written\.$/,
      ],
      [
        'an answer that is not HTTP',
        'not-http',
        url,
        /the request failed: answered with something that is not HTTP \(.+\), 1 tries\. Nothing was written\.$/,
      ],
      [
        'a redirect from https to http',
        undefined,
        secureUrl,
        /the request failed: redirected from https:\/\/127\.0\.0\.1:\d+\/10\.1098\/rsif\.2017\.0387 to http:\/\/127\.0\.0\.1:\d+\/10\.1098\/rsif\.2017\.0387, which leaves https; not followed, 1 tries\. Nothing was written\.$/,
      ],
    ] as const;
    try {
      for (const [name, fault, address, words] of cases)
        await t.test(name, async () => {
          const c = await content();
          try {
            faults.clear();
            if (fault) faults.always(() => true, fault);
            const before = await c.read();
            const { code, output } = await cite(
              ['add', '10.1098/rsif.2017.0387', '--theme', 'first-example'],
              c.contentDir,
              address,
              {
                // A wait longer than the policy allows ends the tries at once; the others are not asked again here.
                retries: fault === day ? 3 : 0,
                timeoutMs: 1_000,
                ca,
              },
            );
            assert.equal(code, 2, output);
            assert.match(output, words);
            assert.equal(await c.read(), before);
          } finally {
            await c.done();
          }
        });
    } finally {
      secure.closeAllConnections();
      await new Promise((resolve) => secure.close(resolve));
      await faults.close();
    }
  },
);

test(
  'fill that could look nothing up says that nothing was written, never "what was answered is written"',
  ends,
  async () => {
    const c = await content();
    const { faults, url } = await faultyResolver();
    try {
      const before = await c.read();
      faults.always(
        () => true,
        (answer) => ({ ...answer, status: 503, body: Buffer.alloc(0) }),
      );
      const { code, output } = await cite(['fill'], c.contentDir, url, { retries: 0 });
      assert.equal(code, 2);
      assert.match(
        output,
        /\nSummary: filled 0 fields in 0 entries; 0 conflicts \(typed values kept\); 0 DOIs not registered; 3 could not be looked up\.\n/,
      );
      assert.match(
        output,
        /\nCould not look up 3 of 3 \(named above\)\. Nothing was written; run the command again later\.$/m,
      );
      assert.doesNotMatch(output, /What was answered/);
      assert.equal(await c.read(), before);
    } finally {
      await faults.close();
      await c.done();
    }
  },
);

test('add says each wait of a second or more, with the host and how long, and ends by its deadline', ends, async () => {
  const c = await content();
  try {
    const host = new URL(resolver.url).host;
    resolver.faults.set('10.1098/rsif.2017.0387', [
      { status: 429, retryAfter: '1' },
      { status: 429, retryAfter: '100' },
      { status: 429, retryAfter: '100' },
    ]);
    const start = resolver.requests.length;
    const { code, output } = await cite(
      ['add', '10.1098/rsif.2017.0387', '--theme', 'first-example', '--deadline', '60'],
      c.contentDir,
    );
    assert.equal(code, 2, output);
    // The 1 s wait is told and waited; the 100 s one would end after the deadline, so it is not begun.
    assert.equal(
      output,
      [
        `Waiting 1 s before asking ${host} again (try 2 of 4): it answered 429 and asked for that wait (Retry-After).`,
        '10.1098/rsif.2017.0387: the registry answered 429 (too many requests) and asked to wait 100 s; try later. Nothing was written.',
      ].join('\n'),
    );
    assert.equal(resolver.requests.length - start, 2);
    // A registry that never answers is stopped by the deadline, which the line names.
    resolver.faults.set('10.1098/rsif.2017.0387', ['hang']);
    const stopped = await cite(
      ['add', '10.1098/rsif.2017.0387', '--theme', 'first-example', '--deadline', '1'],
      c.contentDir,
      resolver.url,
      {
        timeoutMs: 20_000,
      },
    );
    assert.equal(stopped.code, 2);
    assert.equal(
      stopped.output,
      '10.1098/rsif.2017.0387: not looked up before the deadline of 1 s. Nothing was written.',
    );
  } finally {
    resolver.faults.clear();
    await c.done();
  }
});
