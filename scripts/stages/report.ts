import { gzipSync } from 'node:zlib';
import { bold, kilobytes, table } from '../lib/terminal.ts';
import { startTags } from './check-output.ts';
import type { OutputFile } from './output-files.ts';
import type { RenderedPage } from './render-pages.tsx';

export interface PageReport {
  route: string;
  file: string;
  html: { bytes: number; gzip: number };
  css: { bytes: number; gzip: number };
  js: { bytes: number; gzip: number };
}

export interface BuildReport {
  pages: PageReport[];
  totals: { files: number; bytes: number; gzip: number };
  milliseconds: number;
}

const gzipSize = (contents: Uint8Array | string) => gzipSync(contents, { level: 9 }).length;
const byteSize = (contents: Uint8Array | string) => (typeof contents === 'string' ? Buffer.byteLength(contents) : contents.length);

/** Sizes of every page and of the stylesheet and scripts it loads, raw and gzip. */
export function buildReport(pages: RenderedPage[], files: OutputFile[], basePath: string, milliseconds: number): BuildReport {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const sizeOf = (paths: string[]) => {
    const contents = paths.map((assetPath) => byPath.get(assetPath.slice(basePath.length + 1))?.contents ?? '');
    return { bytes: contents.reduce((sum, c) => sum + byteSize(c), 0), gzip: contents.reduce((sum, c) => sum + gzipSize(c), 0) };
  };
  const pageReports = pages.map((page) => {
    const tags = startTags(page.html);
    const scripts = tags.filter((tag) => tag.name === 'script' && tag.attributes.has('src')).map((tag) => tag.attributes.get('src')!);
    const styles = tags
      .filter((tag) => tag.name === 'link' && tag.attributes.get('rel') === 'stylesheet')
      .map((tag) => tag.attributes.get('href')!);
    return {
      route: page.route ?? `(${page.file})`,
      file: page.file,
      html: { bytes: byteSize(page.html), gzip: gzipSize(page.html) },
      css: sizeOf(styles),
      js: sizeOf(scripts),
    };
  });
  return {
    pages: pageReports,
    totals: {
      files: files.length,
      bytes: files.reduce((sum, file) => sum + byteSize(file.contents), 0),
      gzip: files.reduce((sum, file) => sum + gzipSize(file.contents), 0),
    },
    milliseconds,
  };
}

/** The table printed at the end of a build, in the manner of Next's route summary. */
export function formatReport(report: BuildReport): string {
  const rows = [
    ['Route', 'HTML', 'HTML gzip', 'CSS gzip', 'JS gzip'],
    ...report.pages.map((page) => [page.route, kilobytes(page.html.bytes), kilobytes(page.html.gzip), kilobytes(page.css.gzip), kilobytes(page.js.gzip)]),
  ];
  const lines = table(rows).split('\n');
  lines[0] = bold(lines[0]!);
  return [
    ...lines,
    '',
    `${report.totals.files} files, ${kilobytes(report.totals.bytes)} (${kilobytes(report.totals.gzip)} gzip), built in ${report.milliseconds.toFixed(0)} ms`,
  ].join('\n');
}
