/**
 * Rules about text that the content check, the pages' exports and the tools
 * share: which characters are invisible, and how two spellings of a name or
 * title are made to compare alike.
 */

/**
 * Characters that show as nothing (or do something to a terminal) and are
 * never meant in a field: controls, zero-width spaces and joiners' lookalikes,
 * the byte-order mark, soft hyphens and direction marks.
 */
const isInvisible = (code: number) =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
  (code >= 0x7f && code <= 0x9f) ||
  code === 0xad ||
  code === 0x200b ||
  code === 0x200e ||
  code === 0x200f ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2060 && code <= 0x2064) ||
  (code >= 0x2066 && code <= 0x2069) ||
  code === 0xfeff;

/** Where the first invisible character of `text` is, or -1. */
export function firstInvisible(text: string): number {
  for (let index = 0; index < text.length; index += 1) if (isInvisible(text.charCodeAt(index))) return index;
  return -1;
}

/** `\u200b` for an invisible character, so a message shows it instead of hiding it. */
export const escapeInvisible = (text: string) => {
  if (firstInvisible(text) === -1) return text;
  let shown = '';
  for (const character of text) {
    const code = character.charCodeAt(0);
    shown += isInvisible(code) ? `\\u${code.toString(16).padStart(4, '0')}` : character;
  }
  return shown;
};

const UNSPLIT: Record<string, string> = { ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', ß: 'ss' };

/**
 * Text with its accents set aside, as two spellings of a name or title share
 * it: "Žídek" → "Zidek", "Øvretveit" → "Ovretveit", "Groß" → "Gross". Marks
 * that compatibility decomposition (NFKD) splits off are dropped, and the few
 * letters it cannot split (ø, ł, ß) are written as their plain letters.
 */
export const foldAccents = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[øØłŁß]/g, (letter) => UNSPLIT[letter]!);
