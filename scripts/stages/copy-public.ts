import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { filesIn } from '../lib/files.ts';
import type { OutputFile } from './output-files.ts';

/** Text formats among the public files; everything else (images) is copied byte for byte. */
const textFile = /\.(svg|txt|xml|html|css|js|json|webmanifest)$/i;

/**
 * Reads public/ (images, favicon) to be copied to the output root unchanged,
 * except that text files get LF line endings: a checkout with CRLF endings
 * (Windows with core.autocrlf) must build the same bytes as any other.
 */
export async function readPublicFiles(publicDir: string): Promise<OutputFile[]> {
  return Promise.all(
    (await filesIn(publicDir)).map(async (file) => {
      const contents = await readFile(path.join(publicDir, file));
      return { path: file, contents: textFile.test(file) ? withLf(contents) : contents };
    }),
  );
}

/** The bytes with every CR LF turned into LF; done on bytes so no character is ever re-encoded. */
function withLf(bytes: Buffer): Buffer {
  if (!bytes.includes('\r\n')) return bytes;
  return Buffer.from(bytes.filter((byte, index) => !(byte === 0x0d && bytes[index + 1] === 0x0a)));
}
