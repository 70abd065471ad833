/**
 * On a pull request (a save from the CMS on the live site), the Site check
 * shows each content problem the build finds at its file and line, in the
 * build's words: .github/build-problems.json is a problem matcher that GitHub
 * Actions applies to the build's output. Checked here against what the build
 * command prints for the planted mistakes of test/fixtures/broken-content/,
 * run as CI runs it, from the repository's folder.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { temporaryFolder } from './helpers/site.ts';

interface Matcher {
  problemMatcher: {
    owner: string;
    pattern: { regexp: string; file: number; line: number; column: number; message: number }[];
  }[];
}

test('the problem matcher of the Site check reads each content problem the build prints: its file, line, column and words', async () => {
  const { problemMatcher } = JSON.parse(await readFile('.github/build-problems.json', 'utf8')) as Matcher;
  const [pattern] = problemMatcher[0]!.pattern;
  const regexp = new RegExp(pattern!.regexp);
  const folder = await temporaryFolder('eccron-matcher-');
  await cp(path.resolve('test/fixtures/broken-content'), path.join(folder, 'content'), { recursive: true });
  const run = spawnSync(
    process.execPath,
    [path.resolve('scripts/run-build.js'), '--content', 'content', '--out', 'dist', '--report', 'build.json'],
    { cwd: folder, encoding: 'utf8', env: { ...process.env, CI: 'true' } },
  );
  assert.equal(run.status, 1, run.stdout);
  const lines = run.stderr.split('\n');
  const count = Number(/: (\d+) problems?$/m.exec(lines[0]!)?.[1]);
  assert.ok(count >= 5, lines[0]);
  // Each problem is a line "  <where>: <message>" (its excerpt below it is indented further).
  const problems = lines.filter((line) => /^ {2}\S/.test(line));
  assert.equal(problems.length, count, 'one line per problem');
  const read = problems.map((line) => regexp.exec(line));
  assert.deepEqual(
    problems.filter((_, index) => !read[index] && /^ {2}content\/[^ ]+:\d+:\d+/.test(problems[index]!)),
    [],
    'every problem with a line is read',
  );
  const found = read.flatMap((match) =>
    match
      ? [
          {
            file: match[pattern!.file],
            line: match[pattern!.line],
            column: match[pattern!.column],
            message: match[pattern!.message],
          },
        ]
      : [],
  );
  // The planted year: its file, its line and the build’s words, the place (entry and field) left out.
  assert.ok(
    found.some(
      (problem) =>
        problem.file === 'content/publications.yml' &&
        problem.line === '19' &&
        problem.message === 'expected a year, "in press" or null (not known), found "soon"',
    ),
    JSON.stringify(found, null, 1),
  );
  for (const problem of found) {
    assert.match(problem.file!, /^content\/[\w/.-]+$/);
    assert.doesNotMatch(problem.message!, /^[›\s]/, 'the words, not the rest of the place');
  }
});
