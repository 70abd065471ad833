/**
 * The type-check of `npm test` (`tsc --noEmit`), run beside the tests rather
 * than before them: tsc keeps one core busy for some six seconds, and ahead of
 * the tests the other core waited for it. scripts/test.ts starts it with the
 * run and, once the tests' report is printed, prints what it found and fails
 * the run on a type error.
 */
import { execFile } from 'node:child_process';
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
  let stop = () => {};
  const result = new Promise<TypeCheck>((resolve) => {
    // execFile decodes the whole output at once: a character is never cut between two chunks.
    const child = execFile(
      process.execPath,
      [tsc(), '--noEmit'],
      { cwd, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`.trimEnd();
        if (!error) resolve({ ok: true, output });
        else if (error.signal) resolve({ ok: false, output: `tsc was stopped (${error.signal})` });
        else resolve({ ok: false, output: output || `tsc could not be run: ${error.message}` });
      },
    );
    stop = () => child.kill();
  });
  return { result, stop };
}
