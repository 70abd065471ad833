import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { desktop, mobile, notFoundFile, routePaths } from './helpers/browser/fixture-site.ts';
import { assertNoProblems, browserSuite, type Session } from './helpers/browser/pool.ts';

interface Stop {
  index: number;
  label: string;
}

interface Focus {
  stop: number;
  tag: string;
  href: string | null;
  text: string;
  indicator: boolean;
  detail: string;
  top: number;
  bottom: number;
}

/**
 * Numbers every control a keyboard user should reach, in document order;
 * notes how each looks unfocused (a box-shadow that is always there is no
 * focus indicator); and from then on logs, for every element that receives
 * the focus, which control it is and whether a focus indicator shows (its own
 * outline, the outline of a ::before/::after that draws it, or a box-shadow
 * it does not have at rest).
 */
const watchFocus = (page: Page): Promise<Stop[]> =>
  page.evaluate(() => {
    const candidates = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, summary, [tabindex]',
    );
    const controls = Array.from(candidates).filter(
      (element) =>
        element.tabIndex >= 0 &&
        !(element as HTMLButtonElement).disabled &&
        element.checkVisibility({ visibilityProperty: true }) &&
        element.closest('[inert]') === null,
    );
    const log: object[] = [];
    (window as unknown as { focusLog: object[] }).focusLog = log;
    document.addEventListener('focusin', (event) => {
      const element = event.target as HTMLElement;
      const own = getComputedStyle(element);
      const styles = [own, getComputedStyle(element, '::before'), getComputedStyle(element, '::after')];
      const outline = styles.some(
        (style) =>
          style.outlineStyle !== 'none' &&
          parseFloat(style.outlineWidth) > 0 &&
          style.outlineColor !== 'transparent' &&
          !/rgba\(.*,\s*0\)$/.test(style.outlineColor),
      );
      const shadow = own.boxShadow !== 'none' && own.boxShadow !== element.dataset.restingShadow;
      const box = element.getBoundingClientRect();
      log.push({
        stop: element.dataset.tabStop === undefined ? -1 : Number(element.dataset.tabStop),
        tag: element.tagName.toLowerCase(),
        href: element.getAttribute('href'),
        text: (element.textContent ?? '').trim(),
        indicator: outline || shadow,
        detail: `outline: ${own.outlineStyle} ${own.outlineWidth} ${own.outlineColor}; ::after outline: ${styles[2]!.outlineStyle} ${styles[2]!.outlineWidth}; box-shadow: ${own.boxShadow}`,
        top: box.top,
        bottom: box.bottom,
      });
    });
    return controls.map((element, index) => {
      element.dataset.tabStop = String(index);
      element.dataset.restingShadow = getComputedStyle(element).boxShadow;
      return {
        index,
        label: `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50) || element.getAttribute('name')}"`,
      };
    });
  });

const focusLog = (page: Page) => page.evaluate(() => (window as unknown as { focusLog: Focus[] }).focusLog.splice(0));

browserSuite('keyboard', (env) => {
  let session: Session;
  before(async () => {
    session = await env.open(null, desktop);
  });

  const pages = [...routePaths, notFoundFile];
  for (const path of pages) {
    for (const viewport of path === '/' ? [desktop, mobile] : [desktop]) {
      test(`${path} at ${viewport.width} px: the skip link comes first and leads into main; Tab reaches every control in order, each with a visible focus`, async () => {
        const { page } = session;
        session.problems.clear();
        await page.setViewportSize(viewport);
        await session.visit(path);
        const stops = await watchFocus(page);
        assert.ok(stops.length > 5, `${path} has controls to reach: ${stops.length}`);

        for (let press = 0; press < stops.length; press++) await page.keyboard.press('Tab');
        const log = await focusLog(page);

        const skip = log[0];
        assert.deepEqual(
          { href: skip?.href, text: skip?.text },
          { href: '#main', text: 'Skip to main content' },
          'the first Tab stop is the skip link',
        );
        assert.ok(
          skip!.top >= 0 && skip!.bottom <= viewport.height,
          `the focused skip link is on screen: ${JSON.stringify(skip)}`,
        );
        for (const stop of stops) {
          const focus = log[stop.index];
          assert.ok(focus, `Tab ${stop.index + 1} should reach ${stop.label}, but the focus went nowhere in the page`);
          assert.equal(
            focus.stop,
            stop.index,
            `Tab ${stop.index + 1} should reach ${stop.label}, but the focus is on <${focus.tag}> "${focus.text.slice(0, 40)}"`,
          );
          assert.ok(focus.indicator, `${stop.label} shows no focus indicator (${focus.detail})`);
        }

        // Back to the skip link: Enter moves the focus into main, and Tab goes on from there.
        await page.locator('.skip-link').focus();
        await page.keyboard.press('Enter');
        assert.ok(
          await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
          'Enter on the skip link moves the focus to main',
        );
        await page.keyboard.press('Tab');
        assert.ok(
          await page.evaluate(
            () =>
              document.querySelector('main')?.contains(document.activeElement) &&
              document.activeElement !== document.querySelector('main'),
          ),
          'the next Tab goes to the first control inside main',
        );
        assertNoProblems(session.problems, path);
      });
    }
  }
});
