/**
 * Instants you can trust, and calendar text every reader takes back whole:
 * the pinned zone data (src/time-zones.ts) against the runtime's Intl (ICU,
 * another implementation and another packaging of the tz database), instant
 * by instant, over generated zones, dates and times, the hours around each
 * change of the clocks most of all; the calendar writer against three parsers
 * we did not write (ical.js, and Python's vobject and icalendar), over
 * generated text, zones and events; and a time the clocks skip or repeat
 * refused with the fix.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { text, writeCalendar } from '../scripts/lib/icalendar.ts';
import { calendarFiles } from '../scripts/stages/calendar-files.ts';
import { instantProblem, offsetText } from '../src/events.ts';
import type { NewsItem } from '../src/content/news.ts';
import { lastYearOfData, offsetAt, readLocalTime, utcClock } from '../src/time-zones.ts';
import { createUrls } from '../src/urls.ts';
import {
  icalendarReadsBack,
  instantsOf,
  intlOffset,
  pytzKnowsZonesAt,
  readWithIcalJs,
} from './helpers/calendar-readers.ts';
import { eventsOf, type PythonReaders, pythonReadersTest } from './helpers/python-calendar-readers.ts';
import { fixtureContent } from './helpers/site.ts';
import { propertyRuns } from './helpers/property-runs.ts';

/**
 * Zones whose rules, 1990 to 2037, are the same in every tz release a supported Node line's ICU carries: summer
 * time north and south, half-hour and 45-minute offsets, negative summer time (Dublin), a half-hour change (Lord
 * Howe), a day skipped (Apia, 2011), zones that changed their rules (Mexico City 2022, Tehran 2022, Istanbul 2016,
 * Pyongyang 2015 and 2018, Caracas 2007 and 2016, Moscow 2011 and 2014).
 */
const zones = [
  'Europe/Amsterdam',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Lisbon',
  'Europe/Athens',
  'Europe/Moscow',
  'Europe/Istanbul',
  'America/New_York',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'America/Mexico_City',
  'America/St_Johns',
  'America/Santiago',
  'America/Caracas',
  'Asia/Tehran',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Tokyo',
  'Asia/Jerusalem',
  'Asia/Pyongyang',
  'Australia/Sydney',
  'Australia/Adelaide',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
  'Pacific/Chatham',
  'Pacific/Apia',
  'Africa/Cairo',
  'Africa/Johannesburg',
];

const MINUTE = 60_000;
// From 1990: older history is still being corrected from one tz release to the next (Tehran's 1979 change of the
// clocks moved between the release ICU carries and ours), which would be a difference of data, not of code.
const from = Date.UTC(1990, 0, 1);
const to = Date.UTC(2037, 11, 31);

/** The next change of a zone's offset after an instant, within a year and a half, by Intl alone (minute-exact). */
function nextChange(zone: string, instant: number): number | undefined {
  const step = 7 * 24 * 60 * MINUTE;
  let low = instant;
  for (let high = instant + step; high < instant + 80 * step; low = high, high += step) {
    if (intlOffset(zone, high) === intlOffset(zone, low)) continue;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (intlOffset(zone, middle) === intlOffset(zone, low)) low = middle;
      else high = middle;
    }
    return high;
  }
  return undefined;
}

/** A zone and an instant, half of them within an hour and a half of a change of its clocks. */
const zonedInstant = fc
  .tuple(
    fc.constantFrom(...zones),
    fc.integer({ min: from / MINUTE, max: to / MINUTE }),
    fc.boolean(),
    fc.integer({ min: -90, max: 90 }),
  )
  .map(([zone, minutes, nearChange, delta]) => {
    const instant = minutes * MINUTE;
    const change = nearChange ? nextChange(zone, instant) : undefined;
    return { zone, instant: change === undefined ? instant : change + delta * MINUTE };
  });

test('the offset of every generated instant is the one Intl (ICU) gives, changes of the clocks included', () => {
  fc.assert(
    fc.property(zonedInstant, ({ zone, instant }) => {
      assert.equal(offsetAt(zone, instant), intlOffset(zone, instant), `${zone} at ${new Date(instant).toISOString()}`);
    }),
    { numRuns: propertyRuns(400) },
  );
});

const clockOf = (instant: number) => new Date(instant).toISOString().slice(0, 16).replace('T', ' ');

test('a wall-clock time is one instant, none (a gap) or two (a repeated hour), exactly as Intl finds them', () => {
  fc.assert(
    fc.property(zonedInstant, ({ zone, instant }) => {
      // The same reading on a UTC clock: a local time near the change, without any zone applied.
      const local = clockOf(instant + offsetAt(zone, instant) * MINUTE + (instant % 7) * 10 * MINUTE);
      const expected = instantsOf(zone, local);
      const reading = readLocalTime(zone, Date.parse(`${local.replace(' ', 'T')}:00Z`));
      const clock = Date.parse(`${local.replace(' ', 'T')}:00Z`);
      const offsets = expected.map((at) => (clock - at) / MINUTE);
      if (reading.kind === 'gap') assert.deepEqual(offsets, [], `${local} in ${zone} is no gap for Intl`);
      else if (reading.kind === 'exists') assert.deepEqual(offsets, [reading.offset], `${local} in ${zone}`);
      else assert.deepEqual(offsets, reading.offsets, `${local} in ${zone} repeated`);
    }),
    { numRuns: propertyRuns(400) },
  );
});

test('a time the clocks skip is refused with both fixes; one they repeat needs its offset; a wrong offset is named', () => {
  assert.equal(
    instantProblem('2031-03-30 02:30', 'Europe/Amsterdam'),
    '02:30 does not exist on March 30, 2031 in Europe/Amsterdam: clocks jump from 02:00 to 03:00; write 01:30 or 03:30',
  );
  assert.equal(
    instantProblem('2031-10-05 02:15', 'Australia/Lord_Howe'),
    '02:15 does not exist on October 5, 2031 in Australia/Lord_Howe: clocks jump from 02:00 to 02:30; write 01:45 or 02:45',
  );
  assert.equal(
    instantProblem('2031-10-26 02:30', 'Europe/Amsterdam'),
    '02:30 happens twice on October 26, 2031 in Europe/Amsterdam: clocks go back from 03:00 to 02:00; write "2031-10-26 02:30 +02:00" for the first time, before the clocks go back, or "2031-10-26 02:30 +01:00" for the second',
  );
  assert.equal(instantProblem('2031-10-26 02:30 +01:00', 'Europe/Amsterdam'), undefined);
  assert.equal(
    instantProblem('2031-05-19 14:00 +01:00', 'Europe/Amsterdam'),
    '+01:00 is not an offset of Europe/Amsterdam at 14:00 on May 19, 2031 (it is +02:00); write 2031-05-19 14:00 without an offset, or with +02:00',
  );
  assert.equal(instantProblem('2022-06-15 10:00', 'America/Mexico_City'), undefined);
  // In a repeated hour the fix names both offsets: "without an offset" would be refused in its turn.
  assert.equal(
    instantProblem('2031-10-26 02:30 +05:00', 'Europe/Amsterdam'),
    '+05:00 is not an offset of Europe/Amsterdam at 02:30 on October 26, 2031, which happens twice (+02:00, then +01:00); write "2031-10-26 02:30 +02:00" for the first time, before the clocks go back, or "2031-10-26 02:30 +01:00" for the second',
  );
  for (const fix of ['2031-10-26 02:30 +02:00', '2031-10-26 02:30 +01:00'])
    assert.equal(instantProblem(fix, 'Europe/Amsterdam'), undefined, `the fix ${fix} is accepted`);
  // Samoa skipped December 30, 2011 whole: the change of the clocks is told with its days.
  assert.equal(
    instantProblem('2011-12-30 10:00', 'Pacific/Apia'),
    '10:00 does not exist on December 30, 2011 in Pacific/Apia: clocks jump from December 30, 2011, 00:00 to December 31, 2011, 00:00; write 2011-12-29 10:00 or 2011-12-31 10:00',
  );
  for (const fix of ['2011-12-29 10:00', '2011-12-31 10:00'])
    assert.equal(instantProblem(fix, 'Pacific/Apia'), undefined, `the fix ${fix} is accepted`);
});

test('to the last day of the data (2499), every zone keeps its summer time, as Intl computes its rules; and years are read whole', () => {
  const read = (zone: string, local: string) => {
    const [date, time] = local.split(' ') as [string, string];
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const reading = readLocalTime(zone, utcClock(year, month, day, Number(time.slice(0, 2)), Number(time.slice(3))));
    assert.equal(reading.kind, 'exists', `${local} ${zone}`);
    return reading.kind === 'exists' ? reading.offset : Number.NaN;
  };
  for (const zone of ['Europe/Amsterdam', 'America/New_York', 'Australia/Sydney', 'Pacific/Auckland'])
    for (const local of ['2499-01-15 12:00', '2499-07-15 12:00', '2499-12-31 23:00', '1900-06-01 12:00']) {
      const [instant] = instantsOf(zone, local);
      assert.equal(read(zone, local), intlOffset(zone, instant!), `${local} in ${zone}`);
    }
  assert.equal(new Date(utcClock(1, 1, 1)).toISOString(), '0001-01-01T00:00:00.000Z', 'year 1 is no 1901');
  assert.equal(new Date(utcClock(99, 12, 31, 23, 59)).toISOString(), '0099-12-31T23:59:00.000Z');
  assert.equal(lastYearOfData(), 2499, 'moment-timezone publishes the changes of the clocks to 2499');
});

/** Text a calendar field may hold: any Unicode (astral included), tabs and line breaks, but no other control. */
const calendarText = fc
  .string({
    unit: fc.oneof(
      fc.constantFrom('\t', '\n', ';', ',', '\\', ':', '"', ' ', 'é', '🧠'),
      // Any code point, as fc.string({ unit: 'binary' }) draws one: given as a unit itself, fast-check took 2.5 s
      // to list every code point backwards for each word it tries to read in it.
      fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
    ),
    maxLength: 120,
  })
  // Controls are refused by the content check; a lone surrogate cannot come from a UTF-8 file.
  .filter((value) => !/[^\P{Cc}\t\n]|\p{Cs}/u.test(value) && value.trim() !== '');

/** A calendar of one event with this title and description, as the calendar writer writes it. */
const calendarWith = (summary: string, description: string) =>
  writeCalendar({
    name: 'VCALENDAR',
    properties: [
      { name: 'VERSION', value: '2.0' },
      { name: 'PRODID', value: '-//Test//EN' },
    ],
    components: [
      {
        name: 'VEVENT',
        properties: [
          { name: 'UID', value: 'generated@test' },
          { name: 'DTSTAMP', value: '20300101T000000Z' },
          { name: 'DTSTART', value: '20300101T120000Z' },
          { name: 'SUMMARY', value: text(summary) },
          { name: 'DESCRIPTION', value: text(description) },
        ],
      },
    ],
  });

test('any text written by the calendar writer reads back the same with ical.js, in lines of at most 75 octets', () => {
  fc.assert(
    fc.property(calendarText, calendarText, (summary, description) => {
      const written = calendarWith(summary, description);
      for (const line of written.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, line);
      const [fromIcalJs] = readWithIcalJs(written);
      assert.deepEqual([fromIcalJs!.summary, fromIcalJs!.description], [summary, description], 'ical.js');
    }),
    { numRuns: propertyRuns(300) },
  );
});

pythonReadersTest(
  "any text written by the calendar writer reads back the same with Python's vobject, and with icalendar where it can",
  async (python) => {
    await fc.assert(
      fc.asyncProperty(calendarText, calendarText, async (summary, description) => {
        const readings = await python.read(calendarWith(summary, description));
        const [byVobject] = eventsOf(readings.vobject, 'vobject', 'the generated event');
        assert.deepEqual([byVobject!.summary, byVobject!.description], [summary, description], 'vobject');
        const [byIcalendar] = eventsOf(readings.icalendar, 'icalendar', 'the generated event');
        for (const [read, typed] of [
          [byIcalendar!.summary, summary],
          [byIcalendar!.description, description],
        ])
          if (icalendarReadsBack(typed!)) assert.equal(read, typed, 'icalendar');
      }),
      { numRuns: propertyRuns(300) },
    );
  },
);

/** A generated event in a generated zone: its start and end as the maintainer writes them, and its calendar. */
const zonedEvent = async () => {
  const content = await fixtureContent();
  const urls = createUrls('', content.site.siteUrl);
  const title = calendarText.map((value) => value.replace(/[\t\n]/g, ' ').trim()).filter((value) => value !== '');
  return fc
    .tuple(zonedInstant, fc.integer({ min: 15, max: 36 * 60 }), title)
    .map(([{ zone, instant }, minutes, name]) => {
      const [start, end] = [instant, instant + minutes * MINUTE].map(
        (at) =>
          `${clockOf(at + offsetAt(zone, at) * MINUTE)}${readLocalTime(zone, at + offsetAt(zone, at) * MINUTE).kind === 'repeated' ? ` ${offsetText(offsetAt(zone, at))}` : ''}`,
      ) as [string, string];
      const item = {
        ...content.news.find((news) => news.id === 'spring-workshop')!,
        title: name,
        start,
        end,
        timezone: zone,
      };
      const [file] = calendarFiles({ ...content, news: [item] }, { today: '2030-01-01', urls });
      return {
        name,
        instants: [instant, instant + minutes * MINUTE],
        where: `${start} – ${end} ${zone}`,
        ics: file!.contents as string,
      };
    });
};

test('a generated event in a generated zone: ical.js (from the VTIMEZONE) finds the start and end the zone oracle gives, and its title whole', async () => {
  fc.assert(
    fc.property(await zonedEvent(), ({ name, instants, where, ics }) => {
      const [event] = readWithIcalJs(ics);
      assert.deepEqual([event!.start, event!.end], instants, `ical.js: ${where}`);
      assert.equal(event!.summary, name, `ical.js: ${where}`);
    }),
    { numRuns: propertyRuns(150) },
  );
});

pythonReadersTest(
  'a generated event in a generated zone: vobject and icalendar find the start and end the zone oracle gives to 2037 (the end of the tz data pytz reads), and its title whole',
  async (python) => {
    await fc.assert(
      fc.asyncProperty(await zonedEvent(), async ({ name, instants, where, ics }) => {
        await python.forget();
        const readings = await python.read(ics);
        for (const library of ['vobject', 'icalendar'] as const) {
          const [event] = eventsOf(readings[library], library, where);
          if (pytzKnowsZonesAt(instants[1]!))
            assert.deepEqual([event!.start, event!.end], instants, `${library}: ${where}`);
          if (library === 'vobject' || icalendarReadsBack(name))
            assert.equal(event!.summary, name, `${library}: ${where}`);
        }
      }),
      { numRuns: propertyRuns(150) },
    );
  },
);

/** Every reader of calendars the tests have: ical.js, and Python's vobject and icalendar; each gives the events it read. */
function everyReader(python: PythonReaders) {
  const fromPython = (library: 'vobject' | 'icalendar') => async (text: string, where: string) =>
    eventsOf((await python.read(text))[library], library, where);
  return {
    'ical.js': async (text: string) => readWithIcalJs(text),
    vobject: fromPython('vobject'),
    icalendar: fromPython('icalendar'),
  };
}

/** A timed event of the fixture's workshop at other times, in another zone. */
const timedEvent = (item: NewsItem, id: string, zone: string, start: string, end: string): NewsItem => ({
  ...item,
  id,
  timezone: zone,
  start,
  end,
});

pythonReadersTest(
  'two summer events a year apart in one zone: vobject, icalendar and ical.js each read the whole of events.ics and of each file',
  async (python) => {
    const content = await fixtureContent();
    const workshop = content.news.find((news) => news.id === 'spring-workshop')!;
    const news = [
      timedEvent(workshop, 'june-2031', 'Europe/Amsterdam', '2031-06-10 10:00', '2031-06-10 12:00'),
      timedEvent(workshop, 'june-2032', 'Europe/Amsterdam', '2032-06-10 10:00', '2032-06-10 12:00'),
    ];
    const files = calendarFiles(
      { ...content, news },
      { today: '2030-01-01', urls: createUrls('', content.site.siteUrl) },
    );
    const expected = news.map(({ id, start, end }) => ({
      uid: `${id}@excon`,
      start: instantsOf('Europe/Amsterdam', start!)[0],
      end: instantsOf('Europe/Amsterdam', end!)[0],
    }));
    assert.deepEqual(
      files.map((file) => file.path),
      ['events/june-2031.ics', 'events/june-2032.ics', 'events.ics'],
    );
    for (const [name, read] of Object.entries(everyReader(python)))
      for (const file of files) {
        const events = await read(file.contents as string, file.path);
        const wanted =
          file.path === 'events.ics' ? expected : expected.filter(({ uid }) => file.path.includes(uid.split('@')[0]!));
        assert.deepEqual(
          events.map(({ uid, start, end }) => ({ uid, start, end })),
          wanted,
          `${name} reads ${file.path}`,
        );
      }
  },
);

/**
 * A set of events in one or more zones, in years from 1990 to 2037 (where the system's tz data that icalendar reads
 * through pytz agrees with ours), in every season: each a start and a length, written as a maintainer would (the
 * offset after a time the clocks repeat).
 */
const eventSet = fc
  .array(
    fc.record({
      zone: fc.constantFrom(...zones),
      year: fc.integer({ min: 1990, max: 2037 }),
      dayOfYear: fc.integer({ min: 0, max: 364 }),
      minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
      length: fc.integer({ min: 15, max: 36 * 60 }),
    }),
    { minLength: 1, maxLength: 5 },
  )
  .map((events) =>
    events.map(({ zone, year, dayOfYear, minute, length }, index) => {
      const instant = utcClock(year, 1, 1 + dayOfYear, 0, minute);
      const [start, end] = [instant, instant + length * MINUTE].map((at) => {
        const local = at + offsetAt(zone, at) * MINUTE;
        const repeated = readLocalTime(zone, local).kind === 'repeated';
        return `${clockOf(local)}${repeated ? ` ${offsetText(offsetAt(zone, at))}` : ''}`;
      }) as [string, string];
      return { id: `event-${index}`, zone, start, end, instants: [instant, instant + length * MINUTE] };
    }),
  );

pythonReadersTest(
  'generated sets of events (zones, years, seasons): every reader reads every file whole, at the instants of the pinned tz data',
  async (python) => {
    const content = await fixtureContent();
    const urls = createUrls('', content.site.siteUrl);
    const workshop = content.news.find((news) => news.id === 'spring-workshop')!;
    const readers = Object.entries(everyReader(python));
    await fc.assert(
      fc.asyncProperty(eventSet, async (events) => {
        await python.forget();
        const news = events.map(({ id, zone, start, end }) => timedEvent(workshop, id, zone, start, end));
        for (const file of calendarFiles({ ...content, news }, { today: '2030-01-01', urls })) {
          const inFile = events.filter(({ id }) => file.path === 'events.ics' || file.path === `events/${id}.ics`);
          for (const [name, read] of readers) {
            const found = await read(file.contents as string, file.path);
            assert.deepEqual(
              found.map(({ uid, start, end }) => [uid, start, end]).sort(),
              inFile.map(({ id, instants }) => [`${id}@excon`, ...instants]).sort(),
              `${name} reads ${file.path}: ${events.map(({ zone, start, end }) => `${start} – ${end} ${zone}`).join(', ')}`,
            );
          }
        }
      }),
      { numRuns: propertyRuns(60) },
    );
  },
);
