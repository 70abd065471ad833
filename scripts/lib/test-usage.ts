/**
 * What each test file cost in a run of scripts/test.ts: its wall time and its
 * CPU time, the processes it started included. Node's test runner runs each
 * file in a process of its own; scripts/test.ts preloads
 * test/helpers/usage-hook.ts into each one, which writes one line here as the
 * process ends, and prints the slowest files once the run is over.
 *
 * The CPU time is the file's process (process.resourceUsage()) and, where the
 * system says it (Linux's /proc/self/stat), the processes it started and
 * waited for: a build command, a server, curl. The run's one Chromium is
 * shared by the browser files and counted in none of them; it has a line of
 * its own, read from its processes before it is closed (Linux), and the run's
 * shared builds are counted in the line that totals the run, where each
 * process is counted once (closeCounting). The shell's
 * `time` counts few of Chromium's processes: those that outlive the browser's
 * own are nobody's children to wait for.
 */
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { readJsonLines } from './files.ts';
import path from 'node:path';
import { projectRoot } from './project-root.js';

/** The file each test process appends its usage line to. */
export const usageLogVariable = 'ECCRON_TEST_USAGE';

export interface FileUsage {
  file: string;
  wallMs: number;
  /** None for a file that ran in a group's process (scripts/lib/test-groups.ts): its group's line has it. */
  cpuMs?: number;
  /** The group whose process ran the file ("2 of 4"). */
  group?: string;
  /** A group's line: how many files its process ran. */
  files?: number;
}

/** The CPU time of the processes this one started and waited for, in ms; 0 where the system does not say. */
function childrenCpuMs(): number {
  const fields = statFields('self');
  // cutime and cstime, in clock ticks: 100 a second on every Linux Node runs on (sysconf(_SC_CLK_TCK)).
  return fields ? (Number(fields[13]) + Number(fields[14])) * 10 : 0;
}

/** A process's fields after its command's name (in parentheses, which may hold spaces); undefined once it is gone. */
function statFields(pid: number | 'self'): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * The CPU time, in ms, of a process and of all its descendants, living or ended and waited for (such as Chromium's
 * renderers, which its zygote waits for); 0 where the system does not say (no /proc).
 */
export function processTreeCpuMs(root: number): number {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return 0;
  }
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    const fields = statFields(pid);
    if (!fields) continue;
    const parent = Number(fields[1]);
    children.set(parent, [...(children.get(parent) ?? []), pid]);
    // utime, stime, cutime, cstime: the process's own and that of the children it waited for.
    ticks.set(pid, Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
  }
  let total = 0;
  const visit = (pid: number) => {
    total += ticks.get(pid) ?? 0;
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return total * 10;
}

/** This process's own CPU time, in ms. */
function ownCpuMs(): number {
  const own = process.resourceUsage();
  return (own.userCPUTime + own.systemCPUTime) / 1000;
}

/** This process's CPU time, in ms, and its children's. */
export function cpuMs(): number {
  return ownCpuMs() + childrenCpuMs();
}

/** What the closing table says the run cost: all of it but Chromium, and Chromium (Linux only). */
export interface RunCpu {
  cpuMs: number;
  chromiumCpuMs?: number;
}

/**
 * Closes the run's browser (`close`) and returns a reader of what the run cost, each process counted once. Both
 * figures are read from this process's tree just before the browser closes, while the browser is still one of its
 * living descendants: once closed, the browser is reaped by this process, and its CPU time (with that of the
 * Chromium processes it waited for) moves into this process's children's time, where read after the close it would
 * be counted a second time beside Chromium's own line. What this process spends after the close is added.
 */
export async function closeCounting(
  browserPid: number | undefined,
  close: () => Promise<unknown>,
): Promise<() => RunCpu> {
  const ownBefore = ownCpuMs();
  const tree = processTreeCpuMs(process.pid);
  const chromiumCpuMs = browserPid ? processTreeCpuMs(browserPid) : undefined;
  await close();
  // Without /proc, neither figure can be read: this process and its children, as the system says them.
  if (tree === 0) return () => ({ cpuMs: cpuMs() });
  return () => ({ cpuMs: tree - (chromiumCpuMs ?? 0) + ownCpuMs() - ownBefore, chromiumCpuMs });
}

/** Written once, as a test file's process ends. */
function recordUsage(log: string, file: string): void {
  const usage: FileUsage = { file: path.relative(projectRoot, file), wallMs: process.uptime() * 1000, cpuMs: cpuMs() };
  appendFileSync(log, `${JSON.stringify(usage)}\n`);
}

export const readUsage = (log: string): FileUsage[] => readJsonLines<FileUsage>(log);

/**
 * Each file run in a group's process with its wall time there, from its first test's start to its last test's end
 * (scripts/lib/run-test-files.ts reads them from the runner's events). Appended as the run ends, to the log each
 * process writes its line to; its CPU time is its group's.
 */
export function recordGroupedFiles(log: string, wallMs: Map<string, number>): void {
  const lines = [...wallMs].map(([file, ms]) => JSON.stringify({ file: path.relative(projectRoot, file), wallMs: ms }));
  if (lines.length > 0) appendFileSync(log, `${lines.join('\n')}\n`);
}

/** The budget of one file run alone on two cores (CONTRIBUTING.md, Tests). */
const fileBudgetMs = 40_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The `count` slowest files by wall time, a line each, then the run's own totals. */
export function usageTable(
  usage: FileUsage[],
  run: { wallMs: number; cpuMs: number; chromiumCpuMs?: number },
  count = 12,
): string[] {
  const sorted = usage.toSorted((a, b) => b.wallMs - a.wallMs);
  const slowest = sorted.slice(0, count);
  // The slowest file, which the lines shown may not hold when groups fill them.
  const slowestFile = sorted.find((entry) => /\.test\.[cm]?[jt]sx?$/.test(entry.file))?.file ?? 'test/x.test.ts';
  const width = Math.max(4, ...slowest.map((entry) => entry.file.length + (entry.group ? entry.group.length + 6 : 0)));
  const row = (file: string, wall: string, cpu: string) =>
    `  ${file.padEnd(width)}  ${wall.padStart(8)}  ${cpu.padStart(8)}`.trimEnd();
  return [
    `The slowest test files (of ${usage.filter((entry) => entry.files === undefined).length}), wall and CPU time, the processes each started included:`,
    row('file', 'wall', 'CPU'),
    ...slowest.map((entry) =>
      row(
        entry.group ? `${entry.file} (in ${entry.group})` : entry.file,
        seconds(entry.wallMs),
        entry.cpuMs === undefined ? '' : seconds(entry.cpuMs),
      ),
    ),
    ...(run.chromiumCpuMs ? [row('Chromium, shared by the browser files', '', seconds(run.chromiumCpuMs))] : []),
    row('the whole run', seconds(run.wallMs), seconds(run.cpuMs + (run.chromiumCpuMs ?? 0))),
    `Wall time here is with the other files running beside it. A file's budget is ${seconds(fileBudgetMs)} alone on two cores: npm test -- ${slowestFile}`,
  ];
}

// Preloaded into each test file's process by scripts/test.ts (--import): the runner's children are the ones with
// NODE_TEST_CONTEXT, and argv[1] is the test file they run.
const log = process.env[usageLogVariable];
if (log && process.env.NODE_TEST_CONTEXT && process.argv[1]) {
  const file = process.argv[1];
  process.on('exit', () => recordUsage(log, file));
}
