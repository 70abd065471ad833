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
 */
import { gzipSync } from 'node:zlib';
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

export class GzipSizes {
  private readonly kept: KeptResults<number>;

  /** `file`: where big files' sizes are kept between builds; none, to keep nothing. */
  constructor(file?: string) {
    this.kept = new KeptResults(file, Number.isInteger as (value: unknown) => value is number, gzipMadeBy);
  }

  of(contents: Uint8Array | string): number {
    if (typeof contents !== 'string' && isCompressedFormat(contents)) return contents.length;
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    const gzip = () => gzipSync(bytes, { level: 9 }).length;
    return bytes.length < rememberFrom ? gzip() : this.kept.of(bytes, gzip);
  }
}
