import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoProblems, browserSuite, desktop, mobile, notFoundFile, routePaths, type Session } from './helpers/browser.ts';

interface Stop {
  index: number;
  label: string;
}

/**
 * Numbers every control a keyboard user should reach, in document order, and
 * notes how each looks unfocused (a box-shadow that is always there is no
 * focus indicator).
 */
const markControls = (page: Page): Promise<Stop[]> =>
  page.evaluate(() => {
    const candidates = document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]');
    const controls = Array.from(candidates).filter(
      (element) =>
        element.tabIndex >= 0 &&
        !(element as HTMLButtonElement).disabled &&
        element.checkVisibility({ visibilityProperty: true }) &&
        element.closest('[inert]') === null,
    );
    return controls.map((element, index) => {
      element.dataset.tabStop = String(index);
      element.dataset.restingShadow = getComputedStyle(element).boxShadow;
      return { index, label: `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50) || element.getAttribute('name')}"` };
    });
  });

/**
 * The focused element: which stop it is, and whether a focus indicator shows
 * once its focus styles have finished changing (with reduced motion, site.css
 * gives every change a 0.01 ms transition).
 */
const focused = (page: Page) =>
  page.evaluate(async () => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { stop: -1, tag: 'body', indicator: false, detail: '', top: NaN, bottom: NaN };
    await Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished));
    const box = element.getBoundingClientRect();
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
    return {
      stop: element.dataset.tabStop === undefined ? -1 : Number(element.dataset.tabStop),
      tag: element.tagName.toLowerCase(),
      indicator: outline || shadow,
      detail: `outline: ${own.outlineStyle} ${own.outlineWidth} ${own.outlineColor}; ::after outline: ${styles[2]!.outlineStyle} ${styles[2]!.outlineWidth}; box-shadow: ${own.boxShadow}`,
      top: box.top,
      bottom: box.bottom,
    };
  });

browserSuite('keyboard', (env) => {
  const sessions: Session[] = [];
  before(async () => {
    sessions.push(await env.open(null, { ...desktop, reducedMotion: 'reduce' }));
    sessions.push(await env.open(null, { ...mobile, reducedMotion: 'reduce' }));
  });

  const pages = [...routePaths, notFoundFile];
  for (const path of pages) {
    for (const width of path === '/' ? [desktop.width, mobile.width] : [desktop.width]) {
      test(`${path} at ${width} px: the skip link comes first and leads into main; Tab reaches every control in order, each with a visible focus`, async () => {
        const session = sessions.find((candidate) => candidate.page.viewportSize()?.width === width)!;
        const { page } = session;
        session.problems.clear();
        await session.visit(path);
        const stops = await markControls(page);
        assert.ok(stops.length > 5, `${path} has controls to reach: ${stops.length}`);

        for (const stop of stops) {
          await page.keyboard.press('Tab');
          const now = await focused(page);
          if (stop.index === 0) {
            const skip = await page.evaluate(() => ({ href: document.activeElement?.getAttribute('href'), text: document.activeElement?.textContent?.trim() }));
            assert.deepEqual(skip, { href: '#main', text: 'Skip to main content' }, 'the first Tab stop is the skip link');
            assert.ok(now.top >= 0 && now.bottom <= page.viewportSize()!.height, `the focused skip link is on screen: ${JSON.stringify(now)}`);
          }
          assert.equal(now.stop, stop.index, `Tab ${stop.index + 1} should reach ${stop.label}, but the focus is on ${now.tag} #${now.stop}`);
          assert.ok(now.indicator, `${stop.label} shows no focus indicator (${now.detail})`);
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
          await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement) && document.activeElement !== document.querySelector('main')),
          'the next Tab goes to the first control inside main',
        );
        assertNoProblems(session.problems, path);
      });
    }
  }
});
