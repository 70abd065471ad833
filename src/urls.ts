/**
 * Every URL the site prints goes through these helpers, so that serving the
 * site under a sub-folder (a GitHub Pages project site) is one setting.
 *
 * Link policy: pages are written directory-style (research/index.html) and
 * linked with a trailing slash (/research/), the URL every static host serves
 * without a redirect. Canonical and sitemap URLs use the same form.
 */

export interface Urls {
  basePath: string;
  /** A site path such as '/research' or '/#about', as an href. */
  href(path: string): string;
  /** A file under the output root, such as 'uploads/team.svg'. */
  asset(file: string): string;
  /** The absolute URL of a site path, for canonical links and the sitemap. */
  absolute(path: string): string;
}

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

export function createUrls(basePath: string, siteUrl: string): Urls {
  const base = normaliseBasePath(basePath);
  const origin = siteUrl.replace(/\/+$/, '');
  const href = (path: string): string => {
    if (!path.startsWith('/')) throw new Error(`href() takes a site path starting with "/", got "${path}"`);
    return base + withTrailingSlash(path);
  };
  return {
    basePath: base,
    href,
    asset: (file) => `${base}/${file.replace(/^\/+/, '')}`,
    absolute: (path) => origin + href(path),
  };
}
