import { readFile } from 'node:fs/promises';
import type { Problem } from '../../lib/problems.ts';
import { parseSource, type ReadResult, relative } from './source.ts';

/**
 * Reads one content file from disk and parses it (parseSource); `what` says
 * what it should hold. A file that is missing or cannot be read is a problem,
 * and its source is empty.
 */
export async function readSource(file: string, markdown: boolean, what: string): Promise<ReadResult> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const problem: Problem = {
      where: relative(file),
      message:
        code === 'ENOENT'
          ? `is missing; it should hold ${what}`
          : `could not be read (${code ?? (error as Error).message})`,
    };
    return { source: parseSource(file, new Uint8Array(), markdown, what).source, problems: [problem], warnings: [] };
  }
  return parseSource(file, bytes, markdown, what);
}
