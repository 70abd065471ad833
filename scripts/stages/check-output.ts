import { fileAt, percentDecoded, sitePathOf, type Urls } from '../../src/urls.ts';
import type { Problem } from '../lib/problems.ts';
import { type Origin, type Origins, originsOf } from './content/markdown-links.ts';
import type { OutputFile } from './output-files.ts';
import type { PageReading } from './read-pages.ts';

/** What is wrong with a link `value` of the page `pageFile`, or null; `seen` counts the output's files. */
function linkProblem(
  pageFile: string,
  value: string,
  site: { readings: Map<string, PageReading>; seen: Map<string, number>; urls: Urls },
): string | null {
  const { readings, seen, urls } = site;
  // Absolute URLs on our own origin (canonical, og:image) must resolve too.
  let target = value.startsWith(`${urls.origin}/`) ? value.slice(urls.origin.length) : value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null;
  if (target.startsWith('#')) target = urls.basePath + sitePathOf(pageFile) + target;
  if (!target.startsWith('/')) return 'is relative; use an absolute path (the 404 page is served at any depth)';
  const local = urls.sitePath(target);
  if (local === undefined) return `does not start with the base path ${urls.basePath}`;
  const [pathPart, fragment] = local.split('#', 2) as [string, string | undefined];
  const sitePath = percentDecoded(pathPart);
  if (sitePath === undefined)
    return `links to ${pathPart}, which is not an address a browser can follow: a "%" starts an escape such as %20; write a % itself as %25`;
  const file = fileAt(sitePath);
  if (!seen.has(file)) {
    return seen.has(fileAt(`${sitePath}/`))
      ? `links to a page without the trailing slash of the link policy (${sitePath}/)`
      : `links to ${sitePath}, which the build does not produce`;
  }
  const ids = readings.get(file)?.ids;
  // "top" always means the top of the document (HTML spec), whether or not an element has that id.
  if (fragment && ids && fragment !== 'top' && !ids.has(percentDecoded(fragment) ?? fragment))
    return `no element with id "${fragment}" on ${sitePath}`;
  return null;
}

/**
 * Checks the finished site before it is written: every internal link and asset
 * reaches a file of the output, every #fragment an id on its page, every image
 * has its size and text alternative, and nothing escapes the base path.
 *
 * The pages come as read by readPages (stages/read-pages.ts), once for this
 * check and the build report.
 */
export function checkOutput(
  readings: Map<string, PageReading>,
  files: OutputFile[],
  urls: Urls,
  /** Where the content wrote a link a page holds, so that a broken one is told at its line. */
  origins: Origins = new Map(),
): Problem[] {
  const seen = new Map<string, number>();
  for (const file of files) seen.set(file.path, (seen.get(file.path) ?? 0) + 1);
  const problems: Problem[] = [...seen]
    .filter(([, count]) => count > 1)
    .map(([file, count]) => ({
      where: file,
      message: `written ${count} times: a file in public/ has the same path as a generated file`,
    }));
  /** Broken links the content wrote: one problem per place written, naming every page that shows it. */
  const traced = new Map<string, { origin: Origin; message: string; pages: string[]; link: string }>();
  // Every page repeats the header and footer links: a link that does not start
  // with "#" has the same verdict on every page, so it is worked out once.
  const verdicts = new Map<string, string | null>();
  const verdict = (pageFile: string, value: string) => {
    if (value.startsWith('#')) return linkProblem(pageFile, value, { readings, seen, urls });
    if (!verdicts.has(value)) verdicts.set(value, linkProblem(pageFile, value, { readings, seen, urls }));
    return verdicts.get(value) ?? null;
  };

  for (const [pageFile, reading] of readings) {
    for (const finding of reading.findings) {
      if ('problem' in finding) {
        problems.push(finding.problem);
        continue;
      }
      const { tag, attribute, value } = finding;
      const message = verdict(pageFile, value);
      if (message === null) continue;
      const link = `<${tag} ${attribute}="${value}">`;
      const written = value.startsWith('#') ? [] : originsOf(origins, value, urls);
      if (written.length === 0) problems.push({ where: `page ${pageFile} › ${link}`, message });
      for (const origin of written) {
        const key = `${origin.where}\u0000${message}`;
        const entry = traced.get(key) ?? { origin, message, pages: [], link };
        if (!entry.pages.includes(pageFile)) entry.pages.push(pageFile);
        traced.set(key, entry);
      }
    }
  }
  for (const { origin, message, pages: shownOn, link } of traced.values()) {
    problems.push({
      where: origin.where,
      message: `${message} (${shownOn.length === 1 ? 'page' : 'pages'} ${shownOn.join(', ')} › ${link})`,
      excerpt: origin.excerpt,
    });
  }
  return problems;
}
