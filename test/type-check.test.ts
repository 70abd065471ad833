/**
 * The type-check npm test runs beside the tests (scripts/lib/type-check.ts):
 * TypeScript's own compiler on a project, its verdict and its words.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { startTypeCheck } from '../scripts/lib/type-check.ts';
import { temporaryFolder } from './helpers/site.ts';

/** A project of one file, `source`, checked as strictly as ours. */
async function project(source: string): Promise<string> {
  const folder = await temporaryFolder('eccron-types-');
  const config = { compilerOptions: { strict: true, noEmit: true, types: [] }, files: ['page.ts'] };
  await writeFile(path.join(folder, 'tsconfig.json'), JSON.stringify(config));
  await writeFile(path.join(folder, 'page.ts'), source);
  return folder;
}

test('a type error fails the type-check, named at its file, line and column in the compiler’s words', async () => {
  const { ok, output } = await startTypeCheck(await project("export const count: number = 'three';\n")).result;
  assert.equal(ok, false);
  assert.match(output, /page\.ts\(1,14\): error TS2322: Type 'string' is not assignable to type 'number'\./);
});

test('a project without a type error passes, and the compiler says nothing', async () => {
  assert.deepEqual(await startTypeCheck(await project('export const count: number = 3;\n')).result, {
    ok: true,
    output: '',
  });
});
