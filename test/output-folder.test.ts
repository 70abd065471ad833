/**
 * The output folder is the build's alone, and no failure of the file system
 * loses a file or leaves the site missing. Refusals run the build command in a
 * temporary copy of the project (a build that ignored them would delete that
 * copy, never this checkout); the file system's failures are injected, since
 * tests may run as a user no permission stops.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { lstat, mkdir, readdir, readFile, rename, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { createElement } from 'react';
import { buildSite } from '../scripts/build-site.ts';
import {
  OUTPUT_MARKER,
  outputLocationProblems,
  realFileSystem,
  recoverOutputFolder,
  type FileSystem,
} from '../scripts/lib/output-folder.ts';
import { BuildError, describeFailure, displayPath } from '../scripts/lib/problems.ts';
import type { OutputFile } from '../scripts/stages/output-files.ts';
import { writeOutput } from '../scripts/stages/write-output.ts';
import { fixtureContentDir, projectCopy, temporaryFolder } from './helpers/site.ts';
import { snapshot } from './helpers/snapshot.ts';
import { routes as siteRoutes } from '../src/routes.tsx';

const run = promisify(execFile);

/** Every file of the project copy and of the folder beside it, node_modules left out. */
const everything = (folder: string) => snapshot(folder, ['**/node_modules/**']);

describe('the build refuses an output folder that is not its own, touching nothing', () => {
  let project: string;
  before(async () => {
    project = await projectCopy({ content: true });
    await mkdir(path.join(project, '.git'));
    await writeFile(path.join(project, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    await writeFile(path.join(project, 'notes.txt'), 'a file of the maintainer\n');
    await mkdir(path.join(project, 'papers'));
    await writeFile(path.join(project, 'papers', 'draft.docx'), 'a draft\n');
    await mkdir(path.join(project, 'old-site'));
    await writeFile(path.join(project, 'old-site', OUTPUT_MARKER), '');
    await symlink(path.join(project, 'old-site'), path.join(project, 'site-link'), 'junction');
  });

  const contentDir = () => path.join(project, 'content');
  const publicDir = () => path.join(project, 'public');

  // The command itself, once: a process is what is tested here, its exit code and what it prints, on the worst
  // mistake (the project folder itself). The refusals below are the same check, called in-process on the copy.
  test("--out .: npm run build exits 1, says why in the build's words, and not one file changed", async () => {
    const before = await everything(path.dirname(project));
    const failure = await run(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--out', '.'], {
      cwd: project,
      env: { ...process.env, CI: 'true' },
    }).then(
      () => assert.fail('the build wrote into --out .'),
      (error: { code: number; stderr: string }) => error,
    );
    assert.equal(failure.code, 1);
    assert.match(failure.stderr, /Build failed while checking the output folder: 1 problem/);
    assert.match(
      failure.stderr,
      /^ {2}\.: is the project folder; the build replaces all of its output folder, and would delete the project's files\. Choose a folder of its own with --out/m,
    );
    assert.match(failure.stderr, /The previous output, if any, was left as it was\./);
    assert.deepEqual(await everything(path.dirname(project)), before, 'not one file changed');
  });

  // Where the folder is: refused before the build reads anything (build-site.ts asks outputLocationProblems first,
  // as the run above shows), with the copy as the project.
  const locations: [out: string, message: RegExp][] = [
    ['..', /^holds the project folder; .* would delete the project's files/],
    ['content', /^is content\/ \(the content the site is built from\); .* would delete it\./],
    ['public', /^is public\/ \(the files copied into the site\)/],
    ['.git', /^is \.git\/ \(the project's history\)/],
    [path.join('src', 'site'), /^is inside src\/ \(the site's source code\), which the build reads/],
    [path.join('content', 'dist'), /^is inside content\/ .*, which the build reads/],
  ];
  for (const [out, message] of locations) {
    test(`--out ${out}`, async () => {
      const outDir = path.resolve(project, out);
      const problems = await outputLocationProblems(outDir, {
        projectRoot: project,
        contentDir: contentDir(),
        publicDir: publicDir(),
      });
      assert.equal(problems.length, 1, JSON.stringify(problems));
      assert.equal(problems[0]!.where, displayPath(outDir));
      assert.match(problems[0]!.message, message);
    });
  }

  // What the folder holds: refused by the build once its pages are made, before anything is written.
  const holdings: [out: string, message: RegExp][] = [
    ['notes.txt', /^is a file, not a folder; the build will not replace it\./],
    ['site-link', /^is a symbolic link; .* does not follow links/],
    ['papers', /^holds files the build did not write \(draft\.docx\) and no \.eccron-build file/],
  ];
  for (const [out, message] of holdings) {
    test(`--out ${out}`, async () => {
      const before = await everything(path.dirname(project));
      const outDir = path.join(project, out);
      const error = await buildSite({ outDir, contentDir: contentDir(), publicDir: publicDir() }).then(
        () => assert.fail(`the build wrote into --out ${out}`),
        (caught: unknown) => caught,
      );
      assert.ok(error instanceof BuildError, String(error));
      assert.equal(error.stage, 'Checking the output folder');
      assert.equal(error.problems.length, 1, error.message);
      assert.equal(error.problems[0]!.where, displayPath(outDir));
      assert.match(error.problems[0]!.message, message);
      assert.equal(describeFailure(error).note, 'The previous output, if any, was left as it was.');
      assert.deepEqual(await everything(path.dirname(project)), before, 'not one file changed');
    });
  }
});

const site = (text: string): OutputFile[] => [
  { path: 'index.html', contents: `<p>${text}</p>` },
  { path: 'research/index.html', contents: `<p>${text}: research</p>` },
];

/** The real file system, but `operation` fails with `code` where `when` says, `times` times (always by default). */
function failing(
  operation: 'rename' | 'rm' | 'writeFile',
  code: string,
  when: (target: string, to?: string) => boolean,
  times = Infinity,
): FileSystem & { failures: number } {
  const fs = { ...realFileSystem, failures: 0 };
  const original = realFileSystem[operation] as (...args: unknown[]) => Promise<unknown>;
  (fs as Record<string, unknown>)[operation] = async (...args: unknown[]) => {
    if (fs.failures < times && when(String(args[0]), args[1] === undefined ? undefined : String(args[1]))) {
      fs.failures++;
      throw Object.assign(new Error(`${code}: injected`), { code });
    }
    return original(...args);
  };
  return fs;
}

/** An output folder holding the build's output of `text`, and the snapshot of it. */
async function builtOutput(text = 'before'): Promise<{ outDir: string; before: Record<string, string> }> {
  const outDir = path.join(await temporaryFolder(), 'dist');
  await writeOutput(outDir, site(text));
  return { outDir, before: await snapshot(outDir) };
}

/** The staging and set-aside folders beside the output folder. */
const workFolders = async (outDir: string) =>
  (await readdir(path.dirname(outDir))).filter((name) => name.startsWith('.dist.'));

const writeFailure = (promise: Promise<unknown>) =>
  promise.then(
    () => assert.fail('the write should have failed'),
    (error: unknown) => {
      assert.ok(error instanceof BuildError, String(error));
      return error;
    },
  );

describe('the file system failing during the swap', () => {
  test('a previous output that cannot be removed (a read-only dist/): the new site is in place, a warning says what to delete, and later builds are not blocked', async () => {
    const { outDir } = await builtOutput();
    const readOnly = failing('rm', 'EACCES', (target) => /\.dist\.previous-/.test(target));
    const warnings = await writeOutput(outDir, site('after'), readOnly);
    assert.equal(await readFile(path.join(outDir, 'index.html'), 'utf8'), '<p>after</p>', 'the new site is in place');
    assert.equal(warnings.length, 1);
    assert.match(
      warnings[0]!.message,
      /^could not remove the previous output, set aside here \(the new site is in place in dist\): permission denied \(EACCES\)\. Delete this folder by hand; it does not stop the next build\.$/,
    );
    assert.match(warnings[0]!.where, /\.dist\.previous-\d+-\d+$/);

    // The folder is still unremovable on the next build: a warning, not a failure.
    const next = await writeOutput(outDir, site('later'), readOnly);
    assert.equal(await readFile(path.join(outDir, 'index.html'), 'utf8'), '<p>later</p>');
    assert.ok(
      next.some((warning) =>
        /could not remove this folder, left by an earlier build: permission denied \(EACCES\)\. Delete it by hand; it does not stop the build\./.test(
          warning.message,
        ),
      ),
      JSON.stringify(next),
    );

    // Once it can be removed, it is.
    await writeOutput(outDir, site('last'));
    assert.deepEqual(await workFolders(outDir), []);
  });

  test('an output folder that cannot be moved aside fails in words, and the output is as it was', async () => {
    const { outDir, before } = await builtOutput();
    const error = await writeFailure(
      writeOutput(
        outDir,
        site('after'),
        failing('rename', 'EACCES', (from) => from === outDir),
      ),
    );
    assert.equal(error.previousOutputKept, true);
    assert.match(
      error.problems[0]!.message,
      /^could not move the previous output aside to make room for the new site: permission denied \(EACCES\)\. Check that you may change that folder/,
    );
    assert.deepEqual(describeFailure(error).note, 'The previous output, if any, was left as it was.');
    assert.deepEqual(await snapshot(outDir), before);
    assert.deepEqual(await workFolders(outDir), [], 'the staging folder is removed');
  });

  test('a full disk while writing fails in words, and the output is as it was', async () => {
    const { outDir, before } = await builtOutput();
    const error = await writeFailure(
      writeOutput(
        outDir,
        site('after'),
        failing('writeFile', 'ENOSPC', (target) => target.endsWith(path.join('research', 'index.html'))),
      ),
    );
    assert.match(
      error.problems[0]!.message,
      /^could not write the new site beside the output folder: the disk is full \(ENOSPC\)\. Free some space, then build again\.$/,
    );
    assert.deepEqual(await snapshot(outDir), before);
    assert.deepEqual(await workFolders(outDir), []);
  });

  test('a new site that cannot be moved in: the previous output is put back', async () => {
    const { outDir, before } = await builtOutput();
    const error = await writeFailure(
      writeOutput(
        outDir,
        site('after'),
        failing('rename', 'EACCES', (_from, to) => to === outDir, 1),
      ),
    );
    assert.equal(error.previousOutputKept, true);
    assert.deepEqual(await snapshot(outDir), before);
    assert.deepEqual(await workFolders(outDir), []);
  });

  test('when even the previous output cannot be put back, the failure says where it is, never that it was left as it was, and the next build puts it back', async () => {
    const { outDir, before } = await builtOutput();
    const error = await writeFailure(
      writeOutput(
        outDir,
        site('after'),
        failing('rename', 'EACCES', (_from, to) => to === outDir),
      ),
    );
    assert.equal(error.previousOutputKept, false);
    assert.match(
      error.problems[0]!.message,
      /The previous output could not be put back either: it is in \.dist\.previous-\d+-\d+ beside it, and the next build or npm run preview puts it back\./,
    );
    assert.equal(describeFailure(error).note, undefined, 'no claim that the output was left as it was');
    await assert.rejects(lstat(outDir), 'the output folder is missing meanwhile');

    assert.match((await recoverOutputFolder(outDir)) ?? '', /^put back from \.dist\.previous-\d+-\d+/);
    assert.deepEqual(await snapshot(outDir), before);
  });

  test('EBUSY, which Windows gives while another program holds a file, is tried again a moment later; a lock that stays is told in words', async () => {
    const { outDir } = await builtOutput();
    const briefly = failing('rename', 'EBUSY', (from) => from === outDir, 2);
    await writeOutput(outDir, site('after'), briefly);
    assert.equal(briefly.failures, 2);
    assert.equal(await readFile(path.join(outDir, 'index.html'), 'utf8'), '<p>after</p>');

    const held = failing('rename', 'EBUSY', (from) => from === outDir);
    const error = await writeFailure(writeOutput(outDir, site('later'), held));
    assert.ok(held.failures > 3, `tried ${held.failures} times`);
    assert.match(
      error.problems[0]!.message,
      /a file there is in use by another program \(a preview or dev server, an editor, a virus scanner\) \(EBUSY\)\. Close the program that holds it/,
    );
    assert.equal(await readFile(path.join(outDir, 'index.html'), 'utf8'), '<p>after</p>');
  });

  test('an empty folder, one holding only what an operating system leaves, or the output of an earlier version are written into', async () => {
    const folder = await temporaryFolder();
    const empty = path.join(folder, 'empty');
    await mkdir(empty);
    await writeFile(path.join(folder, '.DS_Store'), '');
    await writeOutput(empty, site('one'));
    const looked = path.join(folder, 'looked-at');
    await mkdir(looked);
    await writeFile(path.join(looked, '.DS_Store'), '');
    await writeOutput(looked, site('two'));
    const earlier = path.join(folder, 'earlier');
    await mkdir(path.join(earlier, 'research'), { recursive: true });
    await writeFile(path.join(earlier, 'index.html'), 'an earlier version');
    await writeOutput(earlier, site('three'));
    for (const [out, text] of [
      [empty, 'one'],
      [looked, 'two'],
      [earlier, 'three'],
    ] as const) {
      assert.equal(await readFile(path.join(out, 'index.html'), 'utf8'), `<p>${text}</p>`);
      assert.ok((await readdir(out)).includes(OUTPUT_MARKER), "marked as the build's own");
    }
  });
});

describe('a build stopped between its two renames, which leaves no output folder', () => {
  /** The state such a build leaves: the previous output set aside, and the new site staged, complete or not. */
  async function stoppedMidSwap(staged: 'complete' | 'partial') {
    const { outDir, before } = await builtOutput('previous');
    await rename(outDir, path.join(path.dirname(outDir), '.dist.previous-7-1'));
    const staging = path.join(path.dirname(outDir), '.dist.staging-7-1');
    await mkdir(staging);
    await writeFile(path.join(staging, 'index.html'), '<p>new</p>');
    if (staged === 'complete') await writeFile(path.join(staging, OUTPUT_MARKER), '');
    return { outDir, before };
  }

  test('the preview server puts the output back before serving', async () => {
    const { outDir } = await stoppedMidSwap('partial');
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/preview.ts', '--port', '0', '--dir', outDir], {
      env: { ...process.env, CI: 'true' },
    });
    after(() => child.kill());
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const found = /Serving the built site at (\S+)/.exec(output);
        if (found) resolve(found[1]!);
      });
      child.on('exit', () => reject(new Error(`preview exited:\n${output}`)));
    });
    assert.match(
      output,
      /: put back from \.dist\.previous-7-1, left by a build that was stopped while swapping its output in\./,
    );
    const response = await fetch(url);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), '<p>previous</p>', 'the previous output: the staged site was not finished');
  });

  test('a build refused after its pages rendered (a broken link) leaves the output as it was and nothing beside it', async () => {
    // The pages' folders are made beside the output folder while the pages render (write-output.ts's startStaging).
    const { outDir, before } = await builtOutput();
    const build = buildSite({
      outDir,
      contentDir: fixtureContentDir,
      routes: (content) => [
        ...siteRoutes(content),
        {
          path: '/deep/page/',
          title: () => 'A page',
          description: () => 'A page that links to none.',
          page: () => createElement('a', { href: '/nowhere/' }, 'nowhere'),
        },
      ],
    });
    await assert.rejects(
      build,
      (error: unknown) =>
        error instanceof BuildError && /links to \/nowhere\//.test(String(describeFailure(error).problems)),
    );
    assert.deepEqual(await snapshot(outDir), before, 'the output is as it was');
    assert.deepEqual(await workFolders(outDir), [], 'no folder of the refused build is left beside it');
  });

  test('the next build puts the finished new site back even when it fails itself, and tidies what is left', async () => {
    const { outDir } = await stoppedMidSwap('complete');
    await assert.rejects(buildSite({ outDir, contentDir: path.resolve('test/fixtures/broken-content') }), BuildError);
    assert.equal(
      await readFile(path.join(outDir, 'index.html'), 'utf8'),
      '<p>new</p>',
      'the staged site, finished, is the newest',
    );

    await buildSite({ outDir, contentDir: fixtureContentDir });
    assert.deepEqual(await workFolders(outDir), [], 'the previous output set aside is removed');
  });
});
