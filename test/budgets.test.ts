/**
 * Performance budgets of the built site. Bytes are deterministic, so these
 * hold on any machine; build times are measured by `npm run bench`, not here.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { sizeOf } from '../scripts/lib/page-weight.ts';
import { pageWeight, readFromFolder, type PageWeight } from './helpers/page-weight.ts';
import { startTags } from './helpers/html.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { builtRealSite, readPage, realContentDir } from './helpers/site.ts';
import { sitePathOf } from '../src/urls.ts';

const KB = 1024;

/** Every page of the build (the routes and 404.html), weighed from the output folder. */
async function weighedPages(): Promise<{ file: string; route: string; html: string; weight: PageWeight }[]> {
  const { outDir, result } = await builtRealSite();
  const read = readFromFolder(outDir);
  return Promise.all(
    result.report.pages.map(async (page) => {
      const html = await readPage(outDir, page.file);
      return {
        file: page.file,
        route: page.route,
        html,
        weight: pageWeight(sitePathOf(page.file), html, read, result.report.scriptImports),
      };
    }),
  );
}

test('every page loads at most 10 KB of JavaScript and 8 KB of CSS, gzip', async () => {
  for (const { file, weight } of await weighedPages()) {
    assert.ok(weight.js.bytes > 0, `${file} loads the islands' script`);
    assert.ok(weight.js.gzip <= 10 * KB, `${file}: ${weight.js.gzip} bytes of JS gzip, budget ${10 * KB}`);
    assert.ok(weight.css.bytes > 0, `${file} loads the stylesheet`);
    assert.ok(weight.css.gzip <= 8 * KB, `${file}: ${weight.css.gzip} bytes of CSS gzip, budget ${8 * KB}`);
  }
});

test('every page preloads at most 24 KB of fonts, gzip: woff2 files of our own origin that the stylesheet uses', async () => {
  const { outDir } = await builtRealSite();
  const read = readFromFolder(outDir);
  for (const { file, html, weight } of await weighedPages()) {
    const stylesheet = read(weight.requests.find((url) => url.endsWith('.css'))!)!.toString('utf8');
    const preloads = startTags(html).filter(
      (tag) => tag.name === 'link' && tag.attributes.get('rel') === 'preload' && tag.attributes.get('as') === 'font',
    );
    assert.ok(preloads.length > 0, `${file} preloads its heading font`);
    let gzip = 0;
    for (const preload of preloads) {
      const href = preload.attributes.get('href') ?? '';
      assert.match(href, /^\/assets\/[^/]+\.woff2$/, `${file}: a self-hosted, hashed woff2 file`);
      assert.equal(preload.attributes.get('type'), 'font/woff2', `${file} › ${href} type`);
      assert.ok(
        preload.attributes.has('crossorigin'),
        `${file} › ${href}: fonts are fetched in CORS mode, so the preload needs crossorigin to be used`,
      );
      assert.ok(stylesheet.includes(href.slice('/assets/'.length)), `${file} › ${href} is used by the stylesheet`);
      const font = read(href);
      assert.ok(font, `${file} › ${href} exists`);
      gzip += sizeOf(font).gzip;
    }
    assert.ok(gzip <= 24 * KB, `${file}: ${gzip} bytes of preloaded fonts gzip, budget ${24 * KB}`);
  }
});

test('the stylesheet loads no font but woff2 files of our own origin', async () => {
  const { outDir } = await builtRealSite();
  const read = readFromFolder(outDir);
  const { weight } = (await weighedPages())[0]!;
  const stylesheet = read(weight.requests.find((url) => url.endsWith('.css'))!)!.toString('utf8');
  const fonts = [...stylesheet.matchAll(/@font-face\s*{[^}]*}/g)].flatMap((face) =>
    [...face[0].matchAll(/url\(([^)]+)\)/g)].map((url) => url[1]!.replace(/["']/g, '')),
  );
  assert.ok(fonts.length > 0, 'the stylesheet declares the heading font');
  for (const font of fonts) assert.match(font, /^\.?\/?[^/:]+\.woff2$/, `${font}: a woff2 file beside the stylesheet`);
});

test('the home page is at most 30 KB of HTML, gzip', async () => {
  const home = (await weighedPages()).find((page) => page.route === '/')!;
  assert.ok(home.weight.html.gzip <= 30 * KB, `${home.weight.html.gzip} bytes gzip, budget ${30 * KB}`);
});

test('no script in <head> blocks rendering: every script is a module, async, defer or data', async () => {
  for (const { file, weight } of await weighedPages()) {
    assert.deepEqual(
      weight.blockingScripts.filter((script) => script.inHead).map((script) => script.script),
      [],
      `${file} has a parser-blocking script in <head>`,
    );
  }
});

test('every image has a width and a height', async () => {
  for (const { file, weight } of await weighedPages()) {
    for (const image of weight.images) {
      assert.match(image.width ?? '', /^\d+$/, `${file} › <img src="${image.src}"> width`);
      assert.match(image.height ?? '', /^\d+$/, `${file} › <img src="${image.src}"> height`);
    }
  }
});

test('images below the fold load lazily; those above it (the header logo) do not', async () => {
  const [pages, { content }] = await Promise.all([weighedPages(), loadContent(realContentDir)]);
  const { site } = content;
  for (const { file, weight } of pages) {
    for (const image of weight.images) {
      assert.equal(
        image.lazy,
        !image.aboveTheFold,
        `${file} › <img src="${image.src}"> ${image.aboveTheFold ? 'is above the fold and must not be lazy' : 'is below the fold and must be lazy'}`,
      );
    }
    const logo = weight.images.find((image) => image.src.endsWith(`/${site.logo}`));
    assert.ok(logo?.aboveTheFold && !logo.lazy, `${file}: the header logo loads at once`);
  }
  const home = pages.find((page) => page.route === '/')!;
  const illustration = home.weight.images.find((image) => image.src.endsWith(`/${site.about.illustration.src}`));
  assert.ok(
    illustration && !illustration.aboveTheFold && illustration.lazy,
    'the About illustration on / is below the fold and lazy',
  );
});

test('nothing above the fold waits on the About illustration: it is neither preloaded nor fetched for the first paint', async () => {
  const { site } = (await loadContent(realContentDir)).content;
  for (const { file, weight } of await weighedPages()) {
    assert.ok(
      !weight.requests.some((url) => url.endsWith(`/${site.about.illustration.src}`)),
      `${file} fetches ${site.about.illustration.src} for its first paint`,
    );
  }
});

test('the SVGs in public/ are optimised: no comments, metadata, editor attributes or indentation', async () => {
  const folder = path.resolve('public');
  const svgs = (await readdir(folder, { recursive: true })).filter((file) => file.endsWith('.svg'));
  assert.ok(svgs.includes(path.join('uploads', 'team.svg')));
  for (const file of svgs) {
    const svg = await readFile(path.join(folder, file), 'utf8');
    assert.doesNotMatch(svg, /<!--|<metadata|<\?xml|inkscape:|sodipodi:|\n\s/, `${file} is not minified`);
    assert.match(svg, /^<svg [^>]*viewBox="[^"]+"/, `${file} has a viewBox`);
  }
});
