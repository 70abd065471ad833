/**
 * The build command runs from a bundle it keeps in
 * node_modules/.cache/ (scripts/bundled-build.js), with V8's compiled code of
 * it beside it. A stale or broken bundle or code would show as a build that
 * ignores an edit of src/ or fails for no reason of the maintainer's: these
 * tests run the command in a copy of the project and look at what it builds.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { cacheFolder } from '../scripts/bundled-build.js';
import { projectCopy } from './helpers/site.ts';
import { snapshot } from './helpers/snapshot.ts';

const run = promisify(execFile);

describe('the build command from its bundle', { concurrency: 1 }, () => {
  let project: string;
  const build = async (out: string, command = ['scripts/run-build.js']) => {
    await run(
      process.execPath,
      [
        ...command,
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
  const kept = async (extension: string) =>
    (await readdir(cacheFolder(project)).catch(() => [] as string[])).filter((name) => name.endsWith(extension));
  const bundles = () => kept('.js');
  const code = () => kept('.code');

  before(async () => {
    project = await projectCopy();
  });

  test('builds the same bytes from the bundle, compiled or from its kept code, as from the sources', async () => {
    assert.deepEqual(await bundles(), [], 'no bundle before the first build');
    // The command run as a file through tsx, as the dev server and the tests load the pipeline: it makes no bundle.
    const fromSources = await build('sources', ['--import', 'tsx', 'scripts/build.ts']);
    assert.deepEqual(await bundles(), [], 'no bundle from the sources');
    // The first build bundles the command and runs from that bundle.
    assert.deepEqual(await snapshot(await build('first')), await snapshot(fromSources));
    assert.equal((await bundles()).length, 1, 'the first build leaves a bundle for the next');
    assert.deepEqual(await code(), [], 'no code before a build from the bundle');
    const fromBundle = await build('second');
    assert.deepEqual(await snapshot(fromBundle), await snapshot(fromSources));
    assert.equal((await code()).length, 1, 'the first build from the bundle keeps its code for the next');
    const fromCode = await build('third');
    assert.deepEqual(await snapshot(fromCode), await snapshot(fromSources));
  });

  test('damaged code is compiled again and replaced; a build as before', async () => {
    const file = path.join(cacheFolder(project), (await code())[0]!);
    const expected = await snapshot(await build('before-damage'));
    const damaged = await readFile(file);
    // A byte changed in the middle of the code, its length kept: V8 itself would take it.
    damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
    await writeFile(file, damaged);
    assert.deepEqual(await snapshot(await build('after-damage')), expected);
    const mended = await readFile(file);
    assert.notDeepEqual(mended, damaged, 'the code is made again');
    await writeFile(file, mended.subarray(0, 100));
    assert.deepEqual(await snapshot(await build('cut-short')), expected);
    assert.ok((await stat(file)).size > 100, 'and again when cut short');
    const { mtimeMs } = await stat(file);
    await build('whole');
    assert.equal((await stat(file)).mtimeMs, mtimeMs, 'code that V8 took is not written again');
  });

  test('a build from the bundle that fails lists every problem, as one from the sources does', async () => {
    assert.equal((await bundles()).length, 1, 'a bundle to run from');
    const codeBefore = await code();
    const failed = await run(
      process.execPath,
      ['scripts/run-build.js', '--content', path.resolve('test/fixtures/broken-content'), '--out', 'out'],
      { cwd: project, env: { ...process.env, CI: 'true' } },
    ).then(
      () => assert.fail('the build should have failed'),
      (error: { code: number; stderr: string }) => error,
    );
    assert.equal(failed.code, 1);
    assert.deepEqual(await code(), codeBefore, 'a failed build keeps no code of its own');
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
    assert.deepEqual(await code(), [], 'and its code with it');
    const again = await build('edited-again');
    assert.match(
      await readFile(path.join(again, 'index.html'), 'utf8'),
      /<span>Edited in src<\/span>/,
      'the bundle made after the edit has it too',
    );
    assert.equal((await code()).length, 1);
  });

  test('a broken bundle is passed over: the build bundles the sources again and runs from the new bundle', async () => {
    const [bundle] = await bundles();
    await writeFile(path.join(cacheFolder(project), bundle!), 'export const buildSite = (;');
    const output = await build('after-damage');
    assert.match(await readFile(path.join(output, 'index.html'), 'utf8'), /<span>Edited in src<\/span>/);
    assert.notEqual(
      await readFile(path.join(cacheFolder(project), (await bundles())[0]!), 'utf8'),
      'export const buildSite = (;',
    );
    // The same length as the bundle, compiled by V8 from other bytes: its kept code is not for them.
    const source = await readFile(path.join(cacheFolder(project), bundle!), 'utf8');
    await writeFile(path.join(cacheFolder(project), bundle!), source.replace('Edited in src', 'Edited in SRC'));
    assert.match(
      await readFile(path.join(await build('other-bytes'), 'index.html'), 'utf8'),
      /<span>Edited in SRC<\/span>/,
    );
  });
});
