/**
 * content/accessibility.md: the accessibility statement, in the shape of the
 * EU model statement (Implementing Decision 2018/1523): how far the site
 * complies, what is not accessible and what to use instead, where to send
 * feedback, where to complain, and when the statement was prepared and last
 * reviewed. How the site is tested is not written here: the build says it
 * from what the project runs.
 */
import * as v from 'valibot';
import { described, email, httpUrl, isoDate, LIMITS, text, textOf } from './fields.ts';

/** How far the site meets WCAG 2.1 level AA, in the words of the model statement. */
const complianceLevels = ['fully', 'partially', 'not'] as const;

export const accessibilityFrontMatterSchema = v.strictObject({
  title: described(text, 'Title', 'The heading of the page, such as Accessibility Statement.'),
  /** fully, partially or not compliant with WCAG 2.1 level AA. */
  compliance: described(
    v.picklist(complianceLevels, `expected one of ${complianceLevels.join(', ')} (compliant)`),
    'How far the site meets WCAG 2.1 level AA',
    'fully, partially or not compliant: partially while any barrier is listed under Known issues.',
  ),
  /** What is not accessible, why, and what a visitor can use instead. */
  knownIssues: v.optional(
    described(
      v.array(
        v.strictObject({
          issue: described(
            textOf(LIMITS.description),
            'Issue',
            'What is not accessible, and why, such as "Some older reports are scanned PDFs without text."',
          ),
          alternative: v.optional(
            described(
              textOf(LIMITS.description),
              'Alternative',
              'Optional: what visitors can use instead, such as "Write to us and we send the text."',
            ),
          ),
        }),
        'expected a list of issues, each with issue: and, where there is one, alternative:',
      ),
      'Known issues',
      'What is not yet accessible, one barrier each, with what visitors can use instead.',
    ),
  ),
  /** Where visitors report a barrier; the contact mailbox of site.yml when not set. */
  feedbackEmail: v.optional(
    described(
      email,
      'Mailbox for accessibility reports',
      'Optional: only when reports should go elsewhere than the contact mailbox of the site settings, such as access@example.org.',
    ),
  ),
  /** The body that handles complaints in the consortium's member state (the enforcement procedure). */
  enforcementBody: described(
    v.strictObject({
      name: described(text, 'Name', 'The name of the body, as it writes it.'),
      url: described(
        httpUrl,
        'Complaint page',
        'The page of its complaint procedure, such as https://example.org/complaints.',
      ),
    }),
    'Enforcement body',
    "The body that handles accessibility complaints in the consortium's member state (set both before going live).",
  ),
  /** Tests people did by hand (a screen reader, zoom), each a sentence; said on the page only when listed here. */
  manualTests: v.optional(
    described(
      v.array(
        described(
          textOf(LIMITS.description),
          'Test',
          'One test a person did, in a sentence, such as "We read every page with NVDA and Firefox."',
        ),
        'expected a list of sentences',
      ),
      'Tests done by hand',
      'Optional: the tests a person did, such as with a screen reader; the page claims none unless they are listed here.',
    ),
  ),
  prepared: described(isoDate, 'Prepared on', 'The day the statement was first prepared.'),
  /** Reviewed at least once a year: the build warns when this is more than 12 months old. */
  reviewed: described(
    isoDate,
    'Last reviewed on',
    'The day of the latest review. Review it at least once a year: the build warns 12 months after this date.',
  ),
});
export const accessibilityStatementSchema = v.strictObject({
  ...accessibilityFrontMatterSchema.entries,
  /** Markdown: the introduction, above the generated sections. */
  body: textOf(LIMITS.summary),
});

export type AccessibilityStatement = v.InferOutput<typeof accessibilityStatementSchema>;
export type ComplianceLevel = (typeof complianceLevels)[number];
