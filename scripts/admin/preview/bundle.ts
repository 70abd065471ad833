/**
 * The preview pane's script (admin/preview-<hash>.js): browser.tsx, the
 * site's own page components it renders and, on the live site, the deploy's
 * verdict (scripts/admin/deploy/), bundled by esbuild for the browser, with
 * react resolved to preact/compat as the client bundle does.
 *
 * Kept under node_modules/.cache/ with the bytes of every file esbuild read,
 * as the client bundle is: while none changed, a build reuses it and starts no
 * esbuild.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { writeFileAtomic } from '../../lib/atomic-write.js';
import { projectRoot } from '../../lib/project-root.js';

const require = createRequire(import.meta.url);

const options = {
  absWorkingDir: projectRoot,
  entryPoints: ['scripts/admin/preview/browser.tsx'],
  outdir: 'admin',
  entryNames: 'preview-[hash]',
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2022', 'chrome111', 'firefox113', 'safari16.4'],
  jsx: 'automatic',
  alias: {
    react: 'preact/compat',
    'react-dom': 'preact/compat',
    'react-dom/server': './scripts/admin/preview/server-rendering.ts',
    'react/jsx-runtime': 'preact/jsx-runtime',
    // src/time-zones.ts reads the pinned tz data with Node's modules, editor-places.ts imports node:path: in the
    // browser, node-builtins.ts answers.
    'node:fs': './scripts/admin/preview/node-builtins.ts',
    'node:module': './scripts/admin/preview/node-builtins.ts',
    'node:path': './scripts/admin/preview/node-builtins.ts',
  },
  // import.meta.url only reaches createRequire, which node-builtins.ts answers without it. The name is spelt in
  // parts: the bundled build command (scripts/bundled-build.js) rewrites those words wherever a module's text holds
  // them, a string included, into a file: URL, which esbuild then refuses as a name to define.
  define: { 'process.env.NODE_ENV': '"production"', [['import', 'meta', 'url'].join('.')]: '""' },
  legalComments: 'none',
  metafile: true,
  write: false,
  logLevel: 'silent',
} satisfies esbuild.BuildOptions;

/** The bundle as the output holds it: its path under the output root, and its bytes. */
export interface PreviewBundle {
  path: string;
  contents: string;
}

interface Kept extends PreviewBundle {
  key: string;
  inputs: string[];
}

const cacheFile = path.join(projectRoot, 'node_modules', '.cache', 'eccron-client', 'admin-preview.json');

/** What the bundle depends on: the options, and the bytes of its inputs and of npm's record of the packages. */
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

function keptBundle(): PreviewBundle | undefined {
  try {
    const kept = JSON.parse(readFileSync(cacheFile, 'utf8')) as Kept;
    return kept.key === keyOf(kept.inputs) ? { path: kept.path, contents: kept.contents } : undefined;
  } catch {
    return undefined; // none yet, or an input gone: esbuild bundles again
  }
}

/** The preview pane's script, bundled once per change of what it is made of. */
export function previewBundle(): PreviewBundle {
  const kept = keptBundle();
  if (kept) return kept;
  const { buildSync } = require('esbuild') as typeof esbuild;
  const result = buildSync(options);
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no preview script');
  const made = { path: path.relative(projectRoot, output.path).split(path.sep).join('/'), contents: output.text };
  const inputs = Object.keys(result.metafile.inputs);
  try {
    writeFileAtomic(cacheFile, JSON.stringify({ ...made, key: keyOf(inputs), inputs } satisfies Kept));
  } catch {
    // A read-only node_modules only means bundling again next time.
  }
  return made;
}
