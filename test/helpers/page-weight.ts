/**
 * What one built page asks of a browser before its first paint, for the
 * budgets of test/budgets.test.ts: its weight as the build report weighs it
 * (scripts/lib/page-weight.ts), the requests, the scripts that block the
 * parser and how its images load.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cssUrls, pageWeigher, type Weight } from '../../scripts/lib/page-weight.ts';
import { fileOfUrl } from '../../src/urls.ts';
import { type StartTag, startTags } from '../../scripts/lib/html.ts';

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
