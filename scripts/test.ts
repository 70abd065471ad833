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
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findChromium, skippedBrowserTestsLog } from './lib/chromium.ts';
import { projectRoot } from './lib/project-root.js';
import { bold, yellow } from './lib/terminal.ts';

const kinds = ['unit', 'build', 'browser'] as const;
type Kind = (typeof kinds)[number];

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

// Browser tests skipped for want of a browser write themselves here (test/helpers/browser/chromium.ts).
const logFolder = mkdtempSync(path.join(os.tmpdir(), 'eccron-test-'));
const skippedLog = path.join(logFolder, 'skipped.jsonl');
// Without a browser, the browser tests are declared skipped, one by one (test/helpers/browser/without-browser.ts).
const withoutBrowser = findChromium().executablePath
  ? []
  : ['--import', pathToFileURL(path.join(testDir, 'helpers', 'browser', 'without-browser.ts')).href];
const child = spawn(process.execPath, ['--import', 'tsx', ...withoutBrowser, '--test', ...options, ...files], {
  cwd: projectRoot,
  stdio: 'inherit',
  env: { ...process.env, [skippedBrowserTestsLog]: skippedLog },
});
child.on('exit', (code, signal) => {
  const skipped = readSkipped();
  rmSync(logFolder, { recursive: true, force: true });
  if (signal) return process.kill(process.pid, signal);
  process.exitCode = code ?? 1;
  if (skipped.length > 0) printSkipped(skipped);
});

interface Skipped {
  name: string;
  count: number;
  problem: string;
}

function readSkipped(): Skipped[] {
  try {
    return readFileSync(skippedLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Skipped);
  } catch {
    return [];
  }
}

/** One banner after the runner's summary, which counts these among its skipped tests without saying why. */
function printSkipped(skipped: Skipped[]) {
  const count = skipped.reduce((sum, suite) => sum + suite.count, 0);
  const rule = '='.repeat(72);
  console.log(
    [
      '',
      yellow(rule),
      yellow(
        bold(
          `${count} browser tests did NOT run (${skipped.length} ${skipped.length === 1 ? 'suite' : 'suites'}): no browser to drive.`,
        ),
      ),
      skipped[0]!.problem,
      `Once a browser is found, run them with: npm run test:browser`,
      yellow(rule),
    ].join('\n'),
  );
}
