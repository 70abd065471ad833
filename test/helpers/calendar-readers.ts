/**
 * Calendar files read by an implementation the site did not write: ical.js
 * (Mozilla's, which computes instants from the file's own VTIMEZONE); Python's
 * vobject and icalendar read them too (python-calendar-readers.ts), icalendar
 * from the TZID as an IANA name. And the zone oracle: the instant of a local
 * time in a zone, found with the runtime's Intl (ICU), which shares neither
 * code nor data packaging with src/time-zones.ts.
 */
import ICAL from 'ical.js';

/** What a calendar user sees of an event. A timed moment is its instant (ms); an all-day one its date. */
export interface ReadEvent {
  uid: string;
  summary: string;
  description: string;
  location: string | undefined;
  url: string | undefined;
  status: string | undefined;
  sequence: number | undefined;
  start: number | string;
  end: number | string | undefined;
  /** The TZID of the start, where it has one. */
  tzid: string | undefined;
}

const ymd = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Every VEVENT as ical.js reads it, after registering the file's VTIMEZONEs. */
export function readWithIcalJs(text: string): ReadEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const moment = (time: ICAL.Time | null) =>
    time === null ? undefined : time.isDate ? ymd(time.year, time.month, time.day) : time.toUnixTime() * 1000;
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const value = (name: string) => vevent.getFirstPropertyValue(name) as unknown;
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location ?? undefined,
      url: (value('url') as string | null) ?? undefined,
      status: (value('status') as string | null) ?? undefined,
      sequence: (value('sequence') as number | null) ?? undefined,
      start: moment(event.startDate)!,
      end: vevent.hasProperty('dtend') ? moment(event.endDate) : undefined,
      tzid: (vevent.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined) ?? undefined,
    };
  });
}

/**
 * Whether Python's icalendar (4.0, Debian's) can give a TEXT value back as written. It unescapes each value twice,
 * in Contentline.parts (lib icalendar/parser.py, with escape_string and unescape_string) and again in vText.from_ical:
 * an escaped backslash before a backslash, n, N, comma or semicolon (C:\\new) is read as that escape, and %2C, %3A,
 * %3B or %5C written as text comes back as the character it encodes. ical.js and vobject read both as written; the
 * tests compare icalendar's text only where it can.
 */
export const icalendarReadsBack = (value: string) => !/\\[\\nN,;]/.test(value) && !/%(?:2C|3A|3B|5C)/.test(value);

/**
 * Whether Python's readers can find the instants of a zone's local times up to this instant. icalendar takes the
 * TZID's rules from pytz, which reads only the transitions the system's tz files list, to 2037, and keeps the last
 * offset after them. vobject does too where it takes the file's VTIMEZONE for UTC and drops it (tzinfo_eq in
 * vobject/icalendar.py compares zones over 2000 to 2020 only: Lisbon or London, written with the rules of a later
 * year, is +00:00 there). ical.js takes the rules from the file's VTIMEZONE and reads any year.
 */
export const pytzKnowsZonesAt = (instant: number) => instant < Date.UTC(2038, 0, 1);

/** One formatter a zone: making one costs far more than using it, and the property tests ask thousands of times. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (zone: string) => {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
};

/** The local wall-clock reading of an instant in a zone, "YYYY-MM-DD HH:MM", from Intl. */
export function localIn(zone: string, instant: number): string {
  const parts = Object.fromEntries(
    formatterOf(zone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

export function intlOffset(zone: string, instant: number): number {
  const [date, time] = localIn(zone, instant).split(' ') as [string, string];
  const clock = Date.parse(`${date}T${time}:00Z`);
  return Math.round((clock - (instant - (instant % 60_000))) / 60_000);
}

/**
 * Every instant at which a zone's clocks read `local` ("YYYY-MM-DD HH:MM"),
 * earliest first, by Intl: none in a gap, two in a repeated hour.
 */
export function instantsOf(zone: string, local: string): number[] {
  const clock = Date.parse(`${local.replace(' ', 'T')}:00Z`);
  const offsets = new Set<number>();
  for (let hours = -36; hours <= 36; hours += 3) offsets.add(intlOffset(zone, clock + hours * 3_600_000));
  return [...offsets]
    .map((offset) => clock - offset * 60_000)
    .filter((instant) => localIn(zone, instant) === local)
    .sort((a, b) => a - b);
}
