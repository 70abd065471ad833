/**
 * The start tags of built HTML: the output check and the build report
 * (through stages/read-pages.ts) and the page weights read pages through here.
 *
 * htmlparser2 rather than parse5: these readers want each start tag and its
 * attributes in source order, not a tree. htmlparser2's callback parser hands
 * them out as it reads, without building a document, so checking 10,000 pages
 * keeps no more than one page's tags in memory, and reads <script> and <style>
 * as raw text, as a browser does. Attribute values are decoded by `entities`,
 * htmlparser2's own decoder.
 *
 * The pages a build writes come from React and the Markdown renderer, which
 * write markup of one plain shape: lower-case names, every value in double
 * quotes, text with its "<" escaped. That shape is read first by a few regular
 * expressions (readPlainly), some ten times faster than htmlparser2's
 * tokenizer a character at a time, which cost a build of 10,000 pages more
 * than rendering them. Wherever htmlparser2 could read a page otherwise (any
 * other quoting or "<", a nested <form>, an <image>, a raw-text element with a
 * "<" inside…), the whole page is read by htmlparser2 instead, so what a page
 * gives is the same either way (test/html.test.ts holds them to it).
 */
import { decodeHTMLAttribute } from 'entities/decode';
import { Parser } from 'htmlparser2';

export interface StartTag {
  /** Lower-cased. */
  name: string;
  /** Lower-cased names; values with their entities decoded, '' for a bare attribute. */
  attributes: Map<string, string>;
}

type Visit = (name: string, attributes: Record<string, string>) => void;

/**
 * Calls `visit` for each start tag of a page, in document order (not the empty <p> or <br> a stray </p> or </br>
 * implies); with `only`, each tag's attributes of these (lower-case) names alone, which saves decoding the others.
 */
export function eachStartTag(html: string, visit: Visit, only?: readonly string[]): void {
  const tags = readPlainly(html, only);
  if (!tags) {
    readByParser(html, visit, only);
    return;
  }
  for (let index = 0; index < tags.length; index += 2) visit(tags[index] as string, tags[index + 1] as Attributes);
}

/** htmlparser2's reading: of any HTML. */
export function readByParser(html: string, visit: Visit, only?: readonly string[]): void {
  // Without decoding, the tokenizer skips text and attribute values with
  // indexOf instead of reading them a character at a time: four times faster
  // on the first pages a build reads, before V8 has optimised the tokenizer.
  // Only attribute values are wanted, so only they are decoded, and only
  // those that hold an entity at all.
  const parser = new Parser(
    {
      onopentag(name, attributes, implied) {
        // A stray </p> or </br> implies a tag with no attributes: not one of the page's.
        if (implied) return;
        for (const key in attributes) {
          if (only && !only.includes(key)) {
            delete attributes[key];
            continue;
          }
          const value = attributes[key]!;
          if (value.includes('&')) attributes[key] = decodeHTMLAttribute(value);
        }
        visit(name, attributes);
      },
    },
    { decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
}

type Attributes = Record<string, string>;

/** htmlparser2 reads up to the end tag of these as text (xmp, plaintext…: left to htmlparser2 altogether). */
const rawText = new Set(['script', 'style', 'title', 'textarea']);
const parserOnly = new Set(['iframe', 'noembed', 'noframes', 'plaintext', 'xmp', 'image']);

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0c || code === 0x0d;
const isLetter = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
const isNameCharacter = (code: number) => isLetter(code) || (code >= 0x30 && code <= 0x39) || code === 0x2d;
/** What ends an attribute's name; quotes and "<" too, which htmlparser2 would take into it. */
const endsAttributeName = (code: number) =>
  isSpace(code) || code === 0x3d || code === 0x3e || code === 0x2f || code === 0x22 || code === 0x27 || code === 0x3c;

const wanted = (html: string, from: number, to: number, name: string) =>
  to - from === name.length && html.startsWith(name, from);
const slice = (html: string, from: number, to: number, upper: boolean) =>
  upper ? html.slice(from, to).toLowerCase() : html.slice(from, to);

/** Where the name of a tag that starts at `from` ends, or -1 when it is not of letters, digits and "-". */
function endOfName(html: string, from: number): number {
  if (!isLetter(html.charCodeAt(from))) return -1;
  let at = from + 1;
  while (isNameCharacter(html.charCodeAt(at))) at += 1;
  return at;
}

/** The attributes of a start tag from `at` (after its name) and where its ">" is; null when not of the plain shape. */
function readAttributes(
  html: string,
  from: number,
  only: readonly string[] | undefined,
): { attributes: Attributes; end: number; selfClosing: boolean } | null {
  const attributes: Attributes = {};
  let at = from;
  for (;;) {
    const spaceFrom = at;
    while (isSpace(html.charCodeAt(at))) at += 1;
    const code = html.charCodeAt(at);
    if (code === 0x3e) return { attributes, end: at, selfClosing: false };
    if (code === 0x2f) return html.charCodeAt(at + 1) === 0x3e ? { attributes, end: at + 1, selfClosing: true } : null;
    // An attribute: after white space, a name, then ="value" or nothing.
    if (at === spaceFrom || Number.isNaN(code) || endsAttributeName(code)) return null;
    const nameFrom = at;
    let upper = false;
    for (let name = code; at < html.length && !endsAttributeName(name); name = html.charCodeAt(++at))
      upper ||= name >= 0x41 && name <= 0x5a;
    const nameEnd = at;
    let valueFrom = -1;
    if (html.charCodeAt(at) === 0x3d) {
      if (html.charCodeAt(at + 1) !== 0x22) return null;
      valueFrom = at + 2;
      at = html.indexOf('"', valueFrom);
      if (at === -1) return null;
      at += 1;
    }
    // Names are compared where they are, so that those not wanted cost no string.
    const key =
      only && !upper
        ? only.find((name) => wanted(html, nameFrom, nameEnd, name))
        : slice(html, nameFrom, nameEnd, upper);
    // The first of two with the same name counts, as in htmlparser2.
    if (key === undefined || (only && !only.includes(key)) || Object.hasOwn(attributes, key)) continue;
    const value = valueFrom === -1 ? '' : html.slice(valueFrom, at - 1);
    attributes[key] = value.includes('&') ? decodeHTMLAttribute(value) : value;
  }
}

/**
 * The start tags of markup of the plain shape (see above) as name, attributes, name, attributes…; null when the
 * page has anything else.
 */
export function readPlainly(html: string, only?: readonly string[]): (string | Attributes)[] | null {
  const tags: (string | Attributes)[] = [];
  let formOpen = false;
  let at = html.indexOf('<');
  while (at !== -1) {
    const next = html.charCodeAt(at + 1);
    let end: number;
    if (next === 0x2f /* / */) {
      const nameEnd = endOfName(html, at + 2);
      if (nameEnd === -1 || html.charCodeAt(nameEnd) !== 0x3e) return null;
      if (nameEnd - at === 6 && html.slice(at + 2, nameEnd).toLowerCase() === 'form') formOpen = false;
      end = nameEnd;
    } else if (next === 0x21 /* ! */) {
      end = endOfDeclaration(html, at);
      if (end === -1) return null;
    } else {
      const nameEnd = endOfName(html, at + 1);
      if (nameEnd === -1) return null;
      const name = html.slice(at + 1, nameEnd).toLowerCase();
      if (parserOnly.has(name)) return null;
      const tag = readAttributes(html, nameEnd, only);
      if (!tag) return null;
      end = tag.end;
      if (name === 'form') {
        // htmlparser2, as a browser, drops a <form> inside another.
        if (formOpen) return null;
        formOpen = true;
      }
      tags.push(name, tag.attributes);
      if (rawText.has(name)) {
        // Its text up to its end tag, with no "<" in it: the same read as text or as markup.
        if (tag.selfClosing) return null;
        const close = html.indexOf('<', end + 1);
        if (close === -1 || !html.startsWith(`</${name}>`, close)) return null;
        end = close + name.length + 2;
      }
    }
    at = html.indexOf('<', end + 1);
    // Text with a "<" that starts no tag: left to htmlparser2.
    if (at !== -1) {
      const code = html.charCodeAt(at + 1);
      if (!isLetter(code) && code !== 0x2f && code !== 0x21) return null;
    }
  }
  return tags;
}

/** Where `<!DOCTYPE …>` or `<!-- … -->` at `at` ends (its ">"), or -1 for any other kind. */
function endOfDeclaration(html: string, at: number): number {
  if (html.startsWith('<!--', at)) {
    // A comment closed early (<!-->, <!--->) or by "--!>": left to htmlparser2.
    if (html.startsWith('>', at + 4) || html.startsWith('->', at + 4)) return -1;
    const close = html.indexOf('-->', at + 4);
    if (close === -1 || html.slice(at + 4, close).includes('--!>')) return -1;
    return close + 2;
  }
  if (!/^<!doctype[\t\n\f\r ]/i.test(html.slice(at, at + 10))) return -1;
  return html.indexOf('>', at);
}

/** The start tags of a page with their attributes. */
export function startTags(html: string): StartTag[] {
  const tags: StartTag[] = [];
  eachStartTag(html, (name, attributes) => {
    tags.push({ name, attributes: new Map(Object.entries(attributes)) });
  });
  return tags;
}
