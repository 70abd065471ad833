/**
 * The dark colour scheme (prefers-color-scheme: dark), and the light one
 * beside it: every page is light text on a dark page at either width (axe-core
 * checks both schemes in browser-accessibility.test.ts); every focus
 * ring stands out from what lies behind it (3:1, WCAG 2.2's focus appearance)
 * in both schemes; the scheme needs no script; print stays black on white.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { desktop, mobile, notFoundFile, routePaths } from './helpers/browser/fixture-site.ts';
import { assertNoProblems, browserSuite, type Session } from './helpers/browser/pool.ts';

const pages = [...routePaths, notFoundFile];

/**
 * What the tests measure in the page, as plain JavaScript: tsx would wrap a
 * named function written in TypeScript in a helper the page does not have.
 * Colours as Chromium computes them: rgb(), rgba() or color(srgb …).
 */
const inPage = String.raw`
  const colours = (text) =>
    [...text.matchAll(/rgba?\(([^)]+)\)|color\(srgb ([^)]+)\)/g)].map((match) => {
      const parts = (match[1] ?? match[2]).split(/[\s,/]+/).filter(Boolean).map(Number);
      const rgb = match[1] ? parts.slice(0, 3) : parts.slice(0, 3).map((part) => part * 255);
      return { rgb, alpha: parts[3] ?? 1 };
    });
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((value) => {
      const channel = value / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a, b) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  };
  // The colours painted behind an element: the background colour and gradient stops of the nearest ancestor that paints.
  const behind = (element) => {
    for (let at = element; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      // Faint overlays (a 10 % white glow) are left out: the ring is measured against the colours that fill the area.
      const painted = [style.backgroundColor, style.backgroundImage === 'none' ? '' : style.backgroundImage]
        .flatMap(colours)
        .filter((colour) => colour.alpha > 0.5);
      if (painted.length) return painted.map((colour) => colour.rgb);
    }
    return [[255, 255, 255]];
  };
  const bodyColours = () => {
    const style = getComputedStyle(document.body);
    return { background: luminance(behind(document.body)[0]), text: luminance(colours(style.color)[0].rgb) };
  };
  const focusRings = () => {
    const controls = Array.from(
      document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]'),
    ).filter(
      (element) =>
        element.tabIndex >= 0 &&
        !element.disabled &&
        element.checkVisibility({ visibilityProperty: true }) &&
        element.closest('[inert]') === null,
    );
    return controls.map((element) => {
      element.focus();
      const ring = [getComputedStyle(element), getComputedStyle(element, '::after')].find(
        (style) => style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0,
      );
      const label = element.tagName.toLowerCase() + ' "' + (element.textContent ?? '').trim().slice(0, 40) + '"';
      if (!ring) return { label, ratio: 0 };
      const outline = colours(ring.outlineColor)[0].rgb;
      return { label, ratio: Math.min(...behind(element.parentElement).map((colour) => contrast(outline, colour))) };
    });
  };
`;

/** WCAG's relative luminance of the page's background and text, read from the body. */
const bodyColours = (page: Page): Promise<{ background: number; text: number }> =>
  page.evaluate(`(() => { ${inPage}; return bodyColours(); })()`);

/**
 * For every control a keyboard reaches, focused as the keyboard focuses it,
 * the contrast of its focus ring (its outline, or that of the ::after that
 * draws it) with each colour behind the ring: the background colour and the
 * gradient stops of the nearest ancestor that paints one.
 */
async function focusRings(page: Page): Promise<{ label: string; ratio: number }[]> {
  // One Tab press makes the focus keyboard focus; focus() keeps it so for the rest.
  await page.keyboard.press('Tab');
  return page.evaluate(`(() => { ${inPage}; return focusRings(); })()`);
}

browserSuite('colour schemes', (env) => {
  let darkWide: Session;
  let darkNarrow: Session;
  before(async () => {
    darkWide = await env.open(null, { ...desktop, reducedMotion: 'reduce', colorScheme: 'dark' });
    darkNarrow = await env.open(null, { ...mobile, reducedMotion: 'reduce', colorScheme: 'dark' });
  });

  // axe-core checks every page in the dark scheme too, in browser-accessibility.test.ts.
  describe('dark: light text on a dark page, at 1280 and 375 px', () => {
    for (const path of pages) {
      test(path, async () => {
        await Promise.all(
          [darkWide, darkNarrow].map(async (session) => {
            const where = `${path} at ${session.page.viewportSize()?.width} px, dark`;
            session.problems.clear();
            await session.visit(path);
            const { background, text } = await bodyColours(session.page);
            assert.ok(background < 0.05 && text > 0.6, `${where}: light text on a dark page (${background}, ${text})`);
            assertNoProblems(session.problems, where);
          }),
        );
      });
    }
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`${colorScheme}: every focus ring has 3:1 contrast with what lies behind it, on every page`, async (t) => {
      const session = await env.open(t, { ...desktop, reducedMotion: 'reduce', colorScheme });
      let measured = 0;
      for (const path of pages) {
        await session.visit(path);
        const rings = await focusRings(session.page);
        measured += rings.length;
        const faint = rings.filter((ring) => !(ring.ratio >= 3));
        assert.deepEqual(faint, [], `${path}, ${colorScheme}: focus rings below 3:1`);
      }
      assert.ok(measured > pages.length * 5, `focus rings measured: ${measured}`);
    });
  }

  test('the scheme is the stylesheet alone: dark without JavaScript too, and the light scheme light', async (t) => {
    const noScript = await env.open(t, { ...desktop, javaScriptEnabled: false, colorScheme: 'dark' });
    await noScript.visit('/');
    assert.ok((await bodyColours(noScript.page)).background < 0.05, 'dark without JavaScript');
    const light = await env.open(t, { ...desktop, colorScheme: 'light' });
    await light.visit('/');
    assert.ok((await bodyColours(light.page)).background > 0.9, 'the light scheme is light');
  });

  test('printed in the dark scheme, a page is black on white', async (t) => {
    const session = await env.open(t, { ...desktop, colorScheme: 'dark' });
    for (const path of ['/', routePaths.find((route) => route.startsWith('/research/') && route !== '/research/')!]) {
      await session.visit(path);
      await session.page.emulateMedia({ media: 'print', colorScheme: 'dark' });
      const { background, text } = await bodyColours(session.page);
      assert.ok(background > 0.9 && text < 0.05, `${path} printed: ${background}, ${text}`);
      await session.page.emulateMedia({ media: 'screen' });
    }
  });
});
