/**
 * The kinds of value the content files hold, shared by the schemas of
 * src/content/. Every message is the "expected …" half of an error; the build
 * adds where it is and what was found.
 */
import * as v from 'valibot';
import { isTimeZone, timeZoneNames } from '../events.ts';
import { calendarDateProblem } from '../format.ts';

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

/** Text of one field: trimmed, in Unicode's composed form (NFC), without invisible characters, within `limit` characters. */
export const textOf = (limit: number = LIMITS.line) =>
  v.pipe(
    v.string('expected text'),
    v.trim(),
    v.nonEmpty('expected text, not an empty value'),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const found = firstInvisible(dataset.value);
      if (found !== -1)
        addIssue({
          message: `expected text without invisible characters: it holds ${escapeInvisible(dataset.value[found]!)} after "${escapeInvisible(dataset.value.slice(Math.max(0, found - 20), found))}"; delete the invisible character`,
        });
    }),
    v.maxLength(
      limit,
      (issue) =>
        `expected at most ${thousands(limit)} characters; this one has ${thousands((issue.input as string).length)}: shorten it`,
    ),
    v.normalize('NFC'),
  );

export const text = textOf();

export const httpUrl = v.pipe(
  v.string('expected an http(s) address'),
  v.check(
    (value) => /^https?:\/\/[^\s/]+\.[^\s/]+/.test(value) && URL.canParse(value),
    'expected an address starting with https:// (or http://), such as https://example.org/page',
  ),
);

export const email = v.pipe(
  v.string('expected an e-mail address'),
  v.regex(
    /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/,
    'expected an e-mail address such as name@example.org',
  ),
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
  v.metadata({ enum: [...timeZoneNames()] }),
);
