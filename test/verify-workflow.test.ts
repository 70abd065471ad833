/**
 * The deploy's and the rollback's verify step, run by bash as GitHub's runner
 * runs it, with npm and sleep stood in for: each of verify's exit codes is the
 * step's, and the job's summary starts with the verdict (a site that could not
 * be checked is a failed deploy check, said as such, not as "not this build").
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { temporaryFolder } from './helpers/site.ts';
import { hasBash, runStepScript, stepRunning } from './helpers/workflow.ts';

if (!hasBash) console.warn('\n*** bash is not installed: the verify step of the workflows is not run here. ***\n');

/** Runs the step with `npm run verify` standing in as a command that prints a report and exits with `code`. */
async function runStep(workflow: string, code: number) {
  const work = await temporaryFolder('verify-step-');
  const tools = path.join(work, 'tools');
  await mkdir(path.join(work, 'site', 'dist'), { recursive: true });
  await mkdir(tools);
  await writeFile(path.join(work, 'site', 'dist', 'build.json'), '{}');
  const summary = path.join(work, 'summary.md');
  const result = runStepScript(stepRunning(workflow, 'npm run --silent verify'), {
    standIns: [
      'sleep() { :; }',
      `npm() { if [ "$1" = ci ]; then return 0; fi; echo "the report of verify"; return ${code}; }`,
    ],
    cwd: tools,
    env: { GITHUB_STEP_SUMMARY: summary, PAGE_URL: 'https://owner.github.io/site/' },
  });
  return { code: result.status, stdout: result.stdout, summary: await readFile(summary, 'utf8') };
}

for (const workflow of ['site.yml', 'rollback.yml']) {
  test(`${workflow}: the verify step's exit code is verify's, and the summary starts with the verdict`, async (t) => {
    if (!hasBash) return t.skip('bash is not installed');
    const verdicts = {
      0: 'Deploy check passed: the live site is this build, byte for byte.',
      1: 'Deploy check failed: the live site is not this build (each difference is named below).',
      2: 'Deploy check failed: the live site could not be checked (what did not come, and why, is named below).',
    };
    for (const [code, verdict] of Object.entries(verdicts)) {
      const step = await runStep(workflow, Number(code));
      assert.equal(step.code, Number(code));
      assert.equal(step.summary, `${verdict}\n\n\`\`\`\nthe report of verify\n\`\`\`\n`);
      if (code === '0') assert.doesNotMatch(step.stdout, /::error/);
      else
        assert.match(
          step.stdout,
          new RegExp(`^::error title=Deploy check::${verdict.replace(/[().]/g, '\\$&')}$`, 'm'),
        );
    }
  });
}
