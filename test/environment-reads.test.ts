/**
 * Every input of the build is an option or a file: no module below the
 * commands reads process.env, so two builds given the same options make the
 * same site whatever variables are set. The commands (scripts/*.ts) read the
 * environment and pass what they read on.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { transformSync } from 'esbuild';

const below = ['src', 'scripts/stages', 'scripts/admin', 'scripts/lib'];

/** What may still read the environment below the commands, and why. */
const allowed: Record<string, string> = {
  'scripts/lib/chromium.ts': 'CHROMIUM_PATH and PATH: the browser the tests and benchmarks drive, never a build input',
  'scripts/lib/terminal.ts': 'NO_COLOR and CI: whether the terminal shows colours, never what is built',
  'scripts/admin/admin-stage.ts': "the CMS backend's variables, until the CMS's own change passes them as an option",
};

/** Whether code reads process.env in any spelling; a comment or a string that names it is no read. */
const readsEnvironment = (source: string, file: string) =>
  transformSync(source, {
    loader: file.endsWith('x') ? 'tsx' : file.endsWith('.js') ? 'js' : 'ts',
    define: { 'process.env': '__ENVIRONMENT_READ__' },
  }).code.includes('__ENVIRONMENT_READ__');

test('the check sees a read in any spelling, and not a mention', () => {
  for (const read of [
    'process.env.A',
    "process.env['A']",
    'function f(env = process.env) {}',
    'const { A } = process.env',
  ])
    assert.ok(readsEnvironment(`export const x = () => { ${read} };`, 'x.ts'), read);
  for (const mention of ['// process.env.A', "'process.env.A'", "({ 'process.env.NODE_ENV': '1' })"])
    assert.ok(!readsEnvironment(`export const x = ${mention.startsWith('//') ? `1; ${mention}` : mention};`, 'x.ts'));
});

test('no module below the commands reads the environment, but those allowed with a reason', () => {
  const root = path.resolve(import.meta.dirname, '..');
  const readers = below
    .flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }).map((file) => `${folder}/${file}`),
    )
    .filter((file) => /\.(tsx?|js)$/.test(file))
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => readsEnvironment(readFileSync(path.join(root, file), 'utf8'), file));
  assert.deepEqual(readers.sort(), Object.keys(allowed).sort());
});
