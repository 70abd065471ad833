import { LineCounter } from 'yaml';

/**
 * Offsets of `text` as 1-based lines and columns (`linePos`), found by binary
 * search over where its lines start: the YAML library's own LineCounter, told
 * every line of a text it did not parse. Made once per text, so naming the
 * line of each of a file's thousand entries stays linear.
 */
export function linesOf(text: string): LineCounter {
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines.addNewLine(at + 1);
  return lines;
}
