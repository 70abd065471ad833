/**
 * ORCID iDs: sixteen characters in four groups, the last one a check
 * character computed with ISO 7064 MOD 11-2 (as ORCID documents it), so a
 * mistyped digit is caught before the link reaches the page.
 */

/** Four groups of four digits, the last character a digit or X. */
export const ORCID_PATTERN = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;
export const ORCID_SHAPE_MESSAGE =
  'expected an ORCID iD written as four groups of four digits, such as 0000-0002-1825-0097 (without https://orcid.org/)';

/** The check character of the first fifteen digits of an iD. */
export function orcidCheckCharacter(digits: string): string {
  let total = 0;
  for (const digit of digits) total = (total + Number(digit)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? 'X' : String(result);
}

/** Why a value is not an ORCID iD, or null when it is one. */
export function orcidProblem(value: string): string | null {
  if (!ORCID_PATTERN.test(value)) return ORCID_SHAPE_MESSAGE;
  const digits = value.replace(/-/g, '');
  const expected = orcidCheckCharacter(digits.slice(0, 15));
  if (digits[15] !== expected) {
    return `expected a valid ORCID iD: its last character should be ${expected} for the digits before it (check for a mistyped digit)`;
  }
  return null;
}

/** The iD's address, as ORCID asks sites to show and link it. */
export const orcidUrl = (orcid: string) => `https://orcid.org/${orcid}`;
