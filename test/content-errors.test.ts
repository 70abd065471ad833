import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { buildIntoTemporaryFolder } from './helpers/site.ts';
import { snapshot } from './helpers/snapshot.ts';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

test('broken content fails the build with every problem named, and leaves the previous dist/ untouched', async () => {
  const { outDir } = await buildIntoTemporaryFolder();
  const before = await snapshot(outDir);

  const failure = await run(tsx, ['scripts/build.ts', '--content', 'test/fixtures/broken-content', '--out', outDir], {
    env: { ...process.env, CI: 'true' },
  }).then(
    () => assert.fail('the build should have failed'),
    (error: { code: number; stderr: string }) => error,
  );

  assert.equal(failure.code, 1, 'non-zero exit');
  const expected = [
    /test\/fixtures\/broken-content\/site\.ts › site › contactEmail: expected an e-mail address .*got "contact\(at\)eccron"/,
    /site\.ts › site › socialProfileUrl: expected an http\(s\) URL, got "www\.example\.org\/eccron"/,
    /news\.ts › news\[0\] \(position-statement-accepted\) › date: expected a date of the form YYYY-MM-DD, got "2021-13-45"/,
    /news\.ts › news\[0\] \(position-statement-accepted\) › link: expected an http\(s\) URL, got "ftp:\/\/example\.org\/statement"/,
    /publications\.ts › caregiver: expected at least one publication for this theme/,
    /publications\.ts › cognitive-screening\[6\] "An entry with nothing to link to" › doi: expected a DOI or a URL/,
    /publications\.ts › cognitive-screening\[7\] "A DOI pasted as a link" › year: expected a year, "in press" or null, got "soon"/,
    /publications\.ts › cognitive-screening\[7\] "A DOI pasted as a link" › doi: expected a DOI such as 10\.1080\/13854046\.2021\.1981456 \(without https:\/\/doi\.org\/\), got "https:\/\/doi\.org\/10\.1\/abc"/,
    /members\.ts › members\[16\] \(Ingrid Example\) › email: expected an e-mail address .*got "x@"/,
    /members\.ts › members\[17\] \(Pat Nowhere\) › country: expected one of "Denmark", .*got "Atlantis"/,
    /members\.ts › members\[18\] › name: expected text, got ""/,
  ];
  for (const message of expected) assert.match(failure.stderr, message);
  assert.match(failure.stderr, /Build failed while checking content: 11 problems/);
  assert.doesNotMatch(failure.stderr, /\u001b\[/, 'no colour codes in CI');
  assert.deepEqual(await snapshot(outDir), before, 'dist/ is exactly as it was');
});
