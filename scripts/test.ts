/**
 * npm test [-- FILE ...] [-- --test-name-pattern=…]
 * npm run test:unit | test:build | test:browser [-- --test-name-pattern=…]
 * npx tsx scripts/test.ts --kind=unit,build
 * npm test -- --slowest=100
 *
 * npm test gives --type-check: `tsc --noEmit` runs beside the tests
 * (scripts/lib/type-check.ts), its errors printed after their report, and a
 * type error fails the run.
 *
 * Runs test files with Node's test runner through tsx: all of them, the files
 * named, or the kinds named. The files are listed here rather than by a shell
 * glob, which cmd.exe and PowerShell do not expand, and Node 20's --test does
 * not take globs of its own. Arguments that start with "-" go to Node's test
 * runner (--test-concurrency, --test-name-pattern, --test-only,
 * --test-reporter, --test-timeout; --kind=… and --slowest=… stay here); any
 * other argument names a test file to run. At the end, a table gives the
 * slowest files' wall and CPU time (twelve of them, or as many as --slowest=N
 * says; scripts/lib/test-usage.ts).
 *
 * The longest files start first (scripts/lib/run-test-files.ts: Node's own
 * command line would sort them by name), so that the run ends soon after its
 * longest file: each file's wall time in the last run here
 * (node_modules/.cache/eccron-test-times.json), or, for a file never run here,
 * a guess from what it starts (an editor, a browser, a build).
 *
 * A test file's kind follows from what it uses, so nobody keeps a list:
 *   browser  its name starts with "browser-", or it imports the browser
 *            helpers (test/helpers/browser/), which is how a test gets a
 *            Chromium;
 *   build    otherwise, it builds a site (it names buildSite, builtSite,
 *            builtRealSite, buildIntoTemporaryFolder, scripts/build.ts or
 *            scripts/run-build.js);
 *   unit     everything else: no build, no browser, a few seconds in all.
 *
 * The files run several at once (they mostly wait: on Chromium, on a build,
 * on a child process), a few to a process (scripts/lib/test-groups.ts), and
 * they share what is the same for all of them: the
 * fixture site and the real site are built once, here, while the files start
 * (a file that reads one waits for it), and one Chromium is started for the
 * run, before the files (scripts/lib/test-run.ts says how the test processes
 * find them). The shared builds are read-only for
 * the tests: a run in which one of their files changed fails, naming them.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BrowserServer, chromium } from 'playwright-core';
import { buildSite } from './build-site.ts';
import { chromiumArgs, findChromium, skippedBrowserTestsLog } from './lib/chromium.ts';
import { filesIn, readJsonLines } from './lib/files.ts';
import { projectRoot } from './lib/project-root.js';
import { bold, red, yellow } from './lib/terminal.ts';
import { type Costed, type Group, groupFiles, groupLabel, groupName, ownProcessMark } from './lib/test-groups.ts';
import { type SharedSite, sharedBrowserVariable, sharedBuildFiles, sharedBuildsVariable } from './lib/test-run.ts';
import { startTypeCheck, type TypeCheck } from './lib/type-check.ts';
import {
  closeCounting,
  cpuMs,
  type FileUsage,
  readUsage,
  type RunCpu,
  usageLogVariable,
  usageTable,
} from './lib/test-usage.ts';

const kinds = ['unit', 'build', 'browser'] as const;
type Kind = (typeof kinds)[number];

const testDir = path.join(projectRoot, 'test');
const sourceOf = (file: string) => readFileSync(path.resolve(projectRoot, file), 'utf8');

function kindOf(file: string): Kind {
  const source = sourceOf(file);
  if (path.basename(file).startsWith('browser-') || /from '\.\/helpers\/browser\//.test(source)) return 'browser';
  if (/\b(buildSite|builtSite|builtRealSite|buildIntoTemporaryFolder)\b|scripts\/(run-)?build\.[jt]s/.test(source))
    return 'build';
  return 'unit';
}

/**
 * The test files asked for, the arguments for Node's test runner, how many files the closing table lists, and
 * whether to type-check the project beside them.
 */
function readCommandLine(args: string[]): { files: string[]; options: string[]; slowest: number; typeCheck: boolean } {
  const kindArg = args.find((arg) => arg.startsWith('--kind='))?.slice('--kind='.length);
  const wanted = kindArg?.split(',') ?? [...kinds];
  const unknown = wanted.filter((kind) => !kinds.includes(kind as Kind));
  if (unknown.length > 0) {
    console.error(`--kind takes ${kinds.join(', ')} or several of them with commas, not "${unknown.join(',')}"`);
    process.exit(2);
  }
  const slowestArg = args.find((arg) => arg.startsWith('--slowest='))?.slice('--slowest='.length);
  const slowest = slowestArg === undefined ? 12 : Number(slowestArg);
  if (!Number.isInteger(slowest) || slowest < 0) {
    console.error(`--slowest takes a number of files, not "${slowestArg}"`);
    process.exit(2);
  }
  const typeCheck = args.includes('--type-check');
  const ours = /^--((kind|slowest)=|type-check$)/;
  const options = args.filter((arg) => arg.startsWith('-') && !ours.test(arg));
  const named = args.filter((arg) => !arg.startsWith('-'));
  const files =
    named.length > 0
      ? named.map((file) => path.resolve(file))
      : readdirSync(testDir)
          .filter((name) => /\.test\.tsx?$/.test(name))
          .sort()
          .map((name) => path.join('test', name))
          .filter((file) => wanted.includes(kindOf(file)));
  return { files, options, slowest, typeCheck };
}

/** Each file's wall time in the last run that ran it, by its path in the project: the next run's order. */
const timesFile = path.join(projectRoot, 'node_modules', '.cache', 'eccron-test-times.json');

/** What a file never run here is taken to cost, in ms, by what it starts: an editor (dev server and /admin/), a browser, a build. */
function guessedMs(file: string): number {
  const source = sourceOf(file);
  const kind = kindOf(file);
  const base = /\bstartEditorSession\b/.test(source) ? 60_000 : { browser: 30_000, build: 10_000, unit: 3_000 }[kind];
  // Within a kind, a longer file does more.
  return base + source.length / 100;
}

function readTimes(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(timesFile, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** What a file is taken to cost, in ms: its last wall time here, or a guess. */
function costOf(times: Record<string, number>, file: string): number {
  return times[path.relative(projectRoot, path.resolve(projectRoot, file))] ?? guessedMs(file);
}

/**
 * The files longest first (each file's last wall time here, or a guess), so that the long ones start at once and
 * the short ones fill the cores at the end: the run ends soon after its longest file. Ties keep the name order.
 */
function longestFirst(files: Costed[]): string[] {
  return files.toSorted((a, b) => b.ms - a.ms).map(({ file }) => file);
}

/**
 * How many processes the files share (scripts/lib/test-groups.ts): those that drive no browser, and the browser files,
 * which wait on Chromium and are kept apart from the others so that those waits go on side by side with work.
 */
const sharedProcesses = { other: 4, browser: 8 };

/** What to start: the test files in a few groups (a file that asks runs alone); and the groups, to name them after. */
function runPlan(files: string[], folder: string): { order: string[]; groups: Group[] } {
  const times = readTimes();
  const costed = files.map((file) => ({ file, ms: costOf(times, file) }));
  const alone = costed.filter(({ file }) => ownProcessMark.test(sourceOf(file)));
  const browser = costed.filter((file) => !alone.includes(file) && kindOf(file.file) === 'browser');
  const other = costed.filter((file) => !alone.includes(file) && !browser.includes(file));
  const groups = [
    ...groupFiles(other, { name: 'test files', count: sharedProcesses.other, folder }),
    ...groupFiles(browser, { name: 'browser files', count: sharedProcesses.browser, folder }),
  ];
  const grouped = new Set(groups.flatMap((group) => group.files));
  const rest = costed.filter(({ file }) => !grouped.has(file));
  return { order: longestFirst([...rest, ...groups.map(({ entry, ms }) => ({ file: entry, ms }))]), groups };
}

/**
 * Keeps the wall time of each file that ran in a process of its own, for the next run's order and groups; a file
 * that ran in a group keeps the time it took alone (its span in a group leaves out what a helper's describe does
 * before its first test).
 */
function rememberTimes(costs: FileUsage[], groups: Group[]) {
  const times = readTimes();
  const entries = new Set(groups.map(({ entry }) => path.relative(projectRoot, entry)));
  for (const { file, wallMs, cpuMs } of costs)
    if (cpuMs !== undefined && !entries.has(file)) times[file] = Math.round(wallMs);
  mkdirSync(path.dirname(timesFile), { recursive: true });
  writeFileSync(timesFile, `${JSON.stringify(times, null, 2)}\n`);
}

/**
 * The costs with each group's line named for what it ran, not for its module in the run's folder, and each file it
 * ran named with its group.
 */
function named(costs: FileUsage[], groups: Group[]): FileUsage[] {
  const byEntry = new Map(groups.map((group) => [path.relative(projectRoot, group.entry), group]));
  const groupOf = new Map(
    groups.flatMap((group) => group.files.map((file) => [path.relative(projectRoot, path.resolve(file)), group])),
  );
  return costs.map((cost) => {
    const entry = byEntry.get(cost.file);
    if (entry) return { ...cost, file: groupLabel(entry), files: entry.files.length };
    const group = groupOf.get(cost.file);
    return group ? { ...cost, group: groupName(group) } : cost;
  });
}

/** What the files asked for use, so that only that is made: each site's build, the browser. */
function sharedNeeds(files: string[], executablePath: string | undefined) {
  const sources = files.map(sourceOf);
  return {
    // A browser suite serves the fixture site unless it is given another folder.
    fixture: sources.some((source) => /\b(builtSite|browserSuite)\b/.test(source)),
    real: sources.some((source) => /\bbuiltRealSite\b/.test(source)),
    browser: executablePath !== undefined && files.some((file) => kindOf(file) === 'browser'),
  };
}

/**
 * Starts the build of each site asked for into a folder of its own under `folder`: its output, then the hash of each
 * of its files (to find a test that wrote into it), then the build's result moved into place beside it. The folders
 * are named at once: the test files start while the builds run, and wait for the one they read
 * (scripts/lib/test-run.ts).
 */
function buildShared(folder: string, sites: SharedSite[]): Pick<Run, 'builds' | 'hashes' | 'built'> {
  const contentDirs: Record<SharedSite, string> = {
    fixture: path.join(testDir, 'fixtures', 'content'),
    real: path.join(projectRoot, 'content'),
  };
  const builds: Run['builds'] = {};
  const hashes: Run['hashes'] = new Map();
  const built = sites.map(async (site) => {
    const siteFolder = path.join(folder, site);
    mkdirSync(siteFolder);
    builds[site] = siteFolder;
    const outDir = path.join(siteFolder, sharedBuildFiles.outDir);
    // A site that does not build is not shared: each test that reads it then builds it and fails with the build's words.
    const result = await buildSite({ contentDir: contentDirs[site], outDir }).catch(() => undefined);
    if (!result) {
      delete builds[site];
      writeFileSync(path.join(siteFolder, sharedBuildFiles.failed), '');
      return;
    }
    hashes.set(site, await outputHashes(siteFolder));
    const written = path.join(siteFolder, `${sharedBuildFiles.result}.part`);
    writeFileSync(written, JSON.stringify(result));
    renameSync(written, path.join(siteFolder, sharedBuildFiles.result));
  });
  return { builds, hashes, built: Promise.all(built) };
}

/** The run's Chromium, with the flags every launch of it takes; its signal handling is this command's. */
const startBrowser = (executablePath: string) =>
  chromium.launchServer({
    executablePath,
    args: chromiumArgs,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });

interface Run {
  folder: string;
  builds: Partial<Record<SharedSite, string>>;
  hashes: Map<string, Map<string, string>>;
  /** Settles once every shared build is made (or has failed). */
  built: Promise<unknown>;
  browser?: BrowserServer;
  /** What the run cost, its browser's processes apart, read as the browser closes (scripts/lib/test-usage.ts). */
  cpu?: () => RunCpu;
}

/** Each file of a shared build's output with a hash of its bytes. */
async function outputHashes(siteFolder: string): Promise<Map<string, string>> {
  const outDir = path.join(siteFolder, sharedBuildFiles.outDir);
  const files = await filesIn(outDir);
  const hash = (file: string) =>
    createHash('sha256')
      .update(readFileSync(path.join(outDir, file)))
      .digest('hex');
  return new Map(files.map((file) => [file, hash(file)]));
}

/** The shared builds' files that a test changed, added or removed: a test may only read them. */
async function writtenIntoShared(run: Run): Promise<string[]> {
  await run.built;
  const written = await Promise.all(
    Object.entries(run.builds).map(async ([site, folder]) => {
      const before = run.hashes.get(site)!;
      const after = await outputHashes(folder!);
      const names = new Set([...before.keys(), ...after.keys()]);
      return [...names].filter((name) => before.get(name) !== after.get(name)).map((name) => `${site} site: ${name}`);
    }),
  );
  return written.flat();
}

/** Closes the browser and removes the run's folder; says so, and fails the run, when a test wrote into a shared build. */
async function finish(run: Run): Promise<boolean> {
  const written = await writtenIntoShared(run);
  run.cpu = await closeCounting(run.browser?.process().pid, async () => run.browser?.close().catch(() => undefined));
  rmSync(run.folder, { recursive: true, force: true });
  if (written.length === 0) return true;
  console.error(
    red(
      `A test wrote into the build shared by every test file (use buildIntoTemporaryFolder() for a site of its own):\n  ${written.join('\n  ')}`,
    ),
  );
  return false;
}

interface Skipped {
  name: string;
  count: number;
  problem: string;
}

const readSkipped = (file: string): Skipped[] => readJsonLines<Skipped>(file);

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

/** Prints what the type-check found, once the tests' report is out; whether it passed. */
async function reportTypeCheck(result: Promise<TypeCheck>): Promise<boolean> {
  const { ok, output } = await result;
  if (ok) console.log('\nThe type-check (tsc --noEmit) found no error.');
  else console.error(`\n${red(bold('The type-check (tsc --noEmit) failed:'))}\n${output}`);
  return ok;
}

/** Makes what the files share, then runs them, and tidies up however the run ends (Ctrl-C included). */
async function main() {
  const { files, options, slowest, typeCheck } = readCommandLine(process.argv.slice(2));
  const typing = typeCheck ? startTypeCheck(projectRoot) : undefined;
  const { executablePath } = findChromium();
  const needs = sharedNeeds(files, executablePath);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'eccron-test-'));
  const run: Run = { folder, builds: {}, hashes: new Map(), built: Promise.resolve() };
  let stopped: NodeJS.Signals | undefined;
  let child: ReturnType<typeof spawn> | undefined;
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  /** Ends this process by the signal it was stopped with, once everything is tidied up. */
  const endBy = (signal: NodeJS.Signals) => {
    for (const each of signals) process.off(each, stop);
    process.kill(process.pid, signal);
  };
  // One Ctrl-C can arrive twice (from the terminal, and passed on by tsx's command line): the first one counts.
  const stop = (signal: NodeJS.Signals) => {
    if (stopped) return;
    stopped = signal;
    typing?.stop();
    if (child) child.kill(signal);
    else void finish(run).then(() => endBy(signal));
  };
  for (const signal of signals) process.on(signal, stop);

  const sites = (['fixture', 'real'] as const).filter((site) => needs[site]);
  // The builds go on while the files start: the browser is the one thing a file needs before it can begin.
  Object.assign(run, buildShared(folder, sites));
  run.browser = needs.browser ? await startBrowser(executablePath!) : undefined;
  if (stopped) return;

  // Browser tests skipped for want of a browser write themselves here (test/helpers/browser/chromium.ts).
  const skippedLog = path.join(folder, 'skipped.jsonl');
  // Each test file's process writes what it cost here as it ends (scripts/lib/test-usage.ts, preloaded).
  const usageLog = path.join(folder, 'usage.jsonl');
  const usage = ['--import', pathToFileURL(path.join(projectRoot, 'scripts', 'lib', 'test-usage.ts')).href];
  // Without a browser, the browser tests are declared skipped, one by one (test/helpers/browser/without-browser.ts).
  const withoutBrowser = executablePath
    ? []
    : ['--import', pathToFileURL(path.join(testDir, 'helpers', 'browser', 'without-browser.ts')).href];
  // The files in the order to start them (scripts/lib/run-test-files.ts); each file's process inherits the preloads.
  const { order, groups } = runPlan(files, folder);
  const plan = JSON.stringify({ files: order, grouped: groups.flatMap((group) => group.files), usageLog, options });
  const runner = path.join(projectRoot, 'scripts', 'lib', 'run-test-files.ts');
  child = spawn(process.execPath, ['--import', 'tsx', ...withoutBrowser, ...usage, runner, plan], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      [skippedBrowserTestsLog]: skippedLog,
      [usageLogVariable]: usageLog,
      [sharedBuildsVariable]: JSON.stringify(run.builds),
      ...(run.browser ? { [sharedBrowserVariable]: run.browser.wsEndpoint() } : {}),
    },
  });
  child.on('exit', async (code, signal) => {
    const skipped = readSkipped(skippedLog);
    const costs = readUsage(usageLog);
    if (costs.length > 0) rememberTimes(costs, groups);
    const untouched = await finish(run);
    if (signal ?? stopped) return endBy((signal ?? stopped)!);
    process.exitCode = untouched ? (code ?? 1) : 1;
    const spent = { wallMs: process.uptime() * 1000, ...(run.cpu?.() ?? { cpuMs: cpuMs() }) };
    if (costs.length > 0 && slowest > 0)
      console.log(`\n${usageTable(named(costs, groups), spent, slowest).join('\n')}`);
    if (typing && !(await reportTypeCheck(typing.result))) process.exitCode = 1;
    // Last, where it is seen: tests that did not run.
    if (skipped.length > 0) printSkipped(skipped);
  });
}

await main();
