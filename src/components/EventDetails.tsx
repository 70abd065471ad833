import { useUrls } from '../build-context.tsx';
import type { NewsItem } from '../content-schema.ts';
import { addressText, type EventMoment, isoMoment, offsetName, type SiteEvent, zoneName } from '../events.ts';
import { formatDate } from '../format.ts';
import { eventCalendarFile } from '../urls.ts';
import { ExternalLink } from './ExternalLink.tsx';

/** "May 19, 2031, 14:00", or the date alone for an all-day event. */
const momentText = (moment: EventMoment) =>
  `${formatDate(moment.date, 'short')}${moment.time ? `, ${moment.time}` : ''}`;

/** The zone's offset, or both when the clocks change between the start and the end; none for UTC itself. */
function offsets({ start, end, zone }: SiteEvent<NewsItem>): string {
  const [from, to] = [start.offset, end?.offset];
  if (from === undefined || zone === 'UTC') return '';
  if (to === undefined || to === from) return ` (${offsetName(from)})`;
  return ` (${offsetName(from)} at the start, ${offsetName(to)} at the end)`;
}

/** When: the start, the end (only its time when it ends the same day), and for a timed event the zone it is local to. */
function When({ event }: { event: SiteEvent<NewsItem> }) {
  const { start, end, zone } = event;
  const sameDay = end !== undefined && end.date === start.date;
  const endText = end === undefined || (sameDay && !end.time) ? undefined : sameDay ? end.time! : momentText(end);
  return (
    <>
      <time dateTime={isoMoment(start)}>{momentText(start)}</time>
      {endText && end ? (
        <>
          {' – '}
          <time dateTime={isoMoment(end)}>{endText}</time>
        </>
      ) : null}
      {zone ? ` ${zoneName(zone)}${offsets(event)}` : ''}
    </>
  );
}

/** What changed, in a visitor's words. */
const statusText: Record<NonNullable<NewsItem['status']>, string> = {
  postponed: 'Postponed: the new date is not set yet',
  rescheduled: 'Rescheduled: the date above is the new one',
  'moved-online': 'Moved online',
  cancelled: 'Cancelled',
};

/** An event's date, time and place, with its registration and calendar links; all plain links, no script. */
export function EventDetails({ event, upcoming }: { event: SiteEvent<NewsItem>; upcoming: boolean }) {
  const urls = useUrls();
  const { item } = event;
  return (
    <>
      <dl className="event-details">
        {item.status ? (
          <div>
            <dt>Status</dt>
            <dd>{statusText[item.status]}</dd>
          </div>
        ) : null}
        <div>
          <dt>When</dt>
          <dd>
            <When event={event} />
          </dd>
        </div>
        {item.location && item.status !== 'moved-online' ? (
          <div>
            <dt>Where</dt>
            <dd>{[item.location, addressText(item)].filter(Boolean).join(', ')}</dd>
          </div>
        ) : null}
        {item.online && item.status !== 'cancelled' ? (
          <div>
            <dt>Online</dt>
            <dd>
              <ExternalLink className="text-link" href={item.online}>
                Join online
              </ExternalLink>
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="event-details__links">
        {upcoming && item.registration && item.status !== 'cancelled' ? (
          <ExternalLink className="text-link" href={item.registration}>
            Register
            <span className="visually-hidden">{` for ${item.title}`}</span>
          </ExternalLink>
        ) : null}
        <a className="text-link" href={urls.asset(eventCalendarFile(item.id))} type="text/calendar">
          Add to calendar
          <span className="visually-hidden">{`: ${item.title}`}</span>
        </a>
      </p>
    </>
  );
}
