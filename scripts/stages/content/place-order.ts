/**
 * Problems in the order a person reads them: by file, then by line and column as numbers ("site.yml:9" before
 * "site.yml:10"), the order of `where.localeCompare(other, 'en', { numeric: true })`. Making ICU's collator costs a
 * build 10 ms on a quiet machine and up to 80 ms on a busy one, for the two or three warnings most builds sort; a pair
 * whose order is decided by plain ASCII characters is ordered here exactly as ICU orders it, and the collator is made
 * only for the others (test/content-errors.test.ts holds the two to each other).
 *
 * What decides, in CLDR's root order that English uses: two strings the same up to a point, that start in printable
 * ASCII (which has no contractions there and nothing ignorable), are ordered by the first character after it that
 * differs in its primary weight: spaces, punctuation and symbols before digits, digits before letters, letters
 * alphabetically whatever their case, and with `numeric` a run of digits by its value. A difference of case alone, two
 * punctuation marks, equal numbers written differently (07 and 7) or anything beyond ASCII goes to the collator.
 */
import type { Problem } from '../../lib/problems.ts';

let collator: Intl.Collator | undefined;
function collated(a: string, b: string): number {
  collator ??= new Intl.Collator('en', { numeric: true });
  return collator.compare(a, b);
}

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
const isLetter = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
const isPrintableAscii = (code: number) => code >= 0x20 && code <= 0x7e;
/** 0: space, punctuation or symbol; 1: digit; 2: letter; undefined: no character (the end). */
const group = (code: number) => (Number.isNaN(code) ? undefined : isDigit(code) ? 1 : isLetter(code) ? 2 : 0);

/** `localeCompare(b, 'en', { numeric: true })`'s sign. */
export function comparePlaces(a: string, b: string): number {
  let at = 0;
  const shorter = Math.min(a.length, b.length);
  while (at < shorter && a.charCodeAt(at) === b.charCodeAt(at)) {
    if (!isPrintableAscii(a.charCodeAt(at))) return collated(a, b);
    at += 1;
  }
  if (at === a.length && at === b.length) return 0;
  return plainOrder(a, b, at) ?? collated(a, b);
}

/** The order decided at `at`, the first character that differs; undefined when the collator must say. */
function plainOrder(a: string, b: string, at: number): number | undefined {
  const codeA = a.charCodeAt(at);
  const codeB = b.charCodeAt(at);
  if (!(Number.isNaN(codeA) || isPrintableAscii(codeA)) || !(Number.isNaN(codeB) || isPrintableAscii(codeB)))
    return undefined;
  if (isDigit(codeA) || isDigit(codeB)) {
    let start = at;
    while (start > 0 && isDigit(a.charCodeAt(start - 1))) start -= 1;
    const numberA = digitsFrom(a, start);
    const numberB = digitsFrom(b, start);
    if (numberA === undefined || numberB === undefined) return undefined;
    if (numberA && numberB) return compareNumbers(numberA, numberB);
  }
  const groupA = group(codeA);
  const groupB = group(codeB);
  // The end of one: a string before any longer one it starts (every printable ASCII character weighs).
  if (groupA === undefined) return -1;
  if (groupB === undefined) return 1;
  if (groupA !== groupB) return groupA < groupB ? -1 : 1;
  if (groupA === 2 && (codeA | 0x20) !== (codeB | 0x20)) return (codeA | 0x20) < (codeB | 0x20) ? -1 : 1;
  return undefined;
}

/**
 * The run of digits starting at `start`, without its leading zeros ('0' for zeros only); '' when none starts there;
 * undefined when a character beyond ASCII follows it, which may be a digit of another script that continues the number.
 */
function digitsFrom(text: string, start: number): string | undefined {
  let end = start;
  while (end < text.length && isDigit(text.charCodeAt(end))) end += 1;
  if (end < text.length && !isPrintableAscii(text.charCodeAt(end))) return undefined;
  if (end === start) return '';
  const digits = text.slice(start, end).replace(/^0+/, '');
  return digits === '' ? '0' : digits;
}

/** Two numbers written without leading zeros, by value; undefined when equal (then their zeros differ). */
function compareNumbers(a: string, b: string): number | undefined {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  if (a === b) return undefined;
  return a < b ? -1 : 1;
}

/** The problems by place (in place, as Array.prototype.sort does). */
export const sortedByPlace = (problems: Problem[]) => problems.sort((a, b) => comparePlaces(a.where, b.where));
