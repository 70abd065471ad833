import { calendarDateProblem } from '../../src/format.ts';
import type { Problem } from './problems.ts';

/** The date a build treats as today, and where it came from (the build report says both). */
export interface BuildDate {
  /** YYYY-MM-DD, a UTC calendar date. */
  date: string;
  source: '--today' | 'SOURCE_DATE_EPOCH' | 'the current UTC date';
}

/**
 * What "today" is for a build: events move from upcoming to past and reviews
 * fall due by it. It is an input, never read from the clock when one is given,
 * so that a build can be repeated byte for byte: --today first, then
 * SOURCE_DATE_EPOCH (the reproducible-builds convention, seconds since 1970),
 * then the current date in UTC, which is the same wherever the build runs.
 */
export function resolveBuildDate(
  today: string | undefined,
  environment: NodeJS.ProcessEnv,
  now: () => Date = () => new Date(),
): BuildDate | Problem {
  if (today !== undefined && today.trim() !== '') {
    const value = today.trim();
    const problem = calendarDateProblem(value);
    if (problem) return { where: '--today', message: `${problem}; found "${today}"` };
    return { date: value, source: '--today' };
  }
  const epoch = environment.SOURCE_DATE_EPOCH?.trim();
  if (epoch) {
    if (!/^\d{1,12}$/.test(epoch)) {
      return {
        where: 'SOURCE_DATE_EPOCH',
        message: `expected whole seconds since 1970-01-01 UTC, such as the commit time from "git log -1 --format=%ct"; found "${epoch}"`,
      };
    }
    return { date: new Date(Number(epoch) * 1000).toISOString().slice(0, 10), source: 'SOURCE_DATE_EPOCH' };
  }
  return { date: now().toISOString().slice(0, 10), source: 'the current UTC date' };
}

export const isBuildDate = (value: BuildDate | Problem): value is BuildDate => 'date' in value;
