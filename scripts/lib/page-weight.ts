/**
 * What one built page costs a visitor: its bytes, the requests it needs before
 * the first paint, the scripts that block the parser and how its images load.
 * Read from the finished HTML, the way a browser sees it: the build report
 * weighs with pageWeigher (stages/report.ts), and so do the budgets of
 * test/budgets.test.ts (test/helpers/page-weight.ts) and `npm run bench`.
 */
import { fileOfUrl } from '../../src/urls.ts';
import { GzipSizes } from './gzip-size.ts';
import { startTags } from './html.ts';

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
    page(html: Contents, { stylesheets, scripts }: { stylesheets: string[]; scripts: string[] }): Weight {
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

/** url(...) in CSS, quoted or not; data: URLs are part of the stylesheet and cost no request. */
export const cssUrls = (css: string) =>
  [...css.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g)]
    .map((match) => match[2]!.trim())
    .filter((url) => !url.startsWith('data:'));

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
