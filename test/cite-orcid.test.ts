/**
 * `npm run cite -- orcid` against a loopback stand-in for ORCID's public API
 * that plays back recorded answers (test/fixtures/orcid/README.md names each
 * source): a record with works, one with none, an iD ORCID does not know, the
 * service failing for one member and then for all, and no network. Each test
 * works on its own copy of the fixture content, with the members and
 * publications of test/fixtures/orcid/.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { runCite } from '../scripts/cite.ts';
import { runOrcid } from '../scripts/cite/orcid.ts';
import type { OrcidReport } from '../scripts/cite/orcid-report.ts';
import { type RecordedOrcid, recordedWorks, startRecordedOrcid } from './fixtures/orcid/recorded-orcid.ts';
import { DrivenClock } from './helpers/clock.ts';

let orcid: RecordedOrcid;
before(async () => {
  orcid = await startRecordedOrcid();
});
after(() => orcid.close());

const fixture = (...parts: string[]) => path.resolve('test/fixtures', ...parts);
const ADA = '0000-0003-4997-3076';

/** A copy of the fixture content with the ORCID fixture's members and publications; `members` keeps only those named. */
async function content(members?: string[], publications?: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cite-orcid-'));
  const contentDir = path.join(dir, 'content');
  await cp(fixture('content'), contentDir, { recursive: true });
  let yaml = await readFile(fixture('orcid', 'members.yml'), 'utf8');
  if (members) {
    const [head, ...entries] = yaml.split(/\n(?= {2}- name: )/);
    yaml = [head, ...entries.filter((entry) => members.some((name) => entry.includes(`name: ${name}\n`)))].join('\n');
  }
  await writeFile(path.join(contentDir, 'members.yml'), yaml);
  await writeFile(
    path.join(contentDir, 'publications.yml'),
    publications ?? (await readFile(fixture('orcid', 'publications.yml'), 'utf8')),
  );
  return { dir, contentDir, done: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Runs the command in this process, on a clock of its own whose pauses pass at once: the waits between tries are
 * the command's own (1, 2 and 4 s), kept in `clock.pauses`, none waited out.
 */
async function cite(argv: string[], contentDir: string, api = orcid.api) {
  const lines: string[] = [];
  const clock = new DrivenClock({ pausesPass: true });
  const code = await runOrcid([...argv, '--content', contentDir], {
    contentDir,
    resolvePath: (typed) => path.resolve(typed),
    print: (line) => lines.push(line),
    orcidApi: api,
    resolver: { clock },
  });
  return { code, output: lines.join('\n'), clock };
}

/**
 * The DOIs the recorded answer names for its works, worked out here without
 * the command's code: every external id of type doi that names the work
 * itself and has the shape Crossref documents for a DOI, lower-cased.
 */
function doisOfRecord(body: unknown): Set<string> {
  const groups = (body as { group: { 'external-ids': { 'external-id': Record<string, unknown>[] } }[] }).group;
  const ids = groups.flatMap((group) => group['external-ids']['external-id']);
  return new Set(
    ids
      .filter((id) => id['external-id-type'] === 'doi' && id['external-id-relationship'] === 'self')
      .map((id) => String(id['external-id-value']).toLowerCase())
      .filter((value) => /^10\.\d{4,9}\/[-._;()/:a-z0-9]+$/.test(value)),
  );
}

test('the works of each member not on the site are listed with the command that adds them; the rest is named', async () => {
  const c = await content();
  try {
    const before = await readFile(path.join(c.contentDir, 'publications.yml'), 'utf8');
    const { code, output } = await cite(['--json', path.join(c.dir, 'works.json')], c.contentDir);
    assert.equal(code, 2, output);
    const host = new URL(orcid.api).host;
    assert.equal(
      output,
      [
        `Waiting 1 s before asking ${host} again (try 2 of 4): it answered 500.`,
        `Waiting 2 s before asking ${host} again (try 3 of 4): it answered 500.`,
        `Waiting 4 s before asking ${host} again (try 4 of 4): it answered 500.`,
        "Works on members' ORCID records that the site does not list (4 members with an ORCID iD, 1 without):",
        '',
        `Ada Example, https://orcid.org/${ADA}: 1 work not on the site (of 6; 1 on the site already, 4 without a DOI)`,
        '  2021        A KBase Case Study on Genome-wide Transcriptomics and Plant Primary Metabolism in Sorghum (data-set, Cold Spring Harbor Laboratory Cold Spring Harbor, NY (United States))',
        '              npm run cite -- add 10.25982/101788.79/1828290 --theme THEME',
        'Ben Sample, https://orcid.org/0000-0000-0000-0001: no works on the ORCID record',
        'Cleo Trial, https://orcid.org/0000-0003-0000-0003: could not be read: ORCID has no record for 0000-0003-0000-0003 (404); check the iD',
        "Dan Demo, https://orcid.org/0000-0002-1825-0097: could not be read: ORCID's API answered 500, 4 tries",
        '',
        "THEME is the id of the work's theme: first-example, second-example, third-example.",
        'Summary: 1 work not on the site, from 1 member; 1 member with no works on ORCID; not read: Cleo Trial, Dan Demo. Nothing was written.',
      ].join('\n'),
    );
    assert.equal(
      await readFile(path.join(c.contentDir, 'publications.yml'), 'utf8'),
      before,
      'publications.yml unchanged',
    );
    // Asked as JSON, naming the site, for each member with an iD (the 500 again, as a server error is), never for the one without.
    const asked = orcid.requests.filter((request) => request.userAgent?.includes('ExCon-site-cite'));
    assert.ok(asked.every((request) => request.accept === 'application/json'));
    assert.deepEqual(
      asked
        .map((request) => request.path)
        .filter((one, index, all) => all.indexOf(one) === index)
        .sort(),
      ['0000-0000-0000-0001', '0000-0002-1825-0097', '0000-0003-0000-0003', ADA].map((id) => `/v3.0/${id}/works`),
    );
  } finally {
    await c.done();
    orcid.requests.length = 0;
  }
});

test('--json lists exactly the DOIs of the recorded record that the site does not hold, however the site writes them', async () => {
  const c = await content(['Ada Example', 'Ben Sample']);
  try {
    const file = path.join(c.dir, 'reports', 'works.json');
    const { code, output } = await cite(['--json', file], c.contentDir);
    assert.equal(code, 0, output);
    const report = JSON.parse(await readFile(file, 'utf8')) as OrcidReport;
    const onSite = decodeURIComponent(new URL('https://doi.org/10.25982%2F1668075').pathname.slice(1));
    const expected = [...doisOfRecord(recordedWorks(ADA))].filter((doi) => doi !== onSite.toLowerCase());
    const ada = report.members.find((member) => member.orcid === ADA);
    assert.ok(ada?.read);
    assert.deepEqual(ada.works.map((work) => work.doi.toLowerCase()).sort(), expected.sort());
    assert.deepEqual(
      report.members.find((member) => member.name === 'Ben Sample'),
      {
        name: 'Ben Sample',
        orcid: '0000-0000-0000-0001',
        read: true,
        total: 0,
        onSite: 0,
        withoutDoi: 0,
        works: [],
      },
    );
    assert.deepEqual(report.withoutOrcid, []);
    assert.equal(report.offline, false);
  } finally {
    await c.done();
  }
});

test('works are listed newest first, each member on its own', async () => {
  const c = await content(['Ada Example'], 'first-example: []\n');
  try {
    const file = path.join(c.dir, 'works.json');
    const { code } = await cite(['--json', file], c.contentDir);
    assert.equal(code, 0);
    const report = JSON.parse(await readFile(file, 'utf8')) as OrcidReport;
    const ada = report.members[0];
    assert.ok(ada?.read);
    assert.deepEqual(
      ada.works.map((work) => [work.date, work.doi]),
      [
        ['2021', '10.25982/101788.79/1828290'],
        ['2020', '10.25982/1668075'],
      ],
    );
  } finally {
    await c.done();
  }
});

test('ORCID failing for every member: one plain line naming whose works could not be checked, exit 2', async () => {
  const c = await content(['Ada Example', 'Ben Sample']);
  orcid.everyone = 500;
  try {
    const { code, output, clock } = await cite([], c.contentDir);
    assert.equal(code, 2);
    const waiting = (seconds: number, next: number) =>
      `Waiting ${seconds} s before asking ${new URL(orcid.api).host} again (try ${next} of 4): it answered 500.`;
    const lines = output.split('\n');
    // The two members are asked side by side: each one's waits in order, the two interleaved as their answers came.
    assert.deepEqual(
      lines.slice(0, -1).sort(),
      [1, 2, 4].flatMap((seconds, index) => [waiting(seconds, index + 2), waiting(seconds, index + 2)]).sort(),
    );
    assert.equal(
      lines.at(-1),
      "Could not check the works of 2 members (Ada Example, Ben Sample): ORCID's API answered 500, 4 tries. Nothing was written; run the command again later.",
    );
    assert.deepEqual(
      clock.pauses.toSorted((a, b) => a - b),
      [1_000, 1_000, 2_000, 2_000, 4_000, 4_000],
      'each member asked again after 1, 2, 4 s',
    );
  } finally {
    orcid.everyone = undefined;
    await c.done();
  }
});

test('no network: the one offline line, exit 2, and a --json report that says nothing is known', async () => {
  const c = await content();
  try {
    const file = path.join(c.dir, 'works.json');
    // A name under .invalid never resolves (RFC 6761): no network to reach it by.
    const { code, output } = await cite(['--json', file], c.contentDir, 'http://orcid.invalid/v3.0');
    assert.equal(code, 2);
    // ENOTFOUND where a resolver answers that the name does not exist; EAI_AGAIN where no resolver can be reached.
    assert.match(
      output,
      /^No network: could not reach http:\/\/orcid\.invalid \((ENOTFOUND|EAI_AGAIN)\)\. No member's works were checked; run the command again when online\.$/,
    );
    assert.equal((JSON.parse(await readFile(file, 'utf8')) as OrcidReport).offline, true);
  } finally {
    await c.done();
  }
});

test('a members.yml that cannot be read is named at its line, nothing is asked, exit 1', async () => {
  const c = await content(['Ada Example']);
  try {
    const file = path.join(c.contentDir, 'members.yml');
    await writeFile(file, (await readFile(file, 'utf8')).replace(ADA, '0000-0003-4997-3077'));
    const asked = orcid.requests.length;
    const { code, output } = await cite([], c.contentDir);
    assert.equal(code, 1);
    assert.match(
      output,
      /members\.yml cannot be read; nothing was looked up:\n {2}\S*members\.yml:9:12 › members › 0 › orcid: expected a valid ORCID iD: its last character should be 6/,
    );
    assert.equal(orcid.requests.length, asked);
  } finally {
    await c.done();
  }
});

test('a mistyped option is named with the usage, exit 1', async () => {
  const lines: string[] = [];
  const code = await runCite(['orcid', '--jsno', 'x.json'], { print: (line) => lines.push(line) });
  assert.equal(code, 1);
  assert.match(lines.join('\n'), /^unknown option --jsno\nUsage:\n {2}npm run cite -- orcid \[--json FILE\]/);
});

test('a DOI on the site is recognised in any spelling: case, doi: or doi.org form, percent-encoded or not', async () => {
  const { bareDoi, sameDoi } = await import('../src/doi.ts');
  const doiChar = fc.constantFrom(
    ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._;()/:'.split(''),
  );
  const doi = fc
    .tuple(fc.integer({ min: 1000, max: 999999 }), fc.string({ unit: doiChar, minLength: 1, maxLength: 30 }))
    .map(([prefix, suffix]) => `10.${prefix}/${suffix.replace(/^\/+/, 'x')}`);
  const spelling = fc.constantFrom(
    (value: string) => value.toUpperCase(),
    (value: string) => value.toLowerCase(),
    (value: string) => `https://doi.org/${value}`,
    (value: string) => `HTTPS://DOI.ORG/${value.toUpperCase()}`,
    (value: string) => `http://dx.doi.org/${encodeURIComponent(value)}`,
    (value: string) => `doi:${value}`,
  );
  fc.assert(
    fc.property(doi, spelling, spelling, (value, onOrcid, onSite) => {
      const a = bareDoi(onOrcid(value));
      const b = bareDoi(onSite(value));
      return a !== null && b !== null && sameDoi(a, b);
    }),
  );
});

test('the command line runs it: ORCID_API is asked, and the exit code says some records could not be read', async () => {
  // The member ORCID does not know is the record that cannot be read: a 404 is not asked again, so nothing is waited.
  const c = await content(['Ada Example', 'Cleo Trial']);
  try {
    const run = promisify(execFile);
    const tsx = path.resolve('node_modules/.bin/tsx');
    const result = await run(tsx, ['scripts/cite.ts', 'orcid', '--content', c.contentDir], {
      env: { ...process.env, ORCID_API: orcid.api },
    }).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    );
    assert.equal(result.code, 2);
    assert.match(result.stdout, /npm run cite -- add 10\.25982\/101788\.79\/1828290 --theme THEME/);
  } finally {
    await c.done();
  }
});
