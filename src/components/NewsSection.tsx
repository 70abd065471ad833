import { useBuild } from '../build-context.tsx';
import type { NewsItem } from '../content-schema.ts';
import { newsInOrder, type SiteEvent } from '../events.ts';
import { formatDate } from '../format.ts';
import { Markdown } from '../markdown.tsx';
import { EVENTS_CALENDAR } from '../urls.ts';
import { EventDetails } from './EventDetails.tsx';
import { ExternalLink } from './ExternalLink.tsx';

/** What an event is to a visitor now: a cancelled or postponed one is neither still to come nor past. */
function eventState(item: NewsItem, upcoming: boolean): string {
  if (item.status === 'cancelled') return 'Cancelled event';
  if (item.status === 'postponed') return 'Postponed event';
  return upcoming ? 'Upcoming event' : 'Past event';
}

function NewsEntry({ item, event, upcoming }: { item: NewsItem; event?: SiteEvent<NewsItem>; upcoming: boolean }) {
  return (
    <article className="news-entry">
      <p className="news-entry__meta">
        <span className="badge">{item.type}</span>
        {/* An event's date is its When; the day it was announced beside it would be a second date to choose from. */}
        {event ? (
          <span className="news-entry__status">{eventState(item, upcoming)}</span>
        ) : (
          <time dateTime={item.date}>{formatDate(item.date, 'short')}</time>
        )}
      </p>
      {/* Each in the direction of its own script: an Arabic or Hebrew title or text reads right to left. */}
      <h3 className="news-entry__title" dir="auto">
        {item.title}
      </h3>
      {event ? <EventDetails event={event} upcoming={upcoming} /> : null}
      <div dir="auto">
        <Markdown source={item.summary} />
      </div>
      {item.link ? (
        <ExternalLink className="text-link" href={item.link}>
          Read more
          {/* The visible words are the spec's; the accessible name says what there is more of. */}
          <span className="visually-hidden">{`: ${item.title}`}</span>
        </ExternalLink>
      ) : null}
    </article>
  );
}

/** The news: events still to come first, soonest first, then the rest newest first (by the build's date). */
export function NewsSection({
  news,
  heading,
  intro,
  timezone,
}: {
  news: NewsItem[];
  heading: string;
  intro: string;
  /** The site's zone for an event that names none. */
  timezone: string | undefined;
}) {
  const { today, urls } = useBuild();
  return (
    <section id="news" className="section" aria-labelledby="news-title">
      <div className="section__inner">
        <h2 id="news-title">{heading}</h2>
        <p className="section__intro">{intro}</p>
        <p className="news-calendar">
          <a className="text-link" href={urls.asset(EVENTS_CALENDAR)} type="text/calendar">
            Subscribe to the events calendar
          </a>
        </p>
        <div className="news-list">
          {newsInOrder(news, timezone, today).map((entry) => (
            <NewsEntry key={entry.item.id} {...entry} />
          ))}
        </div>
      </div>
    </section>
  );
}
