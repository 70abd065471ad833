/**
 * node scripts/keep-issue.ts links|orcid REPORT.json
 *
 * A scheduled workflow's last step: opens, updates or closes the one issue it
 * keeps, as issueAction says, from the report its check wrote (links: `npm run
 * check-links -- --json`, "Broken links on the site"; orcid: `npm run cite --
 * orcid --json`, "Works by members not yet on the site"), through the GitHub
 * CLI (gh, on every runner; GH_TOKEN and GH_REPO set by the workflow). Written
 * to run on Node's own TypeScript support, so the step needs no npm install.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type OrcidReport, orcidIssue } from './cite/orcid-report.ts';
import { issueAction, type OpenIssue, type WantedIssue } from './lib/issue.ts';
import { linkIssue } from './links/issue.ts';
import type { LinkReport } from './links/types.ts';

/** Each kind of report, and the issue it asks for. */
const kinds: Record<string, (report: unknown) => WantedIssue> = {
  links: (report) => linkIssue(report as LinkReport),
  orcid: (report) => orcidIssue(report as OrcidReport),
};

const [kind, file] = process.argv.slice(2);
const wanted = kind ? kinds[kind] : undefined;
if (!wanted || !file) {
  console.error(`usage: node scripts/keep-issue.ts ${Object.keys(kinds).join('|')} REPORT.json`);
  process.exit(2);
}
const issue = wanted(JSON.parse(readFileSync(file, 'utf8')));

const gh = (args: string[], input?: string) =>
  execFileSync('gh', args, { encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'inherit'] });

const candidates = JSON.parse(
  gh(['issue', 'list', '--state', 'open', '--search', `"${issue.title}" in:title`, '--json', 'number,title,body']),
) as (OpenIssue & { title: string })[];
const open = candidates.filter((one) => one.title === issue.title).sort((a, b) => a.number - b.number)[0] ?? null;

const decision = issueAction(issue, open);
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
