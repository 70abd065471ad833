/**
 * The byte budgets and loading rules every page of a build of the real content
 * keeps, as named checks: test/budgets.test.ts runs each on the real content,
 * test/walkthrough.test.ts on a copy a maintainer has added to. Bytes are
 * deterministic, so these hold on any machine; build times are measured by
 * `npm run bench`, not here.
 */
import assert from 'node:assert/strict';
import type { BuildResult } from '../../scripts/build-site.ts';
import { sizeOf } from '../../scripts/lib/page-weight.ts';
import type { SiteSettings } from '../../src/content-schema.ts';
import { sitePathOf } from '../../src/urls.ts';
import { startTags } from './html.ts';
import { type PageWeight, pageWeight, readFromFolder } from './page-weight.ts';
import { readPage } from './site.ts';

export const KB = 1024;

interface WeighedPage {
  file: string;
  route: string;
  html: string;
  weight: PageWeight;
}

/** Every page of a build (the routes and 404.html) weighed from its output folder, and the site's settings. */
export interface WeighedSite {
  pages: WeighedPage[];
  read: (url: string) => Buffer | undefined;
  site: SiteSettings;
}

export async function weighSite(
  { outDir, result }: { outDir: string; result: BuildResult },
  site: SiteSettings,
): Promise<WeighedSite> {
  const read = readFromFolder(outDir);
  const pages = await Promise.all(
    result.report.pages.map(async (page) => {
      const html = await readPage(outDir, page.file);
      const weight = pageWeight(sitePathOf(page.file), html, read, result.report.scriptImports);
      return { file: page.file, route: page.route, html, weight };
    }),
  );
  return { pages, read, site };
}

const stylesheetOf = ({ read }: WeighedSite, weight: PageWeight) =>
  read(weight.requests.find((url) => url.endsWith('.css'))!)!.toString('utf8');

function scriptsAndStyles({ pages }: WeighedSite) {
  for (const { file, weight } of pages) {
    assert.ok(weight.js.bytes > 0, `${file} loads the islands' script`);
    assert.ok(weight.js.gzip <= 10 * KB, `${file}: ${weight.js.gzip} bytes of JS gzip, budget ${10 * KB}`);
    assert.ok(weight.css.bytes > 0, `${file} loads the stylesheet`);
    assert.ok(weight.css.gzip <= 8 * KB, `${file}: ${weight.css.gzip} bytes of CSS gzip, budget ${8 * KB}`);
  }
}

function preloadedFonts(weighed: WeighedSite) {
  for (const { file, html, weight } of weighed.pages) {
    const stylesheet = stylesheetOf(weighed, weight);
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
      const font = weighed.read(href);
      assert.ok(font, `${file} › ${href} exists`);
      gzip += sizeOf(font).gzip;
    }
    assert.ok(gzip <= 24 * KB, `${file}: ${gzip} bytes of preloaded fonts gzip, budget ${24 * KB}`);
  }
}

function stylesheetFonts(weighed: WeighedSite) {
  const stylesheet = stylesheetOf(weighed, weighed.pages[0]!.weight);
  const fonts = [...stylesheet.matchAll(/@font-face\s*{[^}]*}/g)].flatMap((face) =>
    [...face[0].matchAll(/url\(([^)]+)\)/g)].map((url) => url[1]!.replace(/["']/g, '')),
  );
  assert.ok(fonts.length > 0, 'the stylesheet declares the heading font');
  for (const font of fonts) assert.match(font, /^\.?\/?[^/:]+\.woff2$/, `${font}: a woff2 file beside the stylesheet`);
}

function homePage({ pages }: WeighedSite) {
  const home = pages.find((page) => page.route === '/')!;
  assert.ok(home.weight.html.gzip <= 30 * KB, `${home.weight.html.gzip} bytes gzip, budget ${30 * KB}`);
}

function blockingScripts({ pages }: WeighedSite) {
  for (const { file, weight } of pages) {
    assert.deepEqual(
      weight.blockingScripts.filter((script) => script.inHead).map((script) => script.script),
      [],
      `${file} has a parser-blocking script in <head>`,
    );
  }
}

function imageSizes({ pages }: WeighedSite) {
  for (const { file, weight } of pages) {
    for (const image of weight.images) {
      assert.match(image.width ?? '', /^\d+$/, `${file} › <img src="${image.src}"> width`);
      assert.match(image.height ?? '', /^\d+$/, `${file} › <img src="${image.src}"> height`);
    }
  }
}

function lazyImages({ pages, site }: WeighedSite) {
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
}

function illustrationNotFetched({ pages, site }: WeighedSite) {
  for (const { file, weight } of pages) {
    assert.ok(
      !weight.requests.some((url) => url.endsWith(`/${site.about.illustration.src}`)),
      `${file} fetches ${site.about.illustration.src} for its first paint`,
    );
  }
}

/** Each budget with the name its test has. */
export const budgets: { name: string; check: (site: WeighedSite) => void }[] = [
  { name: 'every page loads at most 10 KB of JavaScript and 8 KB of CSS, gzip', check: scriptsAndStyles },
  {
    name: 'every page preloads at most 24 KB of fonts, gzip: woff2 files of our own origin that the stylesheet uses',
    check: preloadedFonts,
  },
  { name: 'the stylesheet loads no font but woff2 files of our own origin', check: stylesheetFonts },
  { name: 'the home page is at most 30 KB of HTML, gzip', check: homePage },
  {
    name: 'no script in <head> blocks rendering: every script is a module, async, defer or data',
    check: blockingScripts,
  },
  { name: 'every image has a width and a height', check: imageSizes },
  { name: 'images below the fold load lazily; those above it (the header logo) do not', check: lazyImages },
  {
    name: 'nothing above the fold waits on the About illustration: it is neither preloaded nor fetched for the first paint',
    check: illustrationNotFetched,
  },
];
