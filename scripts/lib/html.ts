/**
 * The start tags of built HTML, read by htmlparser2: the output check and the
 * build report (through stages/read-pages.ts) and the page weights read pages
 * through here.
 *
 * htmlparser2 rather than parse5: these readers want each start tag and its
 * attributes in source order, not a tree. htmlparser2's callback parser hands
 * them out as it reads, without building a document, so checking 10,000 pages
 * keeps no more than one page's tags in memory, and reads <script> and <style>
 * as raw text, as a browser does. Attribute values are decoded by `entities`,
 * htmlparser2's own decoder.
 */
import { decodeHTMLAttribute } from 'entities/decode';
import { Parser } from 'htmlparser2';

export interface StartTag {
  /** Lower-cased. */
  name: string;
  /** Lower-cased names; values with their entities decoded, '' for a bare attribute. */
  attributes: Map<string, string>;
}

/** Calls `visit` for each start tag of a page, in document order. */
export function eachStartTag(html: string, visit: (name: string, attributes: Record<string, string>) => void): void {
  // Without decoding, the tokenizer skips text and attribute values with
  // indexOf instead of reading them a character at a time: four times faster
  // on the first pages a build reads, before V8 has optimised the tokenizer.
  // Only attribute values are wanted, so only they are decoded, and only
  // those that hold an entity at all.
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        for (const key in attributes) {
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

/** The start tags of a page with their attributes. */
export function startTags(html: string): StartTag[] {
  const tags: StartTag[] = [];
  eachStartTag(html, (name, attributes) => {
    tags.push({ name, attributes: new Map(Object.entries(attributes)) });
  });
  return tags;
}
