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

/** Days in a month of the Gregorian calendar, worked out without Date, which would apply a time zone. */
const daysInMonth = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

/**
 * The one check of a calendar date, shared by the content schema and the
 * formatting below: the date's parts, or why it is not a real day.
 */
function readIsoDate(iso: string): { year: number; month: number; day: number } | { problem: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return { problem: 'expected a date written YYYY-MM-DD, such as 2021-09-15' };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return { problem: `expected a real calendar date: there is no month ${month}` };
  const days = daysInMonth(year, month);
  if (day < 1 || day > days)
    return { problem: `expected a real calendar date: ${MONTHS[month - 1]} ${year} has ${days} days` };
  return { year, month, day };
}

/** Why an ISO date is not a real calendar day, or null when it is one. */
export function calendarDateProblem(iso: string): string | null {
  const date = readIsoDate(iso);
  return 'problem' in date ? date.problem : null;
}

/** Reads an ISO calendar date (YYYY-MM-DD); throws when it is not a real day (the content check has said so first). */
function parseIsoDate(iso: string): { year: number; month: number; day: number } {
  const date = readIsoDate(iso);
  if ('problem' in date) throw new Error(`"${iso}": ${date.problem}`);
  return date;
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

/** "375 and 1280", "light and dark", "/, /research/ and /404.html": a list as a sentence says it. */
export const listInWords = (values: readonly (string | number)[]): string =>
  values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;
