/**
 * Text formatting shared by pages and islands. Nothing here reads the clock,
 * the time zone or the locale of the machine, so every build prints the same.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Reads an ISO calendar date (YYYY-MM-DD) without going through Date, which would apply a time zone. */
export function parseIsoDate(iso: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`"${iso}" is not a date of the form YYYY-MM-DD`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) throw new Error(`"${iso}" is not a calendar date`);
  return { year, month, day };
}

/** en-US dates: 'short' gives "Sep 15, 2021", 'long' gives "May 19, 2025". */
export function formatDate(iso: string, style: 'short' | 'long' = 'long'): string {
  const { year, month, day } = parseIsoDate(iso);
  const name = MONTHS[month - 1]!;
  const monthText = style === 'short' && name.length > 4 ? name.slice(0, 3) : name;
  return `${monthText} ${day}, ${year}`;
}

/** "1 publication", "6 publications". */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
