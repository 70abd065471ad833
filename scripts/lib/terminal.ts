/** Colours for a terminal; plain text in CI, in pipes and under NO_COLOR. */
const useColour = Boolean(process.stdout.isTTY) && !process.env.CI && !('NO_COLOR' in process.env);

const paint = (code: number) => (text: string) => (useColour ? `\u001b[${code}m${text}\u001b[0m` : text);

export const red = paint(31);
export const yellow = paint(33);
export const green = paint(32);
export const dim = paint(2);
export const bold = paint(1);

/** Left-aligns the first column and right-aligns the others. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    )
    .join('\n');
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
