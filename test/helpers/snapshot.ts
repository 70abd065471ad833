import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';

/** Every file of a folder (but those matching `ignore`) with a hash of its bytes, to tell whether anything changed. */
export async function snapshot(folder: string, ignore: string[] = []): Promise<Record<string, string>> {
  const files = (await fg('**/*', { cwd: folder, dot: true, ignore })).sort();
  const entries = await Promise.all(
    files.map(
      async (file) =>
        [
          file,
          createHash('sha256')
            .update(await readFile(path.join(folder, file)))
            .digest('hex'),
        ] as const,
    ),
  );
  return Object.fromEntries(entries);
}
