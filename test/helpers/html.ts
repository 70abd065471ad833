/**
 * The tests read built pages through cheerio, a DOM query library that parses
 * HTML as a browser does (parse5), and not through the reader the build's own
 * output check uses (htmlparser2, scripts/lib/html.ts): a mistake in one then
 * shows in the other.
 */
import * as cheerio from 'cheerio';

export { load } from 'cheerio';

export interface Tag {
  name: string;
  attributes: Map<string, string>;
}

/** The elements of a page in document order with their attributes; only those of the given names when given. */
export function startTags(html: string, names?: readonly string[]): Tag[] {
  const $ = cheerio.load(html);
  return $(names ? names.join(',') : '*')
    .toArray()
    .flatMap((node) =>
      'attribs' in node ? [{ name: node.tagName, attributes: new Map(Object.entries(node.attribs)) }] : [],
    );
}

/** The visible text of a page: head and scripts left out, white space folded, each element's text apart from the next. */
export function textOf(html: string): string {
  const $ = cheerio.load(html);
  $('head, script').remove();
  const texts: string[] = [];
  const walk = (nodes: ReturnType<typeof $>) => {
    for (const node of nodes.contents().toArray()) {
      if (node.type === 'text') texts.push(node.data);
      else if (node.type === 'tag') walk($(node));
    }
  };
  walk($.root());
  return texts.join(' ').replace(/\s+/g, ' ').trim();
}

/** The attribute values of every element of one name, e.g. all <a> hrefs. */
export function attributesOf(html: string, tagName: string, attribute: string): string[] {
  return cheerio
    .load(html)(`${tagName}[${attribute}]`)
    .toArray()
    .flatMap((node) => ('attribs' in node ? [node.attribs[attribute]!] : []));
}

/** The text of every element a CSS selector finds, e.g. the titles of the cards: textsOf(html, 'h3.card__title'). */
export function textsOf(html: string, selector: string): string[] {
  const $ = cheerio.load(html);
  return $(selector)
    .toArray()
    .map((element) => $(element).text());
}
