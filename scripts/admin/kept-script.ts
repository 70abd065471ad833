/**
 * One script of /admin/ bundled by esbuild and kept in node_modules/.cache/
 * between builds, keyed by the options, the bytes of every project file
 * esbuild read and npm's record of the installed packages: the editor's
 * script and the preview pane's are bundled only when one of those changes.
 *
 * The kept file is one line of JSON (the key, the inputs, the script's path,
 * length and CRC-32), then the script's bytes as esbuild wrote them, which the
 * build hands on as they are. Kept inside JSON, the two scripts cost a build
 * with nothing kept 17-23 ms of CPU, decoded to text and escaped (2-3 ms now),
 * and every later build some 5 ms to parse them back.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type * as esbuild from 'esbuild';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { inputsStamp, keptFiles, projectFiles, takeStarted } from '../lib/browser-bundles.js';
import { projectRoot } from '../lib/project-root.js';

const require = createRequire(import.meta.url);

/** A script as the output holds it: its path under the output root, and its bytes. */
export interface KeptScript {
  path: string;
  contents: Uint8Array;
}

/** The line before the script's bytes in the kept file. */
interface KeptRecord {
  path: string;
  key: string;
  inputs: string[];
  /** inputsStamp when it was kept: while it is the same, the inputs are not read again. */
  stamp: string;
  /** The script's length and CRC-32: a file cut short or damaged is only a script to bundle again. */
  bytes: number;
  crc: number;
}

type Options = esbuild.BuildOptions & { write: false; metafile: true };

/** What the bundle depends on: the options, the bytes of its own inputs and npm's record of the installed packages. */
function keyOf(options: Options, inputs: string[]): string {
  const hash = createHash('sha256').update(JSON.stringify(options));
  for (const file of [...inputs, 'node_modules/.package-lock.json'])
    hash
      .update('\0')
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(projectRoot, file)));
  return hash.digest('hex');
}

function kept(cacheFile: string, options: Options): KeptScript | undefined {
  try {
    const file = readFileSync(cacheFile);
    const end = file.indexOf(0x0a);
    const found = JSON.parse(file.toString('utf8', 0, end)) as KeptRecord;
    const contents = file.subarray(end + 1);
    if (contents.length !== found.bytes || crc32(contents) !== found.crc) return undefined;
    const upToDate =
      found.stamp === inputsStamp(projectRoot, options, found.inputs) || found.key === keyOf(options, found.inputs);
    return upToDate ? { path: found.path, contents } : undefined;
  } catch {
    return undefined; // none yet, or an input gone: esbuild bundles again
  }
}

/** The script of esbuild's result, kept in `cacheFile` for the next builds. */
function keep(cacheFile: string, options: Options, result: esbuild.BuildResult<Options>, what: string): KeptScript {
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild wrote no ${what}`);
  const script = { path: path.relative(projectRoot, output.path).split(path.sep).join('/'), contents: output.contents };
  const inputs = projectFiles(Object.keys(result.metafile.inputs));
  try {
    const { contents } = script;
    const record: KeptRecord = {
      path: script.path,
      key: keyOf(options, inputs),
      inputs,
      stamp: inputsStamp(projectRoot, options, inputs),
      bytes: contents.length,
      crc: crc32(contents),
    };
    writeFileAtomic(cacheFile, Buffer.concat([Buffer.from(`${JSON.stringify(record)}\n`), contents]));
  } catch {
    // A read-only node_modules only means bundling again next time.
  }
  return script;
}

/** The script `options` make, kept in the cache's file of `name`; `what` names it if esbuild writes nothing. */
export function keptScript(name: 'editor' | 'preview', options: Options, what: string): KeptScript {
  const cacheFile = keptFiles(projectRoot)[name];
  const found = kept(cacheFile, options);
  if (found) return found;
  const { buildSync } = require('esbuild') as typeof esbuild;
  return keep(cacheFile, options, buildSync(options), what);
}

/**
 * keptScript, with esbuild's work done in its own process while this one goes on (the build renders the pages
 * meanwhile): what a build that has no kept script waits for.
 */
export async function keptScriptSoon(name: 'editor' | 'preview', options: Options, what: string): Promise<KeptScript> {
  const cacheFile = keptFiles(projectRoot)[name];
  const found = kept(cacheFile, options);
  if (found) return found;
  // Started by scripts/bundled-build.js before the command was loaded, when nothing was kept; else asked now.
  const started = takeStarted<esbuild.BuildResult<Options>>(options);
  return keep(cacheFile, options, await (started ?? (require('esbuild') as typeof esbuild).build(options)), what);
}
