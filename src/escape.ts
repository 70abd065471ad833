/**
 * Text as it may stand in HTML or XML, in an element or a double-quoted
 * attribute: for the HTML we write ourselves (Markdown links), the feed, the
 * sitemap and the artwork's SVG. React escapes everything else.
 */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
