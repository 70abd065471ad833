import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from './output-files.ts';

/**
 * Writes the site into a staging folder beside the output folder, then swaps
 * it in with renames. A build that fails before this point, or while writing,
 * leaves the previous output exactly as it was.
 */
export async function writeOutput(outDir: string, files: OutputFile[]): Promise<void> {
  const parent = path.dirname(outDir);
  const name = path.basename(outDir);
  const staging = path.join(parent, `.${name}.staging`);
  const previous = path.join(parent, `.${name}.previous`);

  await rm(staging, { recursive: true, force: true });
  try {
    for (const file of files) {
      const target = path.join(staging, file.path);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.contents);
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }

  await rm(previous, { recursive: true, force: true });
  let hadPrevious = true;
  try {
    await rename(outDir, previous);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    hadPrevious = false;
  }
  try {
    await rename(staging, outDir);
  } catch (error) {
    if (hadPrevious) await rename(previous, outDir);
    throw error;
  }
  await rm(previous, { recursive: true, force: true });
}
