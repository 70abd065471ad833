/**
 * The shared builds of a run of npm test (scripts/lib/test-run.ts): the test
 * files start while the builds run, so a file that reads one waits for it to
 * be made, and builds its own when the run's build failed.
 */
import assert from 'node:assert/strict';
import { watch } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { sharedBuild, sharedBuildFiles, sharedBuildsVariable } from '../scripts/lib/test-run.ts';
import { temporaryFolder } from './helpers/site.ts';

const runWith = (folders: Record<string, string>) => ({ [sharedBuildsVariable]: JSON.stringify(folders) });

test('a site the run does not build is none: the file builds its own', async () => {
  assert.equal(await sharedBuild('real', runWith({})), undefined);
  assert.equal(await sharedBuild('fixture', {}), undefined);
});

test('a build still running is waited for, and read once its result is moved into place', async () => {
  const folder = path.join(await temporaryFolder(), 'fixture');
  await mkdir(folder);
  let read = false;
  const shared = sharedBuild<{ pages: number }>('fixture', runWith({ fixture: folder })).then((build) => {
    read = true;
    return build;
  });
  // The build writes its result beside it, then moves it into place: the reader waits for the move.
  const seen = new Promise((resolve) => {
    const watcher = watch(folder, () => {
      watcher.close();
      resolve(undefined);
    });
  });
  await writeFile(path.join(folder, `${sharedBuildFiles.result}.part`), JSON.stringify({ pages: 9 }));
  // The reader has heard of the file being written as this watcher has, and has had its turn.
  await seen;
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(read, false, 'not read before the result is in place');
  await rename(path.join(folder, `${sharedBuildFiles.result}.part`), path.join(folder, sharedBuildFiles.result));
  assert.deepEqual(await shared, { outDir: path.join(folder, sharedBuildFiles.outDir), result: { pages: 9 } });
});

test('a build that failed is none: the file builds its own, and fails with the build’s words', async () => {
  const folder = path.join(await temporaryFolder(), 'real');
  await mkdir(folder);
  const shared = sharedBuild('real', runWith({ real: folder }));
  await writeFile(path.join(folder, sharedBuildFiles.failed), '');
  assert.equal(await shared, undefined);
});
