/**
 * An incomplete entry (our own Nielsen, Nielsen & Waldemar 2020 has pages but
 * no journal) is cited as APA cites a source with missing parts, never with a
 * guessed journal, and the build and the dev server name it at its line as a
 * warning, with `cite fill` as the fix where it has a DOI.
 */
import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { formatProblem } from '../scripts/lib/problems.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { buildIntoTemporaryFolder, fixtureContentDir, realContentDir, temporaryFolder } from './helpers/site.ts';

const INCOMPLETE =
  /^a journal article without its journal, cited as a source with missing parts \(title, then numbers\)/;

test('the build names each article without its journal at its title, with cite fill as the fix, and still builds', async () => {
  const { result } = await buildIntoTemporaryFolder();
  const incomplete = result.warnings.filter((warning) => INCOMPLETE.test(warning.message));
  assert.deepEqual(
    incomplete.map((warning) => warning.where.replace(/^.*publications\.yml/, 'publications.yml')),
    [
      'publications.yml:19:12 › second-example[0] "A study whose year is not known" › title',
      'publications.yml:35:12 › third-example[2] "The third example of the third theme" › title',
    ],
  );
  for (const warning of incomplete)
    assert.match(
      formatProblem(warning),
      /run npm run cite -- fill to complete it from its DOI .*or add journal: yourself/,
    );
});

test('our own content: Nielsen 2020 (caregiver) is named, and its line has no invented journal, "Vol." or "pp."', async () => {
  const { warnings, content } = await loadContent(realContentDir);
  const named = warnings.filter((warning) => INCOMPLETE.test(warning.message));
  assert.deepEqual(
    named.map((warning) => /caregiver\[\d+\] "[^"]*"/.exec(warning.where)?.[0]),
    ['caregiver[1] "Barriers in access to dementia care in m…"'],
  );
  const nielsen = content.publications.caregiver?.find((publication) => publication.pages === '1424-1432');
  assert.equal(nielsen?.journal, undefined, 'the journal is never guessed');
});

test('an article without journal or DOI is named with the field to add, since fill has nothing to ask', async () => {
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  const file = path.join(contentDir, 'publications.yml');
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace('    doi: 10.5555/fixture.5\n', ''));
  const { warnings } = await loadContent(contentDir);
  const third = warnings.find((warning) => warning.where.includes('third-example[2]'));
  assert.match(third?.message ?? '', /: add journal: with the journal it appeared in$/);
});

const NO_YEAR =
  /^a publication with a DOI but no year, cited as \(n\.d\.\): run npm run cite -- fill to complete it from its DOI/;

test('our own content: Plejert et al. has a DOI but no year, and the build names it at its line with cite fill as the fix', async () => {
  const { warnings, content } = await loadContent(realContentDir);
  const named = warnings.filter((warning) => NO_YEAR.test(warning.message));
  assert.deepEqual(
    named.map((warning) => /interpreter-mediated\[\d+\] "[^"]*"/.exec(warning.where)?.[0]),
    ['interpreter-mediated[1] "‘There’s a letter called ef’ on Challeng…"'],
  );
  const plejert = content.publications['interpreter-mediated']?.[1];
  assert.match(plejert?.authors ?? '', /^Plejert, C\./);
  assert.equal(plejert?.year, null);
});

test('a year not known is named only where a DOI could give it: an entry without a DOI is cited (n.d.) without a word', async () => {
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  const file = path.join(contentDir, 'publications.yml');
  const text = await readFile(file, 'utf8');
  const { warnings: before } = await loadContent(contentDir);
  assert.deepEqual(
    before
      .filter((warning) => NO_YEAR.test(warning.message))
      .map((warning) => warning.where.replace(/^.*publications\.yml/, 'publications.yml')),
    ['publications.yml:18:11 › second-example[0] "A study whose year is not known" › year'],
  );
  await writeFile(file, text.replace('    doi: 10.5555/fixture.2\n', ''));
  const { warnings } = await loadContent(contentDir);
  assert.equal(warnings.filter((warning) => NO_YEAR.test(warning.message)).length, 0);
});
