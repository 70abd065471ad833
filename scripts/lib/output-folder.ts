/**
 * The output folder belongs to the build, which replaces all of it on every
 * build. So it writes only into a folder that is missing, empty, or marked as
 * its own (OUTPUT_MARKER, written into every output), never into the project
 * or the folders it reads; and it says in words what the file system refused.
 */
import { mkdir, writeFile } from 'node:fs';
import * as nodeFs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { escapeRegExp } from '../../src/escape.ts';
import { displayPath, type Problem } from './problems.ts';

export const OUTPUT_MARKER = '.eccron-build';
export const OUTPUT_MARKER_TEXT =
  'This folder is the output of the ECCroN site build (npm run build), which replaces all of it on every build.\n' +
  'The build writes only into a folder that holds this file, an empty folder or a new one.\n';

/** What the output stages ask of the file system; tests pass one that fails on cue. */
export type FileSystem = Pick<
  typeof nodeFs,
  'mkdir' | 'writeFile' | 'rename' | 'rm' | 'readdir' | 'lstat' | 'realpath' | 'chmod'
>;
export const realFileSystem: FileSystem = {
  ...nodeFs,
  // Node's functions with callbacks, each given one promise: fs/promises makes a FileHandle and a promise for every
  // step of a write (open, write, close), which cost the writing of 10,000 pages half again its CPU time.
  writeFile: promisify(writeFile) as FileSystem['writeFile'],
  mkdir: promisify(mkdir) as FileSystem['mkdir'],
};

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

const reasons: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM:
    'the operating system did not permit it (on Windows, usually because another program holds a file there: a preview or dev server, an editor, a virus scanner)',
  EBUSY: 'a file there is in use by another program (a preview or dev server, an editor, a virus scanner)',
  ENOTEMPTY: 'a folder of that name already exists and is not empty',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of that path is a file, not a folder',
  EMFILE: 'too many files are open at once',
  ENAMETOOLONG: 'the path is too long',
};

/** "Could not <action> <path>: <reason in words>", with what to do where there is something to do. */
export function fileSystemProblem(action: string, target: string, error: unknown, advice?: string): Problem {
  const code = errorCode(error);
  const reason = (code && reasons[code]) ?? (error instanceof Error ? error.message : String(error));
  const hint = advice
    ? ` ${advice}`
    : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
      ? ' Check that you may change that folder and the one it is in, or build into another folder with --out.'
      : code === 'EBUSY'
        ? ' Close the program that holds it (or stop the server), then build again.'
        : code === 'ENOSPC' || code === 'EDQUOT'
          ? ' Free some space, then build again.'
          : '';
  return {
    where: displayPath(target),
    message: `could not ${action}: ${reason}${code && reasons[code] ? ` (${code})` : ''}.${hint}`,
  };
}

// Windows refuses to rename or delete a file another program holds open (a
// server, an editor, a virus scanner); such locks are usually gone a moment later.
const transient = (error: unknown) =>
  ['EBUSY', 'ENOTEMPTY'].includes(errorCode(error) ?? '') ||
  (process.platform === 'win32' && ['EPERM', 'EACCES'].includes(errorCode(error) ?? ''));
const retryDelays = [25, 50, 100, 200, 400, 800];

/** Runs a file system operation again, a little later each time, while it fails for a reason that passes. */
export async function withRetries<T>(operation: () => Promise<T>): Promise<T> {
  for (const delay of retryDelays) {
    try {
      return await operation();
    } catch (error) {
      if (!transient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return operation();
}

/** Removes a folder of the build's own; makes read-only parts of it writable first, as a maintainer would have to. */
export async function removeFolder(fs: FileSystem, folder: string): Promise<void> {
  try {
    await withRetries(() => fs.rm(folder, { recursive: true, force: true }));
  } catch (error) {
    if (errorCode(error) !== 'EACCES' && errorCode(error) !== 'EPERM') throw error;
    await makeWritable(fs, folder);
    await withRetries(() => fs.rm(folder, { recursive: true, force: true }));
  }
}

async function makeWritable(fs: FileSystem, folder: string): Promise<void> {
  await fs.chmod(folder, 0o755).catch(() => {});
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isDirectory()) await makeWritable(fs, path.join(folder, entry.name));
  }
}

/** The staging and set-aside folders of the output folder, named after it and beside it. */
const workFolderPattern = (outDir: string) =>
  new RegExp(`^\\.${escapeRegExp(path.basename(outDir))}\\.(staging|previous)-\\d+-\\d+$`);

export async function workFolders(fs: FileSystem, outDir: string): Promise<{ staging: string[]; previous: string[] }> {
  const parent = path.dirname(outDir);
  const pattern = workFolderPattern(outDir);
  const names = await fs.readdir(parent).catch(() => [] as string[]);
  const found = { staging: [] as string[], previous: [] as string[] };
  for (const name of names.sort()) {
    const kind = pattern.exec(name)?.[1] as 'staging' | 'previous' | undefined;
    if (kind) found[kind].push(path.join(parent, name));
  }
  return found;
}

const exists = (fs: FileSystem, target: string) =>
  fs.lstat(target).then(
    () => true,
    () => false,
  );

/**
 * A build stopped between its two renames (killed, or the machine lost power)
 * leaves no output folder: puts back the newest complete one, the new site if
 * it was finished (its marker is written last) or else the previous output.
 * Returns what it did or could not do, for the build and the preview server to say.
 */
export async function recoverOutputFolder(outDir: string, fs: FileSystem = realFileSystem): Promise<string | null> {
  if (await exists(fs, outDir)) return null;
  const { staging, previous } = await workFolders(fs, outDir);
  const complete = [];
  for (const folder of staging) if (await exists(fs, path.join(folder, OUTPUT_MARKER))) complete.push(folder);
  const newest = async (folders: string[]) => {
    const times = await Promise.all(
      folders.map(async (folder) => ({ folder, time: (await fs.lstat(folder)).mtimeMs })),
    );
    return times.sort((a, b) => b.time - a.time)[0]?.folder;
  };
  const restore = (await newest(complete)) ?? (await newest(previous));
  if (!restore) return null;
  try {
    await withRetries(() => fs.rename(restore, outDir));
  } catch (error) {
    return fileSystemProblem(
      `put back the output folder from ${path.basename(restore)}, left by a build that was stopped while swapping its output in`,
      outDir,
      error,
      `Rename that folder to ${path.basename(outDir)} by hand.`,
    ).message;
  }
  return `put back from ${path.basename(restore)}, left by a build that was stopped while swapping its output in`;
}

/** Folders of the project the output must not be or hold; those marked input it must not lie inside either (it would be read back, copied into itself, or corrupt the repository). */
const projectFolders = [
  { name: 'content', what: 'the content the site is built from', input: true },
  { name: 'src', what: "the site's source code", input: true },
  { name: 'public', what: 'the files copied into the site', input: true },
  { name: '.git', what: "the project's history", input: true },
  { name: 'scripts', what: 'the build scripts', input: false },
  { name: 'test', what: 'the tests', input: false },
  { name: 'node_modules', what: 'the installed packages', input: false },
];

/** The real path of a possibly missing target, its symbolic links resolved as far as it exists. */
async function canonical(fs: FileSystem, target: string): Promise<string> {
  const rest: string[] = [];
  let existing = target;
  for (;;) {
    try {
      const real = await fs.realpath(existing);
      return path.join(real, ...rest.reverse());
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return target;
      rest.push(path.basename(existing));
      existing = parent;
    }
  }
}

// Windows and macOS file systems ignore letter case: Content and content are one folder.
const caseless = process.platform === 'win32' || process.platform === 'darwin';
const same = (a: string, b: string) => (caseless ? a.toLowerCase() === b.toLowerCase() : a === b);
/** Whether `target` is `folder` or inside it (not by a prefix of its name, nor on another drive). */
export const within = (folder: string, target: string) => {
  const relative = caseless ? path.relative(folder.toLowerCase(), target.toLowerCase()) : path.relative(folder, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/**
 * Refuses, before anything is read or written, an output folder that is the
 * project, holds it or any folder the build reads, or lies inside an input.
 */
export async function outputLocationProblems(
  outDir: string,
  { projectRoot, contentDir, publicDir }: { projectRoot: string; contentDir: string; publicDir: string },
  fs: FileSystem = realFileSystem,
): Promise<Problem[]> {
  const folders = [
    ...projectFolders.map(({ name, what, input }) => ({
      folder: path.join(projectRoot, name),
      label: `${name}/ (${what})`,
      input,
    })),
    { folder: contentDir, label: `${displayPath(contentDir)} (the content the site is built from)`, input: true },
    { folder: publicDir, label: `${displayPath(publicDir)} (the files copied into the site)`, input: true },
  ];
  // Every real path asked for at once: one after the other, each waited on the disk before the build could start.
  // The output folder itself may be a link; where it points is no matter here (it is refused later).
  const [outParent, root, ...reals] = await Promise.all(
    [path.dirname(outDir), projectRoot, ...folders.map(({ folder }) => folder)].map((target) => canonical(fs, target)),
  );
  const out = path.join(outParent!, path.basename(outDir));
  const where = displayPath(outDir);
  const hint = 'Choose a folder of its own with --out, such as dist (the default).';
  if (within(out, root!)) {
    const what = same(out, root!) ? 'is the project folder' : 'holds the project folder';
    return [
      {
        where,
        message: `${what}; the build replaces all of its output folder, and would delete the project's files. ${hint}`,
      },
    ];
  }
  for (const [index, { label, input }] of folders.entries()) {
    const real = reals[index]!;
    if (within(out, real)) {
      return [
        {
          where,
          message: `${same(out, real) ? 'is' : 'holds'} ${label}; the build replaces all of its output folder, and would delete it. ${hint}`,
        },
      ];
    }
    if (input && within(real, out)) {
      return [
        {
          where,
          message: `is inside ${label}, which the build reads; its output must be kept apart from its input. ${hint}`,
        },
      ];
    }
  }
  return [];
}

/** Files an operating system leaves in any folder a person has looked at. */
const systemLitter = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini']);

/**
 * Refuses an output folder the build did not make: a file, a link, or a
 * folder holding anything but the build's earlier output. `names` are the
 * top-level names of the new output: a folder holding only such names is the
 * output of a version of the build from before the marker.
 */
export async function outputFolderProblems(
  outDir: string,
  names: Set<string>,
  fs: FileSystem = realFileSystem,
): Promise<Problem[]> {
  const where = displayPath(outDir);
  const stat = await fs.lstat(outDir).catch((error: unknown) => {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  });
  if (!stat) return [];
  if (stat.isSymbolicLink()) {
    return [
      {
        where,
        message:
          'is a symbolic link; the build replaces its output folder whole and does not follow links. Give --out the folder itself, or remove the link.',
      },
    ];
  }
  if (!stat.isDirectory()) {
    return [
      {
        where,
        message:
          'is a file, not a folder; the build will not replace it. Move or rename the file, or choose another folder with --out.',
      },
    ];
  }
  const entries = (await fs.readdir(outDir)).filter((name) => !systemLitter.has(name));
  if (entries.length === 0 || entries.includes(OUTPUT_MARKER)) return [];
  if (entries.every((name) => names.has(name))) return [];
  const strangers = entries.filter((name) => !names.has(name)).sort();
  const shown = strangers.slice(0, 3).join(', ') + (strangers.length > 3 ? ` and ${strangers.length - 3} more` : '');
  return [
    {
      where,
      message:
        `holds files the build did not write (${shown}) and no ${OUTPUT_MARKER} file, which marks the build's own output. ` +
        'The build replaces all of its output folder, so it will not write there. Choose an empty or new folder with --out, or move those files away.',
    },
  ];
}
