import type { AccessibilityStatement, ComplianceLevel, SiteSettings } from '../content-schema.ts';
import { testedWidths } from '../accessibility-testing.ts';
import { ExternalLink } from '../components/ExternalLink.tsx';
import { DateText, TextPage } from '../components/TextPage.tsx';
import { useBuild } from '../build-context.tsx';
import { Markdown } from '../markdown.tsx';

const standard =
  'the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA, which EN 301 549 applies to websites';

/** The status sentence of the EU model statement for each level. */
const status: Record<ComplianceLevel, string> = {
  fully: `This website is fully compliant with ${standard}.`,
  partially: `This website is partially compliant with ${standard}, because of the issues listed below.`,
  not: `This website is not compliant with ${standard}. The issues are listed below.`,
};

const widths = testedWidths.map((width) => `${width}`).join(' and ');

/**
 * The accessibility statement in the order of the EU model statement. Its
 * "How this site was tested" is made from what the project runs (the tools'
 * versions come from the build), and names tests by people only when the
 * content lists them.
 */
export function AccessibilityPage({ site, statement }: { site: SiteSettings; statement: AccessibilityStatement }) {
  const { testedWith } = useBuild();
  const mailbox = statement.feedbackEmail ?? site.contactEmail;
  return (
    <TextPage site={site} title={statement.title} dateLabel="Last reviewed: " date={statement.reviewed}>
      <Markdown source={statement.body} />
      <h2>Compliance status</h2>
      <p>{status[statement.compliance]}</p>
      {statement.knownIssues?.length ? (
        <>
          <h2>Content that is not accessible</h2>
          <ul>
            {statement.knownIssues.map(({ issue, alternative }) => (
              <li key={issue}>
                {issue}
                {alternative ? ` Instead: ${alternative}` : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>How this site was tested</h2>
      <ul>
        <li>
          {`axe-core ${testedWith.axeCore} checks every page in Chromium at ${widths} pixels wide, in the light and the dark colour scheme, and the tests pass only when it finds no violation.`}
        </li>
        <li>
          Tests in Chromium press Tab through every page: the skip link comes first, every control is reached in order,
          and each shows a focus ring with at least 3:1 contrast against what lies behind it, in the light and the dark
          colour scheme.
        </li>
        <li>
          Tests in Chromium open every page with JavaScript switched off: the content is all there, and the navigation
          works.
        </li>
        <li>
          {`Lighthouse ${testedWith.lighthouse} audits every page, accessibility among its categories, when the maintainers run it; it is not part of the automatic tests.`}
        </li>
        {statement.manualTests?.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
      {statement.manualTests?.length ? null : (
        <p>No test by a person with a screen reader or other assistive technology is recorded yet.</p>
      )}
      <h2>Feedback and contact information</h2>
      <p>
        {'If you meet a barrier on this site, or need any of its content in another form, write to '}
        <a className="text-link" href={`mailto:${mailbox}`}>
          {mailbox}
        </a>
        .
      </p>
      <h2>Enforcement procedure</h2>
      <p>
        {'If our answer does not satisfy you, you can turn to '}
        <ExternalLink className="text-link" href={statement.enforcementBody.url}>
          {statement.enforcementBody.name}
        </ExternalLink>
        .
      </p>
      <h2>Preparation of this statement</h2>
      <p>
        {'This statement was prepared on '}
        <DateText iso={statement.prepared} />
        {' and last reviewed on '}
        <DateText iso={statement.reviewed} />.
      </p>
    </TextPage>
  );
}
