/**
 * The build command runs the pipeline from one bundled file, kept in
 * node_modules/.cache/ and made again whenever one of its source files or the
 * installed packages change. Loaded from the sources, the pipeline is some 200
 * modules, each resolved and (for TypeScript) transformed through tsx. One ES
 * module file loads in a fraction of that, and V8 compiles only the functions
 * the build calls: measured paired on the real site, a build from the sources
 * takes 30 % (tsx's cache warm) to 46 % (cold) longer on Node 20, and 55 % to
 * 71 % longer on Node 24 even with Node's module compile cache.
 *
 * The cache only ever saves time: a missing, stale or broken bundle means the
 * pipeline is loaded from the sources, as the dev server and the tests always do.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';

/** The pipeline's entry module, and the module this file is (both say how the bundle is made). */
const entryFile = 'scripts/pipeline.ts';
const thisFile = 'scripts/lib/bundled-pipeline.ts';

interface Manifest {
  key: string;
  /** The project files bundled, relative to the project root; packages are covered by npm's record of node_modules. */
  inputs: string[];
}

/** One folder per project: tests link copies of the project to this node_modules. */
export const cacheFolder = (projectRoot: string) =>
  path.join(
    projectRoot,
    'node_modules',
    '.cache',
    'eccron-pipeline',
    createHash('sha256').update(projectRoot).digest('hex').slice(0, 12),
  );

async function keyOf(projectRoot: string, inputs: string[]): Promise<string> {
  const hash = createHash('sha256');
  // This file too: it says how the bundle is made.
  for (const file of [...inputs, thisFile, 'tsconfig.json', 'node_modules/.package-lock.json']) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(projectRoot, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Loads the pipeline (scripts/pipeline.ts): from the bundle when it is up to
 * date, or else from the sources, through `fromSources`, while the bundle is
 * made for the next build (`saved` settles when it is).
 */
export async function loadPipeline<Pipeline>(
  projectRoot: string,
  fromSources: () => Promise<Pipeline>,
): Promise<{ pipeline: Pipeline; saved: Promise<void> }> {
  const folder = cacheFolder(projectRoot);
  try {
    const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.key === (await keyOf(projectRoot, manifest.inputs))) {
      const pipeline = (await import(
        pathToFileURL(path.join(folder, `pipeline-${manifest.key}.mjs`)).href
      )) as Pipeline;
      return { pipeline, saved: Promise.resolve() };
    }
  } catch {
    // No bundle yet, or one that cannot be read: the sources will do.
  }
  const pipeline = await fromSources();
  const saved = savePipeline(projectRoot, folder).catch(() => {});
  return { pipeline, saved };
}

async function savePipeline(projectRoot: string, folder: string): Promise<void> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: projectRoot,
    entryPoints: [entryFile],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    jsx: 'automatic',
    // The build command always renders with React's production build (see build.ts): only it is bundled.
    define: { 'process.env.NODE_ENV': '"production"' },
    // Less to parse; names are kept, so a stack trace still reads.
    minifyWhitespace: true,
    minifySyntax: true,
    // esbuild runs its own binary, found next to its package.
    external: ['esbuild'],
    // Bundled CommonJS packages (React, fast-glob) require Node's built-in modules.
    banner: {
      js: `import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);`,
    },
    plugins: [keepModuleUrls, shareProblems],
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs)
    .filter((file) => !file.includes('node_modules'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  const key = await keyOf(projectRoot, inputs);
  await mkdir(folder, { recursive: true });
  // Another build may be reading the previous bundle: each has its own name, and the manifest is replaced whole.
  const bundle = `pipeline-${key}.mjs`;
  const temporary = path.join(folder, `.${process.pid}.tmp`);
  await writeFile(temporary, result.outputFiles[0]!.contents);
  await rename(temporary, path.join(folder, bundle));
  await writeFile(temporary, JSON.stringify({ key, inputs } satisfies Manifest));
  await rename(temporary, path.join(folder, 'manifest.json'));
  for (const name of await readdir(folder)) {
    if (name.startsWith('pipeline-') && name !== bundle) await rm(path.join(folder, name), { force: true });
  }
}

/** A module that finds files beside itself (import.meta.url) is given its own address, not the bundle's. */
const keepModuleUrls: esbuild.Plugin = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes('node_modules')) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/**
 * lib/problems.ts is imported from its source, not bundled: the build command
 * (and the client bundle it starts before loading the pipeline) then share
 * one BuildError class with the pipeline, and instanceof holds across them.
 */
const shareProblems: esbuild.Plugin = {
  name: 'share-problems',
  setup(build) {
    build.onResolve({ filter: /\/problems\.ts$/ }, (args) => {
      const file = path.resolve(args.resolveDir, args.path);
      return file === path.join(build.initialOptions.absWorkingDir!, 'scripts', 'lib', 'problems.ts')
        ? { path: pathToFileURL(file).href, external: true }
        : undefined;
    });
  },
};
