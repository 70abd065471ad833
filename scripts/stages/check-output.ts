import type { Urls } from '../../src/urls.ts';
import type { Problem } from '../lib/problems.ts';
import type { OutputFile } from './output-files.ts';
import type { RenderedPage } from './render-pages.tsx';

interface Tag {
  name: string;
  attributes: Map<string, string>;
}

const entities: Record<string, string> = { amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>' };
// Most values hold no entity at all; skipping the replace for them matters on 10,000 pages.
const decodeEntities = (value: string) =>
  value.includes('&') ? value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, entity: string) => entities[entity]!) : value;

/*
 * A hand-written reader of start tags. It reads exactly what these two
 * regular expressions would:
 *
 *   tag:       /<([a-zA-Z][\w-]*)((?:\s[^>]*)?)>/g
 *   attribute: /([^\s=/]+)(?:="([^"]*)")?/g   (over the text between name and ">")
 *
 * React escapes "<" and ">" in text and in attribute values, so in our own
 * output a tag always runs from "<" to the next ">". The regular expressions
 * were the first version; on 10,000 pages they allocated a match array per
 * tag and per attribute, and the garbage collector then took longer than
 * rendering. This reader allocates only the names and values it hands out.
 */

/** \s of a JavaScript regular expression. */
const isSpace = (code: number) =>
  code === 32 ||
  (code >= 9 && code <= 13) ||
  code === 0xa0 ||
  code === 0x1680 ||
  (code >= 0x2000 && code <= 0x200a) ||
  code === 0x2028 ||
  code === 0x2029 ||
  code === 0x202f ||
  code === 0x205f ||
  code === 0x3000 ||
  code === 0xfeff;
const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
/** [\w-] */
const isNameCharacter = (code: number) => isLetter(code) || (code >= 48 && code <= 57) || code === 95 || code === 45;
const GREATER_THAN = 62,
  EQUALS = 61,
  SLASH = 47,
  QUOTE = 34;

/** Calls `visit` for each start tag with its lower-cased name and where its attribute text starts and ends. */
function eachStartTag(
  html: string,
  visit: (name: string, attributesStart: number, attributesEnd: number) => void,
): void {
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    if (!isLetter(html.charCodeAt(at + 1))) continue;
    let nameEnd = at + 2;
    while (nameEnd < html.length && isNameCharacter(html.charCodeAt(nameEnd))) nameEnd += 1;
    const next = html.charCodeAt(nameEnd);
    let end = nameEnd;
    if (next !== GREATER_THAN) {
      if (!isSpace(next)) continue; // "<br/>": not a start tag to these rules
      end = html.indexOf('>', nameEnd);
      if (end === -1) return;
    }
    visit(html.slice(at + 1, nameEnd).toLowerCase(), nameEnd, end);
    at = end;
  }
}

/**
 * Calls `visit` for each attribute between `start` and `end`, value decoded
 * ('' for a bare attribute); only for the names in `only` when it is given.
 */
function eachAttribute(
  html: string,
  start: number,
  end: number,
  visit: (name: string, value: string) => void,
  only?: ReadonlySet<string>,
): void {
  let at = start;
  while (at < end) {
    const code = html.charCodeAt(at);
    if (isSpace(code) || code === EQUALS || code === SLASH) {
      at += 1;
      continue;
    }
    const nameStart = at;
    while (at < end) {
      const c = html.charCodeAt(at);
      if (isSpace(c) || c === EQUALS || c === SLASH) break;
      at += 1;
    }
    const name = html.slice(nameStart, at).toLowerCase();
    let valueStart = -1;
    if (html.charCodeAt(at) === EQUALS && at + 1 < end && html.charCodeAt(at + 1) === QUOTE) {
      const closing = html.indexOf('"', at + 2);
      if (closing !== -1 && closing < end) {
        valueStart = at + 2;
        at = closing + 1;
      }
    }
    if (only && !only.has(name)) continue;
    visit(name, valueStart === -1 ? '' : decodeEntities(html.slice(valueStart, at - 1)));
  }
}

/** Lists the start tags of a page with all their attributes. */
export function startTags(html: string): Tag[] {
  const tags: Tag[] = [];
  eachStartTag(html, (name, start, end) => {
    const attributes = new Map<string, string>();
    eachAttribute(html, start, end, (key, value) => attributes.set(key, value));
    tags.push({ name, attributes });
  });
  return tags;
}

/**
 * The start tags of the given names only, e.g. the <script> and <link> tags
 * the report needs: the attributes of other tags are not even read.
 */
export function startTagsNamed(html: string, names: readonly string[]): Tag[] {
  const tags: Tag[] = [];
  eachStartTag(html, (name, start, end) => {
    if (!names.includes(name)) return;
    const attributes = new Map<string, string>();
    eachAttribute(html, start, end, (key, value) => attributes.set(key, value));
    tags.push({ name, attributes });
  });
  return tags;
}

const linkAttributes = ['href', 'src', 'action'] as const;
const imageAttributes = ['width', 'height', 'alt'] as const;
type CheckedAttribute = 'id' | (typeof linkAttributes)[number] | (typeof imageAttributes)[number];
const checkedAttributes: ReadonlySet<string> = new Set<CheckedAttribute>(['id', ...linkAttributes, ...imageAttributes]);

/** What checkOutput needs of one page, read in one pass: its ids, and its links and image problems in document order. */
interface PageScan {
  ids: Set<string>;
  findings: ({ problem: Problem } | { tag: string; attribute: string; value: string })[];
}

function scanPage(page: RenderedPage): PageScan {
  const ids = new Set<string>();
  const findings: PageScan['findings'] = [];
  eachStartTag(page.html, (name, start, end) => {
    // Only the attributes the checks read are kept; most tags have none of them.
    const found: Partial<Record<CheckedAttribute, string>> = {};
    eachAttribute(page.html, start, end, (key, value) => (found[key as CheckedAttribute] = value), checkedAttributes);
    if (found.id !== undefined) ids.add(found.id);
    if (name === 'img') {
      for (const required of imageAttributes) {
        if (found[required] === undefined) {
          findings.push({
            problem: {
              where: `page ${page.file} › <img src="${found.src ?? ''}">`,
              message: `image has no ${required} attribute`,
            },
          });
        }
      }
    }
    for (const attribute of linkAttributes) {
      const value = found[attribute];
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
export function checkOutput(pages: RenderedPage[], files: OutputFile[], urls: Urls, siteUrl: string): Problem[] {
  const problems: Problem[] = [];
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
      } else {
        message = verdicts.get(value) ?? null;
        if (!verdicts.has(value)) verdicts.set(value, (message = verdict(pageFile, value)));
      }
      if (message !== null) problems.push({ where: `page ${pageFile} › <${tag} ${attribute}="${value}">`, message });
    }
  }
  return problems;
}
