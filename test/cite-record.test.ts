/**
 * What the cite command makes of a record before anything is written: the
 * recorded registry answers become entries in the content's APA form, markup
 * and entities become plain text, and what could mislead a reader is refused.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { bareDoi } from '../src/doi.ts';
import { publicationFromRecord, RecordError, type CslRecord } from '../scripts/lib/csl-record.ts';
import { initials } from '../scripts/lib/csl-names.ts';
import { retryAfterMs } from '../scripts/lib/http-client.ts';
import { plainText, safeUrl, UntrustedTextError } from '../scripts/lib/untrusted-text.ts';
import { orcidCheckCharacter, orcidProblem } from '../src/orcid.ts';

const recorded = (file: string) =>
  JSON.parse(readFileSync(`test/fixtures/doi/recorded/${file}`, 'utf8')) as CslRecord | CslRecord[];

test('a DOI pasted as an address or with doi: is stored bare; anything else is not a DOI', () => {
  assert.equal(bareDoi('https://doi.org/10.1080/13854046.2021.1981456'), '10.1080/13854046.2021.1981456');
  assert.equal(bareDoi('http://dx.doi.org/10.1002/gps.5614 '), '10.1002/gps.5614');
  assert.equal(bareDoi('doi:10.1159/000490174'), '10.1159/000490174');
  assert.equal(bareDoi('https://doi.org/10.1111%2Fj.1440-6055.1997.tb01440.x'), '10.1111/j.1440-6055.1997.tb01440.x');
  assert.equal(bareDoi('10.1/short'), null);
  assert.equal(bareDoi('https://example.org/10.1002/gps.5614'), null);
});

test('a recorded Crossref record becomes an entry with APA initials, markup removed', () => {
  const record = recorded('citebank-pseudobalta.json') as CslRecord;
  assert.deepEqual(publicationFromRecord(record), {
    authors: 'ROTH, L. M.',
    year: 1997,
    title:
      'Pseudobalta, a New Australian Ovoviviparous Cockroach Genus (Dictyoptera: Blattaria: Blattellidae: Pseudophyllodromiinae)',
    journal: 'Australian Journal of Entomology',
    volume: '36',
    issue: '2',
    pages: '101-108',
    doi: '10.1111/j.1440-6055.1997.tb01440.x',
  });
  assert.equal(initials('Jean-Paul'), 'J.-P.');
  assert.equal(initials('Henry S.'), 'H. S.');
  assert.equal(initials('Ángel María'), 'Á. M.');
});

test('markup and entities become plain text, whitespace collapses', () => {
  assert.equal(
    plainText(
      'Synthesis of <i>E. coli</i> under CO<sub>2</sub> &amp; <jats:italic>N</jats:italic>&#8209;1\n   revisited',
      'title',
    ),
    'Synthesis of E. coli under CO2 & N‑1 revisited',
  );
  assert.equal(plainText('&lt;script&gt;alert(1)&lt;/script&gt;', 'title'), '<script>alert(1)</script>');
});

test('control characters and direction overrides are refused, and only http(s) addresses are kept', () => {
  assert.throws(() => plainText('Title\u202Egnp.exe', 'title'), UntrustedTextError);
  assert.throws(() => plainText('Title\u0007', 'title'), /U\+0007/);
  assert.throws(() => plainText('Title\u2066x\u2069', 'title'), UntrustedTextError);
  // The characters the content check refuses are refused here too, so cite never writes what the build would refuse.
  for (const invisible of ['\u00AD', '\u200B', '\u2060', '\u2064', '\uFEFF']) {
    const code = invisible.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    assert.throws(() => plainText(`Ti${invisible}tle`, 'title'), new RegExp(`U\\+${code}`));
  }
  assert.throws(() => safeUrl('javascript:alert(1)', 'url'), /not an http\(s\) address/);
  assert.throws(() => safeUrl('data:text/html,x', 'url'), UntrustedTextError);
  assert.equal(safeUrl('https://example.org/a?b=1&amp;c=2', 'url'), 'https://example.org/a?b=1&c=2');
});

test('a record with an author without a family name, or without authors, is refused', () => {
  const record = structuredClone(recorded('citebank-pseudobalta.json') as CslRecord);
  record.author = [{ given: 'LOUIS M.' }];
  assert.throws(() => publicationFromRecord(record), RecordError);
  record.author = [];
  assert.throws(() => publicationFromRecord(record), /lists no authors/);
});

test('Retry-After is read as seconds or as an HTTP date', () => {
  assert.equal(retryAfterMs('2'), 2000);
  assert.equal(retryAfterMs('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')), 10_000);
  assert.equal(retryAfterMs(null), undefined);
  assert.equal(retryAfterMs('soon'), undefined);
});

test('ORCID iDs are checked by their ISO 7064 MOD 11-2 check character', () => {
  // ORCID's own examples of valid iDs.
  assert.equal(orcidProblem('0000-0002-1825-0097'), null);
  assert.equal(orcidProblem('0000-0001-5109-3700'), null);
  assert.equal(orcidProblem('0000-0002-1694-233X'), null);
  assert.equal(orcidCheckCharacter('000000021694233'), 'X');
  assert.match(orcidProblem('0000-0002-1825-0098')!, /last character should be 7/);
  assert.match(orcidProblem('https://orcid.org/0000-0002-1825-0097')!, /without https:\/\/orcid\.org/);
});
