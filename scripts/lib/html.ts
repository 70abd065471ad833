/**
 * The start tags of built HTML, read by htmlparser2: the output check, the
 * build report and the page weights all read pages through here.
 *
 * htmlparser2 rather than parse5: these readers want each start tag and its
 * attributes in source order, not a tree. htmlparser2's callback parser hands
 * them out as it reads, without building a document, so checking 10,000 pages
 * keeps no more than one page's tags in memory; it decodes entities in
 * attribute values and reads <script> and <style> as raw text, as a browser does.
 */
import { Parser } from 'htmlparser2';

export interface StartTag {
  /** Lower-cased. */
  name: string;
  /** Lower-cased names; values with their entities decoded, '' for a bare attribute. */
  attributes: Map<string, string>;
}

/** Calls `visit` for each start tag of a page, in document order. */
export function eachStartTag(html: string, visit: (name: string, attributes: Record<string, string>) => void): void {
  new Parser({ onopentag: visit }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true }).end(
    html,
  );
}

/** The start tags of a page with their attributes; only those of the given names when `names` is given. */
export function startTags(html: string, names?: readonly string[]): StartTag[] {
  const tags: StartTag[] = [];
  eachStartTag(html, (name, attributes) => {
    if (!names || names.includes(name)) tags.push({ name, attributes: new Map(Object.entries(attributes)) });
  });
  return tags;
}
