/**
 * The shapes of everything the site says, one schema per content file in
 * src/content/, gathered here so pages import their types from one place.
 * The build checks the files of content/ against these schemas, the
 * TypeScript types are inferred from them, and `npm run schema` turns them
 * into the JSON Schemas of content/schema/ that editors use to flag a mistake
 * as you type.
 */
export { calendarDateProblem } from './format.ts';
export { escapeInvisible, LIMITS } from './content/fields.ts';
export { type LegalPage, legalFrontMatterSchema, legalPageSchema } from './content/legal.ts';
export { type Member, type MembersDirectory, memberSchema, membersSchema } from './content/members.ts';
export { NEWS_FILE_NAME, type NewsItem, newsFrontMatterSchema, newsItemSchema, newsTypes } from './content/news.ts';
export { type Publication, publicationSchema, publicationsSchema } from './content/publications.ts';
export { homeSections, type SiteSettings, siteSchema } from './content/site.ts';
export { contentSchema, type SiteContent } from './content/site-content.ts';
export {
  type Theme,
  type ThemeColor,
  type ThemeIcon,
  themeColors,
  themeIcons,
  themeSchema,
  themesSchema,
} from './content/themes.ts';
