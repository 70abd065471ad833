/**
 * The editor's one voice, in its words and cleaning rules (issue 47, item 8):
 * what people paste is cleaned where the meaning is certain, by the site's one
 * DOI rule and ORCID rule; the live site's panel names no command; the
 * build's words for a contradicted statement and an end before its start say
 * what to do, in the clinician's words, and the build prints the same words.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { placeProblem } from '../scripts/admin/deploy/problem-place.ts';
import { apaAuthorList, cleanedDoi, cleanedOrcid, withScheme } from '../scripts/admin/editor/cleaning.ts';
import { checkSave } from '../scripts/admin/editor/check.ts';
import { editorWordsOf } from '../scripts/stages/content/doi-only.ts';
import { bareDoi, doiUrl } from '../src/doi.ts';
import { orcidCheckCharacter, orcidProblem } from '../src/orcid.ts';
import { filesOf } from './helpers/cms-folder.ts';
import { fixtureContentDir } from './helpers/site.ts';

const doiArbitrary = fc
  .tuple(fc.stringMatching(/^\d{4,9}$/), fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._;()\-/:]{0,40}$/))
  .map(([registrant, suffix]) => `10.${registrant}/${suffix}`);

test('a DOI pasted as its address or with doi: is cleaned to the DOI the file keeps, and the Save check takes it', () => {
  fc.assert(
    fc.property(
      doiArbitrary,
      fc.constantFrom('https://doi.org/', 'http://dx.doi.org/', 'doi:', 'DOI: '),
      (doi, prefix) => {
        const typed = prefix.startsWith('http') ? doiUrl(doi, prefix.slice(0, -1)) : `${prefix}${doi}`;
        assert.equal(cleanedDoi(typed), doi);
        // The cleaned DOI is what the one DOI rule takes as bare: Save takes what Fill took.
        assert.equal(bareDoi(cleanedDoi(typed)!), doi);
      },
    ),
  );
  // A bare DOI is left as typed; what is no DOI is left to the check, which says what is wrong.
  assert.equal(cleanedDoi('10.5555/fixture.1'), undefined);
  assert.equal(cleanedDoi('https://doi.org/'), undefined);
  assert.equal(cleanedDoi('https://example.org/10.5555/x'), undefined);
});

test('an ORCID iD pasted as its address is cleaned to the iD, and only a whole iD', () => {
  const ids = fc.stringMatching(/^\d{15}$/).map((digits) => {
    const id = `${digits}${orcidCheckCharacter(digits)}`;
    return `${id.slice(0, 4)}-${id.slice(4, 8)}-${id.slice(8, 12)}-${id.slice(12)}`;
  });
  fc.assert(
    fc.property(
      ids,
      fc.constantFrom('https://orcid.org/', 'http://orcid.org/', 'orcid.org/', 'https://www.orcid.org/'),
      (id, prefix) => {
        assert.equal(orcidProblem(id), null);
        assert.equal(cleanedOrcid(`${prefix}${id}`), id);
        assert.equal(cleanedOrcid(`${prefix}${id}/`), id);
      },
    ),
  );
  assert.equal(cleanedOrcid('0000-0002-1825-0097'), undefined, 'an iD is left as typed');
  assert.equal(cleanedOrcid('https://orcid.org/0000-0002-1825'), undefined, 'a part of one is not guessed');
});

test('an address without its scheme is offered with https://; anything else is not guessed', () => {
  assert.equal(withScheme('news.fixture.example/workshop'), 'https://news.fixture.example/workshop');
  assert.equal(withScheme('www.example.org'), 'https://www.example.org');
  assert.equal(withScheme('example.org:8080/a?b=c#d'), 'https://example.org:8080/a?b=c#d');
  for (const typed of ['http://example.org', 'mailto:a@example.org', 'not an address', 'example', 'a@example.org'])
    assert.equal(withScheme(typed), undefined, typed);
});

test('authors pasted one to a line become the one-line list APA writes', () => {
  assert.deepEqual(apaAuthorList('Franzen, S.\nvan den Berg, E.\r\nNielsen, T. R.\n'), {
    list: 'Franzen, S., van den Berg, E., & Nielsen, T. R.',
    count: 3,
  });
  assert.deepEqual(apaAuthorList('Franzen, S.,\n& Nielsen, T. R.'), {
    list: 'Franzen, S., & Nielsen, T. R.',
    count: 2,
  });
  assert.deepEqual(apaAuthorList('Franzen, S.\nNielsen, T. R.\net al.'), {
    list: 'Franzen, S., Nielsen, T. R., et al.',
    count: 2,
  });
  assert.equal(apaAuthorList('Franzen, S., & Nielsen, T. R.'), undefined, 'one line is left as typed');
});

test('the live site names no command: a DOI-only publication is said in the form’s words, at its field', () => {
  const file = 'theme-one:\n  - doi: 10.5555/only\n';
  const said = editorWordsOf(
    'holds only a DOI, not yet a citation: run npm run cite -- fill to fill in its authors, year, title and the rest from the DOI (on the live site, the pull request\'s "Fill publications" check does it)',
  );
  assert.equal(said, 'holds only its DOI: press "Fill from the DOI" to fill in its authors, year, title and the rest');
  const placed = placeProblem(
    {
      path: 'content/publications.yml',
      line: 2,
      column: 10,
      message:
        'a publication with a DOI but no year, cited as (n.d.): run npm run cite -- fill to complete it from its DOI (it asks the DOI registries online and never guesses), or add year: yourself',
    },
    file,
    [],
  );
  assert.doesNotMatch(placed.message, /npm run|cite -- fill/);
  assert.match(placed.message, /press "Fill from the DOI" in its entry to complete it/);
  assert.equal(editorWordsOf('expected a year'), undefined);
});

test('the check’s words for "fully" above a known failure and an end before its start say what to do, without "found" in the editor', async () => {
  const files = await filesOf(fixtureContentDir, 'content/');
  const statement = files['content/accessibility.md']!;
  const fully = checkSave(files, {
    path: 'content/accessibility.md',
    text: statement.replace(/^compliance: .*$/m, 'compliance: fully'),
  }).problems.find((problem) => problem.field?.keys.join('.') === 'compliance');
  assert.ok(fully, 'the fixture statement has a known failure');
  assert.match(fully.message, /^expected partially: (a known issue below is|\d+ known issues below are)/);
  assert.doesNotMatch(fully.message, /issue\(s\)/);
  assert.match(fully.message, /, found "fully"$/, 'the build says what it found');
  assert.doesNotMatch(fully.plain!, /found/, 'the editor shows the field');

  const event = 'content/news/2030-03-01-spring-workshop.md';
  const early = checkSave(files, {
    path: event,
    text: files[event]!.replace(/^end: .*$/m, 'end: 2031-05-19 12:30'),
  }).problems.find((problem) => problem.field?.keys.join('.') === 'end');
  assert.equal(
    early?.plain,
    'expected an end after the start: it is earlier than the start; check the end’s day and time (an event that ends on the day it starts ends on the start’s day)',
  );
});
