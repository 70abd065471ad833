/**
 * What the build command runs, in one module: lib/bundled-pipeline.ts loads
 * it as one bundled file when it can, and from the sources otherwise.
 */
export { buildSite, projectRoot } from './build-site.ts';
export { formatReport } from './stages/report.ts';
