import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from './output-files.ts';

/** Reads public/ (images, favicon) to be copied to the output root unchanged. */
export async function readPublicFiles(publicDir: string): Promise<OutputFile[]> {
  const entries = await readdir(publicDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  return Promise.all(files.map(async (file) => ({ path: file, contents: await readFile(path.join(publicDir, file)) })));
}
