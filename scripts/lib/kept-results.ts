/**
 * What a step of the build made from given bytes, kept between builds in a
 * file under node_modules/.cache/, so that a build makes again only what it
 * has not made before: the gzip size of a file, the tokens of a Markdown text,
 * what a page links to. Only for steps whose result is decided by those bytes
 * and the code that reads them: the key is the SHA-256 of the bytes together
 * with `madeBy`, which names that code (its source, the versions of the
 * packages it uses), so an edit of either is a new key, never a stale result.
 *
 * The file holds one result a line: its key, the CRC-32 of its JSON and the
 * JSON, apart by tabs. It is replaced whole (atomic-write.js), so two builds
 * at once never read half a file. A line that is damaged (its CRC-32 is not
 * that of its JSON) or cannot be read, or whose result is not of the expected
 * shape, is only a result to make again; a missing or read-only file only
 * means making everything again. Each result is given as a new object, parsed
 * from its JSON, so nothing the caller does to it reaches the file.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { writeFileAtomic } from './atomic-write.js';

/**
 * Besides every result a build used (a site of 10,000 pages keeps its 10,000 readings), this many of those it did
 * not, unless told otherwise: enough for a few versions of the site and base paths; the longest unused go first.
 */
const keepUnusedByDefault = 4096;
/**
 * And the unused take no more bytes than twice the used ones and this: a few versions of the site. Each version of
 * the code adds its results, none of which the next uses; counted only by number, the pages and /admin/'s scripts
 * of every earlier version stayed in the file (megabytes after a day's edits), read whole by every build.
 */
const unusedBytesBeyondTwiceTheUsed = 64 * 1024;

export class KeptResults<T> {
  private known: Map<string, string> | undefined;
  private added = false;
  private writing = false;
  /** The keys this process found or made: the last of `known`, as each is moved to its end. */
  private readonly used = new Set<string>();

  /**
   * `file`: where the results are kept between builds (none: made every time).
   * `isResult`: whether a value read back has the shape of a result.
   * `madeBy`: the code that makes a result from the bytes (see above).
   * `keepUnusedAtMost`: how many results no build of this process used are kept (fewer for large results).
   */
  constructor(
    private readonly file: string | undefined,
    private readonly isResult: (value: unknown) => value is T,
    private readonly madeBy = '',
    private readonly keepUnusedAtMost = keepUnusedByDefault,
  ) {}

  /** The result kept for `bytes`, else `make()`'s, then kept. */
  of(bytes: string | Uint8Array, make: () => T): T {
    if (!this.file) return make();
    const key = this.keyOf(bytes);
    const found = this.find(key);
    return found !== undefined ? found : this.keep(key, make());
  }

  /** `of` for a result made elsewhere (another thread, another process) while this one goes on. */
  async soon(bytes: string | Uint8Array, make: () => Promise<T>): Promise<T> {
    if (!this.file) return make();
    const key = this.keyOf(bytes);
    const found = this.find(key);
    return found !== undefined ? found : this.keep(key, await make());
  }

  private keyOf(bytes: string | Uint8Array): string {
    return createHash('sha256').update(this.madeBy).update('\0').update(bytes).digest('hex');
  }

  private find(key: string): T | undefined {
    const known = this.read();
    const line = known.get(key);
    if (line === undefined) return undefined;
    const result = resultOf(line);
    if (!this.isResult(result)) return undefined;
    // Used again: the last to go.
    known.delete(key);
    known.set(key, line);
    this.used.add(key);
    return result;
  }

  private keep(key: string, result: T): T {
    const known = this.read();
    const json = JSON.stringify(result);
    known.delete(key);
    known.set(key, `${checksum(json)}\t${json}`);
    this.used.add(key);
    this.added = true;
    this.writeSoon();
    return result;
  }

  private read(): Map<string, string> {
    if (this.known) return this.known;
    this.known = new Map();
    let text = '';
    try {
      text = readFileSync(this.file!, 'utf8');
    } catch {
      return this.known; // none kept yet
    }
    for (const line of text.split('\n')) {
      const tab = line.indexOf('\t');
      if (tab === 64) this.known.set(line.slice(0, tab), line.slice(tab + 1));
    }
    return this.known;
  }

  private lines(): string[] {
    return keptLines([...this.known!], this.used.size, this.keepUnusedAtMost);
  }

  /** Once for all the results a stage makes at once, not once per result. */
  private writeSoon() {
    if (this.writing) return;
    this.writing = true;
    setImmediate(() => {
      this.writing = false;
      if (!this.added) return;
      this.added = false;
      try {
        writeFileAtomic(this.file!, this.lines().join(''));
      } catch {
        // A read-only node_modules only means making them again next time.
      }
    });
  }
}

/** The lines to keep: every used result (the last of `known`), and the newest unused within their number and bytes. */
function keptLines(known: [string, string][], used: number, unusedAtMost: number): string[] {
  const lines = known.map(([key, line]) => `${key}\t${line}\n`);
  const usedLines = lines.slice(lines.length - used);
  let room = 2 * usedLines.reduce((bytes, line) => bytes + line.length, 0) + unusedBytesBeyondTwiceTheUsed;
  let first = lines.length - used;
  while (first > 0 && lines.length - used - first < unusedAtMost && lines[first - 1]!.length <= room) {
    first -= 1;
    room -= lines[first]!.length;
  }
  return lines.slice(first);
}

const checksum = (json: string) => crc32(json).toString(16).padStart(8, '0');

/** The result of a line after its key (its checksum, a tab and its JSON), or undefined when it is damaged. */
function resultOf(line: string): unknown {
  const json = line.slice(9);
  if (line[8] !== '\t' || line.slice(0, 8) !== checksum(json)) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/**
 * `madeBy` for a step done by the project's `files` (the modules that decide its result) and the installed
 * `packages` it calls: the files' bytes and the packages' versions.
 */
export function codeOf(files: URL[], packages: string[]): string {
  const code = createHash('sha256');
  for (const file of files) code.update(readFileSync(file)).update('\0');
  for (const name of packages) code.update(`${name}@${packageVersion(name)}\0`);
  return code.digest('hex');
}

const require = createRequire(import.meta.url);

/** The version of an installed package, from the package.json above its entry (not every package exports it). */
function packageVersion(name: string): string {
  for (let folder = path.dirname(require.resolve(name)); ; folder = path.dirname(folder)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as Record<string, unknown>;
      if (manifest.name === name) return String(manifest.version);
    } catch {
      // Not the package's own folder yet.
    }
    if (path.dirname(folder) === folder) throw new Error(`no package.json of ${name} above its entry`);
  }
}
