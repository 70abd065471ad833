/**
 * The scale part of `npm run bench`: how the build grows. 1,000 and 10,000
 * routes (scale-site.tsx: the real layout with both islands, one citation
 * each, around the fixture site) built by buildSite() in a process of their
 * own (scale-build.ts), and a theme of some 1,690 real entries (two real
 * libraries of test/fixtures/, imported by `npm run cite -- import` as a
 * maintainer would) built by the build command itself; each cold (no
 * node_modules/.cache/eccron-*) and then warm, wall time and peak memory.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { projectRoot } from '../lib/project-root.js';

/** One command's time from spawn to exit, its process's CPU time (user + system) and peak memory, as run.ts runs builds. */
export type Measure = (command: string, env?: Record<string, string>) => Promise<Measured>;

interface Measured {
  ms: number;
  cpu: number;
  peak: number;
}

export interface ScaleRun {
  name: string;
  routes?: number;
  cold: Measured;
  warm: Measured;
}

const quote = (text: string) => JSON.stringify(text);
const fixtureContent = path.join(projectRoot, 'test', 'fixtures', 'content');
/** The two libraries of theme-page-size.test.ts: a researcher's Zotero library and another's BibTeX library. */
const libraries = ['test/fixtures/libraries/zotero-library-1053.bib', 'test/fixtures/doi/import/bbt-873-library.bib'];

/** Removes what the build command of the checkout at `root` keeps between builds: the next build is cold. */
export const removeCaches = (root: string) =>
  Promise.all(
    ['eccron-build', 'eccron-client', 'eccron-kept'].map((name) =>
      rm(path.join(root, 'node_modules', '.cache', name), { recursive: true, force: true }),
    ),
  );

/** Cold: none of the build's caches; then warm, with what the cold run kept. */
async function coldThenWarm(measure: Measure, command: string, before: () => Promise<unknown>) {
  await before();
  const cold = await measure(command);
  const warm = await measure(command);
  return { cold, warm };
}

/** `count` routes of scale-site.tsx built by buildSite(), with its kept results in `work`. */
function routesRun(measure: Measure, work: string, count: number): Promise<ScaleRun> {
  const folder = path.join(work, `scale-${count}`);
  const kept = path.join(folder, 'kept');
  const command = [
    'node --import tsx scripts/bench/scale-build.ts',
    `--routes ${count} --content ${quote(fixtureContent)}`,
    `--out ${quote(path.join(folder, 'dist'))} --kept ${quote(kept)}`,
  ].join(' ');
  return coldThenWarm(measure, command, () =>
    Promise.all([removeCaches(projectRoot), rm(kept, { recursive: true, force: true })]),
  ).then((runs) => ({ name: `${count.toLocaleString('en')} routes`, routes: count, ...runs }));
}

/**
 * Imports the libraries into a copy of the fixture site as `npm run cite -- import` does, offline: the copy's e-mail
 * is a placeholder, so no free copy is asked for (and every service points at a closed local port besides).
 */
async function themeContent(work: string): Promise<{ folder: string; entries: number }> {
  const folder = path.join(work, 'theme-content');
  await cp(fixtureContent, folder, { recursive: true });
  const closed = 'http://127.0.0.1:9';
  for (const library of libraries) {
    // Exit code 1: some entries of a real library are refused (named by the command); the others are imported.
    const args = ['--import', 'tsx', 'scripts/cite.ts', 'import', library, '--theme', 'first-example'];
    const child = spawn(process.execPath, [...args, '--content', folder], {
      cwd: projectRoot,
      env: { ...process.env, OPEN_ACCESS_API: closed, DOI_RESOLVER: closed, CROSSREF_API: closed },
      stdio: 'ignore',
    });
    await once(child, 'exit');
  }
  const publications = parse(await readFile(path.join(folder, 'publications.yml'), 'utf8')) as Record<
    string,
    unknown[]
  >;
  return { folder, entries: publications['first-example']?.length ?? 0 };
}

/** Every scale run; `buildCommand` is package.json's build, run with `--content` and `--out`. */
export async function scaleRuns(measure: Measure, work: string, buildCommand: string) {
  const runs = [await routesRun(measure, work, 1000), await routesRun(measure, work, 10000)];
  const theme = await themeContent(work);
  const out = path.join(work, 'theme-dist');
  const command = `${buildCommand} --content ${quote(theme.folder)} --out ${quote(out)} --report ${quote(path.join(work, 'theme-report.json'))}`;
  runs.push({
    name: `a theme of ${theme.entries.toLocaleString('en')} real entries`,
    ...(await coldThenWarm(measure, command, () => removeCaches(projectRoot))),
  });
  return runs;
}

/** What one more route costs, from the 1,000 and 10,000 routes runs: milliseconds and bytes of peak memory. */
export function growthPerRoute(runs: ScaleRun[], kind: 'cold' | 'warm') {
  const [small, large] = runs.filter((run) => run.routes);
  const routes = large!.routes! - small!.routes!;
  return {
    ms: (large![kind].ms - small![kind].ms) / routes,
    bytes: (large![kind].peak - small![kind].peak) / routes,
  };
}
