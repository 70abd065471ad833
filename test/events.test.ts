/**
 * Events on the fixture site, built with a given "today": the News section's
 * order and words, the times in each event's zone, the JSON-LD, and the
 * calendar files read back by a real iCalendar parser (ical.js), whose UTC
 * instants are checked against the runtime's own time-zone data (Intl).
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import ICAL from 'ical.js';
import { localIn } from './helpers/calendar-readers.ts';
import { load } from './helpers/html.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { buildIntoTemporaryFolder, fixtureContent, readPage, realContentDir } from './helpers/site.ts';
import { snapshot } from './helpers/snapshot.ts';

const TODAY = '2030-06-01';
/** After the online seminar (2031-03-10), before the workshop (2031-05-19). */
const LATER = '2031-04-01';

const built = new Map<string, ReturnType<typeof buildIntoTemporaryFolder>>();
const site = (today: string) => {
  if (!built.has(today)) built.set(today, buildIntoTemporaryFolder({ today }));
  return built.get(today)!;
};

/** The News section as a visitor reads it: each item's title, status, when and where. */
async function newsOf(outDir: string) {
  const $ = load(await readPage(outDir, '/'));
  const text = (node: ReturnType<typeof $>) => node.text().replace(/\s+/g, ' ').trim();
  return {
    $,
    items: $('#news article')
      .toArray()
      .map((article) => {
        const at = (selector: string) => $(article).find(selector);
        const detail = (term: string) =>
          text(
            at('.event-details div')
              .filter((_, row) => text($(row).find('dt')) === term)
              .find('dd'),
          );
        return {
          title: text(at('h3')),
          meta: at('.news-entry__meta > *')
            .toArray()
            .map((part) => text($(part))),
          status: text(at('.news-entry__status')),
          when: detail('When'),
          where: detail('Where'),
          calendar: at('a[href$=".ics"]').attr('href'),
          register: at('a')
            .filter((_, link) => text($(link)).startsWith('Register'))
            .attr('href'),
        };
      }),
    jsonLd: $('script[type="application/ld+json"]')
      .toArray()
      .flatMap((script) => [JSON.parse($(script).text())].flat()),
  };
}

test('the News section lists upcoming events first, soonest first, with their date, time in their zone and place, then the rest newest first; a past event says so', async () => {
  const { outDir } = await site(TODAY);
  const { items, jsonLd, $ } = await newsOf(outDir);
  assert.deepEqual(
    items.map(({ title, status }) => [title, status]),
    [
      ['A made-up online seminar', 'Upcoming event'],
      ['A made-up spring workshop', 'Upcoming event'],
      ['A newer example update', ''],
      ['An older example update', 'Past event'],
    ],
  );
  // One date where a visitor looks for it: an event's card gives its When, not the day it was announced beside it.
  assert.deepEqual(
    items.map(({ meta }) => meta),
    [
      ['Event', 'Upcoming event'],
      ['Event', 'Upcoming event'],
      ['Announcement', 'June 1, 2023'],
      ['Event', 'Past event'],
    ],
  );
  assert.equal(
    $('#news .section__intro').text(),
    'Made-up updates and events, events still to come first, with a calendar of the events to subscribe to.',
    "the intro of the content's site.yml",
  );
  const [seminar, workshop, newer, older] = items;
  assert.equal(seminar!.when, 'Mar 10, 2031, 09:00 – 10:30 New York time (UTC-4)', 'in the zone the event names');
  assert.equal(workshop!.when, 'May 19, 2031, 14:00 – 16:30 Amsterdam time (UTC+2)', "in the site's zone");
  assert.equal(workshop!.where, 'Example Centre, Room 2, Example City');
  assert.equal(workshop!.register, 'https://register.fixture.example/workshop');
  assert.equal(older!.when, 'Jan 10, 2020', 'an all-day event has its date alone');
  assert.equal(newer!.calendar, undefined, 'an announcement has no calendar');
  for (const [item, id] of [
    [seminar, 'online-seminar'],
    [workshop, 'spring-workshop'],
    [older, 'older-example'],
  ] as const)
    assert.equal(item!.calendar, `/events/${id}.ics`, `${id}: "Add to calendar" is a plain link`);

  // The whole calendar: linked from the News section and advertised in the head for calendar apps.
  assert.equal($('#news a[href="/events.ics"]').text(), 'Subscribe to the events calendar');
  assert.equal($('head link[rel="alternate"][type="text/calendar"]').attr('href'), '/events.ics');

  // Search engines get each upcoming event, with the offset of its zone.
  const events = jsonLd.filter((data) => data['@type'] === 'Event');
  assert.deepEqual(
    events.map((event) => [event.name, event.startDate, event.endDate, event.eventAttendanceMode]),
    [
      [
        'A made-up online seminar',
        '2031-03-10T09:00-04:00',
        '2031-03-10T10:30-04:00',
        'https://schema.org/OnlineEventAttendanceMode',
      ],
      [
        'A made-up spring workshop',
        '2031-05-19T14:00+02:00',
        '2031-05-19T16:30+02:00',
        'https://schema.org/OfflineEventAttendanceMode',
      ],
    ],
  );
  assert.equal(jsonLd.filter((data) => data['@type'] === 'Organization').length, 1);
});

test('a later --today moves an event to past, and the same --today builds the same bytes', async () => {
  const [first, again, later] = await Promise.all([
    site(TODAY),
    buildIntoTemporaryFolder({ today: TODAY }),
    site(LATER),
  ]);
  assert.deepEqual(await snapshot(again.outDir), await snapshot(first.outDir), 'the same input, the same bytes');

  const { items, jsonLd } = await newsOf(later.outDir);
  assert.deepEqual(
    items.map(({ title, status }) => [title, status]),
    [
      ['A made-up spring workshop', 'Upcoming event'],
      ['A made-up online seminar', 'Past event'],
      ['A newer example update', ''],
      ['An older example update', 'Past event'],
    ],
  );
  assert.equal(items[1]!.register, undefined, 'no registration for a past event');
  assert.deepEqual(
    jsonLd.filter((data) => data['@type'] === 'Event').map((event) => event.name),
    ['A made-up spring workshop'],
  );
  assert.match(await readFile(path.join(later.outDir, 'events.ics'), 'utf8'), /^DTSTAMP:20310401T000000Z\r$/m);
});

test('every .ics parses with ical.js to the start, end, zone and UID of its event, and events.ics holds every event', async () => {
  const { outDir } = await site(TODAY);
  const content = await fixtureContent();
  const events = content.news.filter((item) => item.start !== undefined);
  assert.equal(events.length, 3);

  const read = (text: string) => {
    assert.ok(text.endsWith('END:VCALENDAR\r\n'), 'lines end in CRLF');
    const calendar = new ICAL.Component(ICAL.parse(text));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    return calendar.getAllSubcomponents('vevent').map((vevent) => ({ vevent, event: new ICAL.Event(vevent) }));
  };

  const files = await readdir(path.join(outDir, 'events'));
  assert.deepEqual(files.sort(), events.map((item) => `${item.id}.ics`).sort());
  for (const item of events) {
    const [only, ...more] = read(await readFile(path.join(outDir, 'events', `${item.id}.ics`), 'utf8'));
    assert.equal(more.length, 0);
    const { event, vevent } = only!;
    assert.equal(event.uid, `${item.id}@excon`, 'the id at the acronym, not at the host');
    assert.equal(event.summary, item.title);
    // What a calendar user needs most: the join link, else registration, else the news item.
    assert.equal(vevent.getFirstPropertyValue('url'), item.online ?? item.registration ?? item.link);
    assert.equal(vevent.getFirstPropertyValue('dtstamp')!.toString(), `${TODAY}T00:00:00Z`);
    if (item.location) assert.equal(event.location, item.location);
    else assert.equal(event.location, item.online);
    const timed = item.start!.includes(':');
    if (!timed) {
      assert.ok(event.startDate.isDate, `${item.id} is an all-day event`);
      assert.equal(event.startDate.toString(), item.start);
      continue;
    }
    const zone = item.timezone ?? content.site.timezone!;
    for (const [time, typed] of [
      [event.startDate, item.start!],
      [event.endDate, item.end!],
    ] as const) {
      assert.equal(time.zone?.tzid, zone, `${item.id}: TZID ${zone}, with its VTIMEZONE`);
      // The instant the calendar app computes from the VTIMEZONE is the typed local time in that zone.
      assert.equal(localIn(zone, time.toUnixTime() * 1000), typed, `${item.id}: ${typed} ${zone}`);
    }
  }

  const all = read(await readFile(path.join(outDir, 'events.ics'), 'utf8'));
  assert.deepEqual(all.map(({ event }) => event.uid).sort(), events.map((item) => `${item.id}@excon`).sort());
});

test('the real News section says what it holds: its intro names the events and the calendar it offers', async () => {
  const { content } = await loadContent(realContentDir);
  assert.match(content.site.intros.news, /\bevents\b/i);
  assert.match(content.site.intros.news, /\bcalendar\b/i);
});
