/**
 * The site's content: each file's schema, composed. The loader checks every
 * file with its own schema, where it can say which line a problem is on, then
 * the rules across files (scripts/stages/content/cross-file.ts); this
 * composition gives the type the pages receive.
 */
import * as v from 'valibot';
import { accessibilityStatementSchema } from './accessibility.ts';
import { legalPageSchema } from './legal.ts';
import { membersSchema } from './members.ts';
import { newsItemSchema } from './news.ts';
import { publicationsSchema } from './publications.ts';
import { siteSchema } from './site.ts';
import { themesSchema } from './themes.ts';

const contentSchema = v.object({
  site: siteSchema,
  themes: themesSchema,
  publications: publicationsSchema,
  news: v.array(newsItemSchema),
  directory: membersSchema,
  legal: v.object({ privacy: legalPageSchema, terms: legalPageSchema }),
  accessibility: accessibilityStatementSchema,
});

export type SiteContent = v.InferOutput<typeof contentSchema>;
