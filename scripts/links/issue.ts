import type { LinkReport } from './types.ts';

/** The one issue the weekly check keeps up to date; found again by this exact title. */
export const issueTitle = 'Broken links on the site';

export interface OpenIssue {
  number: number;
  body: string;
}

export type IssueAction =
  | { action: 'open'; title: string; body: string }
  | { action: 'update'; number: number; body: string }
  | { action: 'close'; number: number; comment: string }
  | { action: 'nothing'; reason: string };

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

/** What to do with the issue, given this run's results and the issue open now (if any). */
export function decideIssue(report: LinkReport, open: OpenIssue | null): IssueAction {
  if (report.offline)
    return { action: 'nothing', reason: 'the check could not reach the network, so nothing is known' };
  const broken = report.links.some((link) => link.group === 'broken');
  if (broken) {
    const body = issueBody(report);
    if (!open) return { action: 'open', title: issueTitle, body };
    // GitHub may hand the body back with CRLF line ends once someone has edited it in the browser.
    if (open.body.replace(/\r\n/g, '\n').trim() === body.trim())
      return { action: 'nothing', reason: `issue #${open.number} already lists these links` };
    return { action: 'update', number: open.number, body };
  }
  if (open) {
    return { action: 'close', number: open.number, comment: 'Every link works again (or was removed); closing.' };
  }
  return { action: 'nothing', reason: 'no broken link and no open issue' };
}
