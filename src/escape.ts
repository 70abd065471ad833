/**
 * Text as it may stand in HTML or XML, in an element or a double-quoted
 * attribute: for the HTML we write ourselves (Markdown links), the feed, the
 * sitemap and the artwork's SVG. React escapes everything else.
 */
/** Text matched as itself inside a regular expression built from it (a file's name, a host, a message). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
