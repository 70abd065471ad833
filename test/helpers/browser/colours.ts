/**
 * Colours as a visitor sees them, measured in the page: the page's background
 * and text, and the contrast of each focus ring with what lies behind it
 * (3:1, WCAG 2.2's focus appearance). Used by the colour-scheme tests and, on
 * the pages it loads for axe-core, by the accessibility test.
 */
import type { Locator, Page } from 'playwright-core';

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
  // A box's edge (its top border) against what lies behind the box; 0 where it has none.
  const edge = (element) => {
    const style = getComputedStyle(element);
    if (style.borderTopStyle === 'none' || Number.parseFloat(style.borderTopWidth) === 0) return 0;
    const line = colours(style.borderTopColor)[0];
    if (!line || line.alpha < 0.5) return 0;
    return Math.min(...behind(element.parentElement).map((colour) => contrast(line.rgb, colour)));
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
export const bodyColours = (page: Page): Promise<{ background: number; text: number }> =>
  page.evaluate(`(() => { ${inPage}; return bodyColours(); })()`);

/**
 * The contrast of a box's edge (its top border) with what lies behind it: 3:1 at least lets a person see where
 * to type (WCAG 1.4.11, non-text contrast); 0 for a box drawn without one.
 */
export async function edgeContrast(box: Locator): Promise<number> {
  // The measure is a string (see inPage), which takes no argument: the box is found by a mark it carries meanwhile.
  await box.evaluate((element) => element.setAttribute('data-edge-measured', ''));
  try {
    return await box
      .page()
      .evaluate(`(() => { ${inPage}; return edge(document.querySelector('[data-edge-measured]')); })()`);
  } finally {
    await box.evaluate((element) => element.removeAttribute('data-edge-measured'));
  }
}

/**
 * For every control a keyboard reaches, focused as the keyboard focuses it,
 * the contrast of its focus ring (its outline, or that of the ::after that
 * draws it) with each colour behind the ring: the background colour and the
 * gradient stops of the nearest ancestor that paints one.
 */
export async function focusRings(page: Page): Promise<{ label: string; ratio: number }[]> {
  // One Tab press makes the focus keyboard focus; focus() keeps it so for the rest.
  await page.keyboard.press('Tab');
  return page.evaluate(`(() => { ${inPage}; return focusRings(); })()`);
}
