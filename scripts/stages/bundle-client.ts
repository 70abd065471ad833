import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { clientBundleOptions, inputsStamp, keptFiles, projectFiles, takeStarted } from '../lib/browser-bundles.js';
import { BuildError } from '../lib/problems.ts';
import type { OutputFile } from './output-files.ts';

export interface ClientBundle {
  /** Output paths of the entry files, relative to the output root. */
  assets: { css: string; js: string; fonts: string[] };
  files: OutputFile[];
  /**
   * The scripts each script imports, statically or dynamically (output paths
   * relative to the output root), as esbuild's metafile lists them.
   */
  scriptImports: Record<string, string[]>;
}

/** The islands' entry and the stylesheet, as esbuild is asked to bundle them (lib/browser-bundles.js). */
const bundleOptions = (root: string) =>
  clientBundleOptions(root) as esbuild.BuildOptions & { metafile: true; write: false };

/**
 * Bundles the islands' browser entry and the stylesheet, content-hashed so
 * hosts may cache them forever. react and react-dom resolve to preact/compat
 * here and only here: pages are still rendered by React at build time.
 *
 * The entry pages load, assets/client-*.js, is src/islands/boot.ts: it
 * imports the islands (assets/islands-*.js) after the first paint.
 *
 * The bundle is kept under node_modules/.cache/ with the bytes of every
 * project file esbuild read (npm's record of the installed packages covers
 * theirs): while none changed, a build reuses it and starts no esbuild
 * (loading esbuild and its process took a tenth of a build on Node 22).
 */
export async function bundleClient(root: string): Promise<ClientBundle> {
  const cacheFile = keptFiles(root).client;
  const kept = keptBundle(root, cacheFile);
  if (kept) return kept;
  const options = bundleOptions(root);
  // Started by scripts/bundled-build.js before the command was loaded, when nothing was kept; else asked now.
  const started = takeStarted<esbuild.BuildResult<typeof options>>(options);
  const result = await (started ?? (await import('esbuild')).build(options)).catch((error: unknown) => {
    const failure = error as esbuild.BuildFailure;
    throw new BuildError(
      'Bundling the client',
      (failure.errors ?? [{ text: String(error) }]).map((message) => ({
        where: message.location ? `${message.location.file}:${message.location.line}` : 'esbuild',
        message: message.text,
      })),
    );
  });
  const bundle = clientBundleOf(root, result);
  keepBundle(root, cacheFile, projectFiles(Object.keys(result.metafile.inputs)), bundle);
  return bundle;
}

/** What the bundle depends on: the options, and the bytes of its inputs and of npm's record of the packages. */
function hashOf(parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 16);
}
const keyOf = (root: string, inputs: string[]) =>
  hashOf([
    JSON.stringify(bundleOptions(root)),
    ...[...inputs, 'node_modules/.package-lock.json'].flatMap((file) => [file, readFileSync(path.join(root, file))]),
  ]);

interface KeptBundle extends Omit<ClientBundle, 'files'> {
  key: string;
  inputs: string[];
  /** inputsStamp when it was kept: while it is the same, the inputs are not read again. */
  stamp?: string;
  files: { path: string; base64: string }[];
}

function keptBundle(root: string, cacheFile: string): ClientBundle | undefined {
  try {
    const kept = JSON.parse(readFileSync(cacheFile, 'utf8')) as KeptBundle;
    const upToDate =
      kept.stamp === inputsStamp(root, bundleOptions(root), kept.inputs) || kept.key === keyOf(root, kept.inputs);
    if (!upToDate) return undefined;
    const files = kept.files.map((file) => ({ path: file.path, contents: Buffer.from(file.base64, 'base64') }));
    return { assets: kept.assets, scriptImports: kept.scriptImports, files };
  } catch {
    return undefined; // none yet, or an input gone: esbuild bundles again
  }
}

function keepBundle(root: string, cacheFile: string, inputs: string[], bundle: ClientBundle): void {
  const files = bundle.files.map((file) => ({
    path: file.path,
    base64: Buffer.from(file.contents).toString('base64'),
  }));
  try {
    const stamp = inputsStamp(root, bundleOptions(root), inputs);
    const kept: KeptBundle = { ...bundle, key: keyOf(root, inputs), inputs, stamp, files };
    writeFileAtomic(cacheFile, JSON.stringify(kept));
  } catch {
    // A read-only node_modules only means bundling again next time.
  }
}

function clientBundleOf(root: string, result: esbuild.BuildResult<{ metafile: true; write: false }>): ClientBundle {
  const outdir = path.join(root, 'assets');
  const files = result.outputFiles.map((file) => ({
    path: `assets/${path.relative(outdir, file.path).split(path.sep).join('/')}`,
    contents: file.contents,
  }));
  const entryOutput = (entry: string) => {
    const found = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === entry);
    if (!found) throw new Error(`esbuild wrote no output for ${entry}`);
    return found[0];
  };
  // Every page needs the basic Latin file, so pages preload it; the
  // latin-ext file (ł, ő, ș…) is fetched only by a page that uses one of
  // its letters in a heading (its @font-face has a unicode-range).
  const fonts = files.map((file) => file.path).filter((file) => /-latin-\d{3}-normal-[^/]+\.woff2$/.test(file));
  const scriptImports: Record<string, string[]> = {};
  for (const [output, { imports }] of Object.entries(result.metafile.outputs)) {
    if (!output.endsWith('.js')) continue;
    scriptImports[output] = imports
      .filter((imported) => !imported.external && imported.path.endsWith('.js'))
      .map((imported) => imported.path);
  }
  return {
    assets: { js: entryOutput('src/islands/boot.ts'), css: entryOutput('src/styles/site.css'), fonts },
    files,
    scriptImports,
  };
}
