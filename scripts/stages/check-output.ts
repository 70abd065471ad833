import type { Urls } from '../../src/urls.ts';
import type { Problem } from '../lib/problems.ts';
import type { OutputFile } from './output-files.ts';
import type { RenderedPage } from './render-pages.tsx';

interface Tag {
  name: string;
  attributes: Map<string, string>;
}

const decodeEntities = (value: string) =>
  value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, entity: string) => ({ amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>' })[entity]!);

/**
 * Lists the start tags of a page. React escapes "<" and ">" in text and in
 * attribute values, so in our own output a tag always runs from "<" to the next ">".
 */
export function startTags(html: string): Tag[] {
  const tags: Tag[] = [];
  for (const match of html.matchAll(/<([a-zA-Z][\w-]*)((?:\s[^>]*)?)>/g)) {
    const attributes = new Map<string, string>();
    for (const attribute of match[2]!.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)) {
      attributes.set(attribute[1]!.toLowerCase(), decodeEntities(attribute[2] ?? ''));
    }
    tags.push({ name: match[1]!.toLowerCase(), attributes });
  }
  return tags;
}

const linkAttributes = ['href', 'src', 'action'];

/** 'research/index.html' → '/research/', '404.html' → '/404.html'. */
const sitePathOf = (file: string) => `/${file.replace(/(^|\/)index\.html$/, '$1')}`;

/**
 * Checks the finished site before it is written: every internal link and asset
 * reaches a file of the output, every #fragment an id on its page, every image
 * has its size and text alternative, and nothing escapes the base path.
 */
export function checkOutput(pages: RenderedPage[], files: OutputFile[], urls: Urls, siteUrl: string): Problem[] {
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  for (const file of files) seen.set(file.path, (seen.get(file.path) ?? 0) + 1);
  for (const [file, count] of seen) {
    if (count > 1) problems.push({ where: file, message: `written ${count} times: a file in public/ has the same path as a generated file` });
  }

  const tagsByPage = new Map(pages.map((page) => [page.file, startTags(page.html)]));
  const idsByPage = new Map(
    [...tagsByPage].map(([file, tags]) => [file, new Set(tags.map((tag) => tag.attributes.get('id')).filter((id): id is string => id !== undefined))]),
  );
  const ownOrigin = siteUrl.replace(/\/+$/, '');

  for (const [pageFile, tags] of tagsByPage) {
    for (const tag of tags) {
      const describe = (attribute: string, value: string) => `page ${pageFile} › <${tag.name} ${attribute}="${value}">`;
      if (tag.name === 'img') {
        for (const required of ['width', 'height', 'alt']) {
          if (!tag.attributes.has(required)) {
            problems.push({ where: describe('src', tag.attributes.get('src') ?? ''), message: `image has no ${required} attribute` });
          }
        }
      }
      for (const attribute of linkAttributes) {
        const value = tag.attributes.get(attribute);
        if (value === undefined) continue;
        // Absolute URLs on our own origin (canonical, og:image) must resolve too.
        let target = value.startsWith(`${ownOrigin}/`) ? value.slice(ownOrigin.length) : value;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
        if (target.startsWith('#')) target = urls.basePath + sitePathOf(pageFile) + target;
        if (!target.startsWith('/')) {
          problems.push({ where: describe(attribute, value), message: 'is relative; use an absolute path (the 404 page is served at any depth)' });
          continue;
        }
        if (urls.basePath && !target.startsWith(`${urls.basePath}/`)) {
          problems.push({ where: describe(attribute, value), message: `does not start with the base path ${urls.basePath}` });
          continue;
        }
        const [pathPart, fragment] = target.slice(urls.basePath.length).split('#', 2) as [string, string | undefined];
        const sitePath = decodeURIComponent(pathPart);
        const file = sitePath.endsWith('/') ? `${sitePath.slice(1)}index.html` : sitePath.slice(1);
        if (!seen.has(file)) {
          if (seen.has(`${file}/index.html`)) {
            problems.push({ where: describe(attribute, value), message: `links to a page without the trailing slash of the link policy (${sitePath}/)` });
          } else {
            problems.push({ where: describe(attribute, value), message: `links to ${sitePath}, which the build does not produce` });
          }
          continue;
        }
        const ids = idsByPage.get(file);
        // "top" always means the top of the document (HTML spec), whether or not an element has that id.
        if (fragment && ids && fragment !== 'top' && !ids.has(decodeURIComponent(fragment))) {
          problems.push({ where: describe(attribute, value), message: `no element with id "${fragment}" on ${sitePath}` });
        }
      }
    }
  }
  return problems;
}
