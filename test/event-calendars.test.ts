/**
 * Events that every calendar reads the same: the fixture site with the tricky
 * events of test/fixtures/events/ (a past event in a zone whose rules changed
 * since, half-hour and 45-minute zones, a start in the hour the clocks repeat,
 * an event across the change of the clocks, all-day and multi-day, hybrid,
 * cancelled, moved online, long multi-byte text), built, and every .ics read
 * by three parsers we did not write: ical.js, and Python's vobject and
 * icalendar, which read every field as ical.js does. Each instant is compared
 * with the zone oracle (Intl), and with what the page and the JSON-LD say.
 */
import assert from 'node:assert/strict';
import { cp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, test } from 'node:test';
import { instantsOf, type ReadEvent, readWithIcalJs } from './helpers/calendar-readers.ts';
import { load } from './helpers/html.ts';
import { eventsOf, pythonReadersTest } from './helpers/python-calendar-readers.ts';
import { schemaOrgProblems } from './helpers/schema-org.ts';
import { buildIntoTemporaryFolder, fixtureContentDir, readPage, temporaryFolder } from './helpers/site.ts';

const TODAY = '2031-01-01';
const eventsDir = path.resolve('test/fixtures/events');

/** What each tricky event must be, as its maintainer meant it: zone, local times, and the page's words. */
const expected: Record<
  string,
  { zone?: string; start: string; end: string; second?: boolean; when: string; status?: [string, string] }
> = {
  'mexico-city-2022': {
    zone: 'America/Mexico_City',
    start: '2022-06-15 10:00',
    end: '2022-06-15 12:00',
    when: 'June 15, 2022, 10:00 – 12:00 Mexico City time (UTC-5)',
  },
  'tehran-2021': {
    zone: 'Asia/Tehran',
    start: '2021-06-01 10:00',
    end: '2021-06-01 11:30',
    when: 'June 1, 2021, 10:00 – 11:30 Tehran time (UTC+4:30)',
  },
  'lord-howe': {
    zone: 'Australia/Lord_Howe',
    start: '2031-10-05 02:45',
    end: '2031-10-05 04:00',
    when: 'Oct 5, 2031, 02:45 – 04:00 Lord Howe time (UTC+11)',
  },
  kathmandu: {
    zone: 'Asia/Kathmandu',
    start: '2031-02-10 09:15',
    end: '2031-02-10 10:00',
    when: 'Feb 10, 2031, 09:15 – 10:00 Kathmandu time (UTC+5:45)',
  },
  'second-half-hour': {
    zone: 'Europe/Amsterdam',
    start: '2031-10-26 02:30',
    second: true,
    end: '2031-10-26 03:30',
    when: 'Oct 26, 2031, 02:30 – 03:30 Amsterdam time (UTC+1)',
  },
  'night-school': {
    zone: 'Europe/Amsterdam',
    start: '2031-10-25 22:00',
    end: '2031-10-26 04:00',
    when: 'Oct 25, 2031, 22:00 – Oct 26, 2031, 04:00 Amsterdam time (UTC+2 at the start, UTC+1 at the end)',
  },
  'summer-school': { start: '2031-06-10', end: '2031-06-12', when: 'June 10, 2031 – June 12, 2031' },
  'hybrid-symposium': {
    zone: 'Europe/Lisbon',
    start: '2031-09-18 09:30',
    end: '2031-09-18 17:00',
    when: 'Sep 18, 2031, 09:30 – 17:00 Lisbon time (UTC+1)',
  },
  'cancelled-meeting': {
    zone: 'Europe/Amsterdam',
    start: '2031-04-14 15:00',
    end: '2031-04-14 16:00',
    when: 'Apr 14, 2031, 15:00 – 16:00 Amsterdam time (UTC+2)',
    status: ['CANCELLED', 'EventCancelled'],
  },
  'long-text': {
    zone: 'Asia/Tokyo',
    start: '2031-07-01 18:00',
    end: '2031-07-01 20:30',
    when: 'July 1, 2031, 18:00 – 20:30 Tokyo time (UTC+9)',
  },
  'moved-online': {
    zone: 'Europe/Amsterdam',
    start: '2031-05-06 13:00',
    end: '2031-05-06 15:00',
    when: 'May 6, 2031, 13:00 – 15:00 Amsterdam time (UTC+2)',
    status: ['CONFIRMED', 'EventMovedOnline'],
  },
  'st-johns': {
    zone: 'America/St_Johns',
    start: '2031-07-01 10:00',
    end: '2031-07-01 11:00',
    when: 'July 1, 2031, 10:00 – 11:00 St. John’s time (UTC-2:30)',
  },
  kyiv: {
    zone: 'Europe/Kiev',
    start: '2031-06-02 10:00',
    end: '2031-06-02 11:00',
    when: 'June 2, 2031, 10:00 – 11:00 Kyiv time (UTC+3)',
  },
  'utc-call': {
    zone: 'UTC',
    start: '2031-06-03 10:00',
    end: '2031-06-03 11:00',
    when: 'June 3, 2031, 10:00 – 11:00 UTC',
  },
};

let outDir: string;
let contentDir: string;
before(async () => {
  contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  for (const name of await readdir(eventsDir))
    if (/^\d{4}-\d{2}-\d{2}-.*\.md$/.test(name))
      await cp(path.join(eventsDir, name), path.join(contentDir, 'news', name));
  ({ outDir } = await buildIntoTemporaryFolder({ contentDir, today: TODAY }));
});

/** The instant the oracle gives for a local time: the only one, or the second of a repeated hour. */
function oracle(zone: string, local: string, second = false): number {
  const instants = instantsOf(zone, local);
  assert.equal(instants.length, second ? 2 : 1, `${local} in ${zone}: ${instants.length} instants`);
  return instants.at(second ? 1 : 0)!;
}

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The start and end a reader must find: instants from the oracle, or the dates of an all-day event (end exclusive). */
function moments(id: string): { start: number | string; end: number | string } {
  const event = expected[id]!;
  if (!event.zone) return { start: event.start, end: dayAfter(event.end) };
  return { start: oracle(event.zone, event.start, event.second), end: oracle(event.zone, event.end) };
}

/** The JSON-LD Event blocks of a page. */
const eventBlocks = ($: ReturnType<typeof load>) =>
  $('script[type="application/ld+json"]')
    .toArray()
    .flatMap((script) => [JSON.parse($(script).text())].flat())
    .filter((data) => data['@type'] === 'Event');

test('each event file and events.ics: ical.js finds every event at the instants the zone oracle gives', async () => {
  const everyEvent = readWithIcalJs(await readFile(path.join(outDir, 'events.ics'), 'utf8'));
  for (const id of Object.keys(expected)) {
    const own = readWithIcalJs(await readFile(path.join(outDir, 'events', `${id}.ics`), 'utf8'));
    assert.equal(own.length, 1, `ical.js: events/${id}.ics holds one event`);
    const inAll = everyEvent.find((event) => event.uid === `${id}@excon`);
    for (const [where, event] of [
      [`events/${id}.ics`, own[0]],
      ['events.ics', inAll],
    ] as const) {
      assert.ok(event, `ical.js: ${where} holds ${id}`);
      assert.deepEqual({ start: event.start, end: event.end }, moments(id), `ical.js reads ${where}`);
    }
  }
});

pythonReadersTest(
  "each event file and events.ics: Python's vobject and icalendar read each whole, every field as ical.js does (start and end too), at the instants the zone oracle gives",
  async (python) => {
    const files = ['events.ics', ...Object.keys(expected).map((id) => `events/${id}.ics`)];
    for (const file of files) {
      const text = await readFile(path.join(outDir, file), 'utf8');
      const readings = await python.read(text);
      const byIcalJs = readWithIcalJs(text);
      for (const library of ['vobject', 'icalendar'] as const) {
        const events = eventsOf(readings[library], library, file);
        // Every field a calendar shows, as ical.js reads it: the same text, links, status, SEQUENCE and instants.
        assert.deepEqual(
          events,
          byIcalJs.map(({ tzid: _tzid, ...fields }) => fields),
          `${library} reads the fields of ${file} as ical.js does`,
        );
        for (const id of Object.keys(expected).filter((id) => file === 'events.ics' || file === `events/${id}.ics`)) {
          const event = events.find(({ uid }) => uid === `${id}@excon`);
          assert.ok(event, `${library}: ${file} holds ${id}`);
          assert.deepEqual({ start: event.start, end: event.end }, moments(id), `${library} reads ${id} in ${file}`);
        }
      }
    }
  },
);

test('the page and the JSON-LD say the same instants, with the offsets of each event’s own date', async () => {
  const $ = load(await readPage(outDir, '/'));
  const jsonLd = eventBlocks($);
  for (const [id, event] of Object.entries(expected)) {
    const article = $('#news article').filter((_, node) => $(node).find(`a[href="/events/${id}.ics"]`).length > 0);
    assert.equal(article.length, 1, id);
    const when = article
      .find('dt')
      .filter((_, node) => $(node).text() === 'When')
      .next('dd');
    assert.equal(when.text().replace(/\s+/g, ' ').trim(), event.when, `${id}: what the page says`);
    const times = when
      .find('time')
      .toArray()
      .map((node) => $(node).attr('datetime')!);
    const { start, end } = moments(id);
    if (typeof start === 'number') {
      assert.deepEqual(times.map(Date.parse), [start, end], `${id}: <time datetime> ${times.join(' – ')}`);
    }
    const data = jsonLd.find((entry) => entry.url === `https://news.fixture.example/${id}`);
    if (Number(event.start.slice(0, 4)) < 2031) {
      assert.equal(data, undefined, `${id} is past: no JSON-LD`);
      continue;
    }
    assert.ok(data, `${id} has its JSON-LD`);
    assert.deepEqual(schemaOrgProblems(data), [], `${id}: valid schema.org`);
    assert.ok(data.location, `${id}: a location, always`);
    if (typeof start === 'number')
      assert.deepEqual([Date.parse(data.startDate), Date.parse(data.endDate)], [start, end]);
    else assert.deepEqual([data.startDate, data.endDate], [event.start, event.end]);
    assert.equal(data.eventStatus, `https://schema.org/${event.status?.[1] ?? 'EventScheduled'}`, id);
  }
});

/**
 * One event of the whole calendar, as ical.js reads it. vobject and icalendar read every field of every event of
 * events.ics as ical.js does: the Python readers' test above compares them, event by event.
 */
async function readInEventsIcs(id: string): Promise<ReadEvent> {
  const text = await readFile(path.join(outDir, 'events.ics'), 'utf8');
  const event = readWithIcalJs(text).find(({ uid }) => uid === `${id}@excon`);
  assert.ok(event, id);
  return event;
}

test('a hybrid event: the place with its address, the join and registration links in URL and description, plain text with absolute links', async () => {
  const event = await readInEventsIcs('hybrid-symposium');
  assert.equal(event.location, 'Example Congress Centre, Lisbon, Rua de Exemplo 10, 1000-001 Lisboa, Portugal');
  assert.equal(event.url, 'https://meet.fixture.example/hybrid-symposium');
  assert.equal(
    event.description,
    [
      'Come to Lisbon or join online. The programme follows our research themes (https://fixture.example/research/), and questions go to the secretariat (office@fixture.example).',
      '',
      '- Morning: talks\n- Afternoon: workshops',
      '',
      'Join online: https://meet.fixture.example/hybrid-symposium',
      'Register: https://register.fixture.example/hybrid-symposium',
      'More: https://news.fixture.example/hybrid-symposium',
    ].join('\n'),
  );
  assert.deepEqual([event.status, event.sequence], ['CONFIRMED', 0]);

  const $ = load(await readPage(outDir, '/'));
  const data = eventBlocks($).find((entry) => entry.name === 'A hybrid symposium');
  assert.equal(data.eventAttendanceMode, 'https://schema.org/MixedEventAttendanceMode');
  assert.deepEqual(data.location, [
    {
      '@type': 'Place',
      name: 'Example Congress Centre, Lisbon',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Rua de Exemplo 10',
        postalCode: '1000-001',
        addressLocality: 'Lisboa',
        addressCountry: 'Portugal',
      },
    },
    { '@type': 'VirtualLocation', url: 'https://meet.fixture.example/hybrid-symposium' },
  ]);
  assert.ok(!/[*[\]]/.test(data.description), `plain text: ${data.description}`);
});

test('a cancelled event says so in STATUS, its title and description; moved online, the link is the place', async () => {
  const cancelled = await readInEventsIcs('cancelled-meeting');
  assert.equal(cancelled.status, 'CANCELLED');
  assert.equal(cancelled.summary, 'Cancelled: A members meeting that was cancelled');
  // Nobody can join or register: only the news of it is linked, and the place it would have had is its place.
  assert.equal(
    cancelled.description,
    'This event is cancelled.\n\nThe meeting will not take place; the next one will be announced here.\n\nMore: https://news.fixture.example/cancelled-meeting',
  );
  assert.equal(cancelled.location, 'Example Centre, Room 5, Example City');
  assert.equal(cancelled.url, 'https://news.fixture.example/cancelled-meeting');
  const online = await readInEventsIcs('moved-online');
  assert.equal(online.status, 'CONFIRMED');
  assert.equal(online.location, 'https://meet.fixture.example/moved-online');
  assert.equal(online.url, 'https://meet.fixture.example/moved-online');

  const $ = load(await readPage(outDir, '/'));
  const article = (id: string) =>
    $('#news article').filter((_, node) => $(node).find(`a[href="/events/${id}.ics"]`).length > 0);
  const status = (id: string) => article(id).find('dt:contains("Status")').next('dd').text();
  assert.equal(status('cancelled-meeting'), 'Cancelled');
  assert.equal(article('cancelled-meeting').find('.news-entry__status').text(), 'Cancelled event');
  assert.deepEqual(
    article('cancelled-meeting')
      .find('a')
      .toArray()
      .map((link) => $(link).text()),
    [
      'Add to calendar: A members meeting that was cancelled',
      'Read more: A members meeting that was cancelled (opens in a new tab)',
    ],
    'neither Join online nor Register when cancelled',
  );
  const data = eventBlocks($).find((entry) => entry.name === 'A members meeting that was cancelled');
  assert.equal(data.offers, undefined, 'no offer of a place at a cancelled event');
  assert.deepEqual(data.location, [
    { '@type': 'Place', name: 'Example Centre, Room 5, Example City' },
    { '@type': 'VirtualLocation', url: 'https://news.fixture.example/cancelled-meeting' },
  ]);
  assert.equal(article('moved-online').find('.news-entry__status').text(), 'Upcoming event');
  assert.equal(status('moved-online'), 'Moved online');
  assert.equal(article('moved-online').find('dt:contains("Where")').length, 0, 'the room no longer applies');
});

test('long multi-byte text comes back whole; every line is at most 75 octets and never splits a character', async () => {
  const event = await readInEventsIcs('long-text');
  assert.equal(event.summary, '多文化神経心理学の研究会 🧠🌍 – Cross-cultural neuropsychology meeting, Tōkyō');
  assert.equal(event.location, '東京都千代田区の例会館 3階 🏛️, Tōkyō');
  assert.match(
    event.description,
    /🧠🌍 Ünïcödé, ελληνικά, русский, العربية, עברית, and a semicolon; a comma, a backslash \\ and a colon: all kept\./,
  );
  for (const name of ['events.ics', ...(await readdir(path.join(outDir, 'events'))).map((file) => `events/${file}`)]) {
    const bytes = await readFile(path.join(outDir, name));
    const text = bytes.toString('utf8');
    assert.ok(text.endsWith('\r\n') && !/\r(?!\n)|(?<!\r)\n/.test(text), `${name}: every line ends in CRLF`);
    // Each line's own octets, decoded alone: a fold inside a UTF-8 sequence leaves a line that is no UTF-8.
    let from = 0;
    for (let at = bytes.indexOf('\r\n'); at !== -1; from = at + 2, at = bytes.indexOf('\r\n', from)) {
      const line = bytes.subarray(from, at);
      assert.ok(line.length <= 75, `${name}: ${line.length} octets in ${line}`);
      assert.doesNotThrow(() => new TextDecoder('utf-8', { fatal: true }).decode(line), `${name}: ${line}`);
    }
  }
});

test('the UID stays when the site moves to another address', async () => {
  const moved = await buildIntoTemporaryFolder({ contentDir, today: TODAY, siteUrl: 'https://another.example.org' });
  const uids = async (folder: string) =>
    readWithIcalJs(await readFile(path.join(folder, 'events.ics'), 'utf8')).map((event) => event.uid);
  const before = await uids(outDir);
  assert.deepEqual(await uids(moved.outDir), before);
  assert.deepEqual(
    before.sort(),
    [...Object.keys(expected), 'older-example', 'online-seminar', 'spring-workshop'].map((id) => `${id}@excon`).sort(),
  );
});
