import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { OutputFile } from './output-files.ts';

/** Reads public/ (images, favicon) to be copied to the output root unchanged. */
export async function readPublicFiles(publicDir: string): Promise<OutputFile[]> {
  const files = (await fg('**/*', { cwd: publicDir, dot: true, onlyFiles: true })).sort();
  return Promise.all(files.map(async (file) => ({ path: file, contents: await readFile(path.join(publicDir, file)) })));
}
