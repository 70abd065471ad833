import type { SiteContent } from '../../src/content-schema.ts';
import { escapeHtml } from '../../src/escape.ts';
import type { LexedMarkdown } from '../../src/build-context.tsx';
import { markdownToHtml } from '../../src/markdown.tsx';
import type { Urls } from '../../src/urls.ts';
import type { Route } from '../../src/routes.tsx';
import { securityHeaders } from '../../src/security.ts';
import { buildIdentityFile } from './build-identity.ts';
import type { OutputFile } from './output-files.ts';

/**
 * The news as an Atom feed. Its "updated" is the newest item's date, never
 * the clock, so the same content gives the same file on every build.
 */
function atomFeed(content: SiteContent, urls: Urls, markdown?: LexedMarkdown): string {
  const { site, news } = content;
  const home = urls.absolute('/');
  const timestamp = (date: string) => `${date}T00:00:00Z`;
  const newest = news.reduce<string | undefined>(
    (latest, item) => (latest === undefined || item.date > latest ? item.date : latest),
    undefined,
  );
  const entries = news.map((item) =>
    [
      '  <entry>',
      `    <id>${escapeHtml(`${home}#news-${item.id}`)}</id>`,
      `    <title>${escapeHtml(item.title)}</title>`,
      `    <updated>${timestamp(item.date)}</updated>`,
      // Atom asks every entry without content for a page: the news section where the item has no link of its own.
      `    <link rel="alternate" href="${escapeHtml(item.link ?? `${home}#news`)}"/>`,
      `    <category term="${escapeHtml(item.type)}"/>`,
      `    <summary type="html">${escapeHtml(markdownToHtml(item.summary, { ...urls, href: (path) => urls.absolute(path) }, markdown).trim())}</summary>`,
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeHtml(home)}</id>`,
    `  <title>${escapeHtml(`${site.acronym} news`)}</title>`,
    `  <subtitle>${escapeHtml(site.intros.news)}</subtitle>`,
    `  <updated>${timestamp(newest ?? site.legalUpdated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeHtml(urls.absolute('/feed.xml'))}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeHtml(home)}"/>`,
    `  <author><name>${escapeHtml(site.name)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** A rule of _headers: the paths it applies to, and the headers it sets there. */
export type HeaderRule = [pattern: string, headers: Record<string, string>];

/**
 * sitemap.xml, feed.xml, robots.txt, _headers and .nojekyll: what hosts,
 * crawlers and feed readers look for beside the pages. `headerRules` are the
 * rules of other parts of the site (the CMS's), after the visitor pages' own;
 * `markdown`, the news items' texts as the content loader lexed them.
 */
export function siteFiles(
  urls: Urls,
  routes: Route[],
  content: SiteContent,
  { headerRules, markdown }: { headerRules: HeaderRule[]; markdown?: LexedMarkdown },
): OutputFile[] {
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...routes.map((route) => `  <url><loc>${escapeHtml(urls.absolute(route.path))}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');

  const robots = ['User-agent: *', 'Allow: /', '', `Sitemap: ${urls.absolute('/sitemap.xml')}`, ''].join('\n');

  // Netlify and Cloudflare Pages read this file; GitHub Pages ignores it and
  // relies on the <meta> policy in every page. A request matches every rule
  // whose pattern fits: Cloudflare Pages would add both policies up (and a
  // browser enforces both), so "! Name" first takes away each header the
  // visitor pages' rule set too; Netlify ignores those lines and lets the later rule win.
  const headerLines = ([pattern, headers]: HeaderRule, detached: string[] = []) => [
    pattern,
    ...Object.keys(headers)
      .filter((name) => detached.includes(name))
      .map((name) => `  ! ${name}`),
    ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`),
  ];
  const assets: HeaderRule = [urls.asset('assets/*'), { 'Cache-Control': 'public, max-age=31536000, immutable' }];
  // Which build is live must never come from a cache (npm run verify asks).
  const identity: HeaderRule = [urls.asset(buildIdentityFile), { 'Cache-Control': 'no-cache' }];
  const headers = [
    ...headerLines([urls.asset('*'), securityHeaders]),
    ...[assets, identity, ...headerRules].flatMap((rule) => headerLines(rule, Object.keys(securityHeaders))),
    '',
  ].join('\n');

  return [
    { path: 'sitemap.xml', contents: sitemap },
    { path: 'feed.xml', contents: atomFeed(content, urls, markdown) },
    { path: 'robots.txt', contents: robots },
    { path: '_headers', contents: headers },
    // Tells GitHub Pages not to run Jekyll, which would drop files starting with "_".
    { path: '.nojekyll', contents: '' },
  ];
}
