/**
 * What the dev server tells the open pages and /admin/ of a build: which saved
 * files started it, and the build's verdict, each problem in the build's own
 * words with its file and line and, for a content file, its place in the
 * editor (the entry and the field, and a link to the entry). The fill that a
 * pending publication offers runs here too, when a person asks for it.
 */
import path from 'node:path';
import type { PlacedProblem } from '../admin/editor-places.ts';
import type { DevBuildMessage } from './worker.ts';

export interface Verdict {
  ok: boolean;
  /** The files whose change started the build, relative to the repository (content/news/….md). */
  files: string[];
  /** The stage that refused, such as "Checking content". */
  stage?: string;
  problems: PlacedProblem[];
  /** Publications that hold only their DOI, shown as pending. */
  pending: PlacedProblem[];
}

/** The verdict of a finished build: its problems (or, for a build that passed, its pending publications) placed. */
export async function verdictOf(
  message: DevBuildMessage,
  files: string[],
  where: { contentDir: string; cwd: string },
): Promise<Verdict> {
  const [{ placedProblems }, { isDoiOnlyNote }] = await Promise.all([
    import('../admin/dev-admin.ts'),
    import('../stages/content/doi-only.ts'),
  ]).catch(() => [{ placedProblems: undefined }, { isDoiOnlyNote: () => false }] as const);
  const place = async (problems: PlacedProblem[]) =>
    placedProblems ? await placedProblems(problems, where.contentDir, where.cwd).catch(() => problems) : problems;
  if (message.ok)
    return { ok: true, files, problems: [], pending: await place(message.warnings.filter(isDoiOnlyNote)) };
  const problems = message.problems ?? [{ where: 'the build', message: message.error }];
  return { ok: false, files, stage: message.stage, problems: await place(problems), pending: [] };
}

/** A changed file as the verdict names it: content/… for the content folder, else relative to the project. */
export function changedFile(file: string, contentDir: string, projectRoot: string): string {
  const inContent = path.relative(contentDir, file);
  const relative = inContent.startsWith('..') ? path.relative(projectRoot, file) : path.join('content', inContent);
  return relative.split(path.sep).join('/');
}

/** Runs npm run cite -- fill on the content folder, as the command does (it asks the DOI registries online). */
export async function fillFromDois(contentDir: string): Promise<{ code: number; lines: string[] }> {
  const { runCite } = await import('../cite.ts');
  const lines: string[] = [];
  const code = await runCite(['fill', '--content', contentDir], { print: (line) => lines.push(line) });
  return { code, lines };
}
