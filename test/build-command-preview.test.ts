/**
 * The build command run from its bundle (scripts/bundled-build.js) when no
 * copy of the preview pane's script of /admin/ is kept (as after npm test,
 * whose builds keep it under other options): esbuild makes it from the
 * bundle, whose rewriting of a module's own address once turned one of the
 * pane's esbuild options into a name esbuild refuses, and `npm run build`
 * failed with esbuild's words.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { keptFiles } from '../scripts/lib/browser-bundles.js';
import { projectCopy, temporaryFolder } from './helpers/site.ts';

test('the build command, run from its bundle, makes the preview pane’s script when none is kept', async () => {
  const project = await projectCopy();
  const out = path.join(await temporaryFolder(), 'dist');
  const content = path.resolve('test/fixtures/content');
  const build = () =>
    promisify(execFile)(process.execPath, ['scripts/run-build.js', '--content', content, '--out', out], {
      cwd: project,
      env: { ...process.env, CI: 'true' },
    });
  // The first build leaves the command's bundle made (a build after a change of the code runs from the sources).
  await build();
  // The kept script is only a cache (node_modules is the project's own, linked): without it, esbuild makes it again,
  // as after npm test, whose builds keep it under the options as the sources spell them.
  await rm(keptFiles(project).preview, { force: true });
  await build();
  const admin = await readdir(path.join(out, 'admin'));
  assert.ok(
    admin.some((name) => /^preview-[A-Z0-9]+\.js$/.test(name)),
    `the pane's script is built: ${admin.join(', ')}`,
  );
});
