import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from './output-files.ts';

/** Runs `task` on every item, a few at a time; settles only when none is running, so a failure cannot race the clean-up. */
async function inParallel<T>(items: T[], task: (item: T) => Promise<unknown>, limit = 16): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

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
    // Each folder is made once, then the files are written several at a time:
    // one after the other, a site of 10,000 pages would wait on the disk 20,000 times.
    const folders = [...new Set(files.map((file) => path.dirname(path.join(staging, file.path))))];
    await inParallel(folders, (folder) => mkdir(folder, { recursive: true }));
    await inParallel(files, (file) => writeFile(path.join(staging, file.path), file.contents));
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
