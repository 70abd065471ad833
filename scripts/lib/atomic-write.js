/**
 * The one way the project writes a cache (the link checker's results, the
 * build's bundle and its manifest, the gzip sizes): whole or not at all.
 * JavaScript, so that plain Node can run it (scripts/bundled-build.js).
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

let written = 0;

/**
 * Writes `contents` to `file`, making its folder: first to a temporary file
 * beside it (the same folder, so the rename never crosses disks), then
 * renamed over it, so that a reader at the same time (another build, another
 * run) sees the old file or the new one, never half of one. On a failure the
 * temporary file is removed and the error thrown: nothing is left behind.
 * Synchronous: the gzip sizes are written from inside a synchronous count.
 * @param {string} file
 * @param {string | Uint8Array} contents
 */
export function writeFileAtomic(file, contents) {
  written += 1;
  // Hidden, and named for this process and this write: no other writer or clean-up takes it for its own.
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${written}.tmp`);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, contents);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
