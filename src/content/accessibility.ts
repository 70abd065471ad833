/**
 * content/accessibility.md: the accessibility statement, in the shape of the
 * EU model statement (Implementing Decision 2018/1523): how far the site
 * complies, what is not accessible and for which of the model's reasons, how
 * the statement was prepared, where to send feedback and how soon it is
 * answered, and the enforcement procedure with the body's contact details.
 * A compliance status that the known issues contradict is refused. How the
 * site was tested is not written here: the build says it from the record of
 * a real test run.
 */
import * as v from 'valibot';
import { WCAG_21_AA } from '../wcag.ts';
import { email, httpUrl, isoDate, LIMITS, text, textOf } from './fields.ts';

/** How far the site meets WCAG 2.1 level AA, in the words of the model statement. */
const complianceLevels = ['fully', 'partially', 'not'] as const;

/** The model's reasons why content is not accessible. */
const reasons = ['non-compliance', 'disproportionate-burden', 'outside-scope'] as const;
export type IssueReason = (typeof reasons)[number];

const criteria = Object.keys(WCAG_21_AA) as (keyof typeof WCAG_21_AA)[];

const knownIssue = v.pipe(
  v.strictObject({
    issue: textOf(LIMITS.description),
    /** non-compliance (with WCAG), disproportionate-burden, or outside-scope (content the legislation does not cover). */
    reason: v.picklist(reasons, `expected one of ${reasons.join(', ')}`),
    /** For a non-compliance: the WCAG 2.1 success criteria it fails, such as 1.4.3. */
    criteria: v.optional(
      v.array(
        v.picklist(criteria, 'expected a WCAG 2.1 success criterion of level A or AA, such as 1.4.3 or 2.4.7'),
        'expected a list of success criteria, such as [1.4.3, 2.4.7]',
      ),
    ),
    alternative: v.optional(textOf(LIMITS.description)),
  }),
  v.forward(
    v.check(
      (item) => (item.reason === 'non-compliance') === (item.criteria !== undefined && item.criteria.length > 0),
      'expected criteria: (the WCAG success criteria it fails, such as [1.4.3]) for a non-compliance, and only for one',
    ),
    ['reason'],
  ),
);

type Issue = v.InferOutput<typeof knownIssue>;
/** Issues that make a site less than fully compliant: outside-scope content does not. */
const countsAgainst = (issues: readonly Issue[] | undefined) =>
  (issues ?? []).filter((item) => item.reason !== 'outside-scope');

/** Why a compliance status contradicts the known issues, or undefined. */
function complianceProblem(level: (typeof complianceLevels)[number], issues: readonly Issue[] | undefined) {
  const against = countsAgainst(issues);
  const failures = against.filter((item) => item.reason === 'non-compliance');
  if (level === 'fully' && against.length > 0)
    return `expected partially: ${against.length} known issue(s) are a non-compliance or a disproportionate burden; once they are fixed, remove them and keep fully`;
  if (level === 'partially' && against.length === 0)
    return 'expected fully: no known issue is a non-compliance or a disproportionate burden (outside-scope content does not make a site partially compliant); or list the issue that does';
  if (level === 'not' && failures.length === 0)
    return 'expected partially or fully: a site that is not compliant has non-compliances, and none is listed under knownIssues';
  return undefined;
}

export const accessibilityFrontMatterSchema = v.strictObject({
  title: text,
  /** fully, partially or not compliant with WCAG 2.1 level AA. */
  compliance: v.picklist(complianceLevels, `expected one of ${complianceLevels.join(', ')} (compliant)`),
  /** What is not accessible, for which of the model's reasons, and what a visitor can use instead. */
  knownIssues: v.optional(
    v.array(knownIssue, 'expected a list of issues, each with issue:, reason: and, where there is one, alternative:'),
  ),
  /** self-assessment, or third-party (then `assessor` names who assessed it). */
  method: v.picklist(['self-assessment', 'third-party'], 'expected self-assessment or third-party'),
  assessor: v.optional(text),
  /** Where visitors report a barrier; the contact mailbox of site.yml when not set. */
  feedbackEmail: v.optional(email),
  /** Within how many working days feedback is answered. */
  responseDays: v.pipe(
    v.number('expected a number of working days, such as 10'),
    v.integer('expected a whole number of working days'),
    v.minValue(1, 'expected at least 1 working day'),
    v.maxValue(60, 'expected at most 60 working days'),
  ),
  /** The body that handles complaints in the consortium's member state, and how to reach it. */
  enforcementBody: v.strictObject({
    name: text,
    url: httpUrl,
    email: v.optional(email),
    phone: v.optional(text),
    address: v.optional(text),
  }),
  /** Tests people did by hand (a screen reader, zoom), each a sentence; said on the page only when listed here. */
  manualTests: v.optional(v.array(textOf(LIMITS.description), 'expected a list of sentences')),
  prepared: isoDate,
  /** Reviewed at least once a year: the build warns when this is more than 12 months old. */
  reviewed: isoDate,
});

type FrontMatter = v.InferOutput<typeof accessibilityFrontMatterSchema>;

export const accessibilityStatementSchema = v.pipe(
  v.strictObject({
    ...accessibilityFrontMatterSchema.entries,
    /** Markdown: the introduction, above the generated sections. */
    body: textOf(LIMITS.summary),
  }),
  // A status the known issues contradict, told at compliance: with what to write instead.
  v.forward<FrontMatter & { body: string }, v.PartialCheckIssue<FrontMatter>, ['compliance']>(
    v.partialCheck(
      [['compliance'], ['knownIssues']],
      (statement) => complianceProblem(statement.compliance, statement.knownIssues) === undefined,
      (issue) => {
        const statement = issue.input as FrontMatter;
        return (
          complianceProblem(statement.compliance, statement.knownIssues) ?? 'expected a status the issues agree with'
        );
      },
    ),
    ['compliance'],
  ),
  v.forward<FrontMatter & { body: string }, v.PartialCheckIssue<FrontMatter>, ['method']>(
    v.partialCheck(
      [['method'], ['assessor']],
      (statement) => (statement.method === 'third-party') === (statement.assessor !== undefined),
      'expected assessor: (who assessed the site) beside method: third-party, and no assessor with self-assessment',
    ),
    ['method'],
  ),
);

export type AccessibilityStatement = v.InferOutput<typeof accessibilityStatementSchema>;
export type ComplianceLevel = (typeof complianceLevels)[number];
