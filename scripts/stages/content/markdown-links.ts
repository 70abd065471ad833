/**
 * The links of the Markdown of a news item or legal page, each with the line
 * it was written on: refused here when they cannot work as written, recorded
 * otherwise so that the output check can name the line of a broken one.
 */
import { type Token, type Tokens, walkTokens } from 'marked';
import { escapeInvisible } from '../../../src/text.ts';
import { linkKind } from '../../../src/markdown.tsx';
import { percentDecoded, type Urls, withTrailingSlash } from '../../../src/urls.ts';
import { linesOf } from '../../lib/line-counter.ts';
import type { Problem } from '../../lib/problems.ts';
import { excerptAt, relative, type Source } from './source.ts';

/** Where something of the content was written, for a problem found later in the built pages. */
export interface Origin {
  /** file:line:column */
  where: string;
  excerpt?: string;
}

/**
 * Site paths and public files, as the content wrote them, with where each was
 * written; worked out only for the few links that turn out broken.
 */
export type Origins = Map<string, (() => Origin)[]>;

const decoded = (href: string) => percentDecoded(href) ?? href;

/** Keyed by the site path as the pages link to it, without the base path: "/research/", "/uploads/logo.svg". */
export function addOrigin(origins: Origins, href: string, origin: () => Origin) {
  const key = decoded(withTrailingSlash(href));
  const list = origins.get(key);
  if (list) list.push(origin);
  else origins.set(key, [origin]);
}

/**
 * Where the content wrote a link or file path that a built page holds as
 * `value` (with the base path, or as an absolute address on the site's own
 * origin): the places to fix when the link is broken.
 */
export function originsOf(origins: Origins, value: string, urls: Urls): Origin[] {
  return (origins.get(decoded(urls.sitePath(value) ?? value)) ?? []).map((origin) => origin());
}

/** Why a Markdown link cannot work as written, with the fix; null when it can. */
function schemeProblem(href: string): string | null {
  if (linkKind(href)) return null;
  if (href.startsWith('//'))
    return `links to ${href}, which has no scheme: a browser would read it relative to wherever the site is served; write https:${href}`;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1];
  if (scheme && !/^https?$/i.test(scheme))
    return `links with "${scheme}:", which the site does not publish; a link starts with https://, mailto: or / (a page of this site)`;
  if (scheme) return `links to ${href}, which is not a complete address; write it as https://example.org/page`;
  if (/^[^/]+\.[a-z]{2,}(?:[/:?#]|$)/i.test(href) && !/\.(?:html?|md|pdf)$/i.test(href.split(/[?#]/)[0]!))
    return `links to ${href}, which has no scheme and would be read as a page of this site; write https://${href}`;
  return `links to ${href}, a relative path, which means a different page depending on where the text is shown; write the path from the site's root, such as /${href.replace(/^\.?\//, '')}, or a full address with https://`;
}

/**
 * Checks and records the links of a Markdown text (`tokens` lexed from `text`) that starts on `startLine` of `source`;
 * a link to the site's own address (`siteAddress`, without its trailing slash) is recorded as its site path.
 */
export function markdownLinks(
  source: Source,
  text: string,
  tokens: Token[],
  startLine: number,
  origins: Origins,
  siteAddress?: string,
): { problems: Problem[]; warnings: Problem[] } {
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const file = relative(source.file);
  const lines = linesOf(text);
  let cursor = 0;
  const place = (raw: string) => {
    const found = text.indexOf(raw, cursor);
    const offset = found === -1 ? cursor : found;
    if (found !== -1) cursor = found + 1;
    const { line: inText, col: column } = lines.linePos(offset);
    const line = startLine + inText - 1;
    return () => ({ where: `${file}:${line}:${column}`, excerpt: excerptAt(source.text, line, column) });
  };
  // marked's own walk visits every token, in the order written: table cells and list items included.
  walkTokens(tokens, (token) => {
    if (token.type === 'link') {
      const { href, raw } = token as Tokens.Link;
      const at = place(raw);
      const problem = schemeProblem(href);
      if (problem) problems.push({ ...at(), message: escapeInvisible(problem) });
      else if (href.startsWith('/')) addOrigin(origins, href, at);
      else if (siteAddress && href.startsWith(`${siteAddress}/`))
        addOrigin(origins, href.slice(siteAddress.length), at);
    } else if (token.type === 'image') {
      const { href, raw, text: alt } = token as Tokens.Image;
      warnings.push({
        ...place(raw)(),
        message: `an image in the text (${escapeInvisible(href)}) is not shown: the site prints its description "${escapeInvisible(alt)}" instead; to link to it, drop the "!"`,
      });
    }
  });
  return { problems, warnings };
}
