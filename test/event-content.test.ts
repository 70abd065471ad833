/**
 * Events a careful maintainer might write that would break a calendar: each
 * refused at its file and line with the fix, or written so that the
 * independent parsers (ical.js, Python's vobject and icalendar) read it back
 * as meant.
 */
import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { BuildError, displayPath, formatProblem } from '../scripts/lib/problems.ts';
import { calendarFiles } from '../scripts/stages/calendar-files.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { eventJsonLd } from '../src/event-json-ld.ts';
import { markdownToHtml } from '../src/markdown.tsx';
import { createUrls } from '../src/urls.ts';
import { readWithIcalJs } from './helpers/calendar-readers.ts';
import { load } from './helpers/html.ts';
import { eventsOf, pythonReadersTest } from './helpers/python-calendar-readers.ts';
import { fixtureContent, fixtureContentDir, temporaryFolder } from './helpers/site.ts';

const WORKSHOP = 'news/2030-03-01-spring-workshop.md';
const SEMINAR = 'news/2030-04-01-online-seminar.md';

/** The first line of every problem the content check reports once `from` is replaced by `to` in `file`. */
async function problemsAfter(file: string, from: string, to: string): Promise<string[]> {
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  const text = await readFile(path.join(contentDir, file), 'utf8');
  assert.ok(text.includes(from), `${file} holds ${from}`);
  await writeFile(path.join(contentDir, file), text.replace(from, to));
  try {
    await loadContent(contentDir, { publicDir: path.resolve('public') });
    return [];
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    const shown = displayPath(contentDir);
    return error.problems.map((problem) => formatProblem(problem).split('\n')[0]!.trim().replaceAll(shown, 'content'));
  }
}

const cases: [string, string, string, string, string[]][] = [
  [
    'a time the clocks skip',
    WORKSHOP,
    'start: 2031-05-19 14:00',
    'start: 2031-03-30 02:30',
    [
      'content/news/2030-03-01-spring-workshop.md:6:8 › start: 02:30 does not exist on March 30, 2031 in Europe/Amsterdam: clocks jump from 02:00 to 03:00; write 01:30 or 03:30, found "2031-03-30 02:30"',
    ],
  ],
  [
    'a time the clocks repeat, without its offset',
    WORKSHOP,
    'start: 2031-05-19 14:00\nend: 2031-05-19 16:30',
    'start: 2031-10-26 02:30\nend: 2031-10-26 04:00',
    [
      'content/news/2030-03-01-spring-workshop.md:6:8 › start: 02:30 happens twice on October 26, 2031 in Europe/Amsterdam: clocks go back from 03:00 to 02:00; write "2031-10-26 02:30 +02:00" for the first time, before the clocks go back, or "2031-10-26 02:30 +01:00" for the second, found "2031-10-26 02:30"',
    ],
  ],
  [
    'a year after the pinned time-zone data ends, where summer time would be forgotten',
    WORKSHOP,
    'start: 2031-05-19 14:00\nend: 2031-05-19 16:30',
    'start: 2500-07-01 14:00\nend: 2500-07-01 16:30',
    [
      'content/news/2030-03-01-spring-workshop.md:6:8 › start: expected a year from 1900 to 2499, the years the site\'s time-zone data covers; check the year, found "2500-07-01 14:00"',
      'content/news/2030-03-01-spring-workshop.md:7:6 › end: expected a year from 1900 to 2499, the years the site\'s time-zone data covers; check the year, found "2500-07-01 16:30"',
    ],
  ],
  [
    'year 1, which Date.UTC would read as 1901',
    WORKSHOP,
    'start: 2031-05-19 14:00\nend: 2031-05-19 16:30',
    'start: 0001-01-01 10:00\nend: 0001-01-01 11:00',
    [
      'content/news/2030-03-01-spring-workshop.md:6:8 › start: expected a year from 1900 to 2499, the years the site\'s time-zone data covers; check the year, found "0001-01-01 10:00"',
      'content/news/2030-03-01-spring-workshop.md:7:6 › end: expected a year from 1900 to 2499, the years the site\'s time-zone data covers; check the year, found "0001-01-01 11:00"',
    ],
  ],
  [
    'the last day of year 9999, whose calendar end would be in year 10000',
    WORKSHOP,
    'start: 2031-05-19 14:00\nend: 2031-05-19 16:30',
    'start: 9999-12-31',
    [
      'content/news/2030-03-01-spring-workshop.md:6:8 › start: expected a year from 1900 to 2499, the years the site\'s time-zone data covers; check the year, found "9999-12-31"',
    ],
  ],
  [
    'a title of 334 characters, half of them emoji (501 units of UTF-16): as many as a person counts',
    WORKSHOP,
    'title: A made-up spring workshop',
    `title: "${'🧠a'.repeat(167)}"`,
    [],
  ],
  [
    'a title of 501 characters, each a letter with its accent written apart: refused as 501, not 1,002',
    WORKSHOP,
    'title: A made-up spring workshop',
    `title: "${'e\u0301'.repeat(501)}"`,
    [
      `content/news/2030-03-01-spring-workshop.md:2:8 › title: expected at most 500 characters; this one has 501: shorten it, found "${'e\u0301'.repeat(60)}…" (501 characters)`,
    ],
  ],
  [
    'right-to-left marks in an Arabic title, which set where the year stands: accepted',
    WORKSHOP,
    'title: A made-up spring workshop',
    'title: "ورشة الربيع\u200F 2031\u200F"',
    [],
  ],
  [
    'a line separator (U+2028) pasted for a line break, which a page shows as nothing: "Parisparis"',
    WORKSHOP,
    'location: Example Centre, Room 2, Example City',
    'location: "Example Centre, Paris\u2028paris"',
    [
      'content/news/2030-03-01-spring-workshop.md:8:11 › location: expected text without a line or paragraph separator, an invisible character that a page shows as nothing, gluing the words on each side: it holds \\u2028 after "xample Centre, Paris"; write a space or a line break instead, found "Example Centre, Paris\\u2028paris"',
    ],
  ],
  [
    'an end at the very start, which the page would show as "14:00 – 14:00"',
    WORKSHOP,
    'end: 2031-05-19 16:30',
    'end: 2031-05-19 14:00',
    [
      'content/news/2030-03-01-spring-workshop.md:7:6 › end: expected an end after the start: an event that ends as it starts has no length; write the time it ends, or leave end: out, found "2031-05-19 14:00"',
    ],
  ],
  [
    'a carriage return in a title',
    WORKSHOP,
    'title: A made-up spring workshop',
    'title: "Talk\\rBEGIN:VEVENT\\rX-INJ:1"',
    [
      'content/news/2030-03-01-spring-workshop.md:2:8 › title: expected one line of text, without a line break or carriage return (a calendar file would end its line there); write it on one line, found "Talk\\rBEGIN:VEVENT\\rX-INJ:1"',
    ],
  ],
  [
    'a space in the path of a link',
    WORKSHOP,
    'link: https://news.fixture.example/workshop',
    'link: https://news.fixture.example/spring workshop',
    [
      'content/news/2030-03-01-spring-workshop.md:4:7 › link: expected an address without spaces or line breaks: write a space in an address as %20, found "https://news.fixture.example/spring workshop"',
    ],
  ],
  [
    'an event with neither a place nor a link',
    SEMINAR,
    'online: https://meet.fixture.example/seminar\n',
    '',
    [
      'content/news/2030-04-01-online-seminar.md:6:8 › start: expected where the event takes place as well: add location: (the venue and city), online: (the address to join), or both, found "2031-03-10 09:00"',
    ],
  ],
  [
    'moved online without the address to join',
    WORKSHOP,
    'registration:',
    'status: moved-online\nregistration:',
    [
      'content/news/2030-03-01-spring-workshop.md:9:9 › status: expected online: as well, the address to join the event now that it is online, found "moved-online"',
    ],
  ],
  [
    'a status that is no status',
    WORKSHOP,
    'registration:',
    'status: canceled\nregistration:',
    [
      'content/news/2030-03-01-spring-workshop.md:9:9 › status: expected one of postponed, rescheduled, moved-online, cancelled, found "canceled"',
    ],
  ],
];

for (const [name, file, from, to, expected] of cases) {
  test(`${expected.length > 0 ? 'refused at its line with the fix' : 'accepted'}: ${name}`, async () => {
    assert.deepEqual(await problemsAfter(file, from, to), expected);
  });
}

/** The workshop titled as calendar syntax of every length about a fold, linked to a host with capitals and _. */
async function calendarSyntaxTitles() {
  const content = await fixtureContent();
  const urls = createUrls('', content.site.siteUrl);
  const workshop = content.news.find((item) => item.id === 'spring-workshop')!;
  return Array.from({ length: 26 }, (_, index) => {
    const title = `${'x'.repeat(55 + index)}BEGIN:VEVENT`;
    const item = { ...workshop, title, link: 'https://News_Host.Fixture.EXAMPLE/Path', registration: undefined };
    const [file] = calendarFiles({ ...content, news: [item] }, { today: '2030-01-01', urls });
    return { title, text: file!.contents as string };
  });
}

/** What a reader must find in each: one event, the title whole, and the link in the host's lower case. */
function assertReadAsMeant(events: { summary: string; description: string }[], title: string, reader: string) {
  assert.equal(events.length, 1, `${reader}: one event`);
  assert.equal(events[0]!.summary, title, reader);
  assert.match(events[0]!.description, /\nMore: https:\/\/news_host\.fixture\.example\/Path$/, reader);
}

test('a title that is calendar syntax, at any place of a fold, and a link with capitals or _ in its host: written so ical.js reads them as meant', async () => {
  for (const { title, text } of await calendarSyntaxTitles()) assertReadAsMeant(readWithIcalJs(text), title, 'ical.js');
});

pythonReadersTest(
  'a title that is calendar syntax, at any place of a fold, and a link with capitals or _ in its host: vobject and icalendar read them as meant',
  async (python) => {
    for (const { title, text } of await calendarSyntaxTitles()) {
      const readings = await python.read(text);
      for (const library of ['vobject', 'icalendar'] as const)
        assertReadAsMeant(eventsOf(readings[library], library, title), title, library);
    }
  },
);

/** A news text with character references, emphasis, HTML (which the page shows as text) and code. */
const MARKED_UP = 'R&amp;D &copy; 2031: *the* &lt;b&gt; tag, <b>raw</b> and `a &amp; b` &#x263A;';

/** The workshop with that text: its calendar file, its JSON-LD, and the text the page shows, as cheerio reads it. */
async function markedUpEvent() {
  const content = await fixtureContent();
  const urls = createUrls('', content.site.siteUrl);
  const workshop = content.news.find((item) => item.id === 'spring-workshop')!;
  const site = { ...content, news: [{ ...workshop, summary: MARKED_UP }] };
  const [file] = calendarFiles(site, { today: '2030-01-01', urls });
  const [jsonLd] = eventJsonLd(site, urls, '2030-01-01') as { description: string }[];
  return {
    text: file!.contents as string,
    jsonLd: jsonLd!,
    shown: load(markdownToHtml(MARKED_UP, urls)).text().trim(),
  };
}

test('text with character references and HTML: the calendar (as ical.js reads it) and the JSON-LD say what the page shows', async () => {
  const { text, jsonLd, shown } = await markedUpEvent();
  assert.equal(shown, 'R&D © 2031: the <b> tag, <b>raw</b> and a &amp; b ☺');
  assert.equal(jsonLd.description, shown);
  assert.equal(readWithIcalJs(text)[0]!.description.split('\n\n')[0], shown, 'ical.js');
});

pythonReadersTest(
  'text with character references and HTML: vobject and icalendar read what the page shows',
  async (python) => {
    const { text, shown } = await markedUpEvent();
    const readings = await python.read(text);
    for (const library of ['vobject', 'icalendar'] as const)
      assert.equal(eventsOf(readings[library], library, 'the event')[0]!.description.split('\n\n')[0], shown, library);
  },
);
