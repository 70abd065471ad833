import type { Urls } from '../../src/urls.ts';
import type { Route } from '../../src/routes.tsx';
import { securityHeaders } from '../../src/security.ts';
import type { OutputFile } from './output-files.ts';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** sitemap.xml, robots.txt, _headers and .nojekyll: what hosts and crawlers look for beside the pages. */
export function siteFiles(urls: Urls, routes: Route[]): OutputFile[] {
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...routes.map((route) => `  <url><loc>${escapeXml(urls.absolute(route.path))}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');

  const robots = ['User-agent: *', 'Allow: /', '', `Sitemap: ${urls.absolute('/sitemap.xml')}`, ''].join('\n');

  // Netlify and Cloudflare Pages read this file; GitHub Pages ignores it and
  // relies on the <meta> policy in every page.
  const headerLines = (pattern: string, headers: Record<string, string>) => [
    pattern,
    ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`),
  ];
  const headers = [
    ...headerLines(urls.asset('*'), securityHeaders),
    ...headerLines(urls.asset('assets/*'), { 'Cache-Control': 'public, max-age=31536000, immutable' }),
    '',
  ].join('\n');

  return [
    { path: 'sitemap.xml', contents: sitemap },
    { path: 'robots.txt', contents: robots },
    { path: '_headers', contents: headers },
    // Tells GitHub Pages not to run Jekyll, which would drop files starting with "_".
    { path: '.nojekyll', contents: '' },
  ];
}
