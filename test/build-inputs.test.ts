/**
 * Every input of the build is an option or a file: the environment is read by
 * the commands (scripts/*.ts, scripts/dev/ and the other tools), which hand
 * what they read to the pipeline as options. No module the build or the pages
 * are made of reads process.env, so that two builds with the same options and
 * files are the same, whoever runs them and wherever.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { transformSync } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** The folders below the commands: the pages, the stages, the CMS's stage and the helpers under them. */
const below = ['src', 'scripts/stages', 'scripts/admin', 'scripts/lib'];

/** What still reads the environment below the commands, and why it may. */
const allowed: Record<string, string> = {
  'scripts/lib/chromium.ts':
    'CHROMIUM_PATH and PATH: which browser the tests, the screenshots and the benchmarks drive, never an input of the build',
  'scripts/lib/terminal.ts': 'NO_COLOR and CI: whether the terminal shows colours, never what is built',
  'scripts/lib/test-usage.ts':
    'NODE_TEST_CONTEXT and the log npm test names: where a test file’s process writes what it cost, loaded into test processes only, never into a build',
};

/**
 * Whether a module's code reads the environment: process.env in any spelling (a member, an index, a default
 * parameter), or process itself handed on, whose env could then be read elsewhere. esbuild reads the code, so a
 * string or a comment that names process.env is no read.
 */
function readsEnvironment(text: string, file: string): boolean {
  const { code } = transformSync(text, {
    loader: file.endsWith('x') ? 'tsx' : 'ts',
    define: { 'process.env': '__ENVIRONMENT_READ__' },
  });
  return code.includes('__ENVIRONMENT_READ__') || /[=(,:{]\s*process\s*[;,)}\n]/.test(code);
}

const modules = () =>
  below.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .map((name) => `${folder}/${name.split(path.sep).join('/')}`)
      .filter((file) => /\.(?:ts|tsx|js)$/.test(file) && !file.endsWith('.d.ts')),
  );

test('the check sees a read of the environment in every spelling, and not a string or a comment naming it', () => {
  const reads = [
    'export const a = process.env.CMS_REPO;',
    "export const b = process.env['CMS_REPO'];",
    'export function c(env = process.env) { return env; }',
    'const { env } = process; export const d = env;',
    'export const e = (p = process) => p;',
    'export const f = { process };',
  ];
  for (const text of reads) assert.equal(readsEnvironment(text, 'x.ts'), true, text);
  const none = [
    "export const define = { 'process.env.NODE_ENV': '\"production\"' };",
    '// process.env.CMS_REPO is read by the command\nexport const g = 1;',
    'export const h = process.platform;',
    'export const i = process.cwd();',
  ];
  for (const text of none) assert.equal(readsEnvironment(text, 'x.ts'), false, text);
});

test('no module below the commands reads the environment, but those allowed with a reason', () => {
  const files = modules();
  assert.ok(files.includes('scripts/admin/admin-stage.ts') && files.includes('src/urls.ts'), 'the folders are read');
  const reading = files.filter((file) => readsEnvironment(readFileSync(path.join(root, file), 'utf8'), file));
  assert.deepEqual(
    reading.filter((file) => !(file in allowed)),
    [],
    'read it in the command (scripts/build.ts, scripts/dev/server.ts) and pass it in as an option',
  );
  // An allowance for a file that no longer reads it is dropped, so the list stays what must remain.
  assert.deepEqual(
    Object.keys(allowed).filter((file) => !reading.includes(file)),
    [],
    'allowed, but no longer reading the environment',
  );
});
