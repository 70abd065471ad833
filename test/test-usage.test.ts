/**
 * What npm test's closing table says a process cost (scripts/lib/test-usage.ts): the CPU time of a process and all
 * its descendants, those still running and those ended and waited for, which is how the run's shared Chromium (its
 * renderers waited for by its zygote) gets its line.
 */
// npm test: a process of its own: it measures its own process's CPU time, to which a neighbouring file's ended child
// would add.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { closeCounting, cpuMs, processTreeCpuMs, usageTable } from '../scripts/lib/test-usage.ts';

/**
 * Source that spins until the process has spent `ms` of CPU time, user and system time both: each look at the clock
 * is a system call, and loops that waited for 1.2 s of user time alone spent 7 s in the system meanwhile.
 */
const spin = (ms: number) =>
  `const cpu = () => { const { user, system } = process.cpuUsage(); return user + system; }; const end = cpu() + ${ms * 1000}; while (cpu() < end);`;

// A parent that starts a child spending ~400 ms of CPU, waits for it, then starts one that spins until stopped.
const parentSource = `
const { spawnSync, spawn } = require('node:child_process');
spawnSync(process.execPath, ['-e', ${JSON.stringify(spin(400))}]);
spawn(process.execPath, ['-e', ${JSON.stringify(`${spin(400)} console.log("spent"); setInterval(() => {}, 1000);`)}], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
`;

test('a process tree’s CPU time counts the children it waited for and those still running', async (t) => {
  if (process.platform !== 'linux') return t.skip('read from /proc, which only Linux has');
  // In a process group of its own, ended with its children.
  const parent = spawn(process.execPath, ['-e', parentSource], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  // Waited for: once reaped, its time is this process's children's, which the next test reads.
  t.after(async () => {
    process.kill(-parent.pid!, 'SIGKILL');
    if (parent.exitCode === null && parent.signalCode === null) await once(parent, 'exit');
  });
  await once(parent.stdout!, 'data');
  const spent = processTreeCpuMs(parent.pid!);
  // Two children of 400 ms each: one ended and waited for, one still running; the parent's own start-up besides.
  assert.ok(spent >= 750, `${spent} ms`);
});

test('the run’s CPU time counts its browser once, though the browser is closed (and reaped) before the table', async (t) => {
  if (process.platform !== 'linux') return t.skip('read from /proc, which only Linux has');
  // A "browser": a child of this process that spends ~400 ms of CPU and lives on until closed.
  const browser = spawn(process.execPath, ['-e', `${spin(400)} console.log("spent"); setInterval(() => {}, 1000);`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  t.after(() => browser.kill('SIGKILL'));
  await once(browser.stdout!, 'data');
  const before = cpuMs();
  const read = await closeCounting(browser.pid, async () => {
    browser.kill();
    await once(browser, 'exit');
  });
  const { cpuMs: rest, chromiumCpuMs = 0 } = read();
  assert.ok(chromiumCpuMs >= 400, `the browser's line: ${chromiumCpuMs} ms`);
  // Closed and reaped, the browser is now in this process's children's time too: read now, it would count twice.
  assert.ok(cpuMs() - before >= 400, `this process's children's time took the browser's in: ${cpuMs() - before} ms`);
  // The whole run is what was spent before, the browser once, and a little of this process's own work; /proc counts
  // in ticks of 10 ms, process.resourceUsage() in microseconds, so this process's part may read a tick or two short.
  const whole = rest + chromiumCpuMs;
  assert.ok(
    whole - before > chromiumCpuMs - 50 && whole - before < chromiumCpuMs + 250,
    `the whole run grew by ${whole - before} ms for a browser of ${chromiumCpuMs} ms`,
  );
});

test('the closing table gives Chromium its own line and counts it in the run', () => {
  const lines = usageTable([{ file: 'test/a.test.ts', wallMs: 2000, cpuMs: 1000 }], {
    wallMs: 3000,
    cpuMs: 1500,
    chromiumCpuMs: 4000,
  });
  assert.match(lines.find((line) => line.includes('Chromium'))!, /Chromium, shared by the browser files\s+4\.0 s/);
  assert.match(lines.find((line) => line.includes('the whole run'))!, /3\.0 s\s+5\.5 s/);
});

test('the budget line names the slowest file, even when the lines shown are all groups', () => {
  const lines = usageTable(
    [
      { file: 'test files, 1 of 2 (3 in one process)', wallMs: 9000, cpuMs: 4000, files: 3 },
      { file: 'test files, 2 of 2 (2 in one process)', wallMs: 8000, cpuMs: 3000, files: 2 },
      { file: 'test/slow.test.ts', wallMs: 5000, group: 'test files, 1 of 2' },
      { file: 'test/quick.test.ts', wallMs: 1000, group: 'test files, 2 of 2' },
    ],
    { wallMs: 10_000, cpuMs: 7000 },
    2,
  );
  assert.match(lines[0]!, /\(of 2\)/, 'the files are counted, not the groups');
  assert.match(lines.at(-1)!, /npm test -- test\/slow\.test\.ts$/);
});
