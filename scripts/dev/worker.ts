/**
 * The dev server's build process (see server.ts). It keeps the client bundle
 * between content builds, so a content edit only reloads content and
 * renders again; a stylesheet edit bundles again in the same process. A
 * publication that holds only its DOI is shown as pending, not refused: the
 * preview keeps following every edit while the DOI waits to be filled in.
 */
import type { CmsTarget } from '../lib/cms-backend.ts';
import type { BuildCache } from '../build-site.ts';
import { BuildError, formatProblem, type Problem } from '../lib/problems.ts';

/** What server.ts asks for: content and public/ only, the stylesheet too, or everything in a fresh process. */
export type DevBuildKind = 'content' | 'style' | 'source';

export type DevBuildMessage =
  | {
      ok: true;
      milliseconds: number;
      reason: string;
      warnings: Problem[];
      stylesheet: string;
      /** The dev server's one line naming the publications shown as pending. */
      doiOnly?: string;
    }
  | { ok: false; error: string; stage?: string; problems?: Problem[]; doiOnly?: string };

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

/** Publications that hold only a DOI, in one line naming them and the command that fills them (no network here). */
const doiOnlyLine = async (problems: Problem[]) =>
  (await import('../stages/content/doi-only.ts')).doiOnlyLine(problems);

async function build(kind: DevBuildKind): Promise<DevBuildMessage> {
  const started = performance.now();
  try {
    // Imported here, not at the top: src/ is imported through it, and a
    // syntax error there must become an error message, not a dead process.
    const { buildSite } = await import('../build-site.ts');
    if (kind === 'style') delete cache.client;
    const { warnings } = await buildSite({ outDir, contentDir, cache, cms, doiOnly: 'pending' });
    const line = await doiOnlyLine(warnings);
    return {
      ok: true,
      milliseconds: performance.now() - started,
      reason: reasons[kind],
      warnings,
      stylesheet: `/${cache.client!.assets.css}`,
      ...(line ? { doiOnly: line } : {}),
    };
  } catch (error) {
    if (!(error instanceof BuildError)) return { ok: false, error: describe(error) };
    const line = await doiOnlyLine(error.problems);
    return {
      ok: false,
      error: describe(error),
      stage: error.stage,
      problems: error.problems,
      ...(line ? { doiOnly: line } : {}),
    };
  }
}

process.on('message', async (kind: DevBuildKind) => {
  process.send!(await build(kind));
});
