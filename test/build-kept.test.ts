/**
 * The build keeps what it made from unchanged bytes (the gzip sizes, the
 * Markdown's tokens, what each page links to, and under the command's code the content's check, the rendered
 * pages and the citation files) in a folder between runs
 * (scripts/lib/kept-results.ts), and what /admin/ makes from its inputs alone
 * (its configuration, the CMS's patches) under the command's code (`code`). Whatever that folder holds, none at all,
 * all of it, or damaged, the site and its report are the same bytes; and a
 * page that changed is read again, so the output check still finds what is
 * broken in it.
 */
import assert from 'node:assert/strict';
import { cp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { buildSite, type BuildOptions } from '../scripts/build-site.ts';
import { BuildError } from '../scripts/lib/problems.ts';
import { fixtureContentDir, temporaryFolder } from './helpers/site.ts';
import { snapshot } from './helpers/snapshot.ts';

const today = '2026-11-15';
const commit = '0123456789abcdef0123456789abcdef01234567';

/** A build of the fixture content into a new folder: its files, and its report without the time it took. */
async function built(options: Omit<BuildOptions, 'outDir'>) {
  const outDir = path.join(await temporaryFolder(), 'dist');
  const { report } = await buildSite({ contentDir: fixtureContentDir, today, commit, ...options, outDir });
  // The gzip sizes are worked out as the report is read; then what was made is written.
  const reported = JSON.stringify({ ...report, milliseconds: 0 });
  await new Promise((resolve) => setImmediate(resolve));
  return { files: await snapshot(outDir), report: reported };
}

test('the site and its report are the same bytes with nothing kept, all kept, or the kept files damaged', async () => {
  const kept = { keptIn: path.join(await temporaryFolder(), 'kept'), code: 'the code of this build' };
  const { keptIn } = kept;
  const expected = await built({ keptIn: null });
  assert.deepEqual(await built(kept), expected, 'nothing kept yet');
  const keptFiles = (await readdir(keptIn)).sort();
  assert.deepEqual(keptFiles, [
    'admin.tsv',
    'citation-files.tsv',
    'content-check.tsv',
    'gzip-sizes.tsv',
    'markdown-tokens.tsv',
    'page-readings.tsv',
    'pages.tsv',
  ]);
  assert.deepEqual(await built(kept), expected, 'all kept');
  // What /admin/ kept for one CMS backend and base path is not another's.
  const github = { cms: { backend: { repo: 'eccron/site', branch: 'main' }, from: 'CMS_REPO' }, basePath: '/site' };
  assert.deepEqual(await built({ ...kept, ...github }), await built({ keptIn: null, ...github }), 'another backend');
  // Pages are rendered again for another date (the workshop of 2031-05-19 no longer upcoming) or other content.
  const later = { today: '2031-06-01' };
  assert.deepEqual(await built({ ...kept, ...later }), await built({ keptIn: null, ...later }), 'another date');
  const edited = { contentDir: path.join(await temporaryFolder(), 'content') };
  await cp(fixtureContentDir, edited.contentDir, { recursive: true });
  const themes = path.join(edited.contentDir, 'themes.yml');
  await writeFile(themes, (await readFile(themes, 'utf8')).replace(/title: (.+)/, 'title: $1, edited'));
  const publications = path.join(edited.contentDir, 'publications.yml');
  await writeFile(publications, (await readFile(publications, 'utf8')).replace(/title: (.+)/, 'title: $1, edited'));
  assert.deepEqual(await built({ ...kept, ...edited }), await built({ keptIn: null, ...edited }), 'edited content');
  for (const name of keptFiles) {
    const file = path.join(keptIn, name);
    const text = await readFile(file, 'utf8');
    // Every line's result changed at its middle, and the file cut short in its last line.
    const damaged = text
      .split('\n')
      .map((line) => `${line.slice(0, 65 + (line.length - 65) / 2)}~${line.slice(66 + (line.length - 65) / 2)}`)
      .join('\n');
    await writeFile(file, damaged.slice(0, -40));
  }
  assert.deepEqual(await built(kept), expected, 'all damaged');
  await rm(keptIn, { recursive: true });
  assert.deepEqual(await built(kept), expected, 'the folder removed');
});

test('a page that changed after a build kept its reading is read again: its broken link fails the build', async () => {
  const keptIn = path.join(await temporaryFolder(), 'kept');
  await built({ keptIn });
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  const policy = path.join(contentDir, 'legal', 'privacy-policy.md');
  await writeFile(policy, (await readFile(policy, 'utf8')).replace('Made-up privacy text', '[Old](/old-policy/) text'));
  const failure = (options: Omit<BuildOptions, 'outDir'>) =>
    built({ contentDir, ...options }).then(
      () => assert.fail('the build should have failed'),
      (error: unknown) => {
        assert.ok(error instanceof BuildError);
        return { stage: error.stage, problems: error.problems };
      },
    );
  const withKept = await failure({ keptIn });
  assert.equal(withKept.stage, 'Checking links and assets');
  assert.deepEqual(withKept, await failure({ keptIn: null }));
});

/** The build's BuildError as the maintainer reads it: its stage and problems. */
const failure = (options: Omit<BuildOptions, 'outDir'>) =>
  built(options).then(
    () => assert.fail('the build should have failed'),
    (error: unknown) => {
      assert.ok(error instanceof BuildError);
      return { stage: error.stage, problems: error.problems };
    },
  );

test('the content check kept under the code: a broken link is named at its line, a removed file is refused', async () => {
  const folder = await temporaryFolder();
  const kept = { keptIn: path.join(folder, 'kept'), code: 'the code of this build' };
  const checks = path.join(kept.keptIn, 'content-check.tsv');
  const contentDir = path.join(folder, 'content');
  const publicDir = path.join(folder, 'public');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  await cp(path.resolve('public'), publicDir, { recursive: true });
  const site = { contentDir, publicDir };
  await built({ ...site, ...kept });

  // Linked from the content, the page is checked in the built site, after the content check: the second build takes
  // its check from the kept file (which it leaves as it was), and still names the line of the link.
  const policy = path.join(contentDir, 'legal', 'privacy-policy.md');
  await writeFile(policy, (await readFile(policy, 'utf8')).replace('Made-up privacy text', '[Old](/old-policy/) text'));
  const expected = await failure({ ...site, keptIn: null });
  assert.equal(expected.stage, 'Checking links and assets');
  assert.match(JSON.stringify(expected.problems), /privacy-policy\.md:\d+:\d+/);
  assert.deepEqual(await failure({ ...site, ...kept }), expected, 'the check made and kept');
  const { ino } = await stat(checks);
  assert.deepEqual(await failure({ ...site, ...kept }), expected, 'the check kept');
  assert.equal((await stat(checks)).ino, ino, 'the kept check was used, not made again');

  // The same bytes of content, and a file of public/ they name gone: refused as without a kept check.
  await rm(path.join(publicDir, 'uploads', 'logo.svg'));
  const refused = await failure({ ...site, keptIn: null });
  assert.equal(refused.stage, 'Checking content');
  assert.deepEqual(await failure({ ...site, ...kept }), refused);
});
