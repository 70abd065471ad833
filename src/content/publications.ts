/** content/publications.yml: the publications, under the id of their theme. */
import * as v from 'valibot';
import { httpUrl, LIMITS, numberOrText, text, textOf, year } from './fields.ts';
import { themeId } from './themes.ts';

export const publicationSchema = v.pipe(
  v.strictObject({
    authors: textOf(LIMITS.description),
    /** Year of publication, 'in press', or null when the year is not known (cited as "n.d."). */
    year: v.nullable(v.union([year, v.literal('in press')], 'expected a year, "in press" or null (not known)')),
    title: text,
    journal: v.optional(text),
    /** Text, though often typed as a number: 36 is read as "36". */
    volume: v.optional(numberOrText),
    issue: v.optional(numberOrText),
    pages: v.optional(numberOrText),
    /** A bare DOI such as 10.1080/13854046.2021.1981456; the link is built from it. */
    doi: v.optional(
      v.pipe(
        v.string('expected a DOI'),
        v.regex(
          /^10\.\d{4,9}\/\S+$/,
          'expected a bare DOI such as 10.1080/13854046.2021.1981456 (without https://doi.org/)',
        ),
      ),
    ),
    /** Used for the link only when there is no DOI. */
    url: v.optional(httpUrl),
  }),
  v.forward(
    v.check(
      (publication) => Boolean(publication.doi || publication.url),
      'has neither "doi" nor "url"; add one of them, so that the entry links to the article',
    ),
    ['doi'],
  ),
);
/** Publications per theme id. */
export const publicationsSchema = v.record(
  themeId,
  v.array(publicationSchema, 'expected a list of publications'),
  'expected a list of publications under each theme id',
);

export type Publication = v.InferOutput<typeof publicationSchema>;
