/**
 * IANA time zones, from the tz database as moment-timezone publishes it
 * (data/packed/latest.json: each zone's offsets and every instant they change,
 * to 2499). The data is pinned by package-lock.json and read here as data, so
 * an event's offset, on its own date, past dates included, is the same on
 * every machine and Node line, whatever tz data the runtime's ICU carries.
 * Only the data is used; moment itself is never loaded.
 */
import { publishedTimeZoneText } from './time-zone-data.ts';

/** A zone's periods: period i has `offsets[i]` (minutes east of UTC) until the instant `untils[i]` (ms). */
interface Zone {
  offsets: number[];
  abbreviations: string[];
  untils: number[];
}

const MINUTE = 60_000;

let published: { zones: string; links: string } | undefined;
const unpacked = new Map<string, Zone>();

/**
 * The published file as text, split into its zones and its links: a build
 * looks up the few zones its events name by their quoted names (the file's
 * zones are "name|abbreviations|offsets|indices|untils|population", its links
 * "zone|alias") instead of parsing all 600 zones of 700 KB of JSON.
 */
function publishedData() {
  if (published) return published;
  const text = publishedTimeZoneText();
  const [zones, links] = [text.indexOf('"zones"'), text.indexOf('"links"')];
  published = { zones: text.slice(zones, links), links: text.slice(links, text.indexOf(']', links)) };
  return published;
}

/** A zone's packed line by its name or an alias, or undefined. */
function packedZone(name: string): string | undefined {
  if (name === '' || /["\\|]/.test(name)) return undefined;
  const { zones, links } = publishedData();
  const alias = links.indexOf(`|${name}"`);
  const target = alias === -1 ? name : links.slice(links.lastIndexOf('"', alias) + 1, alias);
  const at = zones.indexOf(`"${target}|`);
  return at === -1 ? undefined : zones.slice(at + 1, zones.indexOf('"', at + 1));
}

/** A digit of moment's base 60: 0-9, a-z, A-X. */
const digit = (code: number) => (code > 96 ? code - 87 : code > 64 ? code - 29 : code - 48);

function base60(text: string): number {
  const [whole = '', fraction = ''] = text.replace(/^-/, '').split('.');
  let value = 0;
  for (const character of whole) value = value * 60 + digit(character.charCodeAt(0));
  let scale = 1;
  for (const character of fraction) {
    scale /= 60;
    value += digit(character.charCodeAt(0)) * scale;
  }
  return text.startsWith('-') ? -value : value;
}

function unpack(line: string): Zone {
  const [, abbreviations = '', offsets = '', indices = '', untils = ''] = line.split('|');
  const names = abbreviations.split(' ');
  // moment counts minutes west of UTC; ISO 8601 and iCalendar count east. Local mean times of the 19th century
  // have seconds, which neither can write: whole minutes.
  const minutes = offsets.split(' ').map((offset) => -Math.round(base60(offset)) || 0);
  const periods = [...indices].map((index) => digit(index.charCodeAt(0)));
  let instant = 0;
  const ends = untils === '' ? [] : untils.split(' ').map((delta) => (instant += Math.round(base60(delta) * MINUTE)));
  return {
    offsets: periods.map((period) => minutes[period]!),
    abbreviations: periods.map((period) => names[period]!),
    untils: [...ends.slice(0, periods.length - 1), Number.POSITIVE_INFINITY],
  };
}

function zone(name: string): Zone {
  const cached = unpacked.get(name);
  if (cached) return cached;
  const line = packedZone(name);
  if (!line) throw new Error(`"${name}" is no time zone of the IANA database`);
  const read = unpack(line);
  unpacked.set(name, read);
  return read;
}

/**
 * A region and a city, the names the database keeps for places (an old name such as Europe/Kiev too), and UTC.
 * Its legacy names (CET, EST5EDT, US/Eastern, GB, Etc/GMT+1) are left out: an abbreviation is no place, and the
 * editor's list stays the one a person scrolls through.
 */
const isPlace = (name: string) =>
  name === 'UTC' ||
  /^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)\/[A-Za-z]/.test(name);

/** A time zone of the IANA database named by its region and city, such as Europe/Amsterdam, or UTC. */
export const isTimeZone = (name: string): boolean =>
  isPlace(name) && (unpacked.has(name) || packedZone(name) !== undefined);

let names: string[] | undefined;

/** Every name isTimeZone accepts, in alphabetical order: the choices the editor offers (read only when it asks). */
export function timeZoneNames(): string[] {
  const { zones, links } = publishedData();
  names ??= [...zones.matchAll(/"([^"|]+)\|/g), ...links.matchAll(/\|([^"|]+)"/g)]
    .map(([, name]) => name!)
    .filter(isPlace)
    .sort();
  return names;
}

/** The index of the period in force at an instant (ms since 1970, UTC). */
function periodAt(data: Zone, instant: number): number {
  let low = 0;
  let high = data.untils.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (instant < data.untils[middle]!) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The zone's offset from UTC, in minutes east, at an instant. */
export const offsetAt = (name: string, instant: number): number => {
  const data = zone(name);
  return data.offsets[periodAt(data, instant)]!;
};

/** A change of a zone's offset: the instant, and the offsets before and after it (minutes east). */
interface Transition {
  at: number;
  from: number;
  to: number;
}

/** The changes near a wall-clock time (as ms of a UTC clock): every zone's offset lies within ±14 hours. */
function transitionsAround(data: Zone, local: number): Transition[] {
  const first = periodAt(data, local - 15 * 60 * MINUTE);
  const last = periodAt(data, local + 15 * 60 * MINUTE);
  const found: Transition[] = [];
  for (let index = first; index < last; index += 1)
    found.push({ at: data.untils[index]!, from: data.offsets[index]!, to: data.offsets[index + 1]! });
  return found;
}

/**
 * What a wall-clock time (given as the ms of the same reading on a UTC clock)
 * is in a zone: one instant; none, in the gap when clocks jump forward; or two,
 * in the hour clocks go back over. The transition is given for the last two.
 */
export type LocalTime =
  | { kind: 'exists'; offset: number }
  | { kind: 'gap'; transition: Transition }
  | { kind: 'repeated'; offsets: [number, number]; transition: Transition };

export function readLocalTime(name: string, local: number): LocalTime {
  const data = zone(name);
  const readings = [...new Set(data.offsets)]
    .filter((offset) => offsetAt(name, local - offset * MINUTE) === offset)
    .sort((a, b) => b - a);
  const around = transitionsAround(data, local);
  const within = (transition: Transition, start: number, end: number) =>
    local >= transition.at + start * MINUTE && local < transition.at + end * MINUTE;
  if (readings.length === 1) return { kind: 'exists', offset: readings[0]! };
  const transition = around.find((change) =>
    readings.length === 0 ? within(change, change.from, change.to) : within(change, change.to, change.from),
  );
  if (!transition) throw new Error(`${name}: no change of offset explains ${new Date(local).toISOString()}`);
  return readings.length === 0
    ? { kind: 'gap', transition }
    : { kind: 'repeated', offsets: [readings[0]!, readings.at(-1)!], transition };
}

/** A period of a zone's time: its offset and abbreviation, from `start` (ms, UTC; -Infinity for the first). */
export interface Observance {
  start: number;
  offset: number;
  offsetBefore: number;
  abbreviation: string;
  /** Summer time: an offset above the ones before and after it. */
  daylight: boolean;
}

const DAY = 24 * 60 * MINUTE;

/**
 * The ms of a reading of a UTC clock. Date.UTC reads a year from 0 to 99 as
 * 1900 to 1999; a date whose full year is set cannot be taken for another.
 */
export function utcClock(year: number, month: number, day: number, hours = 0, minutes = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hours, minutes, 0, 0);
  return date.getTime();
}

function observance(data: Zone, index: number): Observance {
  const offset = data.offsets[index]!;
  const before = data.offsets[index - 1];
  const after = data.offsets[index + 1];
  return {
    start: index === 0 ? Number.NEGATIVE_INFINITY : data.untils[index - 1]!,
    offset,
    offsetBefore: before ?? offset,
    abbreviation: data.abbreviations[index]!,
    daylight: before !== undefined && after !== undefined && offset > before && offset > after,
  };
}

/**
 * The periods of a zone a calendar of events in the given years describes:
 * every period in force at some time of each year (a local year begins up to
 * 14 hours before or after the UTC one: a day more each side), the one in
 * force as the year begins included, and when that is summer time the ones
 * before it, back to a standard time. A year of a zone with summer time thus
 * has both kinds, and every zone a standard time: what
 * every calendar reader takes (Python's vobject, through dateutil, refuses a
 * whole calendar whose zone has summer time alone, when it looks at a date
 * before the first period).
 */
export function observancesInYears(name: string, years: readonly number[]): Observance[] {
  const data = zone(name);
  const periods = new Set<number>();
  for (const year of new Set(years)) {
    const last = periodAt(data, utcClock(year + 1, 1, 1) + DAY);
    for (let index = periodAt(data, utcClock(year, 1, 1) - DAY); index <= last; index += 1) periods.add(index);
  }
  for (let index = Math.min(...periods); index > 0 && observance(data, index).daylight; index -= 1)
    periods.add(index - 1);
  return [...periods].sort((a, b) => a - b).map((index) => observance(data, index));
}

let lastYear: number | undefined;

/**
 * The last year the pinned data holds every change of the clocks of: the
 * changes of zones with summer time are computed to the end of it, and after
 * it standard time would go on forever. Read only for a year past 2099, which
 * every release's data reaches.
 */
export function lastYearOfData(): number {
  if (lastYear !== undefined) return lastYear;
  let latest = 0;
  for (const [, untils = ''] of publishedData().zones.matchAll(/\|[^|"]*\|[^|"]*\|[^|"]*\|([^|"]*)\|/g)) {
    let instant = 0;
    for (const delta of untils === '' ? [] : untils.split(' ')) instant += base60(delta) * MINUTE;
    latest = Math.max(latest, instant);
  }
  lastYear = new Date(latest).getUTCFullYear();
  return lastYear;
}
