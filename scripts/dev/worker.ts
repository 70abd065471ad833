/**
 * The dev server's build process (see server.ts). It keeps the client bundle
 * between content builds, so a content edit only reloads content and
 * renders again; a stylesheet edit bundles again in the same process.
 */
import type { CmsTarget } from '../admin/cms-backend.ts';
import type { BuildCache } from '../build-site.ts';
import { BuildError, formatProblem } from '../lib/problems.ts';

/** What server.ts asks for: content and public/ only, the stylesheet too, or everything in a fresh process. */
export type DevBuildKind = 'content' | 'style' | 'source';

export type DevBuildMessage =
  | { ok: true; milliseconds: number; reason: string; warnings: string[]; stylesheet: string }
  | { ok: false; error: string; doiOnly?: string };

const [outDir, contentDir, cmsTarget] = process.argv.slice(2) as [string, string, string];
/** Where the CMS saves, as the dev server read it from its environment. */
const cms = JSON.parse(cmsTarget) as CmsTarget;
const cache: BuildCache = {};
const reasons: Record<DevBuildKind, string> = {
  content: 'content and pages only',
  style: 'stylesheet and pages',
  source: 'full build',
};

// Ends with the dev server, however that ends.
process.on('disconnect', () => process.exit(0));

const describe = (error: unknown) =>
  error instanceof BuildError
    ? `${error.stage}: ${error.problems.length} problem(s)\n${error.problems.map(formatProblem).join('\n')}`
    : String((error as Error)?.stack ?? error);

// Whatever escapes a build (a rejected promise of a page component, say) is
// shown like a build error instead of ending the process unannounced.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error) => process.send!({ ok: false, error: describe(error) } satisfies DevBuildMessage));
}

process.on('message', async (kind: DevBuildKind) => {
  const started = performance.now();
  let message: DevBuildMessage;
  try {
    // Imported here, not at the top: src/ is imported through it, and a
    // syntax error there must become an error message, not a dead process.
    const { buildSite } = await import('../build-site.ts');
    if (kind === 'style') delete cache.client;
    const { warnings } = await buildSite({ outDir, contentDir, cache, cms });
    message = {
      ok: true,
      milliseconds: performance.now() - started,
      reason: reasons[kind],
      warnings: warnings.map((warning) => `${warning.where}: ${warning.message}`),
      stylesheet: `/${cache.client!.assets.css}`,
    };
  } catch (error) {
    message = { ok: false, error: describe(error) };
    // Publications saved as a DOI alone (the CMS's form): one line naming them and the command that fills them.
    // This server stays offline; that command asks the DOI registries.
    if (error instanceof BuildError) {
      const { doiOnlyLine } = await import('../stages/content/doi-only.ts');
      const line = doiOnlyLine(error.problems);
      if (line) message.doiOnly = line;
    }
  }
  process.send!(message);
});
