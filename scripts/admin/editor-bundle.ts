/**
 * The site's own script on /admin/ (admin/editor-<hash>.js): editor-companion.ts
 * and what it imports, the build's own content check among them, bundled by
 * esbuild for the browser and named by its content hash like every other
 * script, so that a deploy never pairs a cached old script with a new
 * configuration. What those modules ask of Node is answered in the browser by
 * editor/node-stand-ins.ts.
 *
 * Kept under node_modules/.cache/ with the bytes of every file esbuild read, as
 * the client bundle is: while none changed, a build reuses it and starts no
 * esbuild.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { projectRoot } from '../lib/project-root.js';

const require = createRequire(import.meta.url);
const standIns = './scripts/admin/editor/node-stand-ins.ts';

const options = {
  absWorkingDir: projectRoot,
  entryPoints: ['scripts/admin/editor-companion.ts'],
  outdir: 'admin',
  entryNames: 'editor-[hash]',
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2022', 'chrome111', 'firefox113', 'safari16.4'],
  alias: { 'node:path': standIns, 'node:fs': standIns, 'node:module': standIns },
  inject: [standIns],
  // import.meta.url only reaches createRequire, which the stand-in answers without it.
  define: { 'process.env.NODE_ENV': '"production"', 'import.meta.url': '""' },
  legalComments: 'none',
  metafile: true,
  write: false,
  logLevel: 'silent',
} satisfies esbuild.BuildOptions;

/** The script as the output holds it: its path under the output root, and its text. */
export interface EditorScript {
  path: string;
  contents: string;
}

interface Kept extends EditorScript {
  key: string;
  inputs: string[];
}

const cacheFile = path.join(projectRoot, 'node_modules', '.cache', 'eccron-client', 'admin-editor.json');

/** What the bundle depends on: the options, the bytes of its inputs and npm's record of the installed packages. */
function keyOf(inputs: string[]): string {
  const hash = createHash('sha256').update(JSON.stringify(options));
  for (const file of [...inputs, 'node_modules/.package-lock.json'])
    hash
      .update('\0')
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(projectRoot, file)));
  return hash.digest('hex');
}

function keptScript(): EditorScript | undefined {
  try {
    const kept = JSON.parse(readFileSync(cacheFile, 'utf8')) as Kept;
    return kept.key === keyOf(kept.inputs) ? { path: kept.path, contents: kept.contents } : undefined;
  } catch {
    return undefined; // none yet, or an input gone: esbuild bundles again
  }
}

let made: EditorScript | undefined;

/** The editor's script, bundled once per change of what it is made of (and looked up once per process). */
export function editorScript(): EditorScript {
  made ??= keptScript() ?? bundled();
  return made;
}

function bundled(): EditorScript {
  const { buildSync } = require('esbuild') as typeof esbuild;
  const result = buildSync(options);
  const [output] = result.outputFiles;
  if (!output) throw new Error("esbuild wrote no editor's script");
  const script = { path: path.relative(projectRoot, output.path).split(path.sep).join('/'), contents: output.text };
  const inputs = Object.keys(result.metafile.inputs);
  try {
    writeFileAtomic(cacheFile, JSON.stringify({ ...script, key: keyOf(inputs), inputs } satisfies Kept));
  } catch {
    // A read-only node_modules only means bundling again next time.
  }
  return script;
}
