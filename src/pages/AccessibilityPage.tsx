import { Fragment } from 'react';
import { type AccessibilityRecord, widthsChecked } from '../accessibility-testing.ts';
import { useBuild } from '../build-context.tsx';
import { ExternalLink } from '../components/ExternalLink.tsx';
import { DateText, TextPage } from '../components/TextPage.tsx';
import type { AccessibilityStatement, ComplianceLevel, SiteSettings } from '../content-schema.ts';
import type { IssueReason } from '../content/accessibility.ts';
import { countLabel, formatDate, listInWords } from '../format.ts';
import { Markdown } from '../markdown.tsx';
import { WCAG_21_AA } from '../wcag.ts';

const standard =
  'the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA, which EN 301 549 applies to websites';

type Issues = NonNullable<AccessibilityStatement['knownIssues']>;

/** The status sentence of the EU model statement, naming what the list below holds. */
function statusSentence(level: ComplianceLevel, issues: Issues): string {
  const has = (reason: IssueReason) => issues.some((item) => item.reason === reason);
  const why = [has('non-compliance') && 'the non-compliances', has('disproportionate-burden') && 'the exemptions']
    .filter(Boolean)
    .join(' and ');
  if (level === 'fully') return `This website is fully compliant with ${standard}.`;
  if (level === 'partially') return `This website is partially compliant with ${standard}, due to ${why} listed below.`;
  return `This website is not compliant with ${standard}. The non-compliances are listed below.`;
}

/**
 * The model statement's opening paragraph: who is committed to making the website accessible, in accordance with
 * which law, and what the statement applies to (this site, at the address it is built for).
 */
function Opening({ site, statement }: { site: SiteSettings; statement: AccessibilityStatement }) {
  const { urls } = useBuild();
  const address = urls.absolute('/');
  return (
    <p>
      {`${site.name} is committed to making its website accessible, in accordance with ${statement.legislation}. This accessibility statement applies to the website `}
      {/* The site's own home page: a link within the site, though it reads as the address the statement covers. */}
      <a className="text-link" href={urls.href('/')}>
        {address}
      </a>
      .
    </p>
  );
}

/** The model's three reasons, in its order, each with its heading. */
const reasonHeadings: [IssueReason, string][] = [
  ['non-compliance', 'Non-compliance with the accessibility requirements'],
  ['disproportionate-burden', 'Disproportionate burden'],
  ['outside-scope', 'Content outside the scope of the applicable legislation'],
];

function NonAccessibleContent({ issues }: { issues: Issues }) {
  if (issues.length === 0) return null;
  return (
    <>
      <h2>Non-accessible content</h2>
      <p>
        {issues.every((item) => item.reason === 'outside-scope')
          ? // Beside "fully compliant", content the legislation does not cover must not read as a failure of this site.
            'The content listed below is outside the scope of the accessibility legislation and may not be accessible; it does not affect the compliance status above.'
          : 'The content listed below is not accessible, for the reasons given.'}
      </p>
      {reasonHeadings.map(([reason, heading]) => {
        const listed = issues.filter((item) => item.reason === reason);
        if (listed.length === 0) return null;
        return (
          <Fragment key={reason}>
            <h3>{heading}</h3>
            <ul>
              {listed.map(({ issue, criteria, alternative }) => (
                <li key={issue}>
                  {issue}
                  {criteria?.length
                    ? ` (WCAG 2.1 success criteri${criteria.length === 1 ? 'on' : 'a'} ${criteria.map((number) => `${number} ${WCAG_21_AA[number]}`).join('; ')})`
                    : null}
                  {alternative ? ` Instead: ${alternative}` : null}
                </li>
              ))}
            </ul>
          </Fragment>
        );
      })}
    </>
  );
}

/**
 * What the record of the tests' run says, in a sentence: when, what, with what, and what was found. It says
 * "every kind of page" only when the pages checked include one of each kind the site has; else it names them.
 */
function recordSentence({ record, everyKind }: { record: AccessibilityRecord; everyKind?: boolean }): string {
  const found = record.violations === 0 ? 'no violation' : countLabel(record.violations, 'violation');
  const pages = everyKind
    ? "every kind of page the site has, built from the project's test content"
    : `${listInWords(record.routes)}, built from the project's test content: not every kind of page the site has`;
  return `On ${formatDate(record.date)}, the automatic tests of this version of the site checked ${countLabel(record.routes.length, 'page')} (${pages}) with axe-core ${record.axeCore} in ${record.browser}, at ${widthsChecked(record)}, in the ${listInWords(record.colorSchemes)} colour scheme${record.colorSchemes.length === 1 ? '' : 's'}: ${countLabel(record.checks, 'check')}, and axe-core found ${found}.`;
}

function HowTested({ manualTests }: { manualTests: readonly string[] | undefined }) {
  const { testedWith } = useBuild();
  return (
    <>
      <h2>How this site was tested</h2>
      <p>
        {testedWith.record
          ? recordSentence(testedWith)
          : 'This version of the site was not tested: the build that made it was given no record of an automatic accessibility test of this version.'}
      </p>
      {manualTests?.length ? (
        <ul>
          {manualTests.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      ) : (
        <p>No test by a person with a screen reader or other assistive technology is recorded yet.</p>
      )}
    </>
  );
}

function Enforcement({ statement }: { statement: AccessibilityStatement }) {
  const body = statement.enforcementBody;
  return (
    <>
      <h2>Enforcement procedure</h2>
      <p>
        {`If you are not satisfied with our answer to your feedback or to your request for content in another form, or you receive no answer within ${statement.responseDays} working days, you can complain to ${body.name}, the body that enforces the accessibility requirements:`}
      </p>
      <ul>
        <li>
          {'Website: '}
          <ExternalLink className="text-link" href={body.url}>
            {body.url}
          </ExternalLink>
        </li>
        {body.email ? (
          <li>
            {'E-mail: '}
            <a className="text-link" href={`mailto:${body.email}`}>
              {body.email}
            </a>
          </li>
        ) : null}
        {body.phone ? <li>{`Telephone: ${body.phone}`}</li> : null}
        {body.address ? <li>{`Address: ${body.address}`}</li> : null}
      </ul>
    </>
  );
}

/**
 * The accessibility statement in the order of the EU model statement:
 * introduction, compliance status, non-accessible content by reason,
 * preparation, feedback with its response time, enforcement procedure; then,
 * as the model's optional content, how the site was tested, from the record
 * of a real run of the tests, and the tests people did by hand.
 */
export function AccessibilityPage({ site, statement }: { site: SiteSettings; statement: AccessibilityStatement }) {
  const mailbox = statement.feedbackEmail ?? site.contactEmail;
  const issues = statement.knownIssues ?? [];
  return (
    <TextPage site={site} title={statement.title} dateLabel="Last reviewed: " date={statement.reviewed}>
      <Opening site={site} statement={statement} />
      <Markdown source={statement.body} />
      <h2>Compliance status</h2>
      <p>{statusSentence(statement.compliance, issues)}</p>
      <NonAccessibleContent issues={issues} />
      <h2>Preparation of this accessibility statement</h2>
      <p>
        {'This statement was prepared on '}
        <DateText iso={statement.prepared} />
        {statement.method === 'third-party'
          ? `. The method used to prepare it was an assessment by a third party: ${statement.assessor}.`
          : '. The method used to prepare it was a self-assessment by the consortium.'}
        {' It was last reviewed on '}
        <DateText iso={statement.reviewed} />.
      </p>
      <h2>Feedback and contact information</h2>
      <p>
        {'If you meet a barrier on this site, or need any of its content in another form, write to '}
        <a className="text-link" href={`mailto:${mailbox}`}>
          {mailbox}
        </a>
        {`. We answer within ${statement.responseDays} working days.`}
      </p>
      <Enforcement statement={statement} />
      <HowTested manualTests={statement.manualTests} />
    </TextPage>
  );
}
