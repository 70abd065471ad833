/**
 * content/accessibility.md: the accessibility statement, in the shape of the
 * EU model statement (Implementing Decision 2018/1523): how far the site
 * complies, what is not accessible and what to use instead, where to send
 * feedback, where to complain, and when the statement was prepared and last
 * reviewed. How the site is tested is not written here: the build says it
 * from what the project runs.
 */
import * as v from 'valibot';
import { email, httpUrl, isoDate, LIMITS, text, textOf } from './fields.ts';

/** How far the site meets WCAG 2.1 level AA, in the words of the model statement. */
const complianceLevels = ['fully', 'partially', 'not'] as const;

export const accessibilityFrontMatterSchema = v.strictObject({
  title: text,
  /** fully, partially or not compliant with WCAG 2.1 level AA. */
  compliance: v.picklist(complianceLevels, `expected one of ${complianceLevels.join(', ')} (compliant)`),
  /** What is not accessible, why, and what a visitor can use instead. */
  knownIssues: v.optional(
    v.array(
      v.strictObject({ issue: textOf(LIMITS.description), alternative: v.optional(textOf(LIMITS.description)) }),
      'expected a list of issues, each with issue: and, where there is one, alternative:',
    ),
  ),
  /** Where visitors report a barrier; the contact mailbox of site.yml when not set. */
  feedbackEmail: v.optional(email),
  /** The body that handles complaints in the consortium's member state (the enforcement procedure). */
  enforcementBody: v.strictObject({ name: text, url: httpUrl }),
  /** Tests people did by hand (a screen reader, zoom), each a sentence; said on the page only when listed here. */
  manualTests: v.optional(v.array(textOf(LIMITS.description), 'expected a list of sentences')),
  prepared: isoDate,
  /** Reviewed at least once a year: the build warns when this is more than 12 months old. */
  reviewed: isoDate,
});
export const accessibilityStatementSchema = v.strictObject({
  ...accessibilityFrontMatterSchema.entries,
  /** Markdown: the introduction, above the generated sections. */
  body: textOf(LIMITS.summary),
});

export type AccessibilityStatement = v.InferOutput<typeof accessibilityStatementSchema>;
export type ComplianceLevel = (typeof complianceLevels)[number];
