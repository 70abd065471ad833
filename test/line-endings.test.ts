/**
 * A checkout made with CRLF line endings (Windows with core.autocrlf, an
 * editor that saves CRLF, a zip of the repository) must build the very same
 * site as the LF checkout: the output is the same bytes on every machine.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { projectRoot } from '../scripts/lib/project-root.js';
import { temporaryFolder } from './helpers/site.ts';

const run = promisify(execFile);

/** Not part of a checkout (or, for node_modules, linked rather than copied). */
const notCopied = new Set(['.git', '.cache', 'dist', 'node_modules', 'reports', 'test']);
const textFile = /\.(ts|tsx|css|svg|json|md|yml|cjs|txt|xml|html)$/;

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * A copy of the project, with every text file's line endings turned into CRLF
 * when `crlf` is set. Both checkouts are copies at the same depth, so the only
 * difference between them is the line endings (esbuild's content hashes name
 * the path from the checkout to node_modules).
 */
async function checkout(crlf: boolean): Promise<{ root: string; converted: string[] }> {
  const root = await temporaryFolder('eccron-checkout-');
  const parts = (await readdir(projectRoot)).filter((part) => !notCopied.has(part));
  await Promise.all(parts.map((part) => cp(path.join(projectRoot, part), path.join(root, part), { recursive: true })));
  // A junction needs no special rights on Windows; elsewhere it is a plain symlink.
  await symlink(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'), 'junction');
  // The public files of today are one-line SVGs; a host file such as a
  // verification .txt has several lines, and must reach dist/ with LF.
  await writeFile(path.join(root, 'public', 'several-lines.txt'), 'one\ntwo\n');
  const converted: string[] = [];
  for (const file of await filesUnder(root)) {
    if (!crlf || file.startsWith('node_modules/') || !textFile.test(file)) continue;
    const full = path.join(root, file);
    const text = await readFile(full, 'utf8');
    if (!text.includes('\n')) continue;
    await writeFile(full, text.replace(/\r?\n/g, '\r\n'));
    converted.push(file);
  }
  return { root, converted };
}

/** Runs `npm run build` as a user would, from the given checkout, into a temporary folder. */
async function build(root: string): Promise<Map<string, string>> {
  const folder = await temporaryFolder('eccron-crlf-out-');
  const outDir = path.join(folder, 'dist');
  await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/build.ts', '--out', outDir, '--report', path.join(folder, 'build-report.json')],
    {
      cwd: root,
      env: { ...process.env, BASE_PATH: '', SITE_URL: '' },
    },
  );
  const hashes = new Map<string, string>();
  for (const file of await filesUnder(outDir)) {
    hashes.set(
      file,
      createHash('sha256')
        .update(await readFile(path.join(outDir, file)))
        .digest('hex'),
    );
  }
  return hashes;
}

test('a checkout with CRLF line endings builds byte-identical output', async () => {
  const [lfCheckout, { root, converted }] = await Promise.all([checkout(false), checkout(true)]);
  for (const part of ['content/site.yml', 'src/styles/site.css', 'src/routes.tsx', 'public/several-lines.txt']) {
    assert.ok(converted.includes(part), `${part} was converted to CRLF`);
  }
  const [lf, crlf] = await Promise.all([build(lfCheckout.root), build(root)]);
  assert.ok(lf.size > 10, `the LF build wrote ${lf.size} files`);
  assert.deepEqual([...crlf.keys()], [...lf.keys()], 'the same files');
  const differing = [...lf].filter(([file, hash]) => crlf.get(file) !== hash).map(([file]) => file);
  assert.deepEqual(differing, [], 'files whose bytes differ between the LF and the CRLF checkout');
});
