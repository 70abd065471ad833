/**
 * A journal article whose journal is missing is cited as APA cites a source
 * with missing parts (its title in italics, then its numbers); it is never
 * given a journal it does not have. A publication with a DOI but no year is
 * cited "(n.d.)", though its DOI's record has the year. The build and the dev
 * server name each one as a warning at its line, with the command that
 * completes it.
 */
import type { Problem } from '../../lib/problems.ts';
import { isDoiOnly } from './doi-only.ts';
import { type CheckedFile, locate } from './issues.ts';

const FILL_COMMAND = 'npm run cite -- fill';

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** The warning for one article without its journal: with a DOI, fill completes it; without one, a person does. */
function incompleteMessage(entry: Record<string, unknown>): string {
  const missing = 'a journal article without its journal, cited as a source with missing parts (title, then numbers)';
  return blank(entry.doi)
    ? `${missing}: add journal: with the journal it appeared in`
    : `${missing}: run ${FILL_COMMAND} to complete it from its DOI (it asks the DOI registries online and never guesses), or add journal: yourself`;
}

/** An entry with a DOI and no year: the DOI's record has the year, which fill writes. */
const NO_YEAR = `a publication with a DOI but no year, cited as (n.d.): run ${FILL_COMMAND} to complete it from its DOI (it asks the DOI registries online and never guesses), or add year: yourself`;

/** What one entry lacks that fill or a person can complete: its journal (an article), its year (with a DOI). */
function entryWarnings(file: CheckedFile, theme: string, index: number, entry: Record<string, unknown>): Problem[] {
  const warnings: Problem[] = [];
  if ((entry.type ?? 'article') === 'article' && blank(entry.journal))
    warnings.push({ ...locate(file, [theme, index, 'title']), message: incompleteMessage(entry) });
  if (!blank(entry.doi) && (entry.year === null || entry.year === undefined))
    warnings.push({ ...locate(file, [theme, index, 'year' in entry ? 'year' : 'title']), message: NO_YEAR });
  return warnings;
}

/** One warning per journal article of publications.yml without a journal, at its title; and per DOI without a year. */
export function incompleteWarnings(file: CheckedFile): Problem[] {
  const raw = file.raw;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
  return Object.entries(raw).flatMap(([theme, items]) =>
    (Array.isArray(items) ? items : []).flatMap((item: unknown, index): Problem[] => {
      if (typeof item !== 'object' || item === null || isDoiOnly(item)) return [];
      return entryWarnings(file, theme, index, item as Record<string, unknown>);
    }),
  );
}
