/**
 * Registry and import text is data, not trusted text: its markup (Crossref's
 * <i>, <sub> and JATS tags) and HTML entities become plain text, whitespace
 * and line breaks collapse to single spaces, and characters that could hide
 * or reorder what a reader sees (the content check's invisible characters)
 * are refused rather than written.
 */
import { decodeHTML, decodeHTMLAttribute } from 'entities';
import { firstInvisible } from '../../src/text.ts';
import { isHttpUrl } from '../../src/urls.ts';

export class UntrustedTextError extends Error {}

/**
 * Markup and entities to plain text, whitespace collapsed; throws UntrustedTextError on a refused character. An
 * address is decoded as a browser decodes an href: "&region=eu" in a query stays as it is, not "®ion=eu".
 */
export function plainText(value: string, field: string, decode: (html: string) => string = decodeHTML): string {
  const withoutTags = value.replace(/<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/g, '');
  // A line or paragraph separator (U+2028, U+2029) in a record is a line break, which collapses to a space like the
  // rest: a Zotero export's title has one where the content check refuses it as typed.
  const decoded = decode(withoutTags).replace(/[\u2028\u2029]/g, ' ');
  const refused = firstInvisible(decoded);
  if (refused !== -1) {
    const code = decoded.charCodeAt(refused).toString(16).toUpperCase().padStart(4, '0');
    throw new UntrustedTextError(
      `the ${field} holds the invisible character U+${code}, which could hide or reorder text on the page`,
    );
  }
  return decoded.replace(/\s+/g, ' ').trim().normalize('NFC');
}

/** An address the page may link to: http(s) only, never javascript: or data:, and whole, without a space. */
export function safeUrl(value: string, field: string): string {
  const text = plainText(value, field, decodeHTMLAttribute);
  if (!isHttpUrl(text)) {
    throw new UntrustedTextError(`the ${field} "${text.slice(0, 60)}" is not an http(s) address`);
  }
  // The content's one URL rule refuses a space anywhere (src/content/fields.ts): two addresses run together.
  if (/\s/.test(text))
    throw new UntrustedTextError(`the ${field} "${text.slice(0, 60)}" holds a space (a space in an address is %20)`);
  return text;
}
