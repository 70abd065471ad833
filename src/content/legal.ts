/** content/legal/*.md: the privacy policy and the terms of service. */
import * as v from 'valibot';
import { described, LIMITS, text, textOf } from './fields.ts';

export const legalFrontMatterSchema = v.strictObject({
  title: described(text, 'Title', 'The heading of the page, such as Privacy Policy.'),
});
export const legalPageSchema = v.strictObject({
  ...legalFrontMatterSchema.entries,
  /** Markdown. */
  body: textOf(LIMITS.body),
});

export type LegalPage = v.InferOutput<typeof legalPageSchema>;
