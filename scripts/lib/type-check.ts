/**
 * The type-check of `npm test` (`tsc --noEmit`), run beside the tests rather
 * than before them: tsc keeps one core busy for some six seconds, and ahead of
 * the tests the other core waited for it. scripts/test.ts starts it with the
 * run and, once the tests' report is printed, prints what it found and fails
 * the run on a type error.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface TypeCheck {
  ok: boolean;
  /** What tsc printed: its errors, each at its file, line and column. */
  output: string;
}

/** The TypeScript compiler's own command (what its bin/tsc runs), run by this Node: no shell, on every system. */
const tsc = () => path.join(path.dirname(createRequire(import.meta.url).resolve('typescript')), 'tsc.js');

/** Starts `tsc --noEmit` on the project in `cwd`; `stop` ends it (a run stopped by Ctrl-C). */
export function startTypeCheck(cwd: string): { result: Promise<TypeCheck>; stop: () => void } {
  const child = spawn(process.execPath, [tsc(), '--noEmit'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    output += String(chunk);
  });
  const result = new Promise<TypeCheck>((resolve) => {
    child.on('error', (error) => resolve({ ok: false, output: `tsc could not be started: ${error.message}` }));
    child.on('close', (code, signal) =>
      resolve({ ok: code === 0, output: signal ? `tsc was stopped (${signal})` : output.trimEnd() }),
    );
  });
  return { result, stop: () => child.kill() };
}
