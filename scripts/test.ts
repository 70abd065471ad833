/**
 * npm test [-- FILE ...] [-- --test-name-pattern=…]
 * npm run test:unit | test:build | test:browser [-- --test-name-pattern=…]
 *
 * Runs test files with Node's test runner through tsx: all of them, the files
 * named, or one kind. The files are listed here rather than by a shell glob,
 * which cmd.exe and PowerShell do not expand, and Node 20's --test does not
 * take globs of its own. Arguments that start with "-" go to Node's test
 * runner (--kind=… stays here); any other argument names a test file to run.
 *
 * A test file's kind follows from what it uses, so nobody keeps a list:
 *   browser  its name starts with "browser-", or it imports the browser
 *            helpers (test/helpers/browser/), which is how a test gets a
 *            Chromium;
 *   build    otherwise, it builds a site (it names buildSite, builtSite,
 *            builtRealSite, buildIntoTemporaryFolder, scripts/build.ts or
 *            scripts/run-build.js);
 *   unit     everything else: no build, no browser, a few seconds in all.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const kinds = ['unit', 'build', 'browser'] as const;
type Kind = (typeof kinds)[number];

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testDir = path.join(projectRoot, 'test');

function kindOf(name: string): Kind {
  const source = readFileSync(path.join(testDir, name), 'utf8');
  if (name.startsWith('browser-') || /from '\.\/helpers\/browser\//.test(source)) return 'browser';
  if (/\b(buildSite|builtSite|builtRealSite|buildIntoTemporaryFolder)\b|scripts\/(run-)?build\.[jt]s/.test(source))
    return 'build';
  return 'unit';
}

const args = process.argv.slice(2);
const kindArg = args.find((arg) => arg.startsWith('--kind='))?.slice('--kind='.length);
if (kindArg !== undefined && !kinds.includes(kindArg as Kind)) {
  console.error(`--kind must be one of ${kinds.join(', ')}, not "${kindArg}"`);
  process.exit(2);
}
const options = args.filter((arg) => arg.startsWith('-') && !arg.startsWith('--kind='));
const named = args.filter((arg) => !arg.startsWith('-'));
const files =
  named.length > 0
    ? named.map((file) => path.resolve(file))
    : readdirSync(testDir)
        .filter((name) => /\.test\.tsx?$/.test(name) && (kindArg === undefined || kindOf(name) === kindArg))
        .sort()
        .map((name) => path.join('test', name));

const child = spawn(process.execPath, ['--import', 'tsx', '--test', ...options, ...files], {
  cwd: projectRoot,
  stdio: 'inherit',
});
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exitCode = code ?? 1;
});
