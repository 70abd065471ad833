import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

let written = 0;

/**
 * The one way a cache is written (the link check's, the build's bundle, the gzip sizes): to a hidden temporary file
 * beside it, then renamed over it, so a reader sees the old file or the new, never half; a failure removes the
 * temporary file. Sync, as gzip sizes are counted synchronously; JavaScript, for bundled-build.js.
 * @param {string} file
 * @param {string | Uint8Array} contents
 */
export function writeFileAtomic(file, contents) {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${++written}.tmp`);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, contents);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
