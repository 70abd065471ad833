/**
 * What one built page costs a visitor: its bytes, the requests it needs before
 * the first paint, the scripts that block the parser and how its images load.
 * Read from the finished HTML, the way a browser sees it; used by
 * `npm run bench` and by the budgets in test/budgets.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startTags } from './html.ts';

export interface Size {
  bytes: number;
  /** gzip -9, as the build report measures. */
  gzip: number;
}

export interface PageImage {
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

export interface PageWeight {
  html: Size;
  /** The stylesheets the page links, together. */
  css: Size;
  /** The scripts the page loads and every chunk they import (the islands, loaded after the first paint), together. */
  js: Size;
  /** Those scripts' URLs. */
  scripts: string[];
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

export const sizeOf = (contents: Uint8Array | string): Size => ({
  bytes: typeof contents === 'string' ? Buffer.byteLength(contents) : contents.length,
  gzip: gzipSync(contents, { level: 9 }).length,
});

const sumOf = (sizes: Size[]): Size => ({
  bytes: sizes.reduce((sum, size) => sum + size.bytes, 0),
  gzip: sizes.reduce((sum, size) => sum + size.gzip, 0),
});

/** Reads a site URL such as '/assets/site-X.css' or '/research/' from a built output folder. */
export function readFromFolder(outDir: string, basePath = ''): (url: string) => Buffer | undefined {
  return (url) => {
    const pathname = url.replace(/[?#].*$/, '');
    if (!pathname.startsWith(`${basePath}/`)) return undefined;
    const sitePath = decodeURIComponent(pathname.slice(basePath.length));
    const file = sitePath.endsWith('/') ? `${sitePath}index.html` : sitePath;
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

/**
 * Weighs a page. `read` returns the contents of a same-site URL, or undefined
 * for other origins and missing files; `scriptImports` lists the scripts each
 * script imports, by output path, as the build report gives them from
 * esbuild's metafile.
 */
export function pageWeight(
  url: string,
  html: string,
  read: (url: string) => Uint8Array | string | undefined,
  scriptImports: Record<string, string[]>,
  basePath = '',
): PageWeight {
  const tags = startTags(html);
  const requests = new Set<string>([url]);
  const stylesheets: string[] = [];
  const scripts: string[] = [];
  const blockingScripts: PageWeight['blockingScripts'] = [];
  const images: PageImage[] = [];
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
        stylesheets.push(href);
        requests.add(href);
      }
      if (rel.includes('preload') || rel.includes('modulepreload')) requests.add(href);
    }
    if (tag.name === 'script') {
      const type = (attribute('type') ?? '').trim().toLowerCase();
      const src = attribute('src');
      if (type === 'module' || classicScriptTypes.test(type)) {
        if (src) {
          scripts.push(src);
          requests.add(src);
        }
        const deferred =
          type === 'module' || (src !== undefined && (tag.attributes.has('async') || tag.attributes.has('defer')));
        if (!deferred) blockingScripts.push({ script: src ?? '(inline script)', inHead });
      }
    }
    if (tag.name === 'img') {
      const src = attribute('src') ?? '';
      const lazy = attribute('loading')?.toLowerCase() === 'lazy';
      images.push({
        src,
        width: attribute('width'),
        height: attribute('height'),
        lazy,
        aboveTheFold: !seenSectionHeading,
      });
      if (!lazy && src) requests.add(src);
    }
  }

  const assetSize = (assetUrl: string) => {
    const contents = read(assetUrl);
    return contents === undefined ? { bytes: 0, gzip: 0 } : sizeOf(contents);
  };
  const unique = (urls: string[]) => [...new Set(urls)];
  // Follow the scripts' imports: the page pays for the chunks they load too.
  const allScripts = new Set(scripts);
  for (const script of allScripts) {
    const file = new URL(script, new URL(url, 'http://site.invalid')).pathname.slice(basePath.length + 1);
    for (const imported of scriptImports[file] ?? []) allScripts.add(`${basePath}/${imported}`);
  }
  for (const stylesheet of unique(stylesheets)) {
    const css = read(stylesheet);
    if (css !== undefined)
      for (const cssUrl of cssUrls(Buffer.from(css).toString('utf8')))
        requests.add(new URL(cssUrl, new URL(stylesheet, 'http://site.invalid')).pathname);
  }

  return {
    html: sizeOf(html),
    css: sumOf(unique(stylesheets).map(assetSize)),
    js: sumOf([...allScripts].map(assetSize)),
    scripts: [...allScripts],
    requests: [...requests],
    blockingScripts,
    images,
  };
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
