/**
 * What scripts/test.ts hands the test processes it starts, so that a run makes
 * one build of each site and starts one Chromium, whatever the number of files:
 * the names of the variables, and the shape of what they hold. Only the test
 * helpers read them (test/helpers/site.ts, test/helpers/browser/chromium.ts);
 * a test file run alone finds them unset and builds and launches its own.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** JSON: the folder of each build made for the run, by the site it is of ({"fixture": …, "real": …}). */
export const sharedBuildsVariable = 'ECCRON_TEST_BUILDS';
/** The address of the run's Chromium, a Playwright browser server that each test file connects to. */
export const sharedBrowserVariable = 'ECCRON_TEST_BROWSER';

export type SharedSite = 'fixture' | 'real';

/** Inside a shared build's folder: the output, and the build's result beside it. */
export const sharedBuildFiles = { outDir: 'dist', result: 'result.json' } as const;

/** The shared build of `site`, when the run made one: its output folder and the result the build returned. */
export async function sharedBuild<Result>(
  site: SharedSite,
  env: NodeJS.ProcessEnv,
): Promise<{ outDir: string; result: Result } | undefined> {
  const folder = (JSON.parse(env[sharedBuildsVariable] ?? '{}') as Partial<Record<SharedSite, string>>)[site];
  if (!folder) return undefined;
  const result = JSON.parse(await readFile(path.join(folder, sharedBuildFiles.result), 'utf8')) as Result;
  return { outDir: path.join(folder, sharedBuildFiles.outDir), result };
}
