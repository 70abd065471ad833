/**
 * The events' calendar files (RFC 5545): one per event, linked as "Add to
 * calendar" from its news item, and events.ics with every event, which
 * calendar apps subscribe to. Each is assembled as components and written by
 * scripts/lib/icalendar.ts. A timed event's DTSTART and DTEND carry the TZID
 * of its zone, and the calendar that zone's VTIMEZONE with the offsets in
 * force on the event's dates (src/time-zones.ts); a time the zone repeats is
 * written in UTC, which no reader can take for the other one. Nothing reads
 * the clock: DTSTAMP is the build's date, so the same content and date give
 * the same bytes. How the UID is formed: docs/events.md.
 */
import type { SiteContent } from '../../src/content-schema.ts';
import type { NewsItem } from '../../src/content/news.ts';
import {
  addressText,
  bySoonest,
  eventOf,
  type EventMoment,
  instantOf,
  type SiteEvent,
  statusMeaning,
  type ZonedMoment,
} from '../../src/events.ts';
import type { LexedMarkdown } from '../../src/build-context.tsx';
import { markdownToPlainText } from '../../src/plain-text.ts';
import { type Observance, observancesInYears, utcClock } from '../../src/time-zones.ts';
import { EVENTS_CALENDAR, eventCalendarFile, type Urls } from '../../src/urls.ts';
import type { EventRevisions } from '../lib/event-history.ts';
import { type Component, type Property, text, writeCalendar } from '../lib/icalendar.ts';
import type { Problem } from '../lib/problems.ts';
import type { OutputFile } from './output-files.ts';

export interface CalendarContext {
  /** The build's date (YYYY-MM-DD): every DTSTAMP. */
  today: string;
  urls: Urls;
  markdown?: LexedMarkdown;
  /** How many times each news item has changed (its SEQUENCE); none given: every event at its first version. */
  revisions?: EventRevisions;
}

/** What every calendar of the build shares: the years of each zone's events. */
interface Calendars extends CalendarContext {
  years: Map<string, number[]>;
}

type Event = SiteEvent<NewsItem>;

const MINUTE = 60_000;
const basic = (date: string) => date.replaceAll('-', '');
/** 20311026T013000: a wall-clock reading (ms of a UTC clock) as iCalendar writes a local DATE-TIME. */
const clockValue = (clock: number) => new Date(clock).toISOString().slice(0, 19).replace(/[-:]/g, '');
/** +0200 */
const offsetValue = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}${String(Math.abs(minutes) % 60).padStart(2, '0')}`;

/** The day after an all-day event's last day: iCalendar's DTEND does not include its day. */
function dayAfter(date: string): string {
  const next = utcClock(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8)) + 1);
  return new Date(next).toISOString().slice(0, 10);
}

function momentProperty(name: 'DTSTART' | 'DTEND', event: Event, moment: EventMoment | ZonedMoment): Property {
  if (event.zone === undefined)
    return {
      name,
      parameters: { VALUE: 'DATE' },
      value: basic(name === 'DTEND' ? dayAfter(moment.date) : moment.date),
    };
  const zoned = moment as ZonedMoment;
  if (zoned.repeated) return { name, value: `${clockValue(instantOf(zoned))}Z` };
  return { name, parameters: { TZID: event.zone }, value: `${basic(zoned.date)}T${zoned.time.replace(':', '')}00` };
}

function observance(period: Observance): Component {
  const start = Number.isFinite(period.start)
    ? clockValue(period.start + period.offsetBefore * MINUTE)
    : '16010101T000000';
  return {
    name: period.daylight ? 'DAYLIGHT' : 'STANDARD',
    properties: [
      { name: 'DTSTART', value: start },
      { name: 'TZOFFSETFROM', value: offsetValue(period.offsetBefore) },
      { name: 'TZOFFSETTO', value: offsetValue(period.offset) },
      /^[A-Za-z]+$/.test(period.abbreviation) ? { name: 'TZNAME', value: text(period.abbreviation) } : undefined,
    ],
  };
}

/** The years each zone's events of the whole site fall in. */
function yearsByZone(events: Event[]): Map<string, number[]> {
  const years = new Map<string, number[]>();
  for (const event of events) {
    if (event.zone === undefined) continue;
    const moments = [event.start, ...(event.end ? [event.end] : [])];
    years.set(event.zone, [...(years.get(event.zone) ?? []), ...moments.map(({ date }) => Number(date.slice(0, 4)))]);
  }
  return years;
}

/**
 * The VTIMEZONE of each zone of `events`, with the zone's periods in the years the site's events fall in (and
 * before them back to a standard time): both a summer and a standard observance wherever the zone has summer
 * time, as every reader takes. A zone is described alike in every file of the build, since a reader may keep the
 * first description of a TZID it reads for every later file (Python's vobject does).
 */
function vtimezones(events: Event[], years: Map<string, number[]>): Component[] {
  const zones = new Set(events.flatMap((event) => (event.zone === undefined ? [] : [event.zone])));
  return [...zones].sort().map((zone) => ({
    name: 'VTIMEZONE',
    properties: [
      { name: 'TZID', value: zone },
      { name: 'X-LIC-LOCATION', value: zone },
    ],
    components: observancesInYears(zone, years.get(zone)!).map(observance),
  }));
}

/** What a calendar app shows first: the title, with the change that matters most before it. */
const summaryPrefix: Partial<Record<NonNullable<NewsItem['status']>, string>> = {
  cancelled: 'Cancelled: ',
  postponed: 'Postponed: ',
};

const statusSentence: Record<NonNullable<NewsItem['status']>, string> = {
  cancelled: 'This event is cancelled.',
  postponed: 'This event is postponed; the new date is not set yet.',
  rescheduled: 'This event was rescheduled: the date and time of this entry are the new ones.',
  'moved-online': 'This event has moved online: join it at the address below.',
};

/**
 * The description: what happened to it, the text of the news item in plain words, then its links; a cancelled
 * event keeps only the news item's, since nobody can join it or register for it.
 */
function description(item: NewsItem, context: CalendarContext): string {
  const open = item.status !== 'cancelled';
  const links = [
    open && item.online ? `Join online: ${new URL(item.online).href}` : undefined,
    open && item.registration ? `Register: ${new URL(item.registration).href}` : undefined,
    item.link ? `More: ${new URL(item.link).href}` : undefined,
  ];
  const parts = [
    item.status ? statusSentence[item.status] : undefined,
    markdownToPlainText(item.summary, context.urls, context.markdown),
    links.filter(Boolean).join('\n'),
  ];
  return parts.filter(Boolean).join('\n\n');
}

/**
 * Where it takes place: the venue and its address, or the address to join an event held only online; for a
 * cancelled event only the venue it would have had, never a link to join it.
 */
function place(item: NewsItem): string | undefined {
  if (item.status === 'cancelled' && !item.location) return undefined;
  if (item.status === 'moved-online' || !item.location) return item.online && new URL(item.online).href;
  return [item.location, addressText(item)].filter(Boolean).join(', ');
}

/** The UID: the news item's id at the site's acronym, so that moving the site to another address keeps every event. */
const eventUid = (id: string, acronym: string) =>
  `${id}@${
    acronym
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'events'
  }`;

function vevent(event: Event, content: SiteContent, context: CalendarContext): Component {
  const { item } = event;
  const meaning = statusMeaning(item.status);
  const where = place(item);
  const url = item.status === 'cancelled' ? item.link : (item.online ?? item.registration ?? item.link);
  return {
    name: 'VEVENT',
    properties: [
      { name: 'UID', value: text(eventUid(item.id, content.site.acronym)) },
      { name: 'DTSTAMP', value: `${basic(context.today)}T000000Z` },
      momentProperty('DTSTART', event, event.start),
      event.end ? momentProperty('DTEND', event, event.end) : undefined,
      { name: 'SUMMARY', value: text(`${(item.status && summaryPrefix[item.status]) ?? ''}${item.title}`) },
      { name: 'DESCRIPTION', value: text(description(item, context)) },
      where ? { name: 'LOCATION', value: text(where) } : undefined,
      url ? { name: 'URL', value: new URL(url).href } : undefined,
      { name: 'STATUS', value: meaning.calendar },
      { name: 'SEQUENCE', value: String(context.revisions?.changes.get(item.id) ?? 0) },
    ],
  };
}

/** A calendar of `events`, with the VTIMEZONE of each of their zones. */
function calendar(events: Event[], content: SiteContent, context: Calendars, name?: string): string {
  return writeCalendar({
    name: 'VCALENDAR',
    properties: [
      { name: 'VERSION', value: '2.0' },
      { name: 'PRODID', value: text(`-//${content.site.acronym}//Events//EN`) },
      { name: 'CALSCALE', value: 'GREGORIAN' },
      { name: 'METHOD', value: 'PUBLISH' },
      name ? { name: 'X-WR-CALNAME', value: text(name) } : undefined,
      name ? { name: 'NAME', value: text(name) } : undefined,
      { name: 'X-PUBLISHED-TTL', value: 'PT1H' },
    ],
    components: [...vtimezones(events, context.years), ...events.map((event) => vevent(event, content, context))],
  });
}

/** events/<id>.ics for each event, and events.ics with them all, soonest first. */
export function calendarFiles(content: SiteContent, context: CalendarContext): OutputFile[] {
  const events = content.news
    .map((item) => eventOf(item, content.site.timezone))
    .filter((event) => event !== undefined)
    .sort(bySoonest);
  const calendars = { ...context, years: yearsByZone(events) };
  return [
    ...events.map((event) => ({
      path: eventCalendarFile(event.item.id),
      contents: calendar([event], content, calendars),
    })),
    { path: EVENTS_CALENDAR, contents: calendar(events, content, calendars, `${content.site.acronym} events`) },
  ];
}

const hasEvents = (content: SiteContent) =>
  content.news.some((item) => eventOf(item, content.site.timezone) !== undefined);

/** The changes of each news item, asked of `read` (git, through the build command) only when the site has events. */
export const revisionsOf = async (content: SiteContent, read: (() => Promise<EventRevisions>) | undefined) =>
  read && hasEvents(content) ? read() : undefined;

/**
 * A warning when events are published with a SEQUENCE counted from less than the whole history: a calendar app
 * ignores an update whose SEQUENCE is not higher than the one it holds.
 */
export function revisionWarnings(content: SiteContent, revisions: EventRevisions | undefined): Problem[] {
  if (!hasEvents(content) || revisions?.incomplete === undefined) return [];
  return [
    {
      where: EVENTS_CALENDAR,
      message: `${revisions.incomplete}: a calendar app ignores a changed event whose SEQUENCE is not higher than before, so a change may not reach subscribers. Build from a full clone (git fetch --unshallow; actions/checkout with fetch-depth: 0).`,
    },
  ];
}
