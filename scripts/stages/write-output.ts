import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  fileSystemProblem,
  OUTPUT_MARKER,
  OUTPUT_MARKER_TEXT,
  outputFolderProblems,
  realFileSystem,
  removeFolder,
  withRetries,
  workFolders,
  type FileSystem,
} from '../lib/output-folder.ts';
import { inParallel } from '../lib/gate.ts';
import { BuildError, type Problem } from '../lib/problems.ts';
import type { OutputFile } from './output-files.ts';

/** Swaps made by this process: a dev server builds many times under one process id. */
let swaps = 0;

const failed = (problem: Problem, previousOutputKept = true) =>
  new BuildError('Writing the output', [problem], previousOutputKept);

/**
 * The staging folder of a build, begun before its site is checked: the folders of its pages, made on libuv's threads
 * while the pages render (the event loop is not needed: each folder's parent is made first, here). A site of 10,000
 * pages waited at its end for 10,000 folders to be made one system call each; nothing else is written until
 * writeOutput, and a build that fails before it removes the folder (dropStaging).
 */
export interface Staging {
  folder: string;
  /** Where the previous output is set aside, named alike. */
  previous: string;
  /** The folders begun, and once they are all made (or one could not be). */
  folders: Set<string>;
  made: Promise<unknown>;
}

/** The name of this process's next staging folder beside `outDir`: a dev server builds many times under one id. */
function nextStaging(outDir: string) {
  const id = `${process.pid}-${++swaps}`;
  const parent = path.dirname(outDir);
  return {
    staging: path.join(parent, `.${path.basename(outDir)}.staging-${id}`),
    previous: path.join(parent, `.${path.basename(outDir)}.previous-${id}`),
  };
}

/** Begins the staging folder of `outDir` with the folders of `pageFiles` (paths in the site). */
export function startStaging(outDir: string, pageFiles: string[]): Staging {
  const { staging, previous } = nextStaging(outDir);
  const folders = new Set(pageFiles.map((file) => path.dirname(path.join(staging, file))));
  // A folder that holds another is made now, so that every folder begun has its parent.
  const parents = new Set([staging, ...[...folders].map((folder) => path.dirname(folder))]);
  let made: Promise<unknown>;
  try {
    // One of this name is a leftover of an earlier process with the same id (a container starts its build as the
    // same process every time): removed, as removeLeftovers removes the others.
    rmSync(staging, { recursive: true, force: true });
    for (const parent of [...parents].sort()) mkdirSync(parent, { recursive: true });
    const leaves = [...folders].filter((folder) => !parents.has(folder));
    made = Promise.all(leaves.map((folder) => realFileSystem.mkdir(folder)));
  } catch (error) {
    made = Promise.reject(error);
  }
  made.catch(() => {}); // awaited by writeOutput, or by dropStaging
  return { folder: staging, previous, folders, made };
}

/** Removes a staging folder begun for a build that failed before writing it. */
export async function dropStaging(staging: Staging): Promise<void> {
  await staging.made.catch(() => {});
  await removeFolder(realFileSystem, staging.folder).catch(() => {});
}

/**
 * Writes the site into a staging folder beside the output folder (`staging`, when it was begun), marks it as the
 * build's own last (so a marked staging folder is a complete site), then swaps it in with two renames. Until the
 * second rename the previous output is untouched; a failure there puts it back. A build stopped between the renames
 * is undone by recoverOutputFolder at the start of the next build or preview.
 * Returns warnings for what it could not tidy away.
 */
export async function writeOutput(
  outDir: string,
  files: OutputFile[],
  fs: FileSystem = realFileSystem,
  begun?: Staging,
): Promise<Problem[]> {
  const names = new Set(files.map((file) => file.path.split('/')[0]!));
  const refusals = await outputFolderProblems(outDir, names, fs);
  if (refusals.length > 0) throw new BuildError('Checking the output folder', refusals);

  // Names of this build's own, so a folder an earlier build could not remove never blocks this one.
  const { staging, previous } = begun ? { staging: begun.folder, previous: begun.previous } : nextStaging(outDir);
  const warnings = await removeLeftovers(fs, outDir, staging);

  let hadPrevious: boolean;
  try {
    await writeStaging(fs, staging, files, begun);
    hadPrevious = await swapIn(fs, { outDir, staging, previous });
  } finally {
    // Gone already once swapped in. On any failure it goes too: a failed build
    // must not become the output later, when recovery looks for a finished site.
    await removeFolder(fs, staging).catch(() => {});
  }

  if (hadPrevious) {
    await removeFolder(fs, previous).catch((error: unknown) => {
      const where = path.basename(outDir);
      warnings.push(
        fileSystemProblem(
          `remove the previous output, set aside here (the new site is in place in ${where})`,
          previous,
          error,
          'Delete this folder by hand; it does not stop the next build.',
        ),
      );
    });
  }
  return warnings;
}

/** Staging and set-aside folders earlier builds left behind; one that cannot be removed is a warning. */
async function removeLeftovers(fs: FileSystem, outDir: string, own: string): Promise<Problem[]> {
  const warnings: Problem[] = [];
  const leftovers = await workFolders(fs, outDir);
  for (const folder of [...leftovers.staging, ...leftovers.previous]) {
    if (folder === own) continue;
    await removeFolder(fs, folder).catch((error: unknown) => {
      warnings.push(
        fileSystemProblem(
          'remove this folder, left by an earlier build',
          folder,
          error,
          'Delete it by hand; it does not stop the build.',
        ),
      );
    });
  }
  return warnings;
}

/** The new site in the staging folder, marked as the build's own last, so a marked folder is a complete site. */
async function writeStaging(fs: FileSystem, staging: string, files: OutputFile[], begun?: Staging) {
  try {
    // Each folder is made once (those begun before, already), then the files are written several at a time:
    // one after the other, a site of 10,000 pages would wait on the disk 20,000 times.
    await begun?.made;
    const folders = [...new Set(files.map((file) => path.dirname(path.join(staging, file.path))))].filter(
      (folder) => !begun?.folders.has(folder),
    );
    await inParallel(folders, (folder) => fs.mkdir(folder, { recursive: true }));
    await inParallel(files, (file) => fs.writeFile(path.join(staging, file.path), file.contents));
    await fs.writeFile(path.join(staging, OUTPUT_MARKER), OUTPUT_MARKER_TEXT);
  } catch (error) {
    throw failed(fileSystemProblem('write the new site beside the output folder', staging, error));
  }
}

/**
 * The two renames: the previous output aside, the new site into its place.
 * When the second fails, the previous output is put back. Says whether there
 * was a previous output.
 */
async function swapIn(
  fs: FileSystem,
  { outDir, staging, previous }: { outDir: string; staging: string; previous: string },
): Promise<boolean> {
  let hadPrevious = true;
  try {
    await withRetries(() => fs.rename(outDir, previous));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw failed(fileSystemProblem('move the previous output aside to make room for the new site', outDir, error));
    }
    hadPrevious = false;
  }

  try {
    await withRetries(() => fs.rename(staging, outDir));
  } catch (error) {
    const problem = fileSystemProblem(`move the new site into place from ${path.basename(staging)}`, outDir, error);
    if (!hadPrevious) throw failed(problem);
    try {
      await withRetries(() => fs.rename(previous, outDir));
    } catch {
      const stranded = `The previous output could not be put back either: it is in ${path.basename(previous)} beside it, and the next build or npm run preview puts it back.`;
      throw failed({ ...problem, message: `${problem.message} ${stranded}` }, false);
    }
    throw failed(problem);
  }
  return hadPrevious;
}
