/** content/themes.yml: the research themes, in display order. */
import * as v from 'valibot';
import { LIMITS, slug, text, textOf } from './fields.ts';

/** The icons a theme can show (drawn in src/components/ThemeIcon.tsx). */
export const themeIcons = ['globe', 'clipboard', 'heart', 'speech', 'book', 'people'] as const;
/** The colours a theme can have (one rule each in src/styles/theme-colors.css). */
export const themeColors = ['teal', 'indigo', 'amber', 'rose', 'violet', 'green'] as const;

/** A theme's id: it becomes the address /research/<id>/ and the key of its publications. */
export const themeId = slug('such as caregiver (it becomes the address /research/<id>)');

export const themeSchema = v.strictObject({
  id: themeId,
  title: text,
  /** Title of the card on the home page, where it differs from `title`. */
  homeTitle: v.optional(text),
  description: textOf(LIMITS.description),
  icon: v.picklist(themeIcons, `expected one of the icons ${themeIcons.join(', ')}`),
  color: v.picklist(themeColors, `expected one of the colours ${themeColors.join(', ')}`),
});
export const themesSchema = v.pipe(
  v.array(themeSchema, 'expected a list of themes'),
  v.minLength(1, 'expected at least one theme'),
);

export type Theme = v.InferOutput<typeof themeSchema>;
export type ThemeIcon = (typeof themeIcons)[number];
export type ThemeColor = (typeof themeColors)[number];
