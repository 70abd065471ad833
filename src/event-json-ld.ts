import type { SiteContent } from './content-schema.ts';
import type { NewsItem } from './content/news.ts';
import { eventOf, isoMoment, isUpcoming, statusMeaning } from './events.ts';
import { markdownToPlainText } from './plain-text.ts';
import type { Urls } from './urls.ts';

/**
 * The place: a Place with its postal address where the content gives one, and/or where to join online; for a
 * cancelled event, the online place is the news of it (the item's link, else the News section), not a way in.
 */
function locations(item: NewsItem, urls: Urls): object[] {
  const { address } = item;
  const postal = address && {
    '@type': 'PostalAddress',
    ...(address.street ? { streetAddress: address.street } : {}),
    ...(address.postalCode ? { postalCode: address.postalCode } : {}),
    addressLocality: address.city,
    ...(address.region ? { addressRegion: address.region } : {}),
    addressCountry: address.country,
  };
  const inPerson = item.location !== undefined && item.status !== 'moved-online';
  return [
    ...(inPerson ? [{ '@type': 'Place', name: item.location, ...(postal ? { address: postal } : {}) }] : []),
    ...(item.online
      ? [
          {
            '@type': 'VirtualLocation',
            url: item.status === 'cancelled' ? (item.link ?? urls.absolute('/#news')) : item.online,
          },
        ]
      : []),
  ];
}

/**
 * schema.org Event data for each event still to come on the build's date, so
 * that search engines can show its date, place and link. Past events are left
 * out: they are history, not something to attend. Every event has a location
 * (the content check refuses an event with neither a place nor a link), and
 * its description is plain text with absolute links.
 */
export function eventJsonLd({ site, news }: SiteContent, urls: Urls, today: string): object[] {
  return news.flatMap((item) => {
    const event = eventOf(item, site.timezone);
    if (!event || !isUpcoming(event, today)) return [];
    const location = locations(item, urls);
    const types = location.map((place) => (place as { '@type': string })['@type']);
    const mode = types.length === 2 ? 'Mixed' : types[0] === 'VirtualLocation' ? 'Online' : 'Offline';
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: item.title,
        startDate: isoMoment(event.start),
        ...(event.end ? { endDate: isoMoment(event.end) } : {}),
        eventStatus: `https://schema.org/${statusMeaning(item.status).schemaOrg}`,
        eventAttendanceMode: `https://schema.org/${mode}EventAttendanceMode`,
        location: location.length === 1 ? location[0] : location,
        description: markdownToPlainText(item.summary, urls),
        ...(item.link ? { url: item.link } : {}),
        organizer: { '@type': 'Organization', name: site.name, url: urls.absolute('/') },
        ...(item.registration && item.status !== 'cancelled'
          ? { offers: { '@type': 'Offer', url: item.registration } }
          : {}),
      },
    ];
  });
}
