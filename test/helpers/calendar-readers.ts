/**
 * Calendar files read by implementations the site did not write: ical.js
 * (Mozilla's, which computes instants from the file's own VTIMEZONE) and
 * node-ical (which reads TZID as an IANA name and computes instants with the
 * runtime's ICU zone data). And the zone oracle: the instant of a local time
 * in a zone, found with the runtime's Intl (ICU), which shares neither code
 * nor data packaging with src/time-zones.ts.
 */
import ICAL from 'ical.js';
import nodeIcal, { type VEvent } from 'node-ical';

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

type NodeIcalMoment = Date & { tz?: string; dateOnly?: true };

/** Every VEVENT as node-ical reads it. An all-day date is a local midnight there: its local date is the day. */
export function readWithNodeIcal(text: string): ReadEvent[] {
  const data = nodeIcal.sync.parseICS(text);
  const moment = (time: NodeIcalMoment | undefined, allDay: boolean) =>
    time === undefined
      ? undefined
      : allDay
        ? ymd(time.getFullYear(), time.getMonth() + 1, time.getDate())
        : time.getTime();
  return Object.values(data)
    .filter((entry) => entry?.type === 'VEVENT')
    .map((entry) => {
      const event = entry as VEvent;
      const allDay = event.datetype === 'date';
      const plain = (value: unknown) =>
        value === undefined ? undefined : typeof value === 'string' ? value : (value as { val: string }).val;
      return {
        uid: event.uid,
        summary: plain(event.summary)!,
        description: plain(event.description) ?? '',
        location: plain(event.location),
        url: plain(event.url),
        status: event.status,
        sequence: event.sequence === undefined ? undefined : Number(event.sequence),
        start: moment(event.start as NodeIcalMoment, allDay)!,
        end: moment(event.end as NodeIcalMoment | undefined, allDay),
        tzid: (event.start as NodeIcalMoment).tz,
      };
    });
}

/**
 * Whether node-ical can give a TEXT value back as written. Its unescaping (text() in lib/ical-parser-utils.js)
 * removes a pair of double quotes around a whole one-line value, which RFC 5545 lets TEXT hold as they are, and
 * reads an escaped backslash before an n (C:\\new) as a line break, since it unescapes \\n before \\\\. ical.js reads
 * both as written; the tests compare node-ical's text only where it can.
 */
export const nodeIcalReadsBack = (value: string) => !/^"[^\n]*"$/.test(value) && !/\\[nN]/.test(value);

/** The local wall-clock reading of an instant in a zone, "YYYY-MM-DD HH:MM", from Intl. */
export function localIn(zone: string, instant: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The zone's offset from UTC at an instant, in minutes east, from Intl. */
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
