/**
 * The shapes of everything the site says, one schema per content file in
 * src/content/, gathered here so pages import their types from one place.
 * The build checks the files of content/ against these schemas, the
 * TypeScript types are inferred from them, and `npm run schema` turns them
 * into the JSON Schemas of content/schema/ that editors use to flag a mistake
 * as you type.
 */
export type { AccessibilityStatement, ComplianceLevel } from './content/accessibility.ts';
export type { LegalPage } from './content/legal.ts';
export { type Member, type MembersDirectory, membersSchema } from './content/members.ts';
export type { NewsItem } from './content/news.ts';
export { type Publication, publicationsSchema } from './content/publications.ts';
export { type SiteSettings, siteSchema } from './content/site.ts';
export type { SiteContent } from './content/site-content.ts';
export { type Theme, type ThemeIcon, themeColors, themesSchema } from './content/themes.ts';
