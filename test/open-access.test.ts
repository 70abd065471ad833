/**
 * The open-access lookup (scripts/cite/open-access.ts) against a loopback
 * stand-in for Unpaywall that plays back Unpaywall's own recorded answers
 * (test/fixtures/open-access/README.md): a free copy found (a PDF, and a
 * publisher's page without one), none, a DOI Unpaywall does not know, the
 * service failing for one DOI while the rest goes on, and no network. And the
 * e-mail rule: the site's mailbox, never the placeholder.
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { findOpenAccess, openAccessEmail } from '../scripts/cite/open-access.ts';
import { defaultResolverOptions } from '../scripts/cite/resolver.ts';
import { offlineLine } from '../scripts/lib/http-client.ts';
import {
  type RecordedUnpaywall,
  recordedRecord,
  startRecordedUnpaywall,
} from './fixtures/open-access/recorded-unpaywall.ts';

let unpaywall: RecordedUnpaywall;
before(async () => {
  unpaywall = await startRecordedUnpaywall();
});
after(() => unpaywall.close());

const resolver = { ...defaultResolverOptions('ExCon-site-cite/1.0 (https://fixture.example)'), backoffMs: 5 };
const ask = (dois: string[], api = unpaywall.api) =>
  findOpenAccess(dois, { email: 'secretariat@consortium.eu', resolver, api });

test('a free copy is its PDF when Unpaywall has one, with the version it is', async () => {
  const [found] = await ask(['10.1186/gb-2004-5-10-r80']);
  const best = recordedRecord('10.1186/gb-2004-5-10-r80').best_oa_location as Record<string, string>;
  assert.deepEqual(found, {
    doi: '10.1186/gb-2004-5-10-r80',
    found: 'copy',
    url: best.url_for_pdf,
    version: 'published',
  });
  assert.equal(best.version, 'publishedVersion');
  assert.deepEqual(unpaywall.requests.at(-1), {
    doi: '10.1186/gb-2004-5-10-r80',
    email: 'secretariat@consortium.eu',
    userAgent: 'ExCon-site-cite/1.0 (https://fixture.example)',
  });
});

test('a copy without a PDF is the page Unpaywall points to', async () => {
  const [found] = await ask(['10.1016/j.cell.2007.11.019']);
  const best = recordedRecord('10.1016/j.cell.2007.11.019').best_oa_location as Record<string, string | null>;
  assert.equal(best.url_for_pdf, null);
  assert.deepEqual(found, { doi: '10.1016/j.cell.2007.11.019', found: 'copy', url: best.url, version: 'published' });
});

test('a closed paper has no free copy, and a DOI Unpaywall does not know is told apart from it', async () => {
  assert.equal(recordedRecord('10.1037/018882').is_oa, false);
  assert.deepEqual(await ask(['10.1037/018882', '10.1234/invalid']), [
    { doi: '10.1037/018882', found: 'none' },
    { doi: '10.1234/invalid', found: 'unknown-doi' },
  ]);
});

test('the service failing for one DOI costs only that one: the others are answered, in the order asked', async () => {
  unpaywall.down.add('10.1037/018882');
  try {
    const answers = await ask(['10.1186/gb-2004-5-10-r80', '10.1037/018882', '10.1016/j.cell.2007.11.019']);
    assert.deepEqual(
      answers.map((answer) => answer.found),
      ['copy', 'failed', 'copy'],
    );
    assert.deepEqual(answers[1], { doi: '10.1037/018882', found: 'failed', reason: 'Unpaywall answered 503, 4 tries' });
  } finally {
    unpaywall.down.clear();
  }
});

test('without network every answer carries the failure the offline line is worded from', async () => {
  // A name under .invalid never resolves (RFC 6761): no network to reach it by.
  const [answer] = await ask(['10.1186/gb-2004-5-10-r80'], 'http://unpaywall.invalid/v2');
  assert.ok(answer?.found === 'failed' && answer.offline);
  assert.equal(
    offlineLine(answer.offline, 'Nothing was written'),
    'No network: could not reach http://unpaywall.invalid (ENOTFOUND). Nothing was written; run the command again when online.',
  );
});

/** A copy of the fixture content with `contactEmail` set as given. */
async function siteWith(contactEmail: string | undefined) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'open-access-'));
  await cp(path.resolve('test/fixtures/content/site.yml'), path.join(dir, 'site.yml'));
  const file = path.join(dir, 'site.yml');
  const text = await readFile(file, 'utf8');
  const line = contactEmail === undefined ? '' : `contactEmail: ${contactEmail}\n`;
  await writeFile(file, text.replace(/^contactEmail: .*\n/m, line));
  return { dir, done: () => rm(dir, { recursive: true, force: true }) };
}

test('the e-mail Unpaywall is asked with is the site mailbox, or the one given with --email', async () => {
  const site = await siteWith('secretariat@consortium.eu');
  try {
    assert.deepEqual(await openAccessEmail(site.dir), { email: 'secretariat@consortium.eu' });
    assert.deepEqual(await openAccessEmail(site.dir, ' library@university.eu '), { email: 'library@university.eu' });
  } finally {
    await site.done();
  }
});

test('the placeholder mailbox, a missing one or a mistyped --email is refused in one line that says what to do', async () => {
  const placeholder = await siteWith(undefined);
  const fixture = path.resolve('test/fixtures/content');
  try {
    const refused = (answer: Awaited<ReturnType<typeof openAccessEmail>>) =>
      'refused' in answer ? answer.refused : `not refused: ${answer.email}`;
    const fix =
      'set contactEmail in test/fixtures/content/site.yml to the consortium\'s mailbox (README, "Settings to fill in"), or give one with --email. Nothing was asked.';
    assert.equal(
      refused(await openAccessEmail(fixture)),
      `Unpaywall needs a real e-mail address, and contactEmail in test/fixtures/content/site.yml is still the placeholder "office@fixture.example": ${fix}`,
    );
    assert.equal(
      refused(await openAccessEmail(fixture, 'office@consortium')),
      `Unpaywall needs an e-mail address, and --email "office@consortium" is not one: ${fix}`,
    );
    assert.match(
      refused(await openAccessEmail(placeholder.dir)),
      /^Unpaywall, which finds free copies, needs an e-mail address and \S+site\.yml has no contactEmail: /,
    );
    for (const line of [refused(await openAccessEmail(fixture)), refused(await openAccessEmail(placeholder.dir))])
      assert.doesNotMatch(line, /\n/);
  } finally {
    await placeholder.done();
  }
});
