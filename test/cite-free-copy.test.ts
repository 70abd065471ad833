/**
 * Free copies at fill time: `cite fill` against two loopback stand-ins, the
 * recorded DOI resolver (test/fixtures/doi/README.md) and the recorded
 * Unpaywall (test/fixtures/open-access/README.md, Unpaywall's own answers). A
 * copy found is recorded; none found and a DOI Unpaywall does not know leave
 * the entry be; a second fill changes nothing; a typed copy is kept; a copy
 * the fill wrote that has gone away is removed; the service down leaves the
 * rest of fill as it would be, says so in one line and exits 2.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { parse } from 'yaml';
import { startRecordedResolver, type RecordedResolver } from './fixtures/doi/recorded-resolver.ts';
import {
  type RecordedUnpaywall,
  recordedRecord,
  startRecordedUnpaywall,
} from './fixtures/open-access/recorded-unpaywall.ts';
import { citeContent, runCiteOn } from './helpers/cite.ts';

let resolver: RecordedResolver;
let unpaywall: RecordedUnpaywall;
before(async () => {
  resolver = await startRecordedResolver();
  unpaywall = await startRecordedUnpaywall();
});
after(async () => {
  await resolver.close();
  await unpaywall.close();
});

const EMAIL = ['--email', 'secretariat@consortium.eu'];
const fill = (contentDir: string, extra: string[] = EMAIL) =>
  runCiteOn(['fill', ...extra], contentDir, {
    resolver: { resolver: resolver.url, backoffMs: 5, timeoutMs: 2000 },
    openAccessApi: unpaywall.api,
  });

/** What Unpaywall's recording gives as the best copy's address. */
const best = (doi: string) => {
  const location = recordedRecord(doi).best_oa_location as Record<string, string | null>;
  return location.url_for_pdf ?? location.url!;
};

/** Four complete entries: two open (a PDF, a page), one closed, one DOI Unpaywall does not know. */
const FOUR = `first-example:
  - authors: Wu, J.
    year: 2004
    title: An open article
    journal: Genome Biology
    doi: 10.1186/gb-2004-5-10-r80
  - authors: Lo, K.
    year: 2007
    title: A bronze article
    journal: Cell
    doi: 10.1016/j.cell.2007.11.019
  - authors: Ho, M.
    year: 2001
    title: A closed article
    journal: Closed
    doi: 10.1037/018882
second-example:
  - authors: No, N.
    year: 2020
    title: Unknown to Unpaywall
    journal: Nowhere
    doi: 10.1234/invalid
`;

async function contentWith(publications: string) {
  const c = await citeContent();
  await writeFile(c.file, publications);
  return c;
}

const entries = (text: string) =>
  Object.values(parse(text) as Record<string, Record<string, unknown>[]>).flat() as Record<string, unknown>[];

test('fill records the best free copy, leaves a closed paper and an unknown DOI be, and a second fill changes nothing', async () => {
  const c = await contentWith(FOUR);
  try {
    const first = await fill(c.contentDir);
    assert.equal(first.code, 0, first.output);
    const [open, bronze, closed, unknown] = entries(await c.read());
    assert.deepEqual(
      [open!.freeCopy, open!.freeCopyVersion, open!.freeCopyFoundBy],
      [best('10.1186/gb-2004-5-10-r80'), 'published', 'Unpaywall'],
    );
    assert.equal(bronze!.freeCopy, best('10.1016/j.cell.2007.11.019'));
    assert.equal(closed!.freeCopy, undefined);
    assert.equal(unknown!.freeCopy, undefined);
    assert.match(first.output, /publications\.yml:2: first-example\[0\] free copy recorded: https:\/\/\S+$/m);
    assert.match(
      first.output,
      /^Free copies: 2 recorded, 0 replaced, 0 removed, 0 unchanged, 0 typed and kept \(0 in conflict\); 1 without one; 1 DOI Unpaywall does not know; 0 not checked\.$/m,
    );
    const written = await c.read();
    const second = await fill(c.contentDir);
    assert.equal(second.code, 0, second.output);
    assert.equal(await c.read(), written);
    assert.match(second.output, /^Free copies: 0 recorded, 0 replaced, 0 removed, 2 unchanged,/m);
  } finally {
    await c.done();
  }
});

test('a copy typed by a person is kept, a differing answer named as a conflict; a copy the fill wrote that went away is removed, one moved is replaced', async () => {
  const typed = 'https://repository.consortium.eu/wu-2004.pdf';
  const c = await contentWith(
    FOUR.replace('doi: 10.1186/gb-2004-5-10-r80', `doi: 10.1186/gb-2004-5-10-r80\n    freeCopy: ${typed}`)
      .replace(
        'doi: 10.1037/018882',
        'doi: 10.1037/018882\n    freeCopy: https://old.example.org/gone.pdf\n    freeCopyVersion: accepted\n    freeCopyFoundBy: Unpaywall',
      )
      .replace(
        'doi: 10.1016/j.cell.2007.11.019',
        'doi: 10.1016/j.cell.2007.11.019\n    freeCopy: https://old.example.org/moved\n    freeCopyFoundBy: Unpaywall # kept by fill',
      ),
  );
  try {
    const { code, output } = await fill(c.contentDir);
    assert.equal(code, 0, output);
    const text = await c.read();
    const [open, bronze, closed] = entries(text);
    assert.equal(open!.freeCopy, typed);
    assert.equal(open!.freeCopyFoundBy, undefined);
    assert.match(
      output,
      new RegExp(
        `:7: first-example\\[0\\] freeCopy: typed ${typed}, Unpaywall gives https://\\S+; the typed copy is kept`,
      ),
    );
    assert.deepEqual(
      [bronze!.freeCopy, bronze!.freeCopyVersion, bronze!.freeCopyFoundBy],
      [best('10.1016/j.cell.2007.11.019'), 'published', 'Unpaywall'],
    );
    assert.match(text, /freeCopyFoundBy: Unpaywall # kept by fill/);
    assert.equal(closed!.freeCopy, undefined);
    assert.equal(closed!.freeCopyVersion, undefined);
    assert.doesNotMatch(text, /gone\.pdf|freeCopyVersion: accepted/);
    assert.match(
      output,
      /first-example\[2\] free copy removed: Unpaywall no longer lists https:\/\/old\.example\.org\/gone\.pdf/,
    );
    assert.match(
      output,
      /first-example\[1\] free copy replaced: https:\/\/\S+ \(was https:\/\/old\.example\.org\/moved\)/,
    );
    assert.match(
      output,
      /^Free copies: 0 recorded, 1 replaced, 1 removed, 0 unchanged, 1 typed and kept \(1 in conflict\);/m,
    );
  } finally {
    await c.done();
  }
});

test('with Unpaywall down, the rest of fill is as it would be; one line says what was not checked, and fill exits 2', async () => {
  const down = await citeContent();
  const without = await citeContent();
  try {
    // The same fill without free copies (the placeholder mailbox of the fixture refuses them, in one line).
    const plain = await fill(without.contentDir, []);
    assert.equal(plain.code, 0, plain.output);
    assert.match(
      plain.output,
      /^No free copies were looked for\. Unpaywall needs a real e-mail address, and contactEmail in .*site\.yml is still the placeholder "office@fixture\.example": .* Nothing was asked\.$/m,
    );
    for (const doi of ['10.1126/science.169.3946.635', '10.1111/j.1440-6055.1997.tb01440.x', '10.5555/fixture.2'])
      unpaywall.down.add(doi);
    const { code, output } = await fill(down.contentDir);
    assert.equal(code, 2, output);
    assert.equal(await down.read(), await without.read());
    assert.notEqual(await down.read(), await citeContent().then((fresh) => fresh.read().finally(fresh.done)));
    const lines = output.split('\n').filter((line) => /free cop/i.test(line));
    assert.equal(lines.length, 2, output);
    assert.match(
      lines[0]!,
      /^Could not look for a free copy of 3 of 3 DOIs \(Unpaywall answered 503, 4 tries, and so on\): 10\.1126\/science\.169\.3946\.635, .*run the command again later\.$/,
    );
    assert.match(lines[1]!, /3 not checked\.$/);
  } finally {
    unpaywall.down.clear();
    await down.done();
    await without.done();
  }
});

test('the free copy goes through the content check: a fill --dry-run shows its lines and writes nothing', async () => {
  const c = await contentWith(FOUR);
  try {
    const { code, output } = await fill(c.contentDir, ['--dry-run', ...EMAIL]);
    assert.equal(code, 0, output);
    assert.equal(await c.read(), FOUR);
    assert.match(output, /^\+ +7 \| {5}freeCopy: https:\/\/\S+$/m);
    assert.match(output, /^\+ +8 \| {5}freeCopyVersion: published$/m);
    assert.match(output, /^\+ +9 \| {5}freeCopyFoundBy: Unpaywall$/m);
  } finally {
    await c.done();
  }
});

test('import records the free copy of each new entry with a DOI', async () => {
  const c = await citeContent();
  try {
    const bib = `${c.dir}/two.bib`;
    await writeFile(
      bib,
      '@article{open, author = {Wu, Jing}, title = {An open article}, journal = {Genome Biology}, year = {2004}, doi = {10.1186/gb-2004-5-10-r80}}\n\n@article{shut, author = {Ho, Mei}, title = {A closed article}, journal = {Closed}, year = {2001}, doi = {10.1037/018882}}\n',
    );
    const { code, output } = await runCiteOn(['import', bib, '--theme', 'second-example', ...EMAIL], c.contentDir, {
      openAccessApi: unpaywall.api,
    });
    assert.equal(code, 0, output);
    assert.match(output, /two\.bib:1 open: free to read: https:\/\/\S+$/m);
    const imported = entries(await c.read()).filter(
      (entry) => entry.title === 'An open article' || entry.title === 'A closed article',
    );
    assert.deepEqual(
      imported.map((entry) => entry.freeCopy),
      [best('10.1186/gb-2004-5-10-r80'), undefined],
    );
  } finally {
    await c.done();
  }
});
