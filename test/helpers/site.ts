import { cp, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import type { BuildOptions, BuildResult } from '../../scripts/build-site.ts';
import { type SharedSite, sharedBuild } from '../../scripts/lib/test-run.ts';
import { loadContent } from '../../scripts/stages/load-content.ts';
import { outputFile } from '../../src/urls.ts';

/** The small made-up site the build and browser tests run on. */
export const fixtureContentDir = path.resolve('test/fixtures/content');
/** The real content, for the spec's fixed strings and counts only. */
export const realContentDir = path.resolve('content');

const temporaryFolders: string[] = [];
after(async () => {
  await Promise.all(temporaryFolders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A fresh temporary folder, removed when the test file ends. */
export async function temporaryFolder(prefix = 'eccron-test-'): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  temporaryFolders.push(folder);
  return folder;
}

/**
 * A temporary copy of the project's code (with `content`, its content too) and
 * a link to its node_modules, for tests that run the project's commands where
 * a mistake can harm only the copy. The copy is a folder of its own inside a
 * temporary folder, so what lies beside it is known.
 */
export async function projectCopy({ content = false } = {}): Promise<string> {
  const project = path.join(await temporaryFolder('eccron-project-'), 'project');
  for (const part of [
    ...(content ? ['content'] : []),
    'src',
    'scripts',
    'public',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
  ]) {
    await cp(path.resolve(part), path.join(project, part), { recursive: true });
  }
  // A junction needs no special rights on Windows; elsewhere it is a plain symlink.
  await symlink(path.resolve('node_modules'), path.join(project, 'node_modules'), 'junction');
  return project;
}

/** Builds a site (the fixture content unless told otherwise) into a temporary folder and returns where it is. */
export async function buildIntoTemporaryFolder(
  options: Omit<BuildOptions, 'outDir'> = {},
): Promise<{ outDir: string; result: BuildResult }> {
  const outDir = path.join(await temporaryFolder(), 'dist');
  // Imported when a file builds: most files only read the run's shared builds, and the build is some 200 modules.
  const { buildSite } = await import('../../scripts/build-site.ts');
  const result = await buildSite({ contentDir: fixtureContentDir, ...options, outDir });
  return { outDir, result };
}

const built = new Map<SharedSite, Promise<{ outDir: string; result: BuildResult }>>();

/**
 * The build of `site` made once for the whole run by scripts/test.ts, or, in
 * a file run alone, one made for this file. Only to read: scripts/test.ts
 * fails the run when a file of a shared build has changed.
 */
function sharedSite(site: SharedSite, contentDir: string) {
  let build = built.get(site);
  if (!build) {
    build = sharedBuild<BuildResult>(site, process.env).then(
      (shared) => shared ?? buildIntoTemporaryFolder({ contentDir }),
    );
    built.set(site, build);
  }
  return build;
}

/** One build of the fixture site, shared by every test of the run that only reads it. */
export const builtSite = () => sharedSite('fixture', fixtureContentDir);

/** One build of the real content, for the checks of the spec's fixed strings and counts. */
export const builtRealSite = () => sharedSite('real', realContentDir);

/** The fixture content as the build reads it. */
export const fixtureContent = async () => (await loadContent(fixtureContentDir)).content;

/** The HTML of a route ('/research') or an output file ('404.html'). */
export async function readPage(outDir: string, routeOrFile: string): Promise<string> {
  const file = routeOrFile.startsWith('/') ? outputFile(routeOrFile) : routeOrFile;
  return readFile(path.join(outDir, file), 'utf8');
}
