import type { ReactNode } from 'react';
import type { SiteSettings } from './content-schema.ts';
import { buildIdentityPlaceholder, useBuild } from './build-context.tsx';
import { contentSecurityPolicy } from './security.ts';
import { EVENTS_CALENDAR } from './urls.ts';

export interface DocumentProps {
  site: SiteSettings;
  /** The route's path, e.g. '/research'. */
  path: string;
  title: string;
  description: string;
  /** Structured data for search engines, serialised into the head, one <script> per block. */
  jsonLd?: readonly object[];
  /** False for pages that search engines should not list (the 404 page). */
  indexable?: boolean;
  children: ReactNode;
}

/** JSON inside <script> must not be able to close the element. */
const safeJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The <html> shell of every page: all head tags live here and nowhere else. */
export function Document({ site, path, title, description, jsonLd, indexable = true, children }: DocumentProps) {
  const { urls, assets } = useBuild();
  const canonical = urls.absolute(path);
  const fullTitle = path === '/' ? title : `${title} | ${site.acronym}`;
  const image = urls.absolute(`/${site.ogImage}`);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* A meta policy works on hosts that cannot send headers (GitHub Pages). */}
        <meta httpEquiv="Content-Security-Policy" content={contentSecurityPolicy} />
        <title>{fullTitle}</title>
        <meta name="description" content={description} />
        {indexable ? <link rel="canonical" href={canonical} /> : <meta name="robots" content="noindex" />}
        <link rel="icon" href={urls.asset('favicon.svg')} type="image/svg+xml" />
        <link
          rel="alternate"
          type="application/atom+xml"
          href={urls.asset('feed.xml')}
          title={`${site.acronym} news`}
        />
        <link
          rel="alternate"
          type="text/calendar"
          href={urls.asset(EVENTS_CALENDAR)}
          title={`${site.acronym} events`}
        />
        <link rel="apple-touch-icon" href={urls.asset('apple-touch-icon.png')} />
        <meta name="theme-color" content="#0f3b57" />
        {/* Both schemes are styled (site.css): the browser paints its canvas dark from the start for a visitor who asks for dark, so nothing flashes white. */}
        <meta name="color-scheme" content="light dark" />
        {/* Which build this page is from (commit, content hash, date, generator, this page's hash): npm run verify reads it. */}
        <meta name="build" content={buildIdentityPlaceholder} />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={site.name} />
        <meta property="og:title" content={fullTitle} />
        <meta property="og:description" content={description} />
        {indexable ? <meta property="og:url" content={canonical} /> : null}
        <meta property="og:image" content={image} />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <meta property="og:image:alt" content={site.name} />
        <meta property="og:locale" content="en_GB" />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={fullTitle} />
        <meta name="twitter:description" content={description} />
        <meta name="twitter:image" content={image} />
        {/* The heading font, requested with the stylesheet instead of after it; crossorigin because fonts are always fetched in CORS mode. */}
        {assets.fonts.map((font) => (
          <link key={font} rel="preload" href={urls.asset(font)} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        <link rel="stylesheet" href={urls.asset(assets.css)} />
        <script type="module" src={urls.asset(assets.js)} />
        {jsonLd?.map((block, index) => (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is data; safeJson escapes '<' so it cannot close the script.
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks are fixed for the page, never reordered.
          <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: safeJson(block) }} />
        ))}
      </head>
      <body>{children}</body>
    </html>
  );
}
