/**
 * How the build asks esbuild for the three scripts it makes for the browser:
 * the islands' client bundle and stylesheet (stages/bundle-client.ts), the
 * editor's script and the preview pane's (admin/editor-bundle.ts,
 * admin/preview/bundle.ts), each kept under node_modules/.cache/eccron-client/.
 * JavaScript, so that scripts/bundled-build.js, run by plain Node, can start
 * them before the command is loaded: a build with nothing kept (every CI run
 * and deploy) has esbuild make them while it bundles the command, not after,
 * and the command takes up what was started (takeStarted) instead of asking
 * again.
 *
 * Three calls, not one with three entries: esbuild has one format per call
 * (the client is split ES modules, the others IIFEs), and the editor's and
 * the preview's scripts resolve the modules they share (react, node:*)
 * differently, which one call, resolving each module once, cannot do while
 * keeping their bytes (docs/architecture.md, Performance).
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

const browsers = ['es2022', 'chrome111', 'firefox113', 'safari16.4'];
const preact = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
};

/**
 * The islands' entry and the stylesheet, as esbuild is asked to bundle them.
 * @param {string} root
 */
export const clientBundleOptions = (root) =>
  /** @satisfies {import('esbuild').BuildOptions & { write: false, metafile: true }} */ ({
    absWorkingDir: root,
    entryPoints: { client: 'src/islands/boot.ts', site: 'src/styles/site.css' },
    outdir: 'assets',
    entryNames: '[name]-[hash]',
    chunkNames: 'islands-[hash]',
    // The heading font (woff2 files the stylesheet names), hashed like the rest.
    assetNames: '[name]-[hash]',
    loader: { '.woff2': 'file' },
    splitting: true,
    bundle: true,
    minify: true,
    format: 'esm',
    target: browsers,
    jsx: 'automatic',
    alias: {
      react: preact.react,
      'react-dom': preact['react-dom'],
      'react-dom/client': 'preact/compat/client',
      'react/jsx-runtime': preact['react/jsx-runtime'],
    },
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });

const standIns = './scripts/admin/editor/node-stand-ins.ts';
/** react-dom/server in the editor's and the preview's scripts: preact draws into a detached element. */
const serverRendering = './scripts/admin/preview/server-rendering.ts';

/**
 * The site's own script on /admin/ (admin/editor-<hash>.js). What its modules ask of Node is answered in the
 * browser by editor/node-stand-ins.ts. It renders no page, yet the route table it reads the site's paths from
 * (deploy/entry-page.ts) imports every page: react resolved to preact/compat, as in the preview's script, keeps
 * React and its two server renderers (some 200 KB) out of what every editor downloads and compiles.
 * @param {string} root
 */
export const editorScriptOptions = (root) =>
  /** @satisfies {import('esbuild').BuildOptions & { write: false, metafile: true }} */ ({
    absWorkingDir: root,
    entryPoints: ['scripts/admin/editor-companion.ts'],
    outdir: 'admin',
    entryNames: 'editor-[hash]',
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: browsers,
    alias: {
      react: preact.react,
      'react-dom': preact['react-dom'],
      'react-dom/server': serverRendering,
      'react/jsx-runtime': preact['react/jsx-runtime'],
      'node:path': standIns,
      'node:fs': standIns,
      'node:module': standIns,
    },
    inject: [standIns],
    // import.meta.url only reaches createRequire, which the stand-in answers without it.
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.url': '""' },
    legalComments: 'none',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });

const builtins = './scripts/admin/preview/node-builtins.ts';

/**
 * The preview pane's script (admin/preview-<hash>.js), with react resolved to preact/compat as the client bundle
 * does.
 * @param {string} root
 */
export const previewScriptOptions = (root) =>
  /** @satisfies {import('esbuild').BuildOptions & { write: false, metafile: true }} */ ({
    absWorkingDir: root,
    entryPoints: ['scripts/admin/preview/browser.tsx'],
    outdir: 'admin',
    entryNames: 'preview-[hash]',
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: browsers,
    jsx: 'automatic',
    alias: {
      react: preact.react,
      'react-dom': preact['react-dom'],
      'react-dom/server': serverRendering,
      'react/jsx-runtime': preact['react/jsx-runtime'],
      // src/time-zones.ts reads the pinned tz data with Node's modules, editor-places.ts imports node:path: in the
      // browser, node-builtins.ts answers.
      'node:fs': builtins,
      'node:module': builtins,
      'node:path': builtins,
    },
    // import.meta.url only reaches createRequire, which node-builtins.ts answers without it.
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.url': '""' },
    legalComments: 'none',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });

/** @param {string} root */
const cacheFolder = (root) => path.join(root, 'node_modules', '.cache', 'eccron-client');

/**
 * Where each script is kept between builds: one client bundle per project (tests link copies of the project to
 * one node_modules), and the editor's and the preview pane's scripts.
 * @param {string} root
 */
export const keptFiles = (root) => ({
  client: path.join(
    cacheFolder(root),
    `${createHash('sha256').update(root).update('\0').digest('hex').slice(0, 16)}.json`,
  ),
  // A line of JSON, then the script's bytes (admin/kept-script.ts).
  editor: path.join(cacheFolder(root), 'admin-editor.kept'),
  preview: path.join(cacheFolder(root), 'admin-preview.kept'),
});

/**
 * The project's own files among esbuild's inputs, with forward slashes, in order: a kept bundle is keyed and stamped
 * by them and npm's record of the installed packages (node_modules/.package-lock.json), which covers every file of a
 * package, as the command's bundle is (bundled-build.js). The editor's and the preview pane's scripts read some 90
 * files of packages each beside their own 115 and 87, every one stated by a warm build and read again to keep them.
 * @param {string[]} inputs esbuild's metafile's, relative to the root
 */
export const projectFiles = (inputs) =>
  inputs
    .filter((file) => !file.includes('node_modules'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();

/**
 * The options and the size and time of change of each file a kept script was made from (and npm's record of the
 * packages): while none differs from when it was kept, its files are not read again to tell whether it is up to date
 * (a stat is a tenth of the cost of reading and hashing).
 * @param {string} root
 * @param {object} options
 * @param {string[]} inputs relative to `root` (projectFiles)
 */
export function inputsStamp(root, options, inputs) {
  const stamps = [...inputs, 'node_modules/.package-lock.json'].map((file) => {
    const { size, mtimeMs } = statSync(path.join(root, file));
    return `${size}:${mtimeMs}`;
  });
  return `${createHash('sha256').update(JSON.stringify(options)).digest('hex').slice(0, 16)} ${stamps.join(' ')}`;
}

/**
 * The builds started before the command was loaded, by their options. On globalThis: the command's bundle holds
 * its own copy of this module.
 */
const registry = /** @type {{ [key: symbol]: Map<string, Promise<unknown>> | undefined }} */ (globalThis);
const key = Symbol.for('eccron.browser-bundles');
/** @type {Map<string, Promise<unknown>>} */
const started = registry[key] ?? new Map();
registry[key] = started;

/**
 * Starts in esbuild's process each of the scripts named that is not kept at all; one kept but out of date is the
 * command's to see (it reads every input to tell).
 * @param {{ build: (options: object) => Promise<unknown> }} esbuild
 * @param {string} root
 * @param {('client' | 'editor' | 'preview')[]} names
 */
export function startBrowserBundles(esbuild, root, names) {
  const files = keptFiles(root);
  const all = { client: clientBundleOptions, editor: editorScriptOptions, preview: previewScriptOptions };
  for (const name of names) {
    const optionsOf = all[name];
    if (existsSync(files[name])) continue;
    const options = optionsOf(root);
    const build = esbuild.build(options);
    // Taken up and its failure reported by the command; one it never takes (the content refused) fails quietly.
    build.catch(() => {});
    started.set(JSON.stringify(options), build);
  }
}

/**
 * The build of `options` started before the command was loaded, once; undefined when none was.
 * @template T
 * @param {object} options
 * @returns {Promise<T> | undefined}
 */
export function takeStarted(options) {
  const key = JSON.stringify(options);
  const build = started.get(key);
  started.delete(key);
  return /** @type {Promise<T> | undefined} */ (build);
}
