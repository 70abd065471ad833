/**
 * The artwork as a visitor meets it: every SVG of public/ is a clean, safe file
 * drawn at the size the pages show it (so nothing shifts as it loads); the logo
 * and the favicon stay inside their globe and crisp down to 16 px; the raster
 * icons are the sizes browsers and phones ask for.
 */
import assert from 'node:assert/strict';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { startTags } from './helpers/html.ts';
import { browserSuite } from './helpers/browser.ts';
import { builtSite, readPage } from './helpers/site.ts';

const publicDir = path.join(import.meta.dirname, '..', 'public');
const KB = 1024;

/** Files of public/ with the given extension, as output paths ('uploads/logo.svg'). */
async function publicFiles(extension: string): Promise<string[]> {
  const files = await readdir(publicDir, { recursive: true });
  return files
    .filter((file) => file.endsWith(extension))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

interface Use {
  page: string;
  tag: string;
  width?: string;
  height?: string;
}

/** How the built pages show each file of public/: the <img> and <link> tags that reference it. */
async function usesOfPublicFiles(): Promise<Map<string, Use[]>> {
  const { outDir, result } = await builtSite();
  const uses = new Map<string, Use[]>();
  for (const { file: page } of result.report.pages) {
    for (const tag of startTags(await readPage(outDir, page), ['img', 'link'])) {
      const reference = tag.attributes.get(tag.name === 'img' ? 'src' : 'href') ?? '';
      if (!reference.startsWith('/')) continue;
      const file = reference.slice(1);
      const use = {
        page,
        tag: tag.name === 'img' ? '<img>' : `<link rel="${tag.attributes.get('rel')}">`,
        width: tag.attributes.get('width'),
        height: tag.attributes.get('height'),
      };
      uses.set(file, [...(uses.get(file) ?? []), use]);
    }
  }
  return uses;
}

// ---------------------------------------------------------------------------
// Raster files, read from their headers

/** Width, height and colour type from a PNG's IHDR chunk, and whether a tRNS chunk adds transparency. */
function pngHeader(bytes: Buffer) {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', 'a PNG file');
  const chunks: string[] = [];
  for (let at = 8; at + 8 <= bytes.length; at += 12 + bytes.readUInt32BE(at))
    chunks.push(bytes.subarray(at + 4, at + 8).toString('latin1'));
  return {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    colourType: bytes[25]!,
    hasTransparencyChunk: chunks.includes('tRNS'),
  };
}

/** Width and height from a JPEG's start-of-frame segment. */
function jpegSize(bytes: Buffer) {
  assert.equal(bytes.readUInt16BE(0), 0xffd8, 'a JPEG file');
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes.readUInt16BE(at);
    const length = bytes.readUInt16BE(at + 2);
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker)) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  throw new Error('no start-of-frame segment');
}

test('the apple-touch icon is a 180 × 180 PNG without transparency (iOS would show it black), linked from every page', async () => {
  const header = pngHeader(await readFile(path.join(publicDir, 'apple-touch-icon.png')));
  assert.deepEqual([header.width, header.height], [180, 180]);
  // Colour types 4 and 6 carry alpha; 0, 2 and 3 only with a tRNS chunk.
  assert.ok(
    [0, 2, 3].includes(header.colourType) && !header.hasTransparencyChunk,
    `colour type ${header.colourType}, tRNS ${header.hasTransparencyChunk}`,
  );
  const uses = (await usesOfPublicFiles()).get('apple-touch-icon.png') ?? [];
  const { result } = await builtSite();
  assert.deepEqual(
    result.report.pages
      .map((page) => page.file)
      .filter((page) => !uses.some((use) => use.page === page && use.tag === '<link rel="apple-touch-icon">')),
    [],
    'pages without <link rel="apple-touch-icon">',
  );
});

test('the link preview image is a 1200 × 630 JPEG of at most 64 KB', async () => {
  const bytes = await readFile(path.join(publicDir, 'uploads', 'og-image.jpg'));
  assert.deepEqual(jpegSize(bytes), { width: 1200, height: 630 });
  assert.ok(bytes.length <= 64 * KB, `${bytes.length} bytes`);
});

test('the artwork stays light: each SVG at most 8 KB, the apple-touch icon at most 8 KB', async () => {
  for (const file of [...(await publicFiles('.svg')), 'apple-touch-icon.png']) {
    const { size } = await stat(path.join(publicDir, file));
    assert.ok(size <= 8 * KB, `${file}: ${size} bytes`);
  }
});

// ---------------------------------------------------------------------------
// SVGs, read and drawn by Chromium

/** What Chromium's XML parser finds in an SVG file: its root, its size and whatever it should not hold. */
function inspectSvg(source: string) {
  const svgNs = 'http://www.w3.org/2000/svg';
  const allowedNamespaces = new Set([
    svgNs,
    'http://www.w3.org/1999/xlink',
    'http://www.w3.org/XML/1998/namespace',
    'http://www.w3.org/2000/xmlns/',
  ]);
  const document = new DOMParser().parseFromString(source, 'image/svg+xml');
  const parseError = document.getElementsByTagName('parsererror')[0]?.textContent ?? null;
  const root = document.documentElement;
  const problems: string[] = [];
  const walker = document.createTreeWalker(
    document,
    NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_COMMENT | NodeFilter.SHOW_PROCESSING_INSTRUCTION,
  );
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.COMMENT_NODE) problems.push('a comment');
    if (node.nodeType === Node.PROCESSING_INSTRUCTION_NODE)
      problems.push(`a processing instruction <?${(node as ProcessingInstruction).target}`);
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const element = node as Element;
    if (element.namespaceURI !== svgNs) problems.push(`an element of another namespace: <${element.nodeName}>`);
    if (['script', 'foreignObject', 'metadata', 'iframe', 'image', 'use', 'style'].includes(element.localName)) {
      // <use> and <image> load files; <style> could @import; <metadata> is what editors leave.
      problems.push(`<${element.localName}>`);
    }
    for (const attribute of Array.from(element.attributes)) {
      const { name, value } = attribute;
      if (attribute.namespaceURI && !allowedNamespaces.has(attribute.namespaceURI))
        problems.push(`an editor's attribute ${name}`);
      if (name.startsWith('xmlns:') && !allowedNamespaces.has(value))
        problems.push(`an editor's namespace ${name}="${value}"`);
      if (/^on/i.test(name)) problems.push(`an event handler ${name}`);
      if (/(^|:)href$/.test(name) && !value.startsWith('#')) problems.push(`an external reference ${name}="${value}"`);
      if (/url\(\s*['"]?(?!#)/i.test(value)) problems.push(`an external reference in ${name}="${value}"`);
      if (/^data-|^(sketch|figma|serif|inkscape|sodipodi|i|x):/i.test(name))
        problems.push(`an editor's attribute ${name}`);
    }
  }
  return {
    parseError,
    root: root.namespaceURI === svgNs ? root.localName : `${root.namespaceURI} ${root.localName}`,
    viewBox: root.getAttribute('viewBox'),
    width: root.getAttribute('width'),
    height: root.getAttribute('height'),
    problems,
  };
}

interface Drawing {
  size: number;
  /** Pixels (not transparent) further than one pixel outside the globe's outer edge. */
  outsideGlobe: number;
  /** Pixels (not transparent) in the outermost pixel row or column. */
  onBorder: number;
  /** The share of the pixels inside the globe's rim whose colour is none of the file's own colours: the blur of strokes between pixels. */
  blendedShare: number;
  globeRadius: number;
}

/**
 * Draws an SVG at size × size device pixels and measures it: the mark alone
 * (its background tile taken away) against its globe, the largest <circle>,
 * and the whole icon for blur.
 */
async function draw(page: Page, source: string, sizes: number[]): Promise<Drawing[]> {
  return page.evaluate(
    async ({ source, sizes }) => {
      const document = new DOMParser().parseFromString(source, 'image/svg+xml');
      const root = document.documentElement;
      const [, , viewWidth] = root
        .getAttribute('viewBox')!
        .split(/[\s,]+/)
        .map(Number) as [number, number, number, number];
      const inherited = (element: Element, name: string): string | null => {
        for (let at: Element | null = element; at; at = at.parentElement)
          if (at.hasAttribute(name)) return at.getAttribute(name);
        return null;
      };
      const circles = Array.from(root.querySelectorAll('circle'));
      const globe = circles.sort((a, b) => Number(b.getAttribute('r')) - Number(a.getAttribute('r')))[0]!;
      const outerRadius =
        Number(globe.getAttribute('r')) +
        (inherited(globe, 'stroke') && inherited(globe, 'stroke') !== 'none'
          ? Number(inherited(globe, 'stroke-width') ?? 1) / 2
          : 0);
      const innerRadius = 2 * Number(globe.getAttribute('r')) - outerRadius;
      const centre = [Number(globe.getAttribute('cx')), Number(globe.getAttribute('cy'))] as const;
      const palette = Array.from(
        new Set(
          Array.from(root.querySelectorAll('*')).flatMap((element) =>
            ['fill', 'stroke'].map((name) => element.getAttribute(name) ?? ''),
          ),
        ),
      )
        .filter((colour) => /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(colour))
        .map((colour) => {
          const hex = colour.length === 4 ? colour.replace(/[0-9a-f]/gi, '$&$&').slice(1) : colour.slice(1);
          return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16));
        });
      // The background tile: a <rect> covering the whole viewBox.
      const tile = Array.from(root.querySelectorAll('rect')).find(
        (rect) => Number(rect.getAttribute('width')) === viewWidth,
      );
      const withoutTile = root.cloneNode(true) as Element;
      if (tile) withoutTile.querySelectorAll('rect')[Array.from(root.querySelectorAll('rect')).indexOf(tile)]!.remove();
      const load = (markup: string) =>
        new Promise<HTMLImageElement>((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve(image);
          image.onerror = () => reject(new Error('the SVG did not load as an image'));
          image.src = `data:image/svg+xml;base64,${btoa(markup)}`;
        });
      const serialise = (element: Element) => new XMLSerializer().serializeToString(element);
      const [whole, mark] = await Promise.all([load(source), load(serialise(withoutTile))]);
      const pixels = (image: HTMLImageElement, size: number) => {
        const canvas = new OffscreenCanvas(size, size);
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0, size, size);
        return context.getImageData(0, 0, size, size).data;
      };
      return sizes.map((size) => {
        const scale = size / viewWidth;
        const markPixels = pixels(mark, size);
        const wholePixels = pixels(whole, size);
        let outsideGlobe = 0;
        let onBorder = 0;
        let inside = 0;
        let blended = 0;
        for (let y = 0; y < size; y++) {
          for (let x = 0; x < size; x++) {
            const at = (y * size + x) * 4;
            const distance = Math.hypot(x + 0.5 - centre[0] * scale, y + 0.5 - centre[1] * scale);
            if (markPixels[at + 3]! > 0) {
              if (distance > outerRadius * scale + 1) outsideGlobe++;
              if (x === 0 || y === 0 || x === size - 1 || y === size - 1) onBorder++;
            }
            if (distance <= innerRadius * scale - 0.5 && wholePixels[at + 3] === 255) {
              inside++;
              const [r, g, b] = [wholePixels[at]!, wholePixels[at + 1]!, wholePixels[at + 2]!];
              if (!palette.some(([pr, pg, pb]) => Math.hypot(r - pr!, g - pg!, b - pb!) <= 48)) blended++;
            }
          }
        }
        return { size, outsideGlobe, onBorder, blendedShare: blended / inside, globeRadius: outerRadius * scale };
      });
    },
    { source, sizes },
  );
}

browserSuite('artwork', (env) => {
  let page: Page;
  const open = async () => {
    if (!page) {
      page = await env.browser.newPage();
      // tsx compiles with esbuild's keepNames, which wraps the named helpers
      // inside the functions handed to the page in calls to __name.
      await page.evaluate('globalThis.__name = (fn) => fn');
    }
    return page;
  };

  test('every SVG in public/ is well-formed XML, with a viewBox, a width and a height as the pages show it, and nothing that runs, loads or was left by an editor', async () => {
    const page = await open();
    const uses = await usesOfPublicFiles();
    const files = await publicFiles('.svg');
    assert.ok(files.includes('favicon.svg') && files.includes('uploads/logo.svg'), `SVGs found: ${files.join(', ')}`);
    for (const file of files) {
      const found = await page.evaluate(inspectSvg, await readFile(path.join(publicDir, file), 'utf8'));
      assert.equal(found.parseError, null, `${file} does not parse as XML`);
      assert.equal(found.root, 'svg', `${file}: the root element`);
      assert.deepEqual(found.problems, [], `${file} holds what an SVG image should not`);
      assert.match(found.width ?? '', /^\d+$/, `${file}: width in pixels`);
      assert.match(found.height ?? '', /^\d+$/, `${file}: height in pixels`);
      // One unit of the drawing is one CSS pixel, so strokes laid on whole units fall on whole pixels.
      assert.equal(
        found.viewBox,
        `0 0 ${found.width} ${found.height}`,
        `${file}: the viewBox matches width and height`,
      );

      const shown = uses.get(file) ?? [];
      assert.ok(shown.length > 0, `${file} is used by no page`);
      for (const use of shown) {
        if (use.tag === '<img>') {
          assert.deepEqual(
            [use.width, use.height],
            [found.width, found.height],
            `${use.page} shows ${file} in an ${use.tag} of another size`,
          );
        } else if (use.tag === '<link rel="icon">') {
          assert.equal(found.width, found.height, `${file}: an icon is square`);
        }
      }
    }
  });

  for (const file of ['favicon.svg', 'uploads/logo.svg']) {
    test(`${file} draws nothing outside its globe and nothing on the edge of the canvas, at 16, 32 and 180 px`, async () => {
      const page = await open();
      for (const drawing of await draw(page, await readFile(path.join(publicDir, file), 'utf8'), [16, 32, 180])) {
        assert.equal(
          drawing.outsideGlobe,
          0,
          `${file} at ${drawing.size} px: pixels outside the globe (radius ${drawing.globeRadius.toFixed(1)} px)`,
        );
        assert.equal(
          drawing.onBorder,
          0,
          `${file} at ${drawing.size} px: pixels on the canvas's outermost row or column`,
        );
      }
    });
  }

  // The sizes each file is shown at: a tab's favicon at 16 px (32 on a
  // high-density screen), the header logo at 40 px (80). A stroke that falls
  // between pixels turns into two rows of half-tone, and the icon into mush.
  for (const [file, sizes] of [
    ['favicon.svg', [16, 32]],
    ['uploads/logo.svg', [40, 80]],
  ] as const) {
    test(`${file} stays crisp at ${sizes.join(' and ')} px: fewer than half of the pixels inside its globe are blends of its colours`, async () => {
      const page = await open();
      for (const drawing of await draw(page, await readFile(path.join(publicDir, file), 'utf8'), [...sizes])) {
        assert.ok(
          drawing.blendedShare < 1 / 2,
          `${file} at ${drawing.size} px: ${(drawing.blendedShare * 100).toFixed(0)} % of the pixels inside its globe are blends`,
        );
      }
    });
  }
});
