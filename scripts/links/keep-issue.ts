/**
 * node scripts/links/keep-issue.ts REPORT.json
 *
 * The weekly workflow's last step: opens, updates or closes the one issue
 * about broken links, as decideIssue says, through the GitHub CLI (gh, on
 * every runner; GH_TOKEN and GH_REPO set by the workflow). Written to run on
 * Node's own TypeScript support, so the step needs no npm install.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { decideIssue, issueTitle, type OpenIssue } from './issue.ts';
import type { LinkReport } from './types.ts';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/links/keep-issue.ts REPORT.json');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8')) as LinkReport;

const gh = (args: string[], input?: string) =>
  execFileSync('gh', args, { encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'inherit'] });

const candidates = JSON.parse(
  gh(['issue', 'list', '--state', 'open', '--search', `"${issueTitle}" in:title`, '--json', 'number,title,body']),
) as (OpenIssue & { title: string })[];
const open = candidates.filter((issue) => issue.title === issueTitle).sort((a, b) => a.number - b.number)[0] ?? null;

const decision = decideIssue(report, open);
switch (decision.action) {
  case 'open':
    gh(['issue', 'create', '--title', decision.title, '--body-file', '-'], decision.body);
    break;
  case 'update':
    gh(['issue', 'edit', String(decision.number), '--body-file', '-'], decision.body);
    break;
  case 'close':
    gh(['issue', 'close', String(decision.number), '--comment', decision.comment]);
    break;
  case 'nothing':
    break;
}
console.log(
  decision.action === 'nothing' ? `Issue: nothing to do (${decision.reason}).` : `Issue: ${decision.action}.`,
);
