/**
 * The weight a visitor waits for, as a warning: a page whose HTML passes its
 * budget is named with its size and the budget, so that the person who made
 * it grow (a theme that took in a whole library) hears of it at the build, not
 * from a visitor on a phone. It is a warning: the site is still built.
 */
import { GzipSizes } from '../lib/gzip-size.ts';
import type { Problem } from '../lib/problems.ts';
import { kilobytes } from '../lib/terminal.ts';
import type { BuiltPage } from './render-pages.tsx';

/**
 * A page's HTML, gzip: what a phone on a slow connection fetches in a few seconds. A theme page of some 1,700
 * real entries, grouped by year, stays under it (test/theme-page-size.test.ts).
 */
export const PAGE_HTML_BUDGET = 150 * 1024;

/** More than gzip's header, trailer and block headers add to a page of the budget's size (18 + 5 per 16 KB). */
const gzipSlack = 1024;

/** What makes a page heavy, and what its author can do about it. */
const advice = (page: BuiltPage) =>
  page.route?.startsWith('/research/')
    ? 'a theme page grows with its publications: split the theme into two, or keep the oldest publications in the downloads alone'
    : 'see what the page holds with npm run build -- --report';

/**
 * One warning per page whose HTML, gzip, is over its budget. `gzipSizes`: the build report's, which has already
 * measured each page, so that no page is compressed twice.
 */
export function pageBudgetWarnings(pages: BuiltPage[], gzipSizes = new GzipSizes()): Problem[] {
  return pages.flatMap((page) => {
    // gzip adds at most a few bytes per 16 KB to what it cannot shrink: a page this much under the budget is under
    // it compressed too, and is not compressed here (a site of 10,000 pages would pay more for that than to render).
    if (Buffer.byteLength(page.html) + gzipSlack <= PAGE_HTML_BUDGET) return [];
    const size = gzipSizes.of(page.html);
    if (size <= PAGE_HTML_BUDGET) return [];
    return [
      {
        where: page.route ?? page.file,
        message: `the page weighs ${kilobytes(size)} gzip, over its budget of ${kilobytes(PAGE_HTML_BUDGET)}: ${advice(page)}`,
      },
    ];
  });
}
