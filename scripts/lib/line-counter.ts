import { LineCounter } from 'yaml';

/** Offsets of `text` as lines and columns (`linePos`, binary search): the YAML library's LineCounter, told every line. */
export function linesOf(text: string): LineCounter {
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines.addNewLine(at + 1);
  return lines;
}
