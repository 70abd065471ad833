/**
 * Events: the news items of type Event that have a start. What the News
 * section, the JSON-LD and the calendar files share: reading an event's
 * moments, its time zone's offset, and whether it is still to come on the
 * build's date. Times are kept as the maintainer wrote them (local to the
 * event's zone) and never pass through Date or the machine's zone; offsets
 * come from the time-zone data of timezones-ical-library, the same data as
 * the VTIMEZONE of the calendar files, so every machine gives the same bytes.
 */
import { tzlib_get_ical_block, tzlib_get_offset, tzlib_get_timezones } from 'timezones-ical-library';
import { calendarDateProblem } from './format.ts';

/** A date, and for a timed event the local time (HH:MM). */
export interface EventMoment {
  date: string;
  time?: string;
}

const MOMENT = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{1,2}):(\d{2}))?$/;

/** Reads "2026-05-19" or "2026-05-19 14:00" (or 2026-05-19T14:00); says why not otherwise. */
export function readEventMoment(text: string): EventMoment | { problem: string } {
  const match = MOMENT.exec(text.trim());
  if (!match)
    return {
      problem:
        'expected a date, or a date and a local time, written YYYY-MM-DD HH:MM, such as 2026-05-19 14:00 (a date alone for an all-day event)',
    };
  const [, date, hours, minutes] = match;
  const problem = calendarDateProblem(date!);
  if (problem) return { problem };
  if (hours === undefined) return { date: date! };
  if (Number(hours) > 23 || Number(minutes) > 59)
    return { problem: 'expected a time from 00:00 to 23:59, written on the 24-hour clock, such as 14:00' };
  return { date: date!, time: `${hours.padStart(2, '0')}:${minutes}` };
}

/** The moment of a value the content check has accepted. */
function eventMoment(text: string): EventMoment {
  const read = readEventMoment(text);
  if ('problem' in read) throw new Error(`"${text}": ${read.problem}`);
  return read;
}

export const hasTime = (text: string) => {
  const read = readEventMoment(text);
  return 'time' in read && read.time !== undefined;
};

/** Whether a start and an end are written alike: both dates, or both dates and times (true while either is no moment at all, which is told on its own). */
export function writtenAlike(start: string, end: string): boolean {
  const a = readEventMoment(start);
  const b = readEventMoment(end);
  return 'problem' in a || 'problem' in b || (a.time === undefined) === (b.time === undefined);
}

/** Whether an end comes before its start (both valid and of the same kind). */
export function endsBeforeStart(start: string, end: string): boolean {
  const a = readEventMoment(start);
  const b = readEventMoment(end);
  if ('problem' in a || 'problem' in b || !writtenAlike(start, end)) return false;
  return `${b.date} ${b.time ?? ''}` < `${a.date} ${a.time ?? ''}`;
}

let knownZones: Set<string> | undefined;

/**
 * The time zones the build knows, names of the IANA database such as Europe/Amsterdam, as listed by the calendar's
 * time-zone data (each listed zone has its VTIMEZONE block): what the content check accepts and the editor offers.
 */
export const timeZoneNames = (): readonly string[] => tzlib_get_timezones() as string[];

/** A time zone the calendar files can describe: one of timeZoneNames(). */
export function isTimeZone(name: string): boolean {
  knownZones ??= new Set(timeZoneNames());
  return knownZones.has(name);
}

/** The VTIMEZONE block of a zone, with the name as the maintainer wrote it, or undefined for an unknown zone. */
export function vtimezone(zone: string): string | undefined {
  // Asked for a zone it does not know, the library writes to the console: a misspelt zone is the content
  // check's to report, at its line, so the name is looked up first.
  if (!isTimeZone(zone)) return undefined;
  const block = tzlib_get_ical_block(zone);
  if (!Array.isArray(block) || !block[0]) return undefined;
  // The library answers a linked name (Europe/Amsterdam) with the zone it links to (Europe/Brussels), whose
  // rules are the same; the calendar names the zone the maintainer chose, as apps show it.
  const canonical = /^TZID:(.+)$/m.exec(block[0])?.[1]?.trim();
  return canonical ? block[0].replaceAll(`:${canonical}\r\n`, `:${zone}\r\n`) : block[0];
}

/** The zone's offset from UTC at a local date and time, as ISO 8601 writes it: "+02:00". */
export function utcOffset(zone: string, moment: EventMoment): string {
  const offset = tzlib_get_offset(zone, moment.date, moment.time ?? '00:00');
  return `${offset.slice(0, 3)}:${offset.slice(3)}`;
}

/** "Europe/Amsterdam" → "Amsterdam time", "America/Argentina/Buenos_Aires" → "Buenos Aires time", "UTC" → "UTC". */
export function zoneName(zone: string): string {
  if (!zone.includes('/') || zone.startsWith('Etc/')) return zone.replace(/^Etc\//, '');
  return `${zone.split('/').at(-1)!.replaceAll('_', ' ')} time`;
}

/** "+02:00" → "UTC+2", "+05:30" → "UTC+5:30", "+00:00" → "UTC". */
export function offsetName(offset: string): string {
  const [, sign, hours, minutes] = /^([+-])(\d{2}):(\d{2})$/.exec(offset)!;
  if (hours === '00' && minutes === '00') return 'UTC';
  return `UTC${sign}${Number(hours)}${minutes === '00' ? '' : `:${minutes}`}`;
}

/** What this module reads of a news item (its type is inferred from the schema, which uses this module). */
interface NewsItem {
  id: string;
  type: string;
  start?: string;
  end?: string;
  timezone?: string;
}

/** An event as the pages and calendars use it. */
export interface SiteEvent<Item extends NewsItem = NewsItem> {
  item: Item;
  start: EventMoment;
  end?: EventMoment;
  /** The zone of a timed event; none for an all-day one. */
  zone?: string;
}

/** The event of a news item, or undefined when it is no event (or an Event without a start). */
export function eventOf<Item extends NewsItem>(
  item: Item,
  defaultZone: string | undefined,
): SiteEvent<Item> | undefined {
  if (item.type !== 'Event' || item.start === undefined) return undefined;
  const start = eventMoment(item.start);
  const end = item.end === undefined ? undefined : eventMoment(item.end);
  const zone = start.time === undefined ? undefined : (item.timezone ?? defaultZone);
  return { item, start, ...(end ? { end } : {}), ...(zone ? { zone } : {}) };
}

/** Still to come on the build's date (YYYY-MM-DD): it has not ended before that day. */
export const isUpcoming = (event: SiteEvent, today: string) => (event.end ?? event.start).date >= today;

/**
 * The News section's order: events still to come, soonest first, then every
 * other item (past events among them) newest first, as `news` already is.
 */
export function newsInOrder<Item extends NewsItem>(
  news: readonly Item[],
  defaultZone: string | undefined,
  today: string,
): { item: Item; event?: SiteEvent<Item>; upcoming: boolean }[] {
  const entries = news.map((item) => {
    const event = eventOf(item, defaultZone);
    return { item, ...(event ? { event } : {}), upcoming: event !== undefined && isUpcoming(event, today) };
  });
  const key = ({ event, item }: (typeof entries)[number]) =>
    `${event!.start.date} ${event!.start.time ?? ''} ${item.id}`;
  const upcoming = entries.filter((entry) => entry.upcoming).sort((a, b) => (key(a) < key(b) ? -1 : 1));
  return [...upcoming, ...entries.filter((entry) => !entry.upcoming)];
}

/** ISO 8601 for <time datetime> and JSON-LD: "2026-05-19T14:00+02:00", or the date of an all-day event. */
export function isoMoment(moment: EventMoment, zone: string | undefined): string {
  if (moment.time === undefined || zone === undefined) return moment.date;
  return `${moment.date}T${moment.time}${utcOffset(zone, moment)}`;
}
