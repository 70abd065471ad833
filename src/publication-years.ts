/**
 * A long list of publications (a theme that has taken in a member's ORCID
 * record or a whole library) is read by year: grouped under a heading per
 * year, newest first, with an index of the years at its top, and each entry
 * one APA reference whose DOI is its link. A short list stays one list of
 * entries, each with its "View article" and its BibTeX.
 */
import type { Publication } from './content-schema.ts';

/**
 * From this many entries a list is grouped by year: some ten screens of a phone, where finding a year by
 * scrolling stops being quick; the themes' usual lists of a handful of entries stay one list.
 */
const YEAR_GROUPS_FROM = 30;

export const groupedByYear = (publications: readonly Publication[]) => publications.length >= YEAR_GROUPS_FROM;

export interface YearGroup {
  /** The heading: "2019", "In press", "No date". */
  label: string;
  /** The heading's id, which the index links to: year-2019, year-in-press, year-no-date. */
  id: string;
  /** The entries of the year, as their places in the list, in the list's order. */
  entries: number[];
}

/** Where a year's group stands: works in press first, then the years newest first, then those of no known date. */
const rank = (year: Publication['year']) => (year === 'in press' ? Number.POSITIVE_INFINITY : (year ?? -1));

/** The list's entries grouped by year, newest first; within a year, in the list's own order. */
export function yearGroups(publications: readonly Publication[]): YearGroup[] {
  const groups = new Map<Publication['year'], number[]>();
  publications.forEach((publication, index) => {
    groups.set(publication.year, [...(groups.get(publication.year) ?? []), index]);
  });
  return [...groups]
    .sort(([a], [b]) => rank(b) - rank(a))
    .map(([year, entries]) => {
      if (year === 'in press') return { label: 'In press', id: 'year-in-press', entries };
      if (year === null) return { label: 'No date', id: 'year-no-date', entries };
      return { label: String(year), id: `year-${year}`, entries };
    });
}
