/** Rules about text shared by the content check, the exports and cite: invisible characters, accent folding. */

/**
 * Characters that show as nothing (or do something to a terminal) and are
 * never meant in a field: controls (but tab and line breaks), direction marks
 * and overrides, zero-width spaces and joiners, soft hyphens, byte-order marks.
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters looked for.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** Where the first invisible character of `text` is, or -1. */
export const firstInvisible = (text: string) => text.search(INVISIBLE);

/** `\u200b` for an invisible character, so a message shows it instead of hiding it. */
export const escapeInvisible = (text: string) =>
  text.replace(INVISIBLE, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Letters NFKD does not split into a letter and a mark. */
const UNSPLIT: Record<string, string> = { ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', ß: 'ss' };

/** Text with its accents set aside, as two spellings of a name or title share it: "Žídek", "Groß" → "Zidek", "Gross". */
export const foldAccents = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[øØłŁß]/g, (letter) => UNSPLIT[letter]!);
