import type { BuildDate } from '../lib/build-date.ts';
import { GzipSizes } from '../lib/gzip-size.ts';
import { bold, kilobytes, table } from '../lib/terminal.ts';
import type { OutputFile } from './output-files.ts';
import { type PageReading, readPage } from './read-pages.ts';
import type { RenderedPage } from './render-pages.tsx';

interface PageReport {
  route: string;
  file: string;
  html: { bytes: number; gzip: number };
  css: { bytes: number; gzip: number };
  /** The page's scripts and every chunk they import. */
  js: { bytes: number; gzip: number };
}

export interface BuildReport {
  pages: PageReport[];
  /**
   * HTML files that are no visitor page (the CMS at /admin/), weighed the same
   * way but on their own: the visitor pages' budgets are not theirs.
   */
  otherPages: PageReport[];
  totals: { files: number; bytes: number; gzip: number };
  milliseconds: number;
  /** The date the build took as today, and where that came from. */
  buildDate?: BuildDate;
  /** The scripts each script imports (output paths), from esbuild's metafile: what page weights follow. */
  scriptImports: Record<string, string[]>;
}

const byteSize = (contents: Uint8Array | string) =>
  typeof contents === 'string' ? Buffer.byteLength(contents) : contents.length;

/**
 * Raw and gzip size of some contents. The gzip size is worked out the first
 * time it is read and then kept: the printed table and reports/build.json read
 * it for every page, while a benchmark building 10,000 generated pages never
 * does, and compressing them all would cost more than rendering them.
 */
function sizeOf(contents: (Uint8Array | string)[], gzipSizes: Sizes): { bytes: number; gzip: number } {
  let gzip: number | undefined;
  return {
    bytes: contents.reduce((sum, c) => sum + byteSize(c), 0),
    get gzip() {
      gzip ??= contents.reduce((sum, c) => sum + gzipSizes(c), 0);
      return gzip;
    },
  };
}
type Sizes = (contents: Uint8Array | string) => number;

/** Sizes of every page and of the stylesheet and scripts it loads, raw and gzip. */
export function buildReport(
  pages: RenderedPage[],
  /** The pages as readPages read them for the output check: each is read once. */
  readings: Map<string, PageReading>,
  files: OutputFile[],
  basePath: string,
  scriptImports: Record<string, string[]>,
  milliseconds: number,
  gzipSizes = new GzipSizes(),
  buildDate?: BuildDate,
): BuildReport {
  // A file's gzip size is read for its page's row and again for the totals: each is compressed once.
  // Keyed by the bytes object itself, so nothing is held after a build.
  const gzipped = new WeakMap<Uint8Array, number>();
  const gzipSize: Sizes = (contents) => {
    if (typeof contents === 'string') return gzipSizes.of(contents);
    let size = gzipped.get(contents);
    if (size === undefined) {
      size = gzipSizes.of(contents);
      gzipped.set(contents, size);
    }
    return size;
  };
  const byPath = new Map(files.map((file) => [file.path, file]));
  // Every page loads the same stylesheet and script: one size object per set of assets.
  const assetSizes = new Map<string, { bytes: number; gzip: number }>();
  const assetsSize = (paths: string[]) => {
    const key = paths.join('\n');
    let size = assetSizes.get(key);
    if (!size) {
      // A page's JavaScript is its scripts and every chunk they import.
      const files = new Set(paths.map((assetPath) => assetPath.slice(basePath.length + 1)));
      for (const file of files) for (const imported of scriptImports[file] ?? []) files.add(imported);
      size = sizeOf(
        [...files].map((file) => byPath.get(file)?.contents ?? ''),
        gzipSize,
      );
      assetSizes.set(key, size);
    }
    return size;
  };
  const pageFiles = new Set(pages.map((page) => page.file));
  const otherPages: RenderedPage[] = files
    .filter((file) => file.path.endsWith('.html') && !pageFiles.has(file.path))
    .map((file) => ({
      route: `/${file.path.replace(/(^|\/)index\.html$/, '$1')}`,
      file: file.path,
      html: typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8'),
    }));
  const weigh = (page: RenderedPage): PageReport => {
    const { scripts, stylesheets } = readings.get(page.file) ?? readPage(page);
    return {
      route: page.route ?? `(${page.file})`,
      file: page.file,
      html: sizeOf([page.html], gzipSize),
      css: assetsSize(stylesheets),
      js: assetsSize(scripts),
    };
  };
  const pageReports = pages.map(weigh);
  const total = sizeOf(
    files.map((file) => file.contents),
    gzipSize,
  );
  return {
    pages: pageReports,
    otherPages: otherPages.map(weigh),
    totals: {
      files: files.length,
      bytes: total.bytes,
      get gzip() {
        return total.gzip;
      },
    },
    milliseconds,
    ...(buildDate ? { buildDate } : {}),
    scriptImports,
  };
}

/** The table printed at the end of a build, in the manner of Next's route summary. */
export function formatReport(report: BuildReport): string {
  const rows = [
    ['Route', 'HTML', 'HTML gzip', 'CSS gzip', 'JS gzip'],
    ...report.pages.map((page) => [
      page.route,
      kilobytes(page.html.bytes),
      kilobytes(page.html.gzip),
      kilobytes(page.css.gzip),
      kilobytes(page.js.gzip),
    ]),
  ];
  // Below a blank row: pages visitors never load, such as the CMS.
  if (report.otherPages.length > 0) rows.push(['', '', '', '', '']);
  for (const page of report.otherPages)
    rows.push([
      `${page.route} (not a visitor page)`,
      kilobytes(page.html.bytes),
      kilobytes(page.html.gzip),
      kilobytes(page.css.gzip),
      kilobytes(page.js.gzip),
    ]);
  const lines = table(rows).split('\n');
  lines[0] = bold(lines[0]!);
  return [
    ...lines,
    '',
    `${report.totals.files} files, ${kilobytes(report.totals.bytes)} (${kilobytes(report.totals.gzip)} gzip), built in ${report.milliseconds.toFixed(0)} ms`,
    ...(report.buildDate ? [`Dated as of ${report.buildDate.date} (${report.buildDate.source})`] : []),
  ].join('\n');
}
