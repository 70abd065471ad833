/**
 * A publication typed as its DOI alone (as the CMS's form saves it): not yet
 * a citation. The build refuses it with the command that fills it in, so
 * nothing half-filled is published. The dev server's build shows it instead,
 * as pending, and names it: an editor who saved a DOI sees it on the page at
 * once, with the fill offered, and every later edit keeps reaching the preview.
 */
import type { Publication } from '../../../src/content/publications.ts';
import type { Problem } from '../../lib/problems.ts';
import { type CheckedFile, locate } from './issues.ts';

/** The command that fills such an entry from the DOI registries (it uses the network; the build never does). */
const FILL_COMMAND = 'npm run cite -- fill';

const DOI_ONLY = `holds only a DOI, not yet a citation: run ${FILL_COMMAND} to fill in its authors, year, title and the rest from the DOI (on the live site, the pull request's "Fill publications" check does it)`;
const PENDING = `holds only a DOI: shown as pending in this preview; npm run build refuses it until ${FILL_COMMAND} (or the pull request's "Fill publications" check) fills it in`;

/** What a pending publication says on its page, in place of its citation. */
export const PENDING_TEXT = 'Details to be filled in from the DOI';

/** How a DOI-only entry is treated: refused (a build to publish), or shown as pending (the dev server's preview). */
export type DoiOnly = 'refuse' | 'pending';

/**
 * An entry with a DOI and nothing else, as written: a kind of publication aside, and a year "not known" (null),
 * which the CMS's form wrote until a year was chosen.
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

/** The editor's words for both: its form fills the entry itself. */
const PLAIN = 'holds only its DOI: press "Fill from the DOI" to fill in its authors, year, title and the rest';

/** One problem per DOI-only entry, at its DOI. */
export const doiOnlyProblems = (file: CheckedFile): Problem[] =>
  doiOnlyEntries(file.raw).map(([theme, index]) => ({
    ...locate(file, [theme, index, 'doi']),
    message: DOI_ONLY,
    plain: PLAIN,
  }));

/**
 * For the preview: the publications as written, each DOI-only entry given a stand-in author and title so that the
 * schema checks the rest of it (its DOI) and every other entry as usual, at the same places; and a note at each.
 */
export function withStandIns(file: CheckedFile): { raw: unknown; notes: Problem[] } {
  const entries = doiOnlyEntries(file.raw);
  const notes = entries.map(([theme, index]) => ({
    ...locate(file, [theme, index, 'doi']),
    message: PENDING,
    plain: PLAIN,
  }));
  const raw = structuredClone(file.raw) as Record<string, Record<string, unknown>[]>;
  for (const [theme, index] of entries) Object.assign(raw[theme]![index]!, { authors: '…', title: PENDING_TEXT });
  return { raw, notes };
}

/**
 * The checked publications with each stand-in replaced by a pending entry: its DOI (the link) and the words saying
 * that the rest is to come, with no author, which no checked publication lacks (every one has authors or editors).
 */
export function pendingPublications(
  publications: Record<string, Publication[]>,
  entries: [string, number][],
): Record<string, Publication[]> {
  const copy = { ...publications };
  for (const [theme, index] of entries) {
    const list = [...copy[theme]!];
    const { doi, type } = list[index]!;
    list[index] = { doi, ...(type ? { type } : {}), year: null, title: PENDING_TEXT } as Publication;
    copy[theme] = list;
  }
  return copy;
}

/**
 * The editor's words for a message of the build about completing a publication from its DOI, which names the
 * command: the editor's form does it with "Fill from the DOI". Undefined for any other message.
 */
export function editorWordsOf(message: string): string | undefined {
  if (message === DOI_ONLY || message === PENDING) return PLAIN;
  const command = /(?:run )?`?npm run cite -- fill`?/;
  return command.test(message) ? message.replace(command, 'press "Fill from the DOI" in its entry') : undefined;
}

/** Whether a problem or warning is about a publication that holds only its DOI (refused, or shown as pending). */
export const isDoiOnlyNote = (problem: Problem) => problem.message === DOI_ONLY || problem.message === PENDING;

/** The dev server's one line: which entries hold only a DOI, and the command that fills them; undefined when none. */
export function doiOnlyLine(problems: readonly Problem[]): string | undefined {
  const places = problems.filter(isDoiOnlyNote).map((problem) => problem.where);
  if (places.length === 0) return undefined;
  return `Only a DOI, not yet a citation: ${places.join(', ')}; fill ${places.length === 1 ? 'it' : 'them'} with ${FILL_COMMAND} (asks the DOI registries online)`;
}
