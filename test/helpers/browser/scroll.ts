/**
 * Where a section ends up after a link, a menu choice or a key press: measured
 * in the page, polled from here until scrolling has settled.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

export interface SectionGeometry {
  id: string;
  found: boolean;
  inView: boolean;
  scrollY: number;
  sectionTop: number;
  /** How far down the sticky header covers the viewport (0 when it does not stick). */
  coveredTo: number;
  headingTop: number;
  headingBottom: number;
  viewportHeight: number;
  hash: string;
  path: string;
}

/** Where a section is, measured once (synchronously: pages without JavaScript run no timers or frames). */
const measureSection = (page: Page, id: string): Promise<SectionGeometry> =>
  page.evaluate((id) => {
    const section = document.getElementById(id);
    const header = document.querySelector('.site-header');
    const headerPosition = header ? getComputedStyle(header).position : '';
    const headerBottom = header ? header.getBoundingClientRect().bottom : 0;
    const sticks = headerPosition === 'sticky' || headerPosition === 'fixed';
    const coveredTo = sticks && headerBottom > 0 ? headerBottom : 0;
    const box = section?.getBoundingClientRect();
    const heading = section?.querySelector('h1, h2, h3')?.getBoundingClientRect();
    const margin = section ? parseFloat(getComputedStyle(section).scrollMarginTop) || 0 : 0;
    const atEnd = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
    const belowHeader = box !== undefined && box.top >= coveredTo - 2;
    const nearTop = box !== undefined && box.top <= Math.max(coveredTo, margin) + 8;
    const onScreen = box !== undefined && box.top < window.innerHeight;
    const headingVisible = heading !== undefined && heading.top >= coveredTo && heading.bottom <= window.innerHeight;
    return {
      id,
      found: section !== null,
      inView: belowHeader && (nearTop || (atEnd && onScreen)) && headingVisible,
      scrollY: window.scrollY,
      sectionTop: box ? Math.round(box.top) : NaN,
      coveredTo,
      headingTop: heading ? Math.round(heading.top) : NaN,
      headingBottom: heading ? Math.round(heading.bottom) : NaN,
      viewportHeight: window.innerHeight,
      hash: location.hash,
      path: location.pathname,
    };
  }, id);

/**
 * Polls `measure` until scrolling has settled (scrollY the same for several
 * polls over at least 48 ms) and `done` holds, or until the timeout; returns
 * the last measurement either way, for the assertion's message. The polling
 * runs here, not in the page, because a page without JavaScript runs no
 * requestAnimationFrame or setTimeout callbacks.
 */
async function settle<T extends { scrollY: number }>(
  measure: () => Promise<T>,
  done: (value: T) => boolean,
  timeout = 5000,
): Promise<T> {
  const started = performance.now();
  let stillSince = performance.now();
  let last = await measure();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 16));
    const current = await measure();
    if (current.scrollY !== last.scrollY) stillSince = performance.now();
    last = current;
    const still = performance.now() - stillSince >= 48;
    if ((still && done(current)) || performance.now() - started > timeout) return current;
  }
}

/**
 * Waits for scrolling to settle with the section in view: its top just below
 * the sticky header (where the section's scroll-margin puts it), or the page
 * scrolled to its end with the section on screen; and its heading fully
 * visible. Returns the last measurement, in view or not.
 */
function settledSection(page: Page, id: string, timeout = 5000): Promise<SectionGeometry> {
  return settle(
    () => measureSection(page, id),
    (geometry) => geometry.inView,
    timeout,
  );
}

export async function assertSectionInView(page: Page, id: string, what: string) {
  const geometry = await settledSection(page, id);
  assert.ok(geometry.found, `${what}: there is no #${id} on ${geometry.path}`);
  assert.ok(geometry.inView, `${what}: #${id} did not end up in view: ${JSON.stringify(geometry)}`);
  assert.equal(geometry.path, '/', `${what}: ended on ${geometry.path}, not the home page`);
  assert.equal(geometry.hash, `#${id}`, `${what}: the address should end in #${id}`);
}

/** Waits until scrolling has stopped (at `expected`, when given) and returns scrollY. */
export async function settledScrollY(page: Page, expected?: number, timeout = 5000): Promise<number> {
  const measure = async () => ({ scrollY: await page.evaluate(() => window.scrollY) });
  const { scrollY } = await settle(
    measure,
    ({ scrollY }) => expected === undefined || Math.abs(scrollY - expected) < 1,
    timeout,
  );
  return scrollY;
}
