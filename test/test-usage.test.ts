/**
 * What npm test's closing table says a process cost (scripts/lib/test-usage.ts): the CPU time of a process and all
 * its descendants, those still running and those ended and waited for, which is how the run's shared Chromium (its
 * renderers waited for by its zygote) gets its line.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { processTreeCpuMs, usageTable } from '../scripts/lib/test-usage.ts';

// A parent that starts a child spending ~400 ms of CPU, waits for it, then starts one that spins until stopped.
const parentSource = `
const { spawnSync, spawn } = require('node:child_process');
const spin = (ms) => 'const end = process.cpuUsage().user + ' + ms * 1000 + '; while (process.cpuUsage().user < end);';
spawnSync(process.execPath, ['-e', spin(400)]);
spawn(process.execPath, ['-e', spin(400) + ' console.log("spent"); setInterval(() => {}, 1000);'], { stdio: ['ignore', 'inherit', 'inherit'] });
`;

test('a process tree’s CPU time counts the children it waited for and those still running', async (t) => {
  if (process.platform !== 'linux') return t.skip('read from /proc, which only Linux has');
  // In a process group of its own, ended with its children.
  const parent = spawn(process.execPath, ['-e', parentSource], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  t.after(() => {
    process.kill(-parent.pid!, 'SIGKILL');
  });
  await once(parent.stdout!, 'data');
  const spent = processTreeCpuMs(parent.pid!);
  // Two children of 400 ms each: one ended and waited for, one still running; the parent's own start-up besides.
  assert.ok(spent >= 750, `${spent} ms`);
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
