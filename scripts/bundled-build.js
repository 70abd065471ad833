/**
 * `npm run build` runs the build command (scripts/build.ts) from one bundled
 * ES module file, kept in node_modules/.cache/ and made again whenever one of
 * its source files or the installed packages change. Plain Node loads that
 * file: no TypeScript loader is started, and one file loads in a fraction of
 * the time some 200 modules take through tsx. This file is JavaScript so that
 * Node runs it as it is.
 *
 * The bundle only ever saves time: a missing, stale or broken bundle means the
 * command is loaded from its sources through tsx, as the dev server and the
 * tests do, while the bundle is made for the next build.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeFileAtomic } from './lib/atomic-write.js';

/** The command bundled, and the files that say how (this one and its starter). */
const entryFile = 'scripts/build.ts';
const howFiles = ['scripts/bundled-build.js', 'scripts/run-build.js', 'tsconfig.json'];

/**
 * One folder per project: tests link copies of the project to this node_modules.
 * @param {string} projectRoot
 */
export const cacheFolder = (projectRoot) =>
  path.join(
    projectRoot,
    'node_modules',
    '.cache',
    'eccron-build',
    createHash('sha256').update(projectRoot).digest('hex').slice(0, 12),
  );

/**
 * The bundle's key: its project files' bytes and npm's record of the installed packages.
 * Read synchronously: some 75 small files, which one by one through the thread pool
 * took 20 times as long on a busy machine (3 ms against 50-170 ms).
 * @param {string} projectRoot
 * @param {string[]} inputs project files bundled, relative to the project root
 */
function keyOf(projectRoot, inputs) {
  const hash = createHash('sha256');
  for (const file of keyFiles(inputs)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(projectRoot, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** @param {string[]} inputs */
const keyFiles = (inputs) => [...inputs, ...howFiles, 'node_modules/.package-lock.json'];

/**
 * The size and time of change of each file of the key: while none differs from when the key was taken,
 * the files are not read again (stat is a tenth of the cost).
 * @param {string} projectRoot
 * @param {string[]} inputs
 */
const stampOf = (projectRoot, inputs) =>
  keyFiles(inputs)
    .map((file) => {
      const { size, mtimeMs } = statSync(path.join(projectRoot, file));
      return `${size}:${mtimeMs}`;
    })
    .join(' ');

/**
 * Runs the build command: from the bundle when it is up to date, or else from
 * the sources, making the bundle meanwhile.
 * @param {string} projectRoot
 */
export async function runBuild(projectRoot) {
  const folder = cacheFolder(projectRoot);
  /** @type {string | undefined} */
  let bundle;
  try {
    /** @type {{ key: string, inputs: string[], stamp?: string }} */
    const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
    const { key, inputs, stamp } = manifest;
    if (stamp === stampOf(projectRoot, inputs) || key === keyOf(projectRoot, inputs)) {
      bundle = path.join(folder, `build-${key}.mjs`);
    }
  } catch {
    // No bundle yet, or one that cannot be read: the sources will do.
  }
  if (bundle) {
    try {
      await import(pathToFileURL(bundle).href);
      return;
    } catch (error) {
      // The command reports its own failures; a throw here is a bundle that does not load.
      if (!(error instanceof SyntaxError)) throw error;
    }
  }
  const saved = saveBundle(projectRoot, folder).catch(() => {});
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(projectRoot, entryFile)).href);
  await saved;
}

/**
 * @param {string} projectRoot
 * @param {string} folder
 */
async function saveBundle(projectRoot, folder) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: projectRoot,
    entryPoints: [entryFile],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    jsx: 'automatic',
    // The build command always renders with React's production build (see run-build.js): only it is bundled.
    define: { 'process.env.NODE_ENV': '"production"' },
    // Less to parse; names are kept, so a stack trace still reads.
    minifyWhitespace: true,
    minifySyntax: true,
    // Bundled CommonJS packages (React, fast-glob) require Node's built-in modules.
    banner: {
      js: `import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);`,
    },
    plugins: [keepModuleUrls, requireEsbuild, staticMarkupOnly],
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs)
    // Project files only: packages are covered by npm's record, and require-esbuild:esbuild is no file.
    .filter((file) => !file.includes('node_modules') && !file.startsWith('require-esbuild:'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  const key = keyOf(projectRoot, inputs);
  // Another build may be reading the previous bundle: each has its own name, and the manifest is replaced whole.
  const bundle = `build-${key}.mjs`;
  const { contents } = /** @type {import('esbuild').OutputFile} */ (result.outputFiles[0]);
  writeFileAtomic(path.join(folder, bundle), contents);
  writeFileAtomic(
    path.join(folder, 'manifest.json'),
    JSON.stringify({ key, inputs, stamp: stampOf(projectRoot, inputs) }),
  );
  for (const name of await readdir(folder)) {
    if (name.startsWith('build-') && name !== bundle) await rm(path.join(folder, name), { force: true });
  }
}

/**
 * esbuild runs its own binary, found next to its package, so the package is
 * left out of the bundle; and it is CommonJS, so it is required, not imported:
 * Node scans a CommonJS module imported from an ES module for its exports,
 * which took 60-270 ms on the busy shared machine (require: 16-54 ms).
 * @type {import('esbuild').Plugin}
 */
const requireEsbuild = {
  name: 'require-esbuild',
  setup(build) {
    build.onResolve({ filter: /^esbuild$/ }, (args) =>
      args.namespace === 'require-esbuild'
        ? { path: 'esbuild', external: true }
        : { path: 'esbuild', namespace: 'require-esbuild' },
    );
    build.onLoad({ filter: /.*/, namespace: 'require-esbuild' }, () => ({
      contents: "module.exports = require('esbuild');",
      loader: 'js',
    }));
  },
};

/**
 * A module that finds files beside itself (import.meta.url) is given its own address, not the bundle's.
 * @type {import('esbuild').Plugin}
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.(?:tsx?|js)$/ }, async (args) => {
      if (args.path.includes('node_modules')) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return {
        // Only the expression: a quoted 'import.meta.url' (an esbuild define key) stays a name.
        contents: source.replace(
          /(?<!['"`])\bimport\.meta\.url\b(?!['"`])/g,
          JSON.stringify(pathToFileURL(args.path).href),
        ),
        loader: args.path.endsWith('.js') ? 'js' : args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/**
 * react-dom/server is two renderers: the streaming one (300 KB) and the legacy
 * one of renderToString and renderToStaticMarkup, the only functions the build
 * calls. The bundle takes the second alone, a third less code to load.
 * @type {import('esbuild').Plugin}
 */
const staticMarkupOnly = {
  name: 'static-markup-only',
  setup(build) {
    build.onResolve({ filter: /^react-dom\/server$/ }, (args) => {
      const server = createRequire(path.join(args.resolveDir, 'x.js')).resolve('react-dom/server');
      return { path: path.join(path.dirname(server), 'cjs', 'react-dom-server-legacy.node.production.js') };
    });
  },
};
