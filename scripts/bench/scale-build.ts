/**
 * One build of the scale benchmark, run by scripts/bench/run.ts in a process of
 * its own for each size, cold or warm, so that no run profits from another's
 * heap or compiled code:
 *
 *   node --import tsx scripts/bench/scale-build.ts --routes 10000 --content DIR --out DIR --kept DIR
 *
 * Builds the content with the real pipeline and the route table of
 * scale-site.tsx, and prints one line of JSON: the routes, the files and how
 * long buildSite() took.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { setUpBuildWithNothingKept } from '../lib/one-build.js';

const { values } = parseArgs({
  options: {
    routes: { type: 'string' },
    content: { type: 'string' },
    out: { type: 'string' },
    kept: { type: 'string' },
  },
});
if (!values.routes || !values.content || !values.out || !values.kept)
  throw new Error('usage: scale-build.ts --routes N --content DIR --out DIR --kept DIR');

// As the build command does, before the build is loaded: React's production build, chosen when React is first
// imported; and for the cold run (nothing kept yet), V8 as for the command's build with nothing kept.
process.env.NODE_ENV ??= 'production';
if (!existsSync(values.kept)) setUpBuildWithNothingKept();
const { buildSite } = await import('../build-site.ts');
const { scaleRoutes } = await import('./scale-site.tsx');

const started = performance.now();
const { report } = await buildSite({
  contentDir: values.content,
  outDir: values.out,
  keptIn: values.kept,
  routes: scaleRoutes(Number(values.routes)),
  // The same bytes on every run: no date or commit of the moment.
  today: '2026-01-15',
  commit: null,
});
const buildMs = performance.now() - started;
console.log(JSON.stringify({ routes: report.pages.length, files: report.totals.files, buildMs }));
