import { useUrls } from '../build-context.tsx';
import type { NewsItem } from '../content-schema.ts';
import { type EventMoment, isoMoment, offsetName, type SiteEvent, utcOffset, zoneName } from '../events.ts';
import { formatDate } from '../format.ts';
import { eventCalendarFile } from '../urls.ts';
import { ExternalLink } from './ExternalLink.tsx';

/** "May 19, 2031, 14:00", or the date alone for an all-day event. */
const momentText = (moment: EventMoment) =>
  `${formatDate(moment.date, 'short')}${moment.time ? `, ${moment.time}` : ''}`;

/** When: the start, the end (only its time when it ends the same day), and for a timed event the zone it is local to. */
function When({ event }: { event: SiteEvent<NewsItem> }) {
  const { start, end, zone } = event;
  const sameDay = end !== undefined && end.date === start.date;
  const endText = end === undefined || (sameDay && !end.time) ? undefined : sameDay ? end.time! : momentText(end);
  return (
    <>
      <time dateTime={isoMoment(start, zone)}>{momentText(start)}</time>
      {endText && end ? (
        <>
          {' – '}
          <time dateTime={isoMoment(end, zone)}>{endText}</time>
        </>
      ) : null}
      {zone ? ` ${zoneName(zone)} (${offsetName(utcOffset(zone, start))})` : ''}
    </>
  );
}

/** An event's date, time and place, with its registration and calendar links; all plain links, no script. */
export function EventDetails({ event, upcoming }: { event: SiteEvent<NewsItem>; upcoming: boolean }) {
  const urls = useUrls();
  const { item } = event;
  return (
    <>
      <dl className="event-details">
        <div>
          <dt>When</dt>
          <dd>
            <When event={event} />
          </dd>
        </div>
        {item.location ? (
          <div>
            <dt>Where</dt>
            <dd>{item.location}</dd>
          </div>
        ) : null}
        {item.online ? (
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
        {upcoming && item.registration ? (
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
