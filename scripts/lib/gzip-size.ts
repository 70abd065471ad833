/**
 * The gzip size of a file, as the build report shows it. Two things keep it
 * honest and cheap:
 * - A file already compressed by its format (woff2, PNG, JPEG, GIF, WebP) is
 *   sent as it is by every host, so its size is its bytes; gzip would only add
 *   a header.
 * - Every file but the smallest is compressed once: its size is kept by the
 *   SHA-256 of its bytes (lib/kept-results.ts), so a build compresses only
 *   what changed (the CMS's 4 MB of script and translations alone cost a
 *   tenth of a build at level 9). The same bytes give the same size with the
 *   same zlib, so the report does not change; a missing or damaged file only
 *   means compressing again.
 * What a build has not measured before it compresses on one of libuv's
 * threads (measureSoon) while it renders, checks and writes the site, and the report
 * finds the sizes made: on a build with nothing kept (every deploy), the
 * CMS's files would otherwise be compressed after the site is written.
 */
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import { KeptResults } from './kept-results.ts';

/** Smaller files are compressed every time: a lookup would save little. */
const rememberFrom = 2 * 1024;

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

/** Another zlib may compress the same bytes to another size. */
const gzipMadeBy = `gzip -9, zlib ${process.versions.zlib}`;

const gzipSoon = promisify(gzip);

type Contents = Uint8Array | string;

/**
 * How many of libuv's four threads compress at once: two, so that the build's own file work keeps the other two. On a
 * build with nothing kept, the CMS's 2 MB alone takes as long as all the other scripts together, which the other
 * thread compresses meanwhile: the report waited for them one after the other.
 */
const lanes = 2;

export class GzipSizes {
  private readonly kept: KeptResults<number>;
  /** Sizes measured by measureSoon, by the very contents they are of. */
  private readonly measured = new Map<Contents, number>();
  /** The contents measureSoon was given: given again (a build gives its biggest files first), they are not measured twice. */
  private readonly begun = new Set<Contents>();
  /** The sizes being measured on each thread, one after the other, and the bytes each thread has yet to compress. */
  private readonly queues = Array.from({ length: lanes }, () => ({
    done: Promise.resolve() as Promise<unknown>,
    pending: 0,
  }));

  /** `file`: where big files' sizes are kept between builds; none, to keep nothing. */
  constructor(file?: string) {
    this.kept = new KeptResults(file, Number.isInteger as (value: unknown) => value is number, gzipMadeBy);
  }

  of(contents: Contents): number {
    const measured = this.measured.get(contents);
    if (measured !== undefined) return measured;
    if (typeof contents !== 'string' && isCompressedFormat(contents)) return contents.length;
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    const gzip = () => gzipSync(bytes, { level: 9 }).length;
    return bytes.length < rememberFrom ? gzip() : this.kept.of(bytes, gzip);
  }

  /**
   * Starts measuring the big files among `files`, away from this thread, the biggest first, each on the thread with
   * the fewest bytes still to compress (a thread that has finished the CMS's 2 MB takes the next file, though it was
   * given more in all); `of` gives their sizes once `settled()`. The sizes are the same as `of` would make.
   */
  measureSoon(files: Contents[]): void {
    const big = files
      .filter(
        (contents) => !this.begun.has(contents) && (typeof contents === 'string' || !isCompressedFormat(contents)),
      )
      .map((contents) => ({ contents, bytes: typeof contents === 'string' ? Buffer.from(contents) : contents }))
      .filter(({ bytes }) => bytes.length >= rememberFrom)
      .sort((a, b) => b.bytes.length - a.bytes.length);
    for (const { contents, bytes } of big) {
      this.begun.add(contents);
      const queue = this.queues.reduce((least, one) => (one.pending < least.pending ? one : least));
      const previous = queue.done;
      const size = this.kept.soon(bytes, async () => {
        await previous;
        return (await gzipSoon(bytes, { level: 9, chunkSize: bytes.length + 1024 })).length;
      });
      // One that fails is only measured by `of` as before.
      const measured = size
        .then((gzip) => this.measured.set(contents, gzip))
        .catch(() => {})
        .finally(() => {
          queue.pending -= bytes.length;
        });
      queue.done = Promise.all([previous, measured]);
      queue.pending += bytes.length;
    }
  }

  /** Once every size measureSoon started is made. */
  settled(): Promise<unknown> {
    return Promise.all(this.queues.map((queue) => queue.done));
  }
}
