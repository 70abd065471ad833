import type { Urls } from '../../src/urls.ts';
import { eachStartTag } from '../lib/html.ts';
import type { Problem } from '../lib/problems.ts';
import { type Origin, type Origins, originsOf } from './content/markdown-links.ts';
import type { OutputFile } from './output-files.ts';
import type { RenderedPage } from './render-pages.tsx';

const linkAttributes = ['href', 'src', 'action'] as const;
const imageAttributes = ['width', 'height', 'alt'] as const;

/** What checkOutput needs of one page, read in one pass: its ids, and its links and image problems in document order. */
interface PageScan {
  ids: Set<string>;
  findings: ({ problem: Problem } | { tag: string; attribute: string; value: string })[];
}

function scanPage(page: RenderedPage): PageScan {
  const ids = new Set<string>();
  const findings: PageScan['findings'] = [];
  eachStartTag(page.html, (name, attributes) => {
    if (attributes.id !== undefined) ids.add(attributes.id);
    if (name === 'img') {
      for (const required of imageAttributes) {
        if (attributes[required] === undefined) {
          findings.push({
            problem: {
              where: `page ${page.file} › <img src="${attributes.src ?? ''}">`,
              message: `image has no ${required} attribute`,
            },
          });
        }
      }
    }
    for (const attribute of linkAttributes) {
      const value = attributes[attribute];
      if (value !== undefined) findings.push({ tag: name, attribute, value });
    }
  });
  return { ids, findings };
}

/** 'research/index.html' → '/research/', '404.html' → '/404.html'. */
const sitePathOf = (file: string) => `/${file.replace(/(^|\/)index\.html$/, '$1')}`;

/**
 * Checks the finished site before it is written: every internal link and asset
 * reaches a file of the output, every #fragment an id on its page, every image
 * has its size and text alternative, and nothing escapes the base path.
 *
 * Each page is read once and only what the checks need is kept, so a site of
 * 10,000 pages is checked in about a second and without holding every tag of
 * every page in memory.
 */
export function checkOutput(
  pages: RenderedPage[],
  files: OutputFile[],
  urls: Urls,
  siteUrl: string,
  /** Where the content wrote a link a page holds, so that a broken one is told at its line. */
  origins: Origins = new Map(),
): Problem[] {
  const problems: Problem[] = [];
  /** Broken links the content wrote: one problem per place written, naming every page that shows it. */
  const traced = new Map<string, { origin: Origin; message: string; pages: string[]; link: string }>();
  const seen = new Map<string, number>();
  for (const file of files) seen.set(file.path, (seen.get(file.path) ?? 0) + 1);
  for (const [file, count] of seen) {
    if (count > 1)
      problems.push({
        where: file,
        message: `written ${count} times: a file in public/ has the same path as a generated file`,
      });
  }

  const scans = new Map(pages.map((page) => [page.file, scanPage(page)]));
  const ownOrigin = siteUrl.replace(/\/+$/, '');

  /** What is wrong with a link from pageFile, or null. */
  const verdict = (pageFile: string, value: string): string | null => {
    // Absolute URLs on our own origin (canonical, og:image) must resolve too.
    let target = value.startsWith(`${ownOrigin}/`) ? value.slice(ownOrigin.length) : value;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null;
    if (target.startsWith('#')) target = urls.basePath + sitePathOf(pageFile) + target;
    if (!target.startsWith('/')) return 'is relative; use an absolute path (the 404 page is served at any depth)';
    if (urls.basePath && !target.startsWith(`${urls.basePath}/`))
      return `does not start with the base path ${urls.basePath}`;
    const [pathPart, fragment] = target.slice(urls.basePath.length).split('#', 2) as [string, string | undefined];
    const sitePath = decodeURIComponent(pathPart);
    const file = sitePath.endsWith('/') ? `${sitePath.slice(1)}index.html` : sitePath.slice(1);
    if (!seen.has(file)) {
      return seen.has(`${file}/index.html`)
        ? `links to a page without the trailing slash of the link policy (${sitePath}/)`
        : `links to ${sitePath}, which the build does not produce`;
    }
    const ids = scans.get(file)?.ids;
    // "top" always means the top of the document (HTML spec), whether or not an element has that id.
    if (fragment && ids && fragment !== 'top' && !ids.has(decodeURIComponent(fragment)))
      return `no element with id "${fragment}" on ${sitePath}`;
    return null;
  };
  // Every page repeats the header and footer links: a link that does not start
  // with "#" has the same verdict on every page, so it is worked out once.
  const verdicts = new Map<string, string | null>();

  for (const [pageFile, scan] of scans) {
    for (const finding of scan.findings) {
      if ('problem' in finding) {
        problems.push(finding.problem);
        continue;
      }
      const { tag, attribute, value } = finding;
      let message: string | null;
      if (value.startsWith('#')) {
        message = verdict(pageFile, value);
      } else if (verdicts.has(value)) {
        message = verdicts.get(value) ?? null;
      } else {
        message = verdict(pageFile, value);
        verdicts.set(value, message);
      }
      if (message === null) continue;
      const link = `<${tag} ${attribute}="${value}">`;
      const written = value.startsWith('#') ? [] : originsOf(origins, value, urls.basePath, siteUrl);
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
