/**
 * `npm run build` runs the build command (scripts/build.ts) from one bundled
 * script, kept in node_modules/.cache/ and made again whenever one of its
 * source files or the installed packages change. Plain Node loads that file:
 * no TypeScript loader is started, and one file loads in a fraction of the
 * time some 200 modules take through tsx. Beside it, V8's compiled code of
 * every function a build ran, taken after the first build from the bundle
 * that succeeded, so that later builds compile next to nothing. This file is
 * JavaScript so that Node runs it as it is.
 *
 * The bundle only ever saves time: a missing, stale or broken bundle means the
 * command is loaded from its sources through tsx, as the dev server and the
 * tests do, while the bundle is made for the next build; compiled code that is
 * missing, damaged or of another V8 is compiled again.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';
import { writeFileAtomic } from './lib/atomic-write.js';
import { projectFiles, startBrowserBundles } from './lib/browser-bundles.js';
import { setUpBuildWithNothingKept } from './lib/one-build.js';

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
 * The bundle of the command when it is up to date: made from the files its manifest lists, as they are now.
 * @param {string} projectRoot
 * @param {string} folder
 */
function upToDateBundle(projectRoot, folder) {
  try {
    /** @type {{ key: string, inputs: string[], stamp?: string }} */
    const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
    const { key, inputs, stamp } = manifest;
    if (stamp === stampOf(projectRoot, inputs) || key === keyOf(projectRoot, inputs)) {
      return path.join(folder, `build-${key}.js`);
    }
  } catch {
    // No bundle yet, or one that cannot be read: the sources will do.
  }
  return undefined;
}

/**
 * Runs the build command: from the bundle when it is up to date, or else from
 * a bundle made now (esbuild, in its own process, reads the sources once for
 * this build and the next), or, when even that fails, from the sources.
 * @param {string} projectRoot
 */
export async function runBuild(projectRoot) {
  const folder = cacheFolder(projectRoot);
  const bundle = upToDateBundle(projectRoot, folder);
  const kept = bundle && loadBundle(bundle);
  if (kept) {
    await kept.buildCommand(kept.code);
    // The code of a build that succeeded: the functions every build runs.
    if (!process.exitCode) kept.keepCode();
    return;
  }
  // A build with no bundle (every CI run and deploy) is often the checkout's only one: it keeps no code, which would
  // only delay its exit; the next build keeps it. V8 is set for a build that makes everything (lib/one-build.js).
  setUpBuildWithNothingKept();
  const esbuild = loadEsbuild();
  // The scripts for the browser that are not kept either, in esbuild's process: the client bundle, which the pages
  // name, while it bundles the command; the editor's and the preview's, wanted only once the pages are rendered,
  // when the command is bundled. Started with it, they held it back (the four took both cores) while this process
  // had nothing to do; after it, esbuild makes them while this process loads the content and renders the pages.
  if (esbuild) startBrowserBundles(esbuild, projectRoot, ['client']);
  const made = esbuild && (await makeBundle(esbuild, projectRoot, folder).catch(() => undefined));
  if (esbuild) startBrowserBundles(esbuild, projectRoot, ['editor', 'preview']);
  const command = made && loadBundle(made.file, made.source);
  if (command) return command.buildCommand(command.code);
  const { register } = await import('tsx/esm/api');
  register();
  /** @type {{ buildCommand: () => Promise<void> }} */
  const { buildCommand } = await import(pathToFileURL(path.join(projectRoot, entryFile)).href);
  await buildCommand();
}

/**
 * esbuild, required: it is CommonJS, which import() first has Node's lexer read through for its names (some 20 ms of
 * a cold build). Undefined when it is not installed.
 * @returns {typeof import('esbuild') | undefined}
 */
function loadEsbuild() {
  try {
    return createRequire(import.meta.url)('esbuild');
  } catch {
    return undefined;
  }
}

/** V8's code for the bundle, of this V8 (another Node line's is kept beside it). @param {string} bundle */
const codeFile = (bundle) => bundle.replace(/\.js$/, `.${process.versions.v8}-${process.arch}.code`);

/**
 * The kept code, when it is of these very bytes of the bundle and whole: V8 only checks the length of the source
 * it was compiled from, so the file holds the CRC-32 of the bundle's bytes and of the code itself.
 * @param {string} bundle
 * @param {Buffer} source
 */
function keptCode(bundle, source) {
  try {
    const kept = readFileSync(codeFile(bundle));
    const code = kept.subarray(8);
    return kept.readUInt32LE(0) === crc32(source) && kept.readUInt32LE(4) === crc32(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The bundle compiled, with V8's kept code when there is some: the command, and a way to keep the code of every
 * function it ran once it has run (only when none was kept or V8 refused it). Undefined when the bundle does not
 * compile: a damaged file.
 * @param {string} bundle
 * @param {Buffer} [source] its bytes, when they are at hand
 */
function loadBundle(bundle, source = readFileSync(bundle)) {
  const cachedData = keptCode(bundle, source);
  /** @type {vm.Script} */
  let script;
  try {
    script = new vm.Script(source.toString('utf8'), { filename: bundle, cachedData });
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
  /** @type {{ exports: { buildCommand?: (code?: string) => Promise<void> } }} */
  const module = { exports: {} };
  const wrapper = script.runInThisContext();
  if (typeof wrapper !== 'function') return undefined;
  wrapper(module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
  const { buildCommand } = module.exports;
  if (typeof buildCommand !== 'function') return undefined;
  const keepCode = () => {
    if (cachedData && !script.cachedDataRejected) return;
    try {
      const code = script.createCachedData();
      const header = Buffer.alloc(8);
      header.writeUInt32LE(crc32(source), 0);
      header.writeUInt32LE(crc32(code), 4);
      writeFileAtomic(codeFile(bundle), Buffer.concat([header, code]));
    } catch {
      // A read-only node_modules only means compiling again next time.
    }
  };
  // The bundle's name holds its key, which names the code it runs (build-site.ts's `code`), with the CRC-32 of its
  // bytes: a bundle changed after it was made runs other code, and nothing kept under the key is its result.
  const key = /^build-([0-9a-f]{16})\.js$/.exec(path.basename(bundle))?.[1];
  const code = key && `${key}-${crc32(source).toString(16).padStart(8, '0')}`;
  return { buildCommand, keepCode, code };
}

/**
 * The command bundled from its sources as they are now, kept for the next builds: its file, and its bytes.
 * @param {typeof import('esbuild')} esbuild
 * @param {string} projectRoot
 * @param {string} folder
 */
async function makeBundle(esbuild, projectRoot, folder) {
  const result = await esbuild.build({
    absWorkingDir: projectRoot,
    entryPoints: [entryFile],
    bundle: true,
    platform: 'node',
    // A script, not a module: V8 keeps the compiled code of a script's every function (loadBundle), of a module only
    // what it compiles before running it. One function, given what a CommonJS module is, strict as a module is.
    format: 'cjs',
    banner: { js: "(function (exports, require, module, __filename, __dirname) {'use strict';" },
    footer: { js: '})' },
    // import() of a package left out (esbuild) becomes a require, which a script has.
    supported: { 'dynamic-import': false },
    target: 'node20.19',
    jsx: 'automatic',
    // The build command always renders with React's production build (see run-build.js): only it is bundled.
    define: { 'process.env.NODE_ENV': '"production"' },
    // Less to parse; names are kept, so a stack trace still reads.
    minifyWhitespace: true,
    minifySyntax: true,
    // esbuild runs its own binary, found next to its package: it stays where it is installed.
    external: ['esbuild'],
    plugins: [keepModuleUrls(projectRoot), staticMarkupOnly],
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  // Project files only: packages are covered by npm's record.
  const inputs = projectFiles(Object.keys(result.metafile.inputs));
  const key = keyOf(projectRoot, inputs);
  // Another build may be reading the previous bundle: each has its own name, and the manifest is replaced whole.
  const bundle = `build-${key}.js`;
  const source = Buffer.from(/** @type {import('esbuild').OutputFile} */ (result.outputFiles[0]).contents);
  try {
    writeFileAtomic(path.join(folder, bundle), source);
    writeFileAtomic(
      path.join(folder, 'manifest.json'),
      JSON.stringify({ key, inputs, stamp: stampOf(projectRoot, inputs) }),
    );
    // Older bundles go, with their code; this one's code is kept (another build may have made it meanwhile).
    for (const name of await readdir(folder)) {
      if (name.startsWith('build-') && !name.startsWith(`build-${key}.`))
        await rm(path.join(folder, name), { force: true });
    }
  } catch {
    // A read-only node_modules only means bundling again next time.
  }
  return { file: path.join(folder, bundle), source };
}

/**
 * A module that finds files beside itself (import.meta.url) is given its own address, not the bundle's. Only the
 * project's few such files are handed to this process (a filter of their paths): asking it about every file esbuild
 * reads, some 400 with the packages', cost a cold build a round trip each.
 * @param {string} projectRoot
 * @returns {import('esbuild').Plugin}
 */
const keepModuleUrls = (projectRoot) => ({
  name: 'keep-module-urls',
  setup(build) {
    const files = ['src', 'scripts'].flatMap((folder) =>
      readdirSync(path.join(projectRoot, folder), { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.(?:tsx?|js)$/.test(name))
        .map((name) => path.join(projectRoot, folder, name))
        .filter((file) => readFileSync(file, 'utf8').includes('import.meta.url')),
    );
    if (files.length === 0) return;
    const literal = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    build.onLoad({ filter: new RegExp(`^(?:${files.map(literal).join('|')})$`) }, async (args) => {
      const source = await readFile(args.path, 'utf8');
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
});

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
