/**
 * Registry and import text is data, not trusted text: its markup (Crossref's
 * <i>, <sub> and JATS tags) and HTML entities become plain text, whitespace
 * and line breaks collapse to single spaces, and characters that could hide
 * or reorder what a reader sees (control characters, bidirectional overrides)
 * are refused rather than written.
 */
import { decodeHTML } from 'entities';

export class UntrustedTextError extends Error {}

// C0/C1 controls (other than whitespace, which collapses), and the bidi
// embeddings, overrides and isolates that can make a line read differently
// from how it is stored.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being refused.
const REFUSED = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Markup and entities to plain text, whitespace collapsed; throws UntrustedTextError on a refused character. */
export function plainText(value: string, field: string): string {
  const withoutTags = value.replace(/<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/g, '');
  const decoded = decodeHTML(withoutTags);
  const refused = REFUSED.exec(decoded);
  if (refused) {
    const code = refused[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw new UntrustedTextError(
      `the ${field} holds the invisible character U+${code}, which could hide or reorder text on the page`,
    );
  }
  return decoded.replace(/\s+/g, ' ').trim().normalize('NFC');
}

/** An address the page may link to: http(s) only, never javascript: or data:. */
export function safeUrl(value: string, field: string): string {
  const text = plainText(value, field);
  if (!/^https?:\/\//i.test(text) || !URL.canParse(text)) {
    throw new UntrustedTextError(`the ${field} "${text.slice(0, 60)}" is not an http(s) address`);
  }
  return text;
}
