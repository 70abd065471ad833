/**
 * The one URL module: every URL the site prints goes through these helpers,
 * so that serving the site under a sub-folder (a GitHub Pages project site)
 * is one setting, and every URL read back from a built page is mapped to its
 * output file by the same rule.
 *
 * Link policy: pages are written directory-style (research/index.html) and
 * linked with a trailing slash (/research/), the URL every static host serves
 * without a redirect. Canonical and sitemap URLs use the same form.
 */

export interface Urls {
  basePath: string;
  /** The site's address without a trailing slash, such as 'https://eccron.eu'. */
  origin: string;
  /** A site path such as '/research' or '/#about', as an href. */
  href(path: string): string;
  /** A file under the output root, such as 'uploads/team.svg'. */
  asset(file: string): string;
  /** The absolute URL of a site path, for canonical links and the sitemap. */
  absolute(path: string): string;
  /** The reverse of href() and absolute(): '/base/research/#x' → '/research/#x'; undefined outside the base path. */
  sitePath(url: string): string | undefined;
}

/** The one rule of a web address the site links to (content fields, Markdown links, cite): http(s), a dotted host. */
export const isHttpUrl = (value: string): boolean => /^https?:\/\/[^\s/]+\.[^\s/]+/.test(value) && URL.canParse(value);

/** The one e-mail rule (the content's fields, the link checker's mailto: links): a domain of dotted labels, ending in letters. */
export const EMAIL_PATTERN =
  /^[^\s@<>()[\]\\,;:"]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** An address without its trailing slashes, as the site's address is kept: 'https://eccron.eu/' → 'https://eccron.eu'. */
export const trimTrailingSlashes = (address: string): string => address.replace(/\/+$/, '');

/** '' or '/sub/folder': a leading slash, no trailing one. */
export function normaliseBasePath(basePath: string): string {
  const trimmed = basePath.trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `/${trimmed}`;
}

/** Adds the trailing slash of the link policy to a page path; files and fragments keep their form. */
export function withTrailingSlash(path: string): string {
  const hashAt = path.indexOf('#');
  const pathname = hashAt === -1 ? path : path.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : path.slice(hashAt);
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  const isFile = lastSegment.includes('.');
  const slashed = isFile || pathname.endsWith('/') ? pathname : `${pathname}/`;
  return slashed + fragment;
}

/** The output file a static host serves at a site path: '/research/' → 'research/index.html', '/logo.svg' → 'logo.svg'. */
export const fileAt = (sitePath: string): string =>
  (sitePath.endsWith('/') ? `${sitePath}index.html` : sitePath).slice(1);

/** Where a route's page is written: directory style, so /research and /research/caregiver can both exist. */
export const outputFile = (routePath: string): string => fileAt(routePath.endsWith('/') ? routePath : `${routePath}/`);

/** Where the calendar of every event is written, relative to the output root: calendar apps subscribe to it. */
export const EVENTS_CALENDAR = 'events.ics';

/** Where an event's own calendar file is written and linked from: events/<id>.ics. */
export const eventCalendarFile = (id: string): string => `events/${id}.ics`;

/** The site path an output file is served at, the reverse of fileAt: 'research/index.html' → '/research/'. */
export const sitePathOf = (file: string): string => `/${file.replace(/(^|\/)index\.html$/, '$1')}`;

/** Text with its %XX escapes decoded as UTF-8; undefined when an escape is broken ("100%", "%E0%A4%A"). */
export function percentDecoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The output file a URL of the site is served from; undefined outside the base path or with broken escapes. */
export function fileOfUrl(url: string, basePath: string): string | undefined {
  const pathname = url.replace(/[?#].*$/, '');
  if (!pathname.startsWith(`${basePath}/`) || pathname.startsWith('//')) return undefined;
  const sitePath = percentDecoded(pathname.slice(basePath.length));
  return sitePath === undefined ? undefined : fileAt(sitePath);
}

export function createUrls(basePath: string, siteUrl: string): Urls {
  const base = normaliseBasePath(basePath);
  const origin = trimTrailingSlashes(siteUrl);
  const href = (path: string): string => {
    if (!path.startsWith('/')) throw new Error(`href() takes a site path starting with "/", got "${path}"`);
    return base + withTrailingSlash(path);
  };
  return {
    basePath: base,
    origin,
    href,
    asset: (file) => `${base}/${file.replace(/^\/+/, '')}`,
    absolute: (path) => origin + href(path),
    sitePath: (url) => {
      const local = url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
      return local.startsWith(`${base}/`) && !local.startsWith('//') ? local.slice(base.length) : undefined;
    },
  };
}
