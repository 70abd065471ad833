import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { buildSite, type BuildOptions, type BuildResult } from '../../scripts/build-site.ts';
import { outputFile } from '../../src/routes.tsx';

const temporaryFolders: string[] = [];
after(async () => {
  await Promise.all(temporaryFolders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A fresh temporary folder, removed when the test file ends. */
export async function temporaryFolder(prefix = 'eccron-test-'): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  temporaryFolders.push(folder);
  return folder;
}

/** Builds the site into a temporary folder and returns where it is. */
export async function buildIntoTemporaryFolder(options: Omit<BuildOptions, 'outDir'> = {}): Promise<{ outDir: string; result: BuildResult }> {
  const outDir = path.join(await temporaryFolder(), 'dist');
  const result = await buildSite({ ...options, outDir });
  return { outDir, result };
}

let shared: Promise<{ outDir: string; result: BuildResult }> | undefined;

/** One build of the real site, shared by every test of a file that only reads it. */
export function builtSite() {
  shared ??= buildIntoTemporaryFolder();
  return shared;
}

/** The HTML of a route ('/research') or an output file ('404.html'). */
export async function readPage(outDir: string, routeOrFile: string): Promise<string> {
  const file = routeOrFile.startsWith('/') ? outputFile(routeOrFile) : routeOrFile;
  return readFile(path.join(outDir, file), 'utf8');
}
