import { type CmsTarget, describeCmsTarget } from '../lib/cms-backend.ts';
import type { BuildDate } from '../lib/build-date.ts';
import { sitePathOf } from '../../src/urls.ts';
import { GzipSizes } from '../lib/gzip-size.ts';
import { pageWeigher, type Weight } from '../lib/page-weight.ts';
import { bold, kilobytes, table } from '../lib/terminal.ts';
import type { OutputFile } from './output-files.ts';
import { type PageReading, readPage } from './read-pages.ts';
import type { BuiltPage, RenderedPage } from './render-pages.tsx';

interface PageReport extends Omit<Weight, 'scripts'> {
  route: string;
  file: string;
}

export interface BuildReport {
  pages: PageReport[];
  /**
   * HTML files that are no visitor page (the CMS at /admin/), weighed the same
   * way but on their own: the visitor pages' budgets are not theirs.
   */
  otherPages: PageReport[];
  /** Every file of the output: how many, and their bytes (no gzip figure: most are loaded by no page). */
  totals: { files: number; bytes: number };
  milliseconds: number;
  /** The date the build took as today, and where that came from. */
  buildDate?: BuildDate;
  /** Where the CMS at /admin/ saves (a repository, or the local mode only), and where that came from. */
  cms?: CmsTarget;
  /** The scripts each script imports (output paths), from esbuild's metafile: what page weights follow. */
  scriptImports: Record<string, string[]>;
}

export interface ReportInputs {
  pages: BuiltPage[];
  /** The pages as readPages read them for the output check: each is read once. */
  readings: Map<string, PageReading>;
  /** How the other HTML files (the CMS's page) are read: readPage, or a reader keeping what it read (pageReader). */
  readPage?: (page: Pick<RenderedPage, 'file' | 'html'>) => PageReading;
  files: OutputFile[];
  basePath: string;
  scriptImports: Record<string, string[]>;
  milliseconds: number;
  gzipSizes?: GzipSizes;
  buildDate?: BuildDate;
  /** Where the CMS at /admin/ saves, and where that came from. */
  cms?: CmsTarget;
}

/** Sizes of every page and of the stylesheet and scripts it loads, raw and gzip. */
export function buildReport(inputs: ReportInputs): BuildReport {
  const {
    pages,
    readings,
    files,
    basePath,
    scriptImports,
    milliseconds,
    gzipSizes = new GzipSizes(),
    readPage: read = readPage,
    buildDate,
    cms,
  } = inputs;
  const byPath = new Map(files.map((file) => [file.path, file.contents]));
  const weigher = pageWeigher((file) => byPath.get(file), scriptImports, basePath, gzipSizes);
  const pageFiles = new Set(pages.map((page) => page.file));
  const otherPages: BuiltPage[] = files
    .filter((file) => file.path.endsWith('.html') && !pageFiles.has(file.path))
    .map((file) => ({
      route: sitePathOf(file.path),
      file: file.path,
      html: typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8'),
    }));
  const weigh = (page: BuiltPage): PageReport => {
    const text = () => ({
      ...page,
      html: typeof page.html === 'string' ? page.html : Buffer.from(page.html).toString(),
    });
    const { html, css, js } = weigher.page(page.html, readings.get(page.file) ?? read(text()));
    return { route: page.route ?? `(${page.file})`, file: page.file, html, css, js };
  };
  return {
    pages: pages.map(weigh),
    otherPages: otherPages.map(weigh),
    totals: { files: files.length, bytes: weigher.files(files.map((file) => file.path)).bytes },
    milliseconds,
    ...(buildDate ? { buildDate } : {}),
    ...(cms ? { cms } : {}),
    scriptImports,
  };
}

/** The table printed at the end of a build, in the manner of Next's route summary. */
export function formatReport(report: BuildReport): string {
  const row = (page: PageReport, route = page.route) => [
    route,
    ...[page.html.bytes, page.html.gzip, page.css.gzip, page.js.gzip].map((size) => kilobytes(size)),
  ];
  const rows = [['Route', 'HTML', 'HTML gzip', 'CSS gzip', 'JS gzip'], ...report.pages.map((page) => row(page))];
  // Below a blank row: pages visitors never load, such as the CMS.
  if (report.otherPages.length > 0) rows.push(['', '', '', '', '']);
  for (const page of report.otherPages) rows.push(row(page, `${page.route} (not a visitor page)`));
  const lines = table(rows).split('\n');
  lines[0] = bold(lines[0]!);
  return [
    ...lines,
    '',
    `${report.totals.files} files, ${kilobytes(report.totals.bytes)}, built in ${report.milliseconds.toFixed(0)} ms`,
    ...(report.buildDate ? [`Dated as of ${report.buildDate.date} (${report.buildDate.source})`] : []),
    ...(report.cms ? [describeCmsTarget(report.cms)] : []),
  ].join('\n');
}
