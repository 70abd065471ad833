import type { SiteContent } from './content-schema.ts';
import { isoMoment, isUpcoming, eventOf } from './events.ts';
import type { Urls } from './urls.ts';

/**
 * schema.org Event data for each event still to come on the build's date, so
 * that search engines can show its date, place and link. Past events are left
 * out: they are history, not something to attend.
 */
export function eventJsonLd({ site, news }: SiteContent, urls: Urls, today: string): object[] {
  return news.flatMap((item) => {
    const event = eventOf(item, site.timezone);
    if (!event || !isUpcoming(event, today)) return [];
    const place = item.location ? { '@type': 'Place', name: item.location, address: item.location } : undefined;
    const online = item.online ? { '@type': 'VirtualLocation', url: item.online } : undefined;
    const location = [place, online].filter((value) => value !== undefined);
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: item.title,
        startDate: isoMoment(event.start, event.zone),
        ...(event.end ? { endDate: isoMoment(event.end, event.zone) } : {}),
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: `https://schema.org/${place && online ? 'Mixed' : online ? 'Online' : 'Offline'}EventAttendanceMode`,
        ...(location.length > 0 ? { location: location.length === 1 ? location[0] : location } : {}),
        description: item.summary,
        url: item.link,
        organizer: { '@type': 'Organization', name: site.name, url: urls.absolute('/') },
        ...(item.registration ? { offers: { '@type': 'Offer', url: item.registration } } : {}),
      },
    ];
  });
}
