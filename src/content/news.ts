/** content/news/YYYY-MM-DD-<id>.md: one news item per file, front matter and Markdown. */
import * as v from 'valibot';
import { httpUrl, isoDate, LIMITS, text, textOf } from './fields.ts';

const newsTypes = ['Publication', 'Event', 'Announcement'] as const;

/** The name of a news file: its date, its id (the end of its address) and the .md of Markdown. */
export const NEWS_FILE_NAME = /^(\d{4}-\d{2}-\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;

/** The front matter of a news item; its text is the Markdown below it. */
export const newsFrontMatterSchema = v.strictObject({
  title: text,
  date: isoDate,
  link: httpUrl,
  type: v.picklist(newsTypes, `expected one of ${newsTypes.join(', ')}`),
});
export const newsItemSchema = v.strictObject({
  ...newsFrontMatterSchema.entries,
  /** From the file name: news/2021-09-15-<id>.md. */
  id: text,
  /** Markdown. */
  summary: textOf(LIMITS.summary),
});

export type NewsItem = v.InferOutput<typeof newsItemSchema>;
