/**
 * A save heard twice is built once. On a busy machine the watcher can report
 * one save twice, the second time while the build of the first is under way;
 * a second build of the same bytes costs a build for nothing, and its verdict
 * comes after the editor's next save, as if it were the verdict on that save.
 *
 * A file counts as heard again when it is the same file (its inode), last
 * written at the same moment, with the same bytes, as when the last build that
 * named it started: nothing has written it since, so that build read these
 * very bytes. The bytes are compared too because a file system's clock can be
 * coarser than two quick saves of the same length; a file written again with
 * the same text has a new time, and is built again.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/** Each file's stamp as the last build that named it started, by the file's absolute path. */
export type Stamps = Map<string, string>;

/** A file's inode, modification time in nanoseconds and a hash of its bytes; "missing" for a file that is not there. */
function stampOf(file: string): string {
  try {
    const stat = statSync(file, { bigint: true });
    if (!stat.isFile()) return `not a file:${stat.ino}:${stat.mtimeNs}`;
    return `${stat.ino}:${stat.mtimeNs}:${createHash('sha256').update(readFileSync(file)).digest('hex')}`;
  } catch {
    return 'missing';
  }
}

/** Whether every file is as it was when the last build that named it started (none unknown). */
export function heardAgain(files: Iterable<string>, stamps: Stamps): boolean {
  const list = [...files];
  return list.length > 0 && list.every((file) => stamps.get(file) === stampOf(file));
}

/** Notes each file as the build about to start reads it. */
export function remember(files: Iterable<string>, stamps: Stamps): void {
  for (const file of files) stamps.set(file, stampOf(file));
}
