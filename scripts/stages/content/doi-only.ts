/**
 * A publication typed as its DOI alone (as the CMS's form saves it): not yet
 * a citation. The build refuses it with the command that fills it in, so
 * nothing half-filled is published; the dev server names them in one line.
 */
import type { Problem } from '../../lib/problems.ts';
import { type CheckedFile, locate } from './issues.ts';

/** The command that fills such an entry from the DOI registries (it uses the network; the build never does). */
const FILL_COMMAND = 'npm run cite -- fill';

const DOI_ONLY = `holds only a DOI, not yet a citation: run ${FILL_COMMAND} to fill in its authors, year, title and the rest from the DOI (on the live site, the pull request's "Fill publications" check does it)`;

/**
 * An entry with a DOI and nothing else, as written: a kind of publication aside, and a year "not known" (null),
 * which the CMS's form writes until a year is chosen.
 */
export function isDoiOnly(entry: unknown): boolean {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return false;
  const { doi, type, year, ...rest } = entry as Record<string, unknown>;
  return typeof doi === 'string' && doi.trim() !== '' && year == null && Object.keys(rest).length === 0;
}

/** Where the DOI-only entries of publications.yml are, as [theme id, index]. */
export function doiOnlyEntries(raw: unknown): [string, number][] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
  return Object.entries(raw).flatMap(([theme, items]) =>
    Array.isArray(items)
      ? items.flatMap((item, index): [string, number][] => (isDoiOnly(item) ? [[theme, index]] : []))
      : [],
  );
}

/** One problem per DOI-only entry, at its DOI. */
export const doiOnlyProblems = (file: CheckedFile): Problem[] =>
  doiOnlyEntries(file.raw).map(([theme, index]) => ({ ...locate(file, [theme, index, 'doi']), message: DOI_ONLY }));

/** The dev server's one line: which entries hold only a DOI, and the command that fills them; undefined when none. */
export function doiOnlyLine(problems: readonly Problem[]): string | undefined {
  const places = problems.filter((problem) => problem.message === DOI_ONLY).map((problem) => problem.where);
  if (places.length === 0) return undefined;
  return `Only a DOI, not yet a citation: ${places.join(', ')}; fill ${places.length === 1 ? 'it' : 'them'} with ${FILL_COMMAND} (asks the DOI registries online)`;
}
