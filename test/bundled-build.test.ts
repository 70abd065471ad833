/**
 * The build command runs from a bundle it keeps in
 * node_modules/.cache/ (scripts/bundled-build.js). A stale or broken
 * bundle would show as a build that ignores an edit of src/ or fails for no
 * reason of the maintainer's: these tests run the command in a copy of the
 * project and look at what it builds.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { cacheFolder } from '../scripts/bundled-build.js';
import { projectCopy } from './helpers/site.ts';
import { snapshot } from './helpers/snapshot.ts';

const run = promisify(execFile);

describe('the build command from its bundle', { concurrency: 1 }, () => {
  let project: string;
  const build = async (out: string) => {
    await run(
      process.execPath,
      [
        'scripts/run-build.js',
        '--content',
        path.resolve('test/fixtures/content'),
        '--out',
        out,
        '--report',
        path.join(out, '..', 'report.json'),
      ],
      {
        cwd: project,
        env: { ...process.env, CI: 'true' },
      },
    );
    return path.join(project, out);
  };
  const bundles = async () =>
    (await readdir(cacheFolder(project)).catch(() => [] as string[])).filter((name) => name.endsWith('.mjs'));

  before(async () => {
    project = await projectCopy();
  });

  test('builds the same bytes from the bundle as from the sources', async () => {
    assert.deepEqual(await bundles(), [], 'no bundle before the first build');
    const fromSources = await build('first');
    assert.equal((await bundles()).length, 1, 'the first build leaves a bundle for the next');
    const fromBundle = await build('second');
    assert.deepEqual(await snapshot(fromBundle), await snapshot(fromSources));
  });

  test('a build from the bundle that fails lists every problem, as one from the sources does', async () => {
    assert.equal((await bundles()).length, 1, 'a bundle to run from');
    const failed = await run(
      process.execPath,
      ['scripts/run-build.js', '--content', path.resolve('test/fixtures/broken-content'), '--out', 'out'],
      { cwd: project, env: { ...process.env, CI: 'true' } },
    ).then(
      () => assert.fail('the build should have failed'),
      (error: { code: number; stderr: string }) => error,
    );
    assert.equal(failed.code, 1);
    // A BuildError not recognised as one would be printed as "Build failed: BuildError: ..." with its stack.
    assert.match(failed.stderr, /^Build failed while checking content: \d+ problems$/m);
    assert.match(failed.stderr, /The previous output, if any, was left as it was\./);
  });

  test('an edit of src/ shows in the next build', async () => {
    const footer = path.join(project, 'src', 'components', 'SiteFooter.tsx');
    const source = await readFile(footer, 'utf8');
    assert.match(source, /<footer/);
    await writeFile(footer, source.replace(/<footer([^>]*)>/, '<footer$1><span>Edited in src</span>'));
    const edited = await build('edited');
    assert.match(await readFile(path.join(edited, 'index.html'), 'utf8'), /<span>Edited in src<\/span>/);
    assert.equal((await bundles()).length, 1, 'the stale bundle is replaced, not kept beside the new one');
    const again = await build('edited-again');
    assert.match(
      await readFile(path.join(again, 'index.html'), 'utf8'),
      /<span>Edited in src<\/span>/,
      'the bundle made after the edit has it too',
    );
  });

  test('a broken bundle is passed over: the build uses the sources and mends the bundle', async () => {
    const [bundle] = await bundles();
    await writeFile(path.join(cacheFolder(project), bundle!), 'export const buildSite = (;');
    const output = await build('after-damage');
    assert.match(await readFile(path.join(output, 'index.html'), 'utf8'), /<span>Edited in src<\/span>/);
    assert.notEqual(
      await readFile(path.join(cacheFolder(project), (await bundles())[0]!), 'utf8'),
      'export const buildSite = (;',
    );
  });
});
