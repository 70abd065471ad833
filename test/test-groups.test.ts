/**
 * npm test runs the test files that drive no browser a few to a process (scripts/lib/test-groups.ts): a test is still reported at its
 * own file, a failure still fails the run, and a file that asks for a process of its own gets one.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findChromium } from '../scripts/lib/chromium.ts';
import { groupFiles } from '../scripts/lib/test-groups.ts';
import { projectRoot } from '../scripts/lib/project-root.js';
import { temporaryFolder } from './helpers/site.ts';

const fixtures = path.join('test', 'fixtures', 'test-groups');

/** npm test on the fixture files, as a person runs it, without the settings of the run this test is part of. */
function runTests(files: string[]): Promise<{ code: number; stdout: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('ECCRON_') && name !== 'NODE_TEST_CONTEXT'),
  );
  const args = ['--import', 'tsx', 'scripts/test.ts', '--test-reporter=tap', '--slowest=5', ...files];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: projectRoot, env, timeout: 60_000 }, (error, stdout) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
    );
  });
}

test('test files share a process; each test is reported at its own file, a failure fails the run, and a file that asks runs alone', async () => {
  const names = ['first', 'second', 'own'].map((name) => path.join(fixtures, `${name}.test.ts`));
  const { code, stdout } = await runTests(names);
  assert.equal(code, 1, `the failing test fails the run:\n${stdout}`);
  assert.match(stdout, /^# tests 4$/m);
  assert.match(stdout, /^# pass 3$/m);
  assert.match(stdout, /^# fail 1$/m);

  const pid = (file: string) => stdout.match(new RegExp(`${file} ran in process (\\d+)`))?.[1];
  assert.ok(pid('first.test.ts'), stdout);
  assert.equal(pid('second.test.ts'), pid('first.test.ts'), 'first and second share a process');
  assert.notEqual(pid('own.test.ts'), pid('first.test.ts'), 'the file that asks for a process of its own has one');
  assert.match(stdout, new RegExp(`first.test.ts's after hook ran in process ${pid('first.test.ts')}`));

  const failure = stdout.slice(stdout.indexOf('not ok'));
  assert.match(failure, /second: fails, reported at its own file/);
  // Without a browser, every test is declared through the stand-in that skips browser tests
  // (test/helpers/browser/without-browser.ts), and Node takes a test's place from its caller: the stand-in's. A known
  // limit of that mode, older than the groups; the places are checked where a browser is found.
  const placed = findChromium().executablePath !== undefined;
  if (placed) {
    assert.match(failure, /location: '[^']*test-groups[/\\]second\.test\.ts:/, 'the failure names its own file');
    for (const name of ['first', 'second'])
      assert.match(
        stdout,
        new RegExp(`test-groups[/\\\\]${name}\\.test\\.ts \\(in test files, 1 of 1\\) +\\d+\\.\\d s\\n`),
        `${name} has its line`,
      );
  }
  assert.match(stdout, /test files, 1 of 1 \(2 in one process\)/, 'the closing table names the group');
  assert.match(stdout, /test[/\\]fixtures[/\\]test-groups[/\\]own\.test\.ts/, 'and the file that ran alone');
});

test('the files are dealt into groups of two at least, the costliest first, each to the group that costs least so far', async () => {
  const folder = await temporaryFolder();
  const files = [
    { file: 'test/a.test.ts', ms: 9_000 },
    { file: 'test/b.test.ts', ms: 1_000 },
    { file: 'test/c.test.ts', ms: 5_000 },
    { file: 'test/d.test.ts', ms: 4_000 },
    { file: 'test/e.test.ts', ms: 2_000 },
  ];
  const groups = groupFiles(files, { name: 'test files', count: 2, folder });
  assert.deepEqual(
    groups.map(({ files, ms }) => ({ files, ms })),
    [
      { files: ['test/a.test.ts', 'test/e.test.ts'], ms: 11_000 },
      { files: ['test/c.test.ts', 'test/d.test.ts', 'test/b.test.ts'], ms: 10_000 },
    ],
  );
  const imported = (await readFile(groups[1]!.entry, 'utf8')).match(/"file:[^"]+"/g)!.map((url) => JSON.parse(url));
  assert.deepEqual(
    imported.map((url: string) => path.relative(projectRoot, fileURLToPath(url))),
    ['test/c.test.ts', 'test/d.test.ts', 'test/b.test.ts'].map((file) => path.normalize(file)),
  );
  assert.equal(
    groupFiles(files.slice(0, 3), { name: 'test files', count: 2, folder }).length,
    1,
    'three files make one group',
  );
  assert.deepEqual(groupFiles(files.slice(0, 1), { name: 'test files', count: 2, folder }), [], 'one file makes none');
  const quick = ['f', 'g', 'h', 'i', 'j'].map((name) => ({ file: `test/${name}.test.ts`, ms: 0 }));
  assert.deepEqual(
    groupFiles(quick, { name: 'test files', count: 2, folder }).map(({ files }) => files.length),
    [3, 2],
    'files that took no time are shared out too, not all put in one group',
  );
});
