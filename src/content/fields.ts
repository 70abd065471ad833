/**
 * The kinds of value the content files hold, shared by the schemas of
 * src/content/. Every message is the "expected …" half of an error; the build
 * adds where it is and what was found.
 */
import * as v from 'valibot';
import { isTimeZone, timeZoneNames } from '../time-zones.ts';
import { calendarDateProblem } from '../format.ts';
import { characterCount, escapeInvisible, firstInvisible } from '../text.ts';
import { EMAIL_PATTERN, isHttpUrl } from '../urls.ts';

/**
 * A field as the editor at /admin/ shows it: a label a secretary understands and a hint saying what to type, with
 * an example. Both are metadata of the schema: they change what the form and the editors' JSON Schemas say, never
 * what the build accepts.
 */
export const described = <T extends v.GenericSchema>(schema: T, title: string, hint: string) =>
  v.pipe(schema, v.title(title), v.description(hint));

const thousands = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Longer than any real value, short enough that a stray paste is caught before it is published. */
export const LIMITS = {
  /** A name, a title, a label: one line. */
  line: 500,
  /** A theme's description, an author list. */
  description: 2000,
  /** A paragraph of the About section. */
  paragraph: 3000,
  /** The Markdown of a news item. */
  summary: 20_000,
  /** The Markdown of a legal page. */
  body: 200_000,
} as const;

/**
 * Text of one field: trimmed, in Unicode's composed form (NFC), without invisible characters, within `limit`
 * characters as a person counts them (an emoji or a letter with its accent is one).
 */
export const textOf = (limit: number = LIMITS.line) =>
  v.pipe(
    v.string('expected text'),
    v.trim(),
    v.nonEmpty('expected text, not an empty value'),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const found = firstInvisible(dataset.value);
      if (found === -1) return;
      const [character, before] = [dataset.value[found]!, dataset.value.slice(Math.max(0, found - 20), found)];
      const where = `${escapeInvisible(character)} after "${escapeInvisible(before)}"`;
      addIssue({
        message: /[\u2028\u2029]/.test(character)
          ? `expected text without a line or paragraph separator, an invisible character that a page shows as nothing, gluing the words on each side: it holds ${where}; write a space or a line break instead`
          : `expected text without invisible characters: it holds ${where}; delete the invisible character`,
      });
    }),
    // Counted by src/text.ts, not valibot's maxGraphemes: its one pass of the segmenter took minutes on a 5 MB field.
    v.rawCheck(({ dataset, addIssue }) => {
      // No text has more characters than UTF-16 code units: most need no counting.
      if (!dataset.typed || dataset.value.length <= limit) return;
      const count = characterCount(dataset.value);
      if (count > limit)
        addIssue({
          expected: `at most ${limit} characters`,
          received: String(count),
          message: `expected at most ${thousands(limit)} characters; this one has ${thousands(count)}: shorten it`,
        });
    }),
    // The limit as the editor's form and the JSON Schemas read it (a maxLength there, which counts no fewer).
    v.metadata({ maxCharacters: limit }),
    v.normalize('NFC'),
  );

export const text = textOf();

/**
 * An http(s) address, whole: no space or control character anywhere in it, so that every place that writes it
 * (a page's href, a calendar's URL property, a feed) writes the address that was checked.
 */
export const httpUrl = v.pipe(
  v.string('expected an http(s) address'),
  v.check(isHttpUrl, 'expected an address starting with https:// (or http://), such as https://example.org/page'),
  v.check(
    // The direction marks a text may hold would become part of the address.
    (value) => !isHttpUrl(value) || (!/[\s\u200E\u200F]/.test(value) && firstInvisible(value) === -1),
    'expected an address without spaces or line breaks: write a space in an address as %20',
  ),
);

export const email = v.pipe(
  v.string('expected an e-mail address'),
  v.regex(EMAIL_PATTERN, 'expected an e-mail address such as name@example.org'),
);

export const isoDate = v.pipe(
  v.string('expected a date written YYYY-MM-DD, such as 2021-09-15'),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = calendarDateProblem(dataset.value);
    if (problem) addIssue({ message: problem });
  }),
);

const yearNumber = v.pipe(
  v.number('expected a year'),
  v.integer('expected a whole year'),
  v.minValue(1900, 'expected a year from 1900'),
  v.maxValue(2100, 'expected a year up to 2100'),
);

/** A year; "2022" in quotes means the year too, and is read as one. */
export const year = v.union(
  [
    yearNumber,
    v.pipe(
      v.string(),
      v.regex(/^\s*\d{4}\s*$/),
      v.transform((value) => Number(value.trim())),
      yearNumber,
    ),
  ],
  'expected a year',
);

/** Text that YAML may read as a number (volume: 36): the number as it was typed. */
export const numberOrText = v.union(
  [
    text,
    v.pipe(
      v.number(),
      v.transform((value) => String(value)),
    ),
  ],
  'expected text',
);

/** A path of a file in public/, such as uploads/logo.svg. */
export const publicFile = v.pipe(
  v.string('expected the path of a file in public/'),
  v.regex(
    /^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[\w./-]+\.\w+$/,
    'expected the path of a file in public/, such as uploads/logo.svg',
  ),
);

/** An id that becomes part of an address: lower-case letters, digits and hyphens. */
export const slug = (what: string) =>
  v.pipe(
    text,
    v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, `expected an id of lower-case letters, digits and hyphens, ${what}`),
  );

/** The name of a time zone of the IANA database, such as Europe/Amsterdam. */
export const timeZone = v.pipe(
  v.string('expected the name of a time zone, such as Europe/Amsterdam'),
  v.trim(),
  v.check(
    isTimeZone,
    'expected the name of a time zone of the IANA database, a region and a city, such as Europe/Amsterdam or America/New_York',
  ),
  // The names the check accepts, listed: the editor offers them as choices, and editors' JSON Schemas as completions.
  // A getter, so that the zones' data is read when a form or a JSON Schema asks, not when the schema is loaded.
  v.metadata({
    get enum() {
      return timeZoneNames();
    },
  }),
);
