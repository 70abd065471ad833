/**
 * One step of the scale benchmark, run by scripts/bench/run.ts in a fresh process
 * per size so that no size profits from another's warm JIT or heap:
 *
 *   tsx scripts/bench/scale-build.ts --routes 1000 --out /tmp/dir
 *
 * Generates a synthetic site of that many routes, builds it with the real
 * pipeline and prints one line of JSON with the figures.
 */
import { parseArgs } from 'node:util';

// As scripts/build.ts does: React's production build, chosen when React is
// first imported, so the pipeline is imported after this.
process.env.NODE_ENV ??= 'production';
const { buildSite } = await import('../build-site.ts');
const { syntheticSite } = await import('./synthetic-site.tsx');

export interface ScaleResult {
  routes: number;
  /** Pages written: the routes plus the 404 page. */
  pages: number;
  files: number;
  generateMs: number;
  /** buildSite() from start to finish: bundle, validate, render, check, write, report. */
  buildMs: number;
  /** Peak resident memory of this process, in bytes. */
  maxRss: number;
}

const { values } = parseArgs({ options: { routes: { type: 'string' }, out: { type: 'string' } } });
if (!values.routes || !values.out) throw new Error('usage: scale-build.ts --routes N --out DIR');

const generateStarted = performance.now();
const { content, routes } = syntheticSite(Number(values.routes));
const generateMs = performance.now() - generateStarted;

const buildStarted = performance.now();
const { report } = await buildSite({ content, routes, outDir: values.out });
const buildMs = performance.now() - buildStarted;

const result: ScaleResult = {
  routes: routes.length,
  pages: report.pages.length,
  files: report.totals.files,
  generateMs,
  buildMs,
  maxRss: process.resourceUsage().maxRSS * 1024,
};
console.log(JSON.stringify(result));
