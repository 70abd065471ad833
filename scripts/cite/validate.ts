/**
 * The one place the cite command asks the build's own content check whether
 * an edited publications.yml is acceptable. It checks the edited text with
 * the rest of the content folder exactly as `npm run build` would (a copy of
 * the folder in a temporary directory, the edited file in it), so a change
 * the build would refuse is never written.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BuildError, displayPath as relative, type Problem } from '../lib/problems.ts';
import { loadContent } from '../stages/load-content.ts';

export const PUBLICATIONS_FILE = 'publications.yml';

/** The problems the build would report for the content with publications.yml replaced by `text`; [] when none. */
export async function contentProblems(contentDir: string, text: string): Promise<Problem[]> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'cite-check-'));
  try {
    const copy = path.join(scratch, 'content');
    await cp(contentDir, copy, { recursive: true });
    await writeFile(path.join(copy, PUBLICATIONS_FILE), text);
    try {
      await loadContent(copy);
      return [];
    } catch (error) {
      if (!(error instanceof BuildError)) throw error;
      // Name the real file, not the copy.
      const from = relative(copy);
      const to = relative(contentDir);
      return error.problems.map((problem) => ({ ...problem, where: problem.where.split(from).join(to) }));
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
