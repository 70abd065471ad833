/**
 * The test files of a run, started in the order given: scripts/test.ts starts
 * this module (with the preloads each test file's process inherits) and hands
 * it the files longest first. Node's own command line (`node --test a b`)
 * sorts the files by name; its run() takes them as given, so the longest files
 * start first and the short ones fill the cores at the end.
 *
 * The options are Node's test runner's own, as its command line spells them:
 * --test-concurrency=N, --test-name-pattern=P (again for more), --test-only,
 * --test-reporter=spec|tap|dot, --test-timeout=MS.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { run } from 'node:test';
import { dot, spec, tap } from 'node:test/reporters';
import { recordGroupedFiles } from './test-usage.ts';

interface Plan {
  /** The files to start, each in a process of its own: a test file, or a group's module. */
  files: string[];
  /** The files the groups' modules import. */
  grouped?: string[];
  /** Where each test process writes what it cost (scripts/lib/test-usage.ts), and this one each grouped file's time. */
  usageLog?: string;
  options: string[];
}

/**
 * Test files (or groups) run at once: one per core, and two at least, so that a
 * file's wait on a child process overlaps another's work. The tests wait on
 * clocks they drive, not on real pauses, so the run is bound by the cores:
 * on two, two at once took 480-500 s (851-883 s of CPU, Chromium's
 * included), three 506-551 s (904-986 s) and four 521-532 s (926-950 s),
 * every test passing (CONTRIBUTING.md, Tests).
 */
const defaultConcurrency = Math.max(2, availableParallelism());

const reporters = { spec: () => new spec(), tap: () => tap, dot: () => dot } as const;

/** run()'s options from the command line's words; undefined for a word it does not take. */
function runOptions(options: string[]) {
  const settings = {
    concurrency: defaultConcurrency,
    testNamePatterns: [] as string[],
    only: false,
    timeout: undefined as number | undefined,
    reporter: (process.stdout.isTTY ? 'spec' : 'tap') as keyof typeof reporters,
  };
  const unknown: string[] = [];
  for (const option of options) {
    const [name, value = ''] = option.split(/=(.*)/s);
    if (name === '--test-concurrency' && Number.isInteger(Number(value))) settings.concurrency = Number(value);
    else if (name === '--test-name-pattern' && value) settings.testNamePatterns.push(value);
    else if (name === '--test-only' && !value) settings.only = true;
    else if (name === '--test-timeout' && Number.isInteger(Number(value))) settings.timeout = Number(value);
    else if (name === '--test-reporter' && value in reporters) settings.reporter = value as keyof typeof reporters;
    else unknown.push(option);
  }
  return { settings, unknown };
}

/** Runs the files, the report on stdout; exits 1 when a test failed, 2 for an option it does not take. */
function main() {
  const plan = JSON.parse(process.argv[2] ?? '{}') as Plan;
  const { settings, unknown } = runOptions(plan.options);
  if (unknown.length > 0) {
    console.error(
      `npm test passes these options to Node's test runner: --test-concurrency=N, --test-name-pattern=P, --test-only, --test-reporter=spec|tap|dot, --test-timeout=MS; not ${unknown.join(' ')}`,
    );
    process.exit(2);
  }
  const stopping = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => stopping.abort());
  const stream = run({
    files: plan.files,
    concurrency: settings.concurrency,
    only: settings.only,
    signal: stopping.signal,
    ...(settings.timeout === undefined ? {} : { timeout: settings.timeout }),
    ...(settings.testNamePatterns.length > 0 ? { testNamePatterns: settings.testNamePatterns } : {}),
  });
  stream.on('test:fail', (event: { todo?: unknown; details?: { error?: unknown } }) => {
    if (!event.todo) process.exitCode = 1;
  });
  const log = plan.usageLog;
  if (log) {
    const grouped = groupedWallTimes(stream, new Set((plan.grouped ?? []).map((file) => path.resolve(file))));
    stream.once('close', () => recordGroupedFiles(log, grouped()));
  }
  stream.compose(reporters[settings.reporter]()).pipe(process.stdout);
}

/**
 * The wall time of each file that ran in a group's process (scripts/lib/test-groups.ts): from its first test's
 * beginning to its last test's end, as the events arrive here. A group runs its files one after the other, so these
 * spans do not overlap within a group. A test or describe that a helper declares (test/helpers/…) is the helper's by
 * its place: the hooks such a describe runs before the file's first test are in no file's line, only in the group's.
 */
function groupedWallTimes(stream: ReturnType<typeof run>, grouped: Set<string>): () => Map<string, number> {
  const spans = new Map<string, { from: number; to: number }>();
  const seen = (event: { file?: string }) => {
    if (!event.file || !grouped.has(path.resolve(event.file))) return;
    const now = performance.now();
    const span = spans.get(event.file);
    if (span) span.to = now;
    else spans.set(event.file, { from: now, to: now });
  };
  // A test's dequeue is sent as it begins; its start, only once it is reported, after it has run.
  for (const event of ['test:dequeue', 'test:pass', 'test:fail'] as const) stream.on(event, seen);
  return () => new Map([...spans].map(([file, { from, to }]) => [file, to - from]));
}

main();
