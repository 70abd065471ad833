/** content/news/YYYY-MM-DD-<id>.md: one news item per file, front matter and Markdown. */
import * as v from 'valibot';
import { endsBeforeStart, readEventMoment, writtenAlike } from '../events.ts';
import { httpUrl, isoDate, LIMITS, text, textOf, timeZone } from './fields.ts';

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
  street: v.optional(v.pipe(line, v.title('Street and number'))),
  postalCode: v.optional(v.pipe(line, v.title('Postal code'))),
  city: v.pipe(line, v.title('City')),
  region: v.optional(v.pipe(line, v.title('Region or state'))),
  country: v.pipe(line, v.title('Country')),
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
  title: line,
  date: isoDate,
  link: httpUrl,
  type: v.picklist(newsTypes, `expected one of ${newsTypes.join(', ')}`),
  start: v.optional(
    v.pipe(
      moment,
      v.title('Starts'),
      v.description(
        `${onlyForEvents} A date (2026-05-19) for an all-day event, or a date and a local time (2026-05-19 14:00).`,
      ),
    ),
  ),
  end: v.optional(
    v.pipe(
      moment,
      v.title('Ends'),
      v.description(`${onlyForEvents} Written like the start: the last day, or the date and local time it ends.`),
    ),
  ),
  timezone: v.optional(
    v.pipe(
      timeZone,
      v.title('Time zone'),
      v.description(
        `${onlyForEvents} Where the times are local, such as Europe/Amsterdam; without it, the timezone of the site settings.`,
      ),
    ),
  ),
  location: v.optional(
    v.pipe(line, v.title('Place'), v.description(`${onlyForEvents} Where it takes place: venue and city.`)),
  ),
  address: v.optional(
    v.pipe(
      address,
      v.title('Address'),
      v.description(`${onlyForEvents} The postal address of the place: street, postal code, city, country.`),
    ),
  ),
  online: v.optional(
    v.pipe(httpUrl, v.title('Online at'), v.description(`${onlyForEvents} The address to join it online.`)),
  ),
  registration: v.optional(
    v.pipe(httpUrl, v.title('Registration'), v.description(`${onlyForEvents} The address to register.`)),
  ),
  status: v.optional(
    v.pipe(
      v.picklist(eventStatuses, `expected one of ${eventStatuses.join(', ')}`),
      v.title('Status'),
      v.description(
        `${onlyForEvents} Only when the plan changed: postponed (no new date yet), rescheduled (the new date written above), moved-online, or cancelled.`,
      ),
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
      'expected an end after the start; an event that ends the same day has the same date',
    ),
    ['end'],
  ),
);

export type NewsItem = v.InferOutput<typeof newsItemSchema>;
