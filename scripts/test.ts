/**
 * npm test [-- FILE ...] [-- --test-name-pattern=…]
 *
 * Runs the test files with Node's test runner through tsx. The files are
 * listed here rather than by a shell glob, which cmd.exe and PowerShell do not
 * expand, and Node 20's --test does not take globs of its own. Arguments that
 * start with "-" go to Node's test runner; any other argument names a test
 * file to run instead of all of them.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testDir = path.join(projectRoot, 'test');

const args = process.argv.slice(2);
const options = args.filter((arg) => arg.startsWith('-'));
const named = args.filter((arg) => !arg.startsWith('-'));
const files =
  named.length > 0
    ? named.map((file) => path.resolve(file))
    : readdirSync(testDir)
        .filter((name) => /\.test\.tsx?$/.test(name))
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
