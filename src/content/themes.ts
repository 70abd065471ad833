/** content/themes.yml: the research themes, in display order. */
import * as v from 'valibot';
import { described, LIMITS, slug, text, textOf } from './fields.ts';

/** The icons a theme can show (drawn in src/components/ThemeIcon.tsx). */
const themeIcons = ['globe', 'clipboard', 'heart', 'speech', 'book', 'people'] as const;
/** The colours a theme can have (one rule each in src/styles/theme-colors.css). */
export const themeColors = ['teal', 'indigo', 'amber', 'rose', 'violet', 'green'] as const;

/** A theme's id: it becomes the address /research/<id>/ and the key of its publications. */
export const themeId = slug('such as caregiver (it becomes the address /research/<id>)');

const themeSchema = v.strictObject({
  id: described(
    themeId,
    'Address name',
    "The end of the theme's address, /research/<id>/: lower-case letters, digits and hyphens, such as cognitive-screening. Changing it changes the address.",
  ),
  title: described(text, 'Title', "As on the theme's page, such as Caregiver Research."),
  /** Title of the card on the home page, where it differs from `title`. */
  homeTitle: v.optional(
    described(
      text,
      'Title on the home page',
      "Optional: only when the home page's card says something else, such as More.",
    ),
  ),
  description: described(
    textOf(LIMITS.description),
    'Description',
    'A sentence or two on the theme’s page and card, such as "Developing and validating screening tests for people with little formal education."',
  ),
  icon: described(
    v.picklist(themeIcons, `expected one of the icons ${themeIcons.join(', ')}`),
    'Icon',
    "The picture on the theme's card.",
  ),
  color: described(
    v.picklist(themeColors, `expected one of the colours ${themeColors.join(', ')}`),
    'Colour',
    "The colour of the theme's card.",
  ),
});
export const themesSchema = v.pipe(
  v.array(themeSchema, 'expected a list of themes'),
  v.minLength(1, 'expected at least one theme'),
  v.title('Research themes'),
  v.description('The themes in the order the site shows them. Move a theme with the arrows ↑ and ↓ on its row.'),
);

export type Theme = v.InferOutput<typeof themeSchema>;
export type ThemeIcon = (typeof themeIcons)[number];
