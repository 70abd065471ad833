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
import type * as esbuild from 'esbuild';
import { projectRoot } from '../../lib/project-root.js';
import { type KeptScript, keptScript, keptScriptSoon } from '../kept-script.ts';

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
  // import.meta.url only reaches createRequire, which node-builtins.ts answers without it.
  define: { 'process.env.NODE_ENV': '"production"', 'import.meta.url': '""' },
  legalComments: 'none',
  metafile: true,
  write: false,
  logLevel: 'silent',
} satisfies esbuild.BuildOptions;

/** The preview pane's script, bundled once per change of what it is made of. */
export function previewBundle(): KeptScript {
  return keptScript('admin-preview', options, 'preview script');
}

/** previewBundle, bundled in esbuild's process while the build goes on. */
export const previewBundleSoon = (): Promise<KeptScript> => keptScriptSoon('admin-preview', options, 'preview script');
