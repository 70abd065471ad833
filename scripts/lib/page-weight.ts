/**
 * What one built page costs a visitor: its bytes, the requests it needs before
 * the first paint, the scripts that block the parser and how its images load.
 * Read from the finished HTML, the way a browser sees it. Its sizes are the
 * build report's (stages/report.ts weighs with pageWeigher), and it serves
 * `npm run bench` and the budgets in test/budgets.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileOfUrl } from '../../src/urls.ts';
import { GzipSizes } from './gzip-size.ts';
import { type StartTag, startTags } from './html.ts';

export interface Size {
  bytes: number;
  /** gzip -9, as GzipSizes measures: a format already compressed (woff2, PNG…) counts its bytes. */
  gzip: number;
}

type Contents = Uint8Array | string;

/**
 * A size whose gzip figure is worked out the first time it is read and then
 * kept: the printed table and reports/build-report.json read it for every page, while
 * a benchmark building 10,000 generated pages never does, and compressing them
 * all would cost more than rendering them.
 */
function lazySize(bytes: number, gzipOf: () => number): Size {
  let gzip: number | undefined;
  return {
    bytes,
    get gzip() {
      gzip ??= gzipOf();
      return gzip;
    },
  };
}

export const sizeOf = (contents: Contents, gzipSizes = new GzipSizes()): Size =>
  lazySize(typeof contents === 'string' ? Buffer.byteLength(contents) : contents.length, () => gzipSizes.of(contents));

const together = (sizes: Size[]): Size =>
  lazySize(
    sizes.reduce((sum, size) => sum + size.bytes, 0),
    () => sizes.reduce((sum, size) => sum + size.gzip, 0),
  );

/** What a visitor downloads for a page: its HTML, its stylesheets together, its scripts and every chunk they import together. */
export interface Weight {
  html: Size;
  css: Size;
  js: Size;
  /** The URLs of the page's scripts and of the chunks they import. */
  scripts: string[];
}

/**
 * The one page-weight measurement, for the build report and the budgets.
 * `read` gives an output file's contents, or undefined when there is none;
 * `scriptImports` lists the scripts each script imports, by output path, from
 * esbuild's metafile. Each file is compressed once, however many pages load it.
 * `page` weighs a page from the stylesheets and scripts it loads (URLs as the
 * page writes them); `files`, files of the output together.
 */
export function pageWeigher(
  read: (file: string) => Contents | undefined,
  scriptImports: Record<string, string[]>,
  basePath: string,
  gzipSizes = new GzipSizes(),
) {
  const none: Size = { bytes: 0, gzip: 0 };
  const fileSizes = new Map<string, Size>();
  const fileSize = (file: string | undefined): Size => {
    if (file === undefined) return none;
    if (!fileSizes.has(file)) {
      const contents = read(file);
      fileSizes.set(file, contents === undefined ? none : sizeOf(contents, gzipSizes));
    }
    return fileSizes.get(file)!;
  };
  const urlsSize = (urls: Iterable<string>) => together([...urls].map((url) => fileSize(fileOfUrl(url, basePath))));
  // Every page loads the same stylesheet and scripts: they are weighed once for all.
  const assetWeights = new Map<string, Omit<Weight, 'html'>>();
  return {
    page(html: string, { stylesheets, scripts }: { stylesheets: string[]; scripts: string[] }): Weight {
      const key = `${stylesheets.join(' ')}\n${scripts.join(' ')}`;
      let assets = assetWeights.get(key);
      if (!assets) {
        // The page pays for the chunks its scripts import too.
        const allScripts = new Set(scripts);
        for (const script of allScripts)
          for (const imported of scriptImports[fileOfUrl(script, basePath) ?? ''] ?? [])
            allScripts.add(`${basePath}/${imported}`);
        assets = { css: urlsSize(new Set(stylesheets)), js: urlsSize(allScripts), scripts: [...allScripts] };
        assetWeights.set(key, assets);
      }
      return { html: sizeOf(html, gzipSizes), ...assets };
    },
    files: (files: string[]) => together(files.map(fileSize)),
  };
}

interface PageImage {
  src: string;
  width?: string;
  height?: string;
  lazy: boolean;
  /**
   * Before the page's first <h2>: the header and the page's opening (hero or
   * title), which fill the first screen at Lighthouse's mobile size
   * (412 × 823). Everything from the first section heading on is below it.
   */
  aboveTheFold: boolean;
}

export interface PageWeight extends Weight {
  /**
   * The URLs fetched for the first paint, each once: the document itself,
   * stylesheets, scripts with a src (module scripts do not block rendering
   * but are fetched at once, at high priority), preloads, images that are not
   * lazy, and url()s in the stylesheets (fonts, backgrounds). The favicon is
   * left out: browsers fetch it at low priority, after the page.
   */
  requests: string[];
  /** Scripts that stop the parser: classic scripts, inline or without async or defer. */
  blockingScripts: { script: string; inHead: boolean }[];
  images: PageImage[];
}

/** Reads a site URL such as '/assets/site-X.css' or '/research/' from a built output folder. */
export function readFromFolder(outDir: string, basePath = ''): (url: string) => Buffer | undefined {
  return (url) => {
    const file = fileOfUrl(url, basePath);
    if (file === undefined) return undefined;
    try {
      return readFileSync(path.join(outDir, file));
    } catch {
      return undefined;
    }
  };
}

const classicScriptTypes = /^(|text\/javascript|application\/javascript|text\/ecmascript|application\/ecmascript)$/;
/** url(...) in CSS, quoted or not; data: URLs are part of the stylesheet and cost no request. */
const cssUrls = (css: string) =>
  [...css.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g)]
    .map((match) => match[2]!.trim())
    .filter((url) => !url.startsWith('data:'));

/** What a page's tags ask for: what pageWeight reports besides the sizes. */
interface PageLoads {
  requests: Set<string>;
  stylesheets: string[];
  scripts: string[];
  blockingScripts: PageWeight['blockingScripts'];
  images: PageImage[];
}

/**
 * Weighs a page and lists what it loads. `read` returns the contents of a
 * same-site URL, or undefined for other origins and missing files;
 * `scriptImports` is pageWeigher's.
 */
export function pageWeight(
  url: string,
  html: string,
  read: (url: string) => Uint8Array | string | undefined,
  scriptImports: Record<string, string[]>,
  basePath = '',
): PageWeight {
  const { requests, stylesheets, scripts, blockingScripts, images } = pageLoads(url, startTags(html));
  for (const stylesheet of new Set(stylesheets)) {
    const css = read(stylesheet);
    if (css !== undefined)
      for (const cssUrl of cssUrls(Buffer.from(css).toString('utf8')))
        requests.add(new URL(cssUrl, new URL(stylesheet, 'http://site.invalid')).pathname);
  }
  const weigher = pageWeigher((file) => read(`${basePath}/${file}`), scriptImports, basePath);
  return {
    ...weigher.page(html, { stylesheets, scripts }),
    requests: [...requests],
    blockingScripts,
    images,
  };
}

/** The page's stylesheets, scripts, preloads and images, in document order, as a browser meets them. */
function pageLoads(url: string, tags: StartTag[]): PageLoads {
  const loads: PageLoads = { requests: new Set([url]), stylesheets: [], scripts: [], blockingScripts: [], images: [] };
  let inHead = false;
  let seenSectionHeading = false;
  for (const tag of tags) {
    const attribute = (name: string) => tag.attributes.get(name);
    if (tag.name === 'head') inHead = true;
    if (tag.name === 'body') inHead = false;
    if (tag.name === 'h2') seenSectionHeading = true;
    if (tag.name === 'link') {
      const rel = (attribute('rel') ?? '').toLowerCase().split(/\s+/);
      const href = attribute('href');
      if (!href) continue;
      if (rel.includes('stylesheet')) {
        loads.stylesheets.push(href);
        loads.requests.add(href);
      }
      if (rel.includes('preload') || rel.includes('modulepreload')) loads.requests.add(href);
    }
    if (tag.name === 'script') scriptLoad(loads, tag, inHead);
    if (tag.name === 'img') {
      const src = attribute('src') ?? '';
      const lazy = attribute('loading')?.toLowerCase() === 'lazy';
      loads.images.push({
        src,
        width: attribute('width'),
        height: attribute('height'),
        lazy,
        aboveTheFold: !seenSectionHeading,
      });
      if (!lazy && src) loads.requests.add(src);
    }
  }
  return loads;
}

/** A script that runs (not JSON or a template), and whether it stops the parser. */
function scriptLoad(loads: PageLoads, tag: StartTag, inHead: boolean) {
  const type = (tag.attributes.get('type') ?? '').trim().toLowerCase();
  const src = tag.attributes.get('src');
  if (type !== 'module' && !classicScriptTypes.test(type)) return;
  if (src) {
    loads.scripts.push(src);
    loads.requests.add(src);
  }
  const deferred =
    type === 'module' || (src !== undefined && (tag.attributes.has('async') || tag.attributes.has('defer')));
  if (!deferred) loads.blockingScripts.push({ script: src ?? '(inline script)', inHead });
}

/**
 * How the site gets its fonts: 'system fonts only', 'self-hosted and
 * preloaded', or what is wrong (a font from another origin, a font file that
 * no page preloads).
 */
export function fontPolicy(pages: string[], stylesheets: string[]): { ok: boolean; verdict: string } {
  const problems: string[] = [];
  const fontFiles = new Set<string>();
  for (const css of stylesheets) {
    for (const block of css.match(/@font-face\s*{[^}]*}/g) ?? []) {
      // A face whose unicode-range leaves out basic Latin is fetched only by pages that use its letters: no preload.
      const onDemand = /unicode-range:/i.test(block) && !/unicode-range:\s*U\+0{1,4}-/i.test(block);
      for (const url of cssUrls(block)) {
        if (/^([a-z]+:)?\/\//i.test(url)) problems.push(`@font-face loads ${url} from another origin`);
        else if (!onDemand) fontFiles.add(url);
      }
    }
    for (const imported of css.match(/@import[^;]*/g) ?? []) {
      if (/(https?:)?\/\//.test(imported))
        problems.push(`stylesheet imports ${imported.slice(7).trim()} from another origin`);
    }
  }
  for (const html of pages) {
    const links = startTags(html).filter((tag) => tag.name === 'link');
    for (const link of links) {
      const href = link.attributes.get('href') ?? '';
      const rel = link.attributes.get('rel') ?? '';
      if (/^(https?:)?\/\//.test(href) && /stylesheet|preconnect|preload|dns-prefetch/.test(rel))
        problems.push(`a page links ${href} (${rel})`);
    }
    const preloaded = new Set(
      links
        .filter((link) => link.attributes.get('rel') === 'preload' && link.attributes.get('as') === 'font')
        .map((link) => link.attributes.get('href')),
    );
    for (const file of fontFiles) {
      if (![...preloaded].some((href) => href?.endsWith(file.replace(/^(\.\.?\/)+/, '')))) {
        problems.push(`font ${file} is not preloaded`);
        break;
      }
    }
  }
  if (problems.length > 0) return { ok: false, verdict: [...new Set(problems)].join('; ') };
  return {
    ok: true,
    verdict: fontFiles.size === 0 ? 'system fonts only' : `${fontFiles.size} self-hosted font file(s), preloaded`,
  };
}
