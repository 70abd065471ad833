/** Rules about text shared by the content check, the exports and cite: invisible characters, accent folding. */

/**
 * Characters that show as nothing (or do something to a terminal) and are
 * never meant in a field: controls (but tab and line breaks), direction
 * embeddings, overrides and isolates (which reorder the text after them),
 * zero-width spaces and joiners, soft hyphens, byte-order marks, and the
 * line and paragraph separators (U+2028, U+2029), which some programs paste
 * for a line break and a page shows as nothing, gluing two words. The
 * left-to-right and right-to-left marks (U+200E, U+200F) are not among them:
 * they set where a number or a mark stands in Arabic or Hebrew text, and
 * change nothing around them.
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters looked for.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u200B\u202A-\u202E\u2028\u2029\u2060-\u2064\u2066-\u2069\uFEFF]/g;

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

let segmenter: Intl.Segmenter | undefined;
const segmentsOf = (text: string) => {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), ({ segment }) => segment);
};

const printable = (code: number) => code >= 0x20 && code <= 0x7e;
/**
 * Whether a character boundary is certain before index `at`, whatever surrounds the two code units (Unicode's
 * grapheme rules, UAX #29): after a line feed (GB4), before a line break unless it ends a CR LF (GB5, GB3), and
 * between two printable ASCII characters (none extends, joins or prepends; GB999).
 */
function certainBoundary(text: string, at: number): boolean {
  const [before, after] = [text.charCodeAt(at - 1), text.charCodeAt(at)];
  if (before === 0x0a) return true;
  if (after === 0x0a || after === 0x0d) return before !== 0x0d || after !== 0x0a;
  return printable(before) && printable(after);
}

/**
 * The text in pieces that each begin at a certain boundary, so a person's characters never straddle two: V8's
 * segmenter takes time growing with the square of a text's length (100,000 letters: 5 s; 5 MB: minutes), and a
 * piece between two such boundaries is short in any real text.
 */
function* pieces(text: string): Generator<string> {
  let start = 0;
  for (let at = 1; at < text.length; at += 1)
    if (certainBoundary(text, at)) {
      yield text.slice(start, at);
      start = at;
    }
  if (text.length > 0) yield text.slice(start);
}

/** The characters of a text as a person counts them: an emoji, or a letter with its accent written apart, is one. */
export function characters(text: string): string[] {
  const found: string[] = [];
  for (const piece of pieces(text)) found.push(...(piece.length === 1 ? [piece] : segmentsOf(piece)));
  return found;
}

/** How many characters a person counts in a text (characters(text).length, without keeping them). */
export function characterCount(text: string): number {
  let count = 0;
  let start = 0;
  for (let at = 1; at <= text.length; at += 1)
    if (at === text.length || certainBoundary(text, at)) {
      count += at - start === 1 ? 1 : segmentsOf(text.slice(start, at)).length;
      start = at;
    }
  return count;
}
