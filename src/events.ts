/**
 * Events: the news items of type Event that have a start. What the News
 * section, the JSON-LD and the calendar files share: reading an event's
 * moments, the instant each is in its zone, and whether the event is still to
 * come on the build's date. Times are kept as the maintainer wrote them (local
 * to the event's zone); the offset of each is that of the IANA tz database on
 * that date (src/time-zones.ts, pinned data, not the machine's), so every
 * machine gives the same bytes. A time the zone skips is refused, and one it
 * repeats needs its offset written, so the page, the JSON-LD and a calendar
 * app all mean the same instant.
 */
import { calendarDateProblem, formatDate } from './format.ts';
import { isTimeZone, lastYearOfData, readLocalTime, utcClock } from './time-zones.ts';

/** A date, and for a timed event the local time (HH:MM) and, where written, its offset from UTC in minutes. */
export interface EventMoment {
  date: string;
  time?: string;
  offset?: number;
}

const MINUTE = 60_000;
const MOMENT = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{1,2}):(\d{2})(?:\s*([+-])(\d{2}):(\d{2}))?)?$/;

/** "+02:00" of 120 minutes, "-03:30" of -210, as ISO 8601 writes an offset. */
export function offsetText(minutes: number): string {
  const size = Math.abs(minutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

/** The first year of an event: the site's time-zone data holds older times, but no calendar app shows them rightly. */
const FIRST_YEAR = 1900;

/**
 * Why an event cannot be in a year: before 1900, or after the last year of the pinned time-zone data, where its
 * zone's summer time would be forgotten (and a calendar's year 10000 cannot be written).
 */
function yearProblem(year: number): string | undefined {
  if (year >= FIRST_YEAR && (year <= 2099 || year <= lastYearOfData())) return undefined;
  return `expected a year from ${FIRST_YEAR} to ${lastYearOfData()}, the years the site's time-zone data covers; check the year`;
}

/** Reads "2026-05-19", "2026-05-19 14:00" or "2026-10-25 02:30 +01:00" (T for the space too); says why not otherwise. */
export function readEventMoment(text: string): EventMoment | { problem: string } {
  const match = MOMENT.exec(text.trim());
  if (!match)
    return {
      problem:
        'expected a date, or a date and a local time, written YYYY-MM-DD HH:MM, such as 2026-05-19 14:00 (a date alone for an all-day event)',
    };
  const [, date, hours, minutes, sign, offsetHours, offsetMinutes] = match;
  const problem = calendarDateProblem(date!) ?? yearProblem(Number(date!.slice(0, 4)));
  if (problem) return { problem };
  if (hours === undefined) return { date: date! };
  if (Number(hours) > 23 || Number(minutes) > 59)
    return { problem: 'expected a time from 00:00 to 23:59, written on the 24-hour clock, such as 14:00' };
  const time = `${hours.padStart(2, '0')}:${minutes}`;
  if (sign === undefined) return { date: date!, time };
  const offset = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  if (Math.abs(offset) > 14 * 60 || Number(offsetMinutes) > 59)
    return { problem: 'expected an offset from -12:00 to +14:00 after the time, such as 2026-10-25 02:30 +01:00' };
  return { date: date!, time, offset };
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

/** The wall-clock reading of a moment as ms of a UTC clock: arithmetic only, no zone of the machine's. */
const wallClock = ({ date, time = '00:00' }: EventMoment) =>
  utcClock(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)), ...hourMinute(time));
const hourMinute = (time: string) => [Number(time.slice(0, 2)), Number(time.slice(3, 5))] as const;

/** Whether an end comes before its start (both valid and of the same kind; by the instant where both offsets are written). */
export function endsBeforeStart(start: string, end: string): boolean {
  const a = readEventMoment(start);
  const b = readEventMoment(end);
  if ('problem' in a || 'problem' in b || !writtenAlike(start, end)) return false;
  if (a.offset !== undefined && b.offset !== undefined)
    return wallClock(b) - b.offset * MINUTE < wallClock(a) - a.offset * MINUTE;
  return `${b.date} ${b.time ?? ''}` < `${a.date} ${a.time ?? ''}`;
}

/** Whether a timed start and end are the same moment: an event of no length, which the page would show "10:00 – 10:00". */
export function endsAtStart(start: string, end: string): boolean {
  const a = readEventMoment(start);
  const b = readEventMoment(end);
  if ('problem' in a || 'problem' in b || a.time === undefined) return false;
  return a.date === b.date && a.time === b.time && a.offset === b.offset;
}

/** "YYYY-MM-DD HH:MM" of a wall-clock reading. */
const written = (clock: number) => new Date(clock).toISOString().slice(0, 16).replace('T', ' ');

/** "March 30, 2031" and the time alone, or "2031-03-30 01:30" when the day differs, as a choice to write. */
function choice(moment: EventMoment, clock: number) {
  const text = written(clock);
  return text.startsWith(moment.date) ? text.slice(11) : text;
}

/**
 * The change of the clocks in words: "from 02:00 to 03:00", or with the days when it crosses midnight (Apia's lost
 * day: "from December 30, 2011, 00:00 to December 31, 2011, 00:00").
 */
function clockChange({ at, from, to }: { at: number; from: number; to: number }): string {
  const [before, after] = [written(at + from * MINUTE), written(at + to * MINUTE)];
  if (before.slice(0, 10) === after.slice(0, 10)) return `from ${before.slice(11)} to ${after.slice(11)}`;
  const full = (text: string) => `${formatDate(text.slice(0, 10))}, ${text.slice(11)}`;
  return `from ${full(before)} to ${full(after)}`;
}

/** The two ways to write a time the clocks repeat, as the fix of a message. */
function bothOffsets(moment: EventMoment, offsets: readonly [number, number]): string {
  const [first, second] = offsets.map((offset) => `"${moment.date} ${moment.time} ${offsetText(offset)}"`);
  return `write ${first} for the first time, before the clocks go back, or ${second} for the second`;
}

/** Why a timed moment is no single instant in its zone (a gap, a repeated hour, a wrong offset), or undefined. */
export function instantProblem(text: string, zone: string): string | undefined {
  const moment = readEventMoment(text);
  if ('problem' in moment || moment.time === undefined || !isTimeZone(zone)) return undefined;
  const clock = wallClock(moment);
  const reading = readLocalTime(zone, clock);
  const on = `on ${formatDate(moment.date)} in ${zone}`;
  if (reading.kind === 'gap') {
    const { from, to } = reading.transition;
    const jump = (to - from) * MINUTE;
    return `${moment.time} does not exist ${on}: clocks jump ${clockChange(reading.transition)}; write ${choice(moment, clock - jump)} or ${choice(moment, clock + jump)}`;
  }
  if (reading.kind === 'repeated' && moment.offset === undefined)
    return `${moment.time} happens twice ${on}: clocks go back ${clockChange(reading.transition)}; ${bothOffsets(moment, reading.offsets)}`;
  const offsets = reading.kind === 'repeated' ? reading.offsets : [reading.offset];
  if (moment.offset === undefined || offsets.includes(moment.offset)) return undefined;
  const wrong = `${offsetText(moment.offset)} is not an offset of ${zone} at ${moment.time} on ${formatDate(moment.date)}`;
  // In a repeated hour an offset is needed: the fix names both, never "without an offset", which is refused.
  if (reading.kind === 'repeated')
    return `${wrong}, which happens twice (${offsets.map(offsetText).join(', then ')}); ${bothOffsets(moment, reading.offsets)}`;
  return `${wrong} (it is ${offsetText(reading.offset)}); write ${moment.date} ${moment.time} without an offset, or with ${offsetText(reading.offset)}`;
}

/** A timed moment resolved in its zone: its offset on that date, and whether its wall-clock time happens twice. */
export interface ZonedMoment extends EventMoment {
  time: string;
  offset: number;
  /** In the hour the clocks go back over: a calendar writes it in UTC, which no reader can take for the other one. */
  repeated: boolean;
}

function zoned(moment: EventMoment, zone: string): ZonedMoment {
  const reading = readLocalTime(zone, wallClock(moment));
  if (reading.kind === 'gap') throw new Error(`${moment.date} ${moment.time} does not exist in ${zone}`);
  const offset = reading.kind === 'exists' ? reading.offset : (moment.offset ?? reading.offsets[0]);
  return { date: moment.date, time: moment.time!, offset, repeated: reading.kind === 'repeated' };
}

/** The instant of a zoned moment, in ms since 1970 (UTC). */
export const instantOf = (moment: ZonedMoment) => wallClock(moment) - moment.offset * MINUTE;

/**
 * The cities whose name in the tz database is not the one English writes: an old name the database still accepts
 * (Europe/Kiev), or one it wrote without its full stop, apostrophe or accent (America/St_Johns). A data table.
 */
const CITY_NAMES: Readonly<Record<string, string>> = {
  Asmera: 'Asmara',
  Asuncion: 'Asunción',
  Bogota: 'Bogotá',
  Calcutta: 'Kolkata',
  Cancun: 'Cancún',
  Ciudad_Juarez: 'Ciudad Juárez',
  Cordoba: 'Córdoba',
  Curacao: 'Curaçao',
  Dacca: 'Dhaka',
  ComodRivadavia: 'Comodoro Rivadavia',
  DumontDUrville: 'Dumont d’Urville',
  El_Aaiun: 'El Aaiún',
  Faeroe: 'Faroe',
  Godthab: 'Nuuk',
  Ho_Chi_Minh: 'Ho Chi Minh City',
  Katmandu: 'Kathmandu',
  Kiev: 'Kyiv',
  Macao: 'Macau',
  Mazatlan: 'Mazatlán',
  Merida: 'Mérida',
  Rangoon: 'Yangon',
  Reykjavik: 'Reykjavík',
  Saigon: 'Ho Chi Minh City',
  Sao_Paulo: 'São Paulo',
  Sao_Tome: 'São Tomé',
  St_Barthelemy: 'St. Barthélemy',
  St_Helena: 'St. Helena',
  St_Johns: 'St. John’s',
  St_Kitts: 'St. Kitts',
  St_Lucia: 'St. Lucia',
  St_Thomas: 'St. Thomas',
  St_Vincent: 'St. Vincent',
  Thimbu: 'Thimphu',
  Tucuman: 'Tucumán',
  Ujung_Pandang: 'Makassar',
  Ulan_Bator: 'Ulaanbaatar',
  Uzhgorod: 'Uzhhorod',
  Zaporozhye: 'Zaporizhzhia',
};

/**
 * "Europe/Amsterdam" → "Amsterdam time", "America/Argentina/Buenos_Aires" → "Buenos Aires time", "America/St_Johns"
 * → "St. John’s time", "Europe/Kiev" → "Kyiv time", "UTC" → "UTC".
 */
export function zoneName(zone: string): string {
  if (!zone.includes('/') || zone.startsWith('Etc/')) return zone.replace(/^Etc\//, '');
  const city = zone.split('/').at(-1)!;
  return `${CITY_NAMES[city] ?? city.replaceAll('_', ' ')} time`;
}

/** 120 → "UTC+2", 330 → "UTC+5:30", 0 → "UTC". */
export function offsetName(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const [, sign, hours, rest] = /^([+-])(\d{2}):(\d{2})$/.exec(offsetText(minutes))!;
  return `UTC${sign}${Number(hours)}${rest === '00' ? '' : `:${rest}`}`;
}

/**
 * What an event's status means to each reader. (A calendar's SEQUENCE is no
 * status: it counts the event's changes, from the history of its file.)
 */
export const STATUS_MEANINGS = {
  scheduled: { calendar: 'CONFIRMED', schemaOrg: 'EventScheduled' },
  'moved-online': { calendar: 'CONFIRMED', schemaOrg: 'EventMovedOnline' },
  postponed: { calendar: 'TENTATIVE', schemaOrg: 'EventPostponed' },
  rescheduled: { calendar: 'CONFIRMED', schemaOrg: 'EventRescheduled' },
  cancelled: { calendar: 'CANCELLED', schemaOrg: 'EventCancelled' },
} as const;

/** The meaning of an event's status (none written: scheduled). */
export const statusMeaning = (status: keyof typeof STATUS_MEANINGS | undefined) =>
  STATUS_MEANINGS[status ?? 'scheduled'];

/** What this module reads of a news item (its type is inferred from the schema, which uses this module). */
interface NewsItem {
  id: string;
  type: string;
  start?: string;
  end?: string;
  timezone?: string;
  location?: string;
  address?: { street?: string; postalCode?: string; city: string; region?: string; country: string };
}

/** The address of an event's place on one line: "Street 1, 1234 AB City, Region, Country". */
export function addressText({ address }: Pick<NewsItem, 'address'>): string | undefined {
  if (!address) return undefined;
  const { street, postalCode, city, region, country } = address;
  return [street, postalCode ? `${postalCode} ${city}` : city, region, country].filter(Boolean).join(', ');
}

/** An event as the pages and calendars use it: a timed one has its zone and each moment its offset. */
export type SiteEvent<Item extends NewsItem = NewsItem> =
  | { item: Item; start: EventMoment; end?: EventMoment; zone?: undefined }
  | { item: Item; start: ZonedMoment; end?: ZonedMoment; zone: string };

/** The event of a news item, or undefined when it is no event (or an Event without a start). */
export function eventOf<Item extends NewsItem>(
  item: Item,
  defaultZone: string | undefined,
): SiteEvent<Item> | undefined {
  if (item.type !== 'Event' || item.start === undefined) return undefined;
  const start = eventMoment(item.start);
  const end = item.end === undefined ? undefined : eventMoment(item.end);
  const zone = start.time === undefined ? undefined : (item.timezone ?? defaultZone);
  if (zone === undefined) return { item, start: { date: start.date }, ...(end ? { end: { date: end.date } } : {}) };
  return { item, zone, start: zoned(start, zone), ...(end ? { end: zoned(end, zone) } : {}) };
}

/** Soonest first; events that start together by id, so the order never depends on the files' order. */
export function bySoonest(a: SiteEvent, b: SiteEvent): number {
  const key = (event: SiteEvent) => `${event.start.date} ${event.start.time ?? ''} ${event.item.id}`;
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
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
  const upcoming = entries.filter((entry) => entry.upcoming).sort((a, b) => bySoonest(a.event!, b.event!));
  return [...upcoming, ...entries.filter((entry) => !entry.upcoming)];
}

/** ISO 8601 for <time datetime> and JSON-LD: "2026-05-19T14:00+02:00", or the date of an all-day event. */
export function isoMoment(moment: EventMoment): string {
  if (moment.time === undefined || moment.offset === undefined) return moment.date;
  return `${moment.date}T${moment.time}${offsetText(moment.offset)}`;
}
