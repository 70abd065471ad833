import { type IssueAction, issueAction, type OpenIssue, type WantedIssue } from '../lib/issue.ts';
import type { LinkReport } from './types.ts';

/** The one issue the weekly check keeps up to date; found again by this exact title. */
export const issueTitle = 'Broken links on the site';

/**
 * The issue's text: the broken links, each with where to edit it. It holds no
 * date or run number, so the same broken links give the same text and the
 * issue is left alone rather than edited every week.
 */
export function issueBody(report: LinkReport): string {
  const broken = report.links.filter((link) => link.group === 'broken');
  const lines = [
    `The weekly link check found ${broken.length} broken link${broken.length === 1 ? '' : 's'}. Correct or remove each one in the file and line given; this issue is edited as the list changes and closed when every link works again.`,
    '',
  ];
  for (const link of broken) {
    const where =
      link.sources.map((source) => `\`${source.file}:${source.line}\``).join(', ') || 'not found in the content';
    lines.push(`- ${link.url}`, `  - ${link.detail}`, `  - written in ${where}; on ${link.pages.join(', ')}`);
  }
  lines.push('', 'Run `npm run check-links` to see the whole report; docs/link-check.md says what each group means.');
  return `${lines.join('\n')}\n`;
}

/** What this run says the issue should be. */
export function linkIssue(report: LinkReport): WantedIssue {
  if (report.offline)
    return {
      title: issueTitle,
      state: 'unknown',
      reason: 'the check could not reach the network, so nothing is known',
    };
  if (report.links.some((link) => link.group === 'broken'))
    return { title: issueTitle, state: 'list', body: issueBody(report) };
  return { title: issueTitle, state: 'empty', comment: 'Every link works again (or was removed); closing.' };
}

/** What to do with the issue, given this run's results and the issue open now (if any). */
export const decideIssue = (report: LinkReport, open: OpenIssue | null): IssueAction =>
  issueAction(linkIssue(report), open);
