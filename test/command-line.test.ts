/**
 * A mistake on any command's command line is one line naming it, then the
 * command's usage, and the command's exit code for input it cannot use:
 * never a stack trace, and never a code that means something else (1 is
 * "broken links" to check-links and "not this build" to verify).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { commandLineMistake } from '../scripts/lib/command-line.ts';
import { projectRoot } from '../scripts/lib/project-root.js';

const run = promisify(execFile);

/** Each command as package.json runs it, and its exit code for a command line it cannot use. */
const commands: [name: string, script: string, exitCode: number][] = [
  ['check-links', 'scripts/check-links.ts', 2],
  ['preview', 'scripts/preview.ts', 1],
  ['build', 'scripts/build.ts', 1],
  ['dev', 'scripts/dev/server.ts', 1],
  ['verify', 'scripts/verify.ts', 2],
  ['bench', 'scripts/bench/run.ts', 2],
  ['bench:lighthouse', 'scripts/bench/lighthouse.ts', 2],
  ['screenshots', 'scripts/screenshots.ts', 2],
];

async function runWith(script: string, args: string[]) {
  try {
    await run(process.execPath, ['--import', 'tsx', script, ...args], { cwd: projectRoot, timeout: 60_000 });
    return { code: 0, stderr: '' };
  } catch (error) {
    const { code, stderr } = error as { code: number; stderr: string };
    return { code, stderr };
  }
}

for (const [name, script, exitCode] of commands) {
  test(`npm run ${name} with an option it does not know says so in one line, then its usage, and exits ${exitCode}`, async () => {
    const { code, stderr } = await runWith(script, ['--no-such-option']);
    assert.equal(code, exitCode, stderr);
    const [first, ...rest] = stderr.trimEnd().split('\n');
    assert.equal(first, 'unknown option --no-such-option');
    assert.match(rest.join('\n'), new RegExp(`^Usage: npm run ${name}`));
    assert.doesNotMatch(stderr, /\n\s+at |node:internal|ERR_PARSE_ARGS/);
  });
}

test("each of node:util's parse errors reads as the project words it; any other error is not a command-line mistake", async () => {
  const { parseArgs } = await import('node:util');
  const mistake = (args: string[]) => {
    try {
      parseArgs({ args, options: { out: { type: 'string' }, fresh: { type: 'boolean' } } });
    } catch (error) {
      return commandLineMistake(error);
    }
  };
  assert.equal(mistake(['--bogus']), 'unknown option --bogus');
  assert.equal(mistake(['-z']), 'unknown option -z');
  assert.equal(mistake(['--out']), '--out needs a value');
  assert.equal(mistake(['--fresh=yes']), '--fresh takes no value');
  assert.equal(mistake(['dist']), 'unexpected argument "dist"');
  assert.equal(commandLineMistake(new Error('Unknown option')), undefined);
});
