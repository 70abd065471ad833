/**
 * What scripts/test.ts hands the test processes it starts, so that a run makes
 * one build of each site and starts one Chromium, whatever the number of files:
 * the names of the variables, and the shape of what they hold. Only the test
 * helpers read them (test/helpers/site.ts, test/helpers/browser/chromium.ts);
 * a test file run alone finds them unset and builds and launches its own.
 */
import { existsSync, watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** JSON: the folder of each build made for the run, by the site it is of ({"fixture": …, "real": …}). */
export const sharedBuildsVariable = 'ECCRON_TEST_BUILDS';
/** The address of the run's Chromium, a Playwright browser server that each test file connects to. */
export const sharedBrowserVariable = 'ECCRON_TEST_BROWSER';

export type SharedSite = 'fixture' | 'real';

/**
 * Inside a shared build's folder: the output, the build's result beside it once the build is done (moved into place
 * whole), or the word that it failed. The test files start while the builds run; a file that reads one waits for it.
 */
export const sharedBuildFiles = { outDir: 'dist', result: 'result.json', failed: 'failed' } as const;

/** Resolves once one of `names` is in `folder` (watched, so the wait ends with the file's arrival), with its name. */
function arrival(folder: string, names: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const watcher = watch(folder);
    const look = () => {
      const found = names.find((name) => existsSync(path.join(folder, name)));
      if (found === undefined) return;
      watcher.close();
      resolve(found);
    };
    watcher.on('change', look);
    watcher.on('error', (error) => {
      watcher.close();
      reject(error);
    });
    look();
  });
}

/**
 * The shared build of `site`, when the run makes one, once it is made: its output folder and the result the build
 * returned; undefined when the run makes none, or its build failed (the file then builds its own, and fails with the
 * build's words).
 */
export async function sharedBuild<Result>(
  site: SharedSite,
  env: NodeJS.ProcessEnv,
): Promise<{ outDir: string; result: Result } | undefined> {
  const folder = (JSON.parse(env[sharedBuildsVariable] ?? '{}') as Partial<Record<SharedSite, string>>)[site];
  if (!folder) return undefined;
  if ((await arrival(folder, [sharedBuildFiles.result, sharedBuildFiles.failed])) === sharedBuildFiles.failed)
    return undefined;
  const result = JSON.parse(await readFile(path.join(folder, sharedBuildFiles.result), 'utf8')) as Result;
  return { outDir: path.join(folder, sharedBuildFiles.outDir), result };
}
