/**
 * The fill step of the monthly citations workflow and of the CMS's pull
 * requests, run by bash as GitHub's runner runs it, with npm stood in for:
 * fill's 2 (some lookups could not be made, the answered ones written) lets
 * the job go on to propose what was filled, with a warning; its 1 stops it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { temporaryFolder } from './helpers/site.ts';
import { hasBash, runStepScript, stepRunning } from './helpers/workflow.ts';

if (!hasBash) console.warn('\n*** bash is not installed: the fill step of the workflows is not run here. ***\n');

async function runFill(workflow: string, code: number) {
  const work = await temporaryFolder('fill-step-');
  return runStepScript(stepRunning(workflow, 'npm run --silent cite -- fill'), {
    standIns: [`npm() { echo "the report of fill"; return ${code}; }`],
    cwd: work,
    env: { RUNNER_TEMP: work },
  });
}

for (const workflow of ['citations.yml', 'publications-fill.yml']) {
  test(`${workflow}: fill's 0 and 2 go on (2 with a warning), its 1 stops the job`, async (t) => {
    if (!hasBash) return t.skip('bash is not installed');
    const answered = await runFill(workflow, 0);
    assert.equal(answered.status, 0, answered.stderr);
    assert.doesNotMatch(answered.stdout, /::warning/);
    const some = await runFill(workflow, 2);
    assert.equal(some.status, 0, some.stderr);
    assert.match(some.stdout, /^::warning title=Fill publications::Some DOI lookups could not be made/m);
    assert.match(some.stdout, /the report of fill/);
    const bad = await runFill(workflow, 1);
    assert.equal(bad.status, 1);
    assert.doesNotMatch(bad.stdout, /::warning/);
  });
}
