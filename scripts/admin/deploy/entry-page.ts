/**
 * The page of the site an entry of the editor changes, by the route table
 * (src/routes.tsx) and the one URL module (src/urls.ts): the link a person
 * follows once their change is published. A list of publications changes the
 * page of each theme whose list changed; a member, the directory of the home
 * page; a news item or event, its news section; the statement and the legal
 * pages, their own page.
 */
import type { SiteContent } from '../../../src/content-schema.ts';
import { sectionPath } from '../../../src/navigation.ts';
import { routes } from '../../../src/routes.tsx';

/** The entry saved: its collection and slug in the CMS's configuration, and its data before and after the save. */
export interface SavedEntry {
  collection: string;
  slug: string;
  before?: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** The site paths of the route table, made from the themes (the one part of it that content decides). */
const routePaths = (themes: SiteContent['themes']) => routes({ themes } as SiteContent).map((route) => route.path);

/** The page a file or view of the CMS is shown on, where it is one page whatever changed. */
const PAGE_OF: Record<string, string> = {
  site: '/',
  themes: '/research',
  members: sectionPath('team'),
  news: sectionPath('news'),
  events: sectionPath('news'),
  'all-day-events': sectionPath('news'),
  statement: '/accessibility',
  privacy: '/privacy-policy',
  terms: '/terms-of-service',
};

/** A field the file leaves out (the CMS writes no empty optional field), which the form holds as "" or []. */
const empty = (value: unknown) => value === '' || value === undefined || (Array.isArray(value) && value.length === 0);

/**
 * A value as JSON with each object's keys in order and its empty fields left out: the CMS's copy of a saved entry
 * lists a publication's fields as the file has them, the entry it hands its hooks as the form does (every field, the
 * DOI first, "" where empty, numbers as text), and the same publication must compare equal either way.
 */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, inner: unknown) =>
    // A number the file holds (edition: 2) is text in the form's field ("2"): the same on the page.
    typeof inner === 'number'
      ? String(inner)
      : inner && typeof inner === 'object' && !Array.isArray(inner)
        ? Object.fromEntries(
            Object.entries(inner)
              .filter(([, field]) => !empty(field))
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
          )
        : inner,
  );

/** The themes whose list of publications differs between two versions of publications.yml. */
function changedThemes(before: Record<string, unknown> | undefined, after: Record<string, unknown>): string[] {
  const ids = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  return [...ids].filter((id) => canonical(before?.[id]) !== canonical(after[id]));
}

/**
 * The site paths of the pages a saved entry changes ('/research/caregiver', '/#team'), each one the route table
 * has; the research index when the themes changed cannot be told.
 */
export function changedPages(entry: SavedEntry, themes: SiteContent['themes']): string[] {
  const paths = routePaths(themes);
  const known = (path: string) => paths.includes(path.replace(/#.*$/, '') || '/');
  const name =
    entry.collection === 'settings' || entry.collection === 'accessibility' || entry.collection === 'legal'
      ? entry.slug
      : entry.collection;
  if (name === 'publications') {
    const pages = entry.before ? changedThemes(entry.before, entry.after).map((id) => `/research/${id}`) : [];
    const shown = pages.filter(known);
    return shown.length > 0 ? shown : ['/research'];
  }
  const page = PAGE_OF[name];
  return page && known(page) ? [page] : ['/'];
}
