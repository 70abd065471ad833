/**
 * The rules of an event's times that need the site's settings as well as the
 * news file: a time of day needs a zone (its own, or the site's), and in that
 * zone it must be one instant (not in the gap when clocks jump forward, and
 * with its offset written in the hour they go back over).
 */
import { firstInvisible } from '../../../src/text.ts';
import { hasTime, instantProblem } from '../../../src/events.ts';
import type { Problem } from '../../lib/problems.ts';
import { type CheckedFile, inTheEditor, locate } from './issues.ts';

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && firstInvisible(value) === -1 ? value.trim() : undefined;

export function eventTimeProblems(news: CheckedFile[], siteZone: string | undefined): Problem[] {
  const problems: Problem[] = [];
  for (const file of news) {
    const item = (typeof file.raw === 'object' && file.raw !== null ? file.raw : {}) as Record<string, unknown>;
    const start = text(item.start);
    if (text(item.type) !== 'Event' || !start || !hasTime(start)) continue;
    const zone = text(item.timezone) ?? siteZone;
    if (!zone) {
      problems.push({
        ...locate(file, ['start']),
        message: `expected a time zone for an event at a time of day: add a line "timezone: Europe/Amsterdam" (the zone its times are local to), or set "timezone:" in site.yml for every event, found "${start}"`,
        ...inTheEditor(
          file,
          ['timezone'],
          'choose the time zone its times are in (or one for every event, under Site settings)',
        ),
      });
      continue;
    }
    for (const field of ['start', 'end'] as const) {
      const value = text(item[field]);
      const problem = value === undefined ? undefined : instantProblem(value, zone);
      if (problem) problems.push({ ...locate(file, [field]), message: `${problem}, found "${value}"` });
    }
  }
  return problems;
}
