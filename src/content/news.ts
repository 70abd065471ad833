/** content/news/YYYY-MM-DD-<id>.md: one news item per file, front matter and Markdown. */
import * as v from 'valibot';
import { endsAtStart, endsBeforeStart, readEventMoment, writtenAlike } from '../events.ts';
import { described, httpUrl, isoDate, LIMITS, text, textOf, timeZone } from './fields.ts';

const newsTypes = ['Publication', 'Event', 'Announcement'] as const;

/** The name of a news file: its date, its id (the end of its address) and the .md of Markdown. */
export const NEWS_FILE_NAME = /^(\d{4}-\d{2}-\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;

const onlyForEvents = 'Only for a news item of type Event.';

/**
 * Text a calendar writes on one line (a title, a place): a line break or carriage return in it would end the
 * line of the calendar file early, and a strict reader would refuse the whole calendar.
 */
const line = v.pipe(
  text,
  v.check(
    (value) => !/[\r\n]/.test(value),
    'expected one line of text, without a line break or carriage return (a calendar file would end its line there); write it on one line',
  ),
);

/** What may happen to an event after it was announced, each as calendars and search engines say it. */
const eventStatuses = ['postponed', 'rescheduled', 'moved-online', 'cancelled'] as const;

/** A postal address of the place, for search engines' event listings and for maps. */
const address = v.strictObject({
  street: v.optional(described(line, 'Street and number', 'Optional: such as Example Street 18.')),
  postalCode: v.optional(described(line, 'Postal code', 'Optional: such as 221 00.')),
  city: described(line, 'City', 'Such as Lund.'),
  region: v.optional(described(line, 'Region or state', 'Optional: where addresses name one, such as Skåne.')),
  country: described(line, 'Country', 'Such as Sweden.'),
});

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
  title: described(line, 'Title', 'The headline, such as Our autumn meeting in Lund.'),
  date: described(
    isoDate,
    'Date',
    'The day of the news (for an event, the day it is announced); the newest is shown first.',
  ),
  link: v.optional(
    described(
      httpUrl,
      'Read more link',
      'Where "Read more" leads: the article, the announcement or the event’s page, such as https://example.org/meeting. Leave it empty when the text says it all.',
    ),
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
      `${onlyForEvents} Where the times are local, such as Europe/Amsterdam; it may be left out only when site.yml names a timezone for every event.`,
    ),
  ),
  location: v.optional(
    described(
      line,
      'Place',
      `${onlyForEvents} Where it takes place, the venue and the city, such as Example Hall, Lund.`,
    ),
  ),
  address: v.optional(
    described(
      address,
      'Address',
      `${onlyForEvents} The postal address of the place, for maps and search engines: street, postal code, city, country.`,
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
  status: v.optional(
    described(
      v.picklist(eventStatuses, `expected one of ${eventStatuses.join(', ')}`),
      'Status',
      `${onlyForEvents} Only when the plan changed: postponed (no new date yet), rescheduled (the new date written above), moved-online, or cancelled.`,
    ),
  ),
});

const newsItemObject = v.strictObject({
  ...newsFrontMatterSchema.entries,
  /** From the file name: news/2021-09-15-<id>.md. */
  id: text,
  /** Markdown. */
  summary: v.pipe(
    textOf(LIMITS.summary),
    v.check(
      (value) => !value.includes('\r'),
      'expected text without a carriage return on its own (a calendar file would end its line there); delete it',
    ),
  ),
});
type Item = v.InferOutput<typeof newsItemObject>;

/** An event's field on an item of another type is told at that field. */
type EventField = 'start' | 'end' | 'timezone' | 'location' | 'address' | 'online' | 'registration' | 'status';
const onlyOnEvents = (field: EventField) =>
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
  onlyOnEvents('address'),
  onlyOnEvents('online'),
  onlyOnEvents('registration'),
  onlyOnEvents('status'),
  // Every event happens somewhere: a calendar app and a search engine both need the place, the link, or both.
  v.forward<Item, v.PartialCheckIssue<Item>, ['start']>(
    v.partialCheck(
      [['start'], ['location'], ['online']],
      (item) =>
        item.type !== 'Event' || item.start === undefined || item.location !== undefined || item.online !== undefined,
      'expected where the event takes place as well: add location: (the venue and city), online: (the address to join), or both',
    ),
    ['start'],
  ),
  v.forward<Item, v.PartialCheckIssue<Item>, ['address']>(
    v.partialCheck(
      [['address'], ['location']],
      (item) => item.address === undefined || item.location !== undefined,
      'expected location: as well, the name of the place at this address (such as the venue and city)',
    ),
    ['address'],
  ),
  v.forward<Item, v.PartialCheckIssue<Item>, ['status']>(
    v.partialCheck(
      [['status'], ['online']],
      (item) => item.status !== 'moved-online' || item.online !== undefined,
      'expected online: as well, the address to join the event now that it is online',
    ),
    ['status'],
  ),
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
      'expected an end after the start: it is earlier than the start; check the end’s day and time (an event that ends on the day it starts ends on the start’s day)',
    ),
    ['end'],
  ),
  v.forward<Item, v.PartialCheckIssue<Item>, ['end']>(
    v.partialCheck(
      [['start'], ['end']],
      (item) => !item.start || !item.end || !endsAtStart(item.start, item.end),
      'expected an end after the start: an event that ends as it starts has no length; write the time it ends, or leave end: out',
    ),
    ['end'],
  ),
);

export type NewsItem = v.InferOutput<typeof newsItemSchema>;
