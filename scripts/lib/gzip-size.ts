/**
 * The gzip size of a file, as the build report shows it. Two things keep it
 * honest and cheap:
 * - A file already compressed by its format (woff2, PNG, JPEG, GIF, WebP) is
 *   sent as it is by every host, so its size is its bytes; gzip would only add
 *   a header.
 * - Every file but the smallest is compressed once: its size is kept by the
 *   SHA-256 of its bytes in a small JSON file under node_modules/.cache/, so a
 *   build compresses only what changed (the CMS's 4 MB of script and
 *   translations alone cost a tenth of a build at level 9). The same bytes
 *   give the same size on every machine, so the report does not change; a
 *   missing or damaged file only means compressing again.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { writeFileAtomic } from './atomic-write.js';

/** Smaller files are compressed every time: a lookup would save little. */
const rememberFrom = 2 * 1024;
/** Enough for the files of a few versions of the site and base paths; the oldest go first. */
const rememberAtMost = 2048;

/** Each format's signature: the bytes it starts with, at their offsets. */
const compressedFormats: [offset: number, bytes: string][][] = [
  [[0, 'wOF2']],
  [[0, 'wOFF']],
  [[0, '\x89PNG']],
  [[0, '\xff\xd8\xff']],
  [[0, 'GIF8']],
  [
    [0, 'RIFF'],
    [8, 'WEBP'],
  ],
];
const isCompressedFormat = (bytes: Uint8Array) =>
  compressedFormats.some((signature) =>
    signature.every(([offset, text]) => [...text].every((char, i) => bytes[offset + i] === char.charCodeAt(0))),
  );

export class GzipSizes {
  private known: Map<string, number> | undefined;
  private writing = false;

  /** `file`: where big files' sizes are kept between builds; none, to keep nothing. */
  constructor(private readonly file?: string) {}

  of(contents: Uint8Array | string): number {
    if (typeof contents !== 'string' && isCompressedFormat(contents)) return contents.length;
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    if (!this.file || bytes.length < rememberFrom) return gzipSync(bytes, { level: 9 }).length;
    const key = createHash('sha256').update(bytes).digest('hex');
    const known = this.read();
    let size = known.get(key);
    if (size === undefined) {
      size = gzipSync(bytes, { level: 9 }).length;
      known.set(key, size);
      this.writeSoon(known);
    }
    return size;
  }

  private read(): Map<string, number> {
    if (!this.known) {
      try {
        const entries = JSON.parse(readFileSync(this.file!, 'utf8')) as unknown;
        this.known = new Map(
          Array.isArray(entries)
            ? entries.filter(
                (entry): entry is [string, number] =>
                  Array.isArray(entry) && typeof entry[0] === 'string' && Number.isInteger(entry[1]),
              )
            : [],
        );
      } catch {
        this.known = new Map();
      }
    }
    return this.known;
  }

  /** Once for all the sizes a report counts at once, not once per file. */
  private writeSoon(known: Map<string, number>) {
    if (this.writing) return;
    this.writing = true;
    setImmediate(() => {
      this.writing = false;
      try {
        // Whole or not at all, so that two builds at once never read half a file.
        writeFileAtomic(this.file!, JSON.stringify([...known].slice(-rememberAtMost)));
      } catch {
        // A read-only node_modules only means compressing again next time.
      }
    });
  }
}
