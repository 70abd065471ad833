/**
 * content/accessibility.md: the accessibility statement, in the shape of the
 * EU model statement (Implementing Decision 2018/1523): how far the site
 * complies, what is not accessible and for which of the model's reasons, how
 * the statement was prepared, where to send feedback and how soon it is
 * answered, and the enforcement procedure with the body's contact details.
 * A compliance status that the known issues contradict is refused, and so is
 * a review before the statement was prepared. The model's opening paragraph
 * is written by the page, from the consortium's name, the law named here and
 * the site's address. How the site was tested is not written here: the build
 * says it from the record of a real test run.
 */
import * as v from 'valibot';
import { WCAG_21_AA } from '../wcag.ts';
import { described, email, httpUrl, isoDate, LIMITS, text, textOf } from './fields.ts';

/** How far the site meets WCAG 2.1 level AA, in the words of the model statement. */
const complianceLevels = ['fully', 'partially', 'not'] as const;

/** The model's reasons why content is not accessible. */
const reasons = ['non-compliance', 'disproportionate-burden', 'outside-scope'] as const;
export type IssueReason = (typeof reasons)[number];

const criteria = Object.keys(WCAG_21_AA) as (keyof typeof WCAG_21_AA)[];

const knownIssue = v.pipe(
  v.strictObject({
    issue: described(
      textOf(LIMITS.description),
      'Issue',
      'What is not accessible, and why, such as "Some older reports are scanned PDFs without text."',
    ),
    /** non-compliance (with WCAG), disproportionate-burden, or outside-scope (content the legislation does not cover). */
    reason: described(
      v.picklist(reasons, `expected one of ${reasons.join(', ')}`),
      'Reason',
      "non-compliance (it fails WCAG: list the criteria below), disproportionate-burden, or outside-scope (content the accessibility law does not cover, such as journals' own sites).",
    ),
    /** For a non-compliance: the WCAG 2.1 success criteria it fails, such as 1.4.3. */
    criteria: v.optional(
      described(
        v.array(
          described(
            v.picklist(criteria, 'expected a WCAG 2.1 success criterion of level A or AA, such as 1.4.3 or 2.4.7'),
            'Criterion',
            'A success criterion of WCAG 2.1 level A or AA, such as 1.4.3 (contrast).',
          ),
          'expected a list of success criteria, such as [1.4.3, 2.4.7]',
        ),
        'WCAG criteria it fails',
        'Only for a non-compliance: the WCAG 2.1 success criteria it fails, such as 1.4.3 (contrast).',
      ),
    ),
    alternative: v.optional(
      described(
        textOf(LIMITS.description),
        'Alternative',
        'Optional: what visitors can use instead, such as "Write to us and we send the text."',
      ),
    ),
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
    return against.length === 1
      ? 'expected partially: a known issue below is a failure of WCAG or a disproportionate burden, so the site does not fully meet WCAG yet; once it is fixed, remove it from the known issues and choose fully'
      : `expected partially: ${against.length} known issues below are failures of WCAG or disproportionate burdens, so the site does not fully meet WCAG yet; once they are fixed, remove them from the known issues and choose fully`;
  if (level === 'partially' && against.length === 0)
    return 'expected fully: no known issue is a non-compliance or a disproportionate burden (outside-scope content does not make a site partially compliant); or list the issue that does';
  if (level === 'not' && failures.length === 0)
    return 'expected partially or fully: a site that is not compliant has non-compliances, and none is listed under knownIssues';
  return undefined;
}

/**
 * The law the statement is in accordance with, named in the model's opening sentence: words, not the model's
 * placeholder in brackets ("[national legislation transposing Directive (EU) 2016/2102]").
 */
const legislation = v.pipe(
  text,
  v.check(
    (value) => !/\[[^\]]*\]/.test(value),
    "expected the name of the law, not the model statement's placeholder in brackets: such as Directive (EU) 2016/2102 of the European Parliament and of the Council, or the law of your member state that transposes it",
  ),
);

export const accessibilityFrontMatterSchema = v.strictObject({
  title: described(text, 'Title', 'The heading of the page, such as Accessibility Statement.'),
  /** What the model's opening sentence says the commitment is in accordance with. */
  legislation: described(
    legislation,
    'In accordance with',
    'The law the statement follows, as the opening sentence names it ("… is committed to making its website accessible, in accordance with …"), such as Directive (EU) 2016/2102 of the European Parliament and of the Council.',
  ),
  /** fully, partially or not compliant with WCAG 2.1 level AA. */
  compliance: described(
    v.picklist(complianceLevels, `expected one of ${complianceLevels.join(', ')} (compliant)`),
    'How far the site meets WCAG 2.1 level AA',
    'fully, partially or not compliant: partially while a known issue is a non-compliance or a disproportionate burden; the build refuses a status the known issues contradict.',
  ),
  /** What is not accessible, for which of the model's reasons, and what a visitor can use instead. */
  knownIssues: v.optional(
    described(
      v.array(knownIssue, 'expected a list of issues, each with issue:, reason: and, where there is one, alternative:'),
      'Known issues',
      'What is not yet accessible, one barrier each, with its reason and what visitors can use instead.',
    ),
  ),
  /** self-assessment, or third-party (then `assessor` names who assessed it). */
  method: described(
    v.picklist(['self-assessment', 'third-party'], 'expected self-assessment or third-party'),
    'How the statement was prepared',
    'self-assessment (the consortium checked the site itself) or third-party (an assessor did: name them below).',
  ),
  assessor: v.optional(
    described(text, 'Assessor', 'Only for third-party: who assessed the site, such as Example Accessibility Ltd.'),
  ),
  /** Where visitors report a barrier; the contact mailbox of site.yml when not set. */
  feedbackEmail: v.optional(
    described(
      email,
      'Mailbox for accessibility reports',
      'Optional: only when reports should go elsewhere than the contact mailbox of the site settings, such as access@example.org.',
    ),
  ),
  /** Within how many working days feedback is answered. */
  responseDays: described(
    v.pipe(
      v.number('expected a number of working days, such as 10'),
      v.integer('expected a whole number of working days'),
      v.minValue(1, 'expected at least 1 working day'),
      v.maxValue(60, 'expected at most 60 working days'),
    ),
    'Answered within (working days)',
    'Within how many working days the consortium answers a report, such as 10 (set the time it keeps).',
  ),
  /** The body that handles complaints in the consortium's member state, and how to reach it. */
  enforcementBody: described(
    v.strictObject({
      name: described(text, 'Name', 'The name of the body, as it writes it.'),
      url: described(
        httpUrl,
        'Complaint page',
        'The page of its complaint procedure, such as https://example.org/complaints.',
      ),
      email: v.optional(described(email, 'E-mail', 'Optional: its e-mail address, such as complaints@example.org.')),
      phone: v.optional(described(text, 'Telephone', 'Optional: its telephone number, such as +46 8 123 456 00.')),
      address: v.optional(
        described(text, 'Postal address', 'Optional: its postal address on one line, such as Box 1, 123 45 Stockholm.'),
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

type FrontMatter = v.InferOutput<typeof accessibilityFrontMatterSchema>;

export const accessibilityStatementSchema = v.pipe(
  v.strictObject({
    ...accessibilityFrontMatterSchema.entries,
    /** Markdown: more of the introduction, after the model's opening paragraph, which the page writes. */
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
  // A review is of a statement that exists: not before the day it was prepared.
  v.forward<FrontMatter & { body: string }, v.PartialCheckIssue<FrontMatter>, ['reviewed']>(
    v.partialCheck(
      [['prepared'], ['reviewed']],
      (statement) => statement.reviewed >= statement.prepared,
      (issue) =>
        `expected a review on or after the day the statement was prepared (prepared: ${(issue.input as FrontMatter).prepared}); correct whichever of the two dates is wrong`,
    ),
    ['reviewed'],
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
