/** content/news/YYYY-MM-DD-<id>.md: one news item per file, front matter and Markdown. */
import * as v from 'valibot';
import { endsBeforeStart, readEventMoment, writtenAlike } from '../events.ts';
import { described, httpUrl, isoDate, LIMITS, text, textOf, timeZone } from './fields.ts';

const newsTypes = ['Publication', 'Event', 'Announcement'] as const;

/** The name of a news file: its date, its id (the end of its address) and the .md of Markdown. */
export const NEWS_FILE_NAME = /^(\d{4}-\d{2}-\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;

const onlyForEvents = 'Only for a news item of type Event.';

/** A date (an all-day event) or a date and a local time, in the event's time zone. */
const moment = v.pipe(
  v.string('expected a date, or a date and a time, written YYYY-MM-DD HH:MM, such as 2026-05-19 14:00'),
  v.trim(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const read = readEventMoment(dataset.value);
    if ('problem' in read) addIssue({ message: read.problem });
  }),
);

/** The front matter of a news item; its text is the Markdown below it. */
export const newsFrontMatterSchema = v.strictObject({
  title: described(text, 'Title', 'The headline, such as Our autumn meeting in Lund.'),
  date: described(
    isoDate,
    'Date',
    'The day of the news (for an event, the day it is announced); the newest is shown first.',
  ),
  link: described(
    httpUrl,
    'Read more link',
    'Where "Read more" leads: the article, the announcement or the event’s page, such as https://example.org/meeting.',
  ),
  type: described(
    v.picklist(newsTypes, `expected one of ${newsTypes.join(', ')}`),
    'Kind of news',
    'Publication or Announcement; an event is added under Events (or All-day events), which ask for its date, time and place.',
  ),
  start: v.optional(
    described(
      moment,
      'Starts',
      `${onlyForEvents} A date (2026-05-19) for an all-day event, or a date and a local time (2026-05-19 14:00).`,
    ),
  ),
  end: v.optional(
    described(
      moment,
      'Ends',
      `${onlyForEvents} Written like the start: the last day, or the date and local time it ends.`,
    ),
  ),
  timezone: v.optional(
    described(
      timeZone,
      'Time zone',
      `${onlyForEvents} Where the times are local, such as Europe/Amsterdam; without it, the time zone of the site settings.`,
    ),
  ),
  location: v.optional(
    described(
      text,
      'Place',
      `${onlyForEvents} Where it takes place, the venue and the city, such as Example Hall, Lund.`,
    ),
  ),
  online: v.optional(
    described(
      httpUrl,
      'Online at',
      `${onlyForEvents} The address to join it online, such as https://example.org/join.`,
    ),
  ),
  registration: v.optional(
    described(
      httpUrl,
      'Registration',
      `${onlyForEvents} The address where people register, such as https://example.org/register.`,
    ),
  ),
});

const newsItemObject = v.strictObject({
  ...newsFrontMatterSchema.entries,
  /** From the file name: news/2021-09-15-<id>.md. */
  id: text,
  /** Markdown. */
  summary: textOf(LIMITS.summary),
});
type Item = v.InferOutput<typeof newsItemObject>;

/** An event's field on an item of another type is told at that field. */
const onlyOnEvents = (field: 'start' | 'end' | 'timezone' | 'location' | 'online' | 'registration') =>
  v.forward<Item, v.PartialCheckIssue<Item>, [typeof field]>(
    v.partialCheck(
      [['type'], [field]],
      (item) => item[field] === undefined || item.type === 'Event',
      `expected only on a news item of type Event; set "type: Event", or remove ${field}`,
    ),
    [field],
  );

export const newsItemSchema = v.pipe(
  newsItemObject,
  // The rules between an event's fields, each told at the field to change.
  onlyOnEvents('start'),
  onlyOnEvents('end'),
  onlyOnEvents('timezone'),
  onlyOnEvents('location'),
  onlyOnEvents('online'),
  onlyOnEvents('registration'),
  v.forward<Item, v.PartialCheckIssue<Item>, ['end']>(
    v.partialCheck(
      [['start'], ['end']],
      (item) => item.end === undefined || item.start !== undefined,
      'expected a start as well (start: 2026-05-19 14:00): an event has an end only after a start',
    ),
    ['end'],
  ),
  v.forward<Item, v.PartialCheckIssue<Item>, ['end']>(
    v.partialCheck(
      [['start'], ['end']],
      (item) => !item.start || !item.end || writtenAlike(item.start, item.end),
      'expected an end written like the start: both dates (an all-day event), or both a date and a time',
    ),
    ['end'],
  ),
  v.forward<Item, v.PartialCheckIssue<Item>, ['end']>(
    v.partialCheck(
      [['start'], ['end']],
      (item) => !item.start || !item.end || !endsBeforeStart(item.start, item.end),
      'expected an end after the start; an event that ends the same day has the same date',
    ),
    ['end'],
  ),
);

export type NewsItem = v.InferOutput<typeof newsItemSchema>;
