/**
 * The dev server's build process (see dev.ts). It keeps the client bundle
 * between builds, so a content edit only reloads content and renders again.
 */
import { buildSite, type BuildCache } from './build-site.ts';
import { BuildError, formatProblem } from './lib/problems.ts';

export type DevBuildMessage =
  | { ok: true; milliseconds: number; reason: string; warnings: string[] }
  | { ok: false; error: string };

const [outDir, contentDir] = process.argv.slice(2) as [string, string];
const cache: BuildCache = {};

// Ends with the dev server, however that ends.
process.on('disconnect', () => process.exit(0));

process.on('message', async (reason: string) => {
  const started = performance.now();
  let message: DevBuildMessage;
  try {
    const { warnings } = await buildSite({ outDir, contentDir, cache });
    message = {
      ok: true,
      milliseconds: performance.now() - started,
      reason: reason === 'source' ? 'full build' : 'content and pages only',
      warnings: warnings.map((warning) => `${warning.where}: ${warning.message}`),
    };
  } catch (error) {
    message = {
      ok: false,
      error:
        error instanceof BuildError
          ? `${error.stage}: ${error.problems.length} problem(s)\n${error.problems.map(formatProblem).join('\n')}`
          : String((error as Error).stack ?? error),
    };
  }
  process.send!(message);
});
