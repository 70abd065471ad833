/**
 * The events' calendar files (RFC 5545): one per event, linked as "Add to
 * calendar" from its news item, and events.ics with every event, which
 * calendar apps subscribe to. The `ics` package writes the text (escaping,
 * line folding, CRLF); it writes times in UTC or floating only, so each timed
 * event's DTSTART and DTEND are given here the TZID of the event's zone, and
 * the calendar carries that zone's VTIMEZONE, taken from the time-zone data of
 * timezones-ical-library (src/events.ts). Nothing reads the clock: DTSTAMP is
 * the build's date, so the same content and date give the same bytes.
 */
import { createEvents, type DateArray, type EventAttributes } from 'ics';
import type { SiteContent } from '../../src/content-schema.ts';
import { bySoonest, type EventMoment, eventOf, type SiteEvent, vtimezone } from '../../src/events.ts';
import type { NewsItem } from '../../src/content/news.ts';
import { EVENTS_CALENDAR, eventCalendarFile } from '../../src/urls.ts';
import type { OutputFile } from './output-files.ts';

const compact = (moment: EventMoment) => `${moment.date.replaceAll('-', '')}T${moment.time!.replace(':', '')}00`;
const dateArray = (date: string) => date.split('-').map(Number) as DateArray;

/** The day after an all-day event's last day: iCalendar's DTEND does not include its day. */
function dayAfter(date: string): DateArray {
  const [year, month, day] = dateArray(date) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()];
}

function attributes(event: SiteEvent<NewsItem>, siteUrl: string, today: string): EventAttributes {
  const { item, start, end } = event;
  const timed = start.time !== undefined;
  return {
    // The same event keeps its UID from build to build, so a subscribed calendar updates it instead of adding another.
    uid: `${item.id}@${new URL(siteUrl).host}`,
    timestamp: `${today.replaceAll('-', '')}T000000Z`,
    title: item.title,
    description: item.summary,
    url: item.link,
    ...(item.location || item.online ? { location: item.location ?? item.online } : {}),
    start: timed ? compact(start) : dateArray(start.date),
    ...(end ? { end: timed ? compact(end) : dayAfter(end.date) } : {}),
  } as EventAttributes;
}

/** A calendar of `events` with their zones' VTIMEZONE and each timed DTSTART and DTEND tied to its zone. */
function calendar(events: SiteEvent<NewsItem>[], content: SiteContent, today: string, name?: string): string {
  const { value, error } = createEvents(
    events.map((event) => attributes(event, content.site.siteUrl, today)),
    { productId: `-//${content.site.acronym}//Events//EN`, ...(name ? { calName: name } : {}) },
  );
  if (error || value === null) throw new Error(`the calendar could not be written: ${error?.message}`);
  if (events.length === 0) return value;
  const [header, ...vevents] = value.split('BEGIN:VEVENT\r\n');
  const zones = [...new Set(events.map((event) => event.zone).filter((zone) => zone !== undefined))].sort();
  const timezones = zones.map((zone) => `${vtimezone(zone)}\r\n`).join('');
  const tied = vevents.map((text, index) => {
    const zone = events[index]!.zone;
    return zone ? text.replace(/^(DTSTART|DTEND):(\d{8}T\d{6})\r$/gm, `$1;TZID=${zone}:$2\r`) : text;
  });
  return [`${header}${timezones}`, ...tied].join('BEGIN:VEVENT\r\n');
}

/** events/<id>.ics for each event, and events.ics with them all, soonest first. */
export function calendarFiles(content: SiteContent, today: string): OutputFile[] {
  const events = content.news
    .map((item) => eventOf(item, content.site.timezone))
    .filter((event) => event !== undefined)
    .sort(bySoonest);
  return [
    ...events.map((event) => ({ path: eventCalendarFile(event.item.id), contents: calendar([event], content, today) })),
    { path: EVENTS_CALENDAR, contents: calendar(events, content, today, `${content.site.acronym} events`) },
  ];
}
