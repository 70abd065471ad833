/**
 * The Site workflow's check of a commit, as GitHub Actions runs it: the build
 * command on the commit's content, and, when it refuses, the annotations that
 * the workflow's problem matcher (.github/build-problems.json) makes of the
 * lines it printed, as GitHub's documented annotation with the matched file,
 * line, column and message set in it.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { cacheFolder } from '../../../scripts/bundled-build.js';
import { projectCopy } from '../site.ts';

interface Pattern {
  regexp: string;
  file: number;
  line: number;
  column: number;
  message: number;
}

/** What the build job left: whether the build passed, its output, and the annotations of the lines the matcher read. */
interface SiteCheck {
  passed: boolean;
  output: string;
  annotations: Record<string, unknown>[];
}

async function annotationsOf(output: string): Promise<Record<string, unknown>[]> {
  const { problemMatcher } = JSON.parse(await readFile('.github/build-problems.json', 'utf8')) as {
    problemMatcher: { pattern: Pattern[] }[];
  };
  const [pattern] = problemMatcher[0]!.pattern;
  const documented = JSON.parse(await readFile('test/fixtures/github/list-annotations.json', 'utf8'))[0];
  return output.split('\n').flatMap((line) => {
    const match = new RegExp(pattern!.regexp).exec(line);
    if (!match) return [];
    const [file, at, column, message] = [pattern!.file, pattern!.line, pattern!.column, pattern!.message].map(
      (group) => match[group]!,
    );
    return [
      {
        ...documented,
        path: file,
        start_line: Number(at),
        end_line: Number(at),
        start_column: Number(column),
        end_column: Number(column),
        annotation_level: 'failure',
        title: '',
        message,
        raw_details: '',
      },
    ];
  });
}

/** How long the build may run before the check is stopped as stuck: a build takes seconds, longer on a busy machine. */
const BUILD_TIMEOUT = 2 * 60_000;

/**
 * Runs the build command, as the workflow does, in a checkout of the commit: this project's code with the commit's
 * files (their paths from the repository's root, content/… among them), built by the checkout's own command. The
 * command of this project run in the checkout would be another project's: its bundle, when missing or stale, is
 * made from this project's files while TypeScript runs them under the checkout's tsconfig.json, which lists only
 * the checkout's own files, so the JSX setting never applied and every page failed ("React is not defined").
 */
export async function siteCheck(files: Record<string, string>): Promise<SiteCheck & { folder: string }> {
  const folder = await projectCopy();
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await writeFile(path.join(folder, file), text);
  }
  const build = path.join(folder, 'scripts', 'run-build.js');
  const run = await promisify(execFile)(process.execPath, [build, '--content', 'content', '--out', 'dist'], {
    cwd: folder,
    env: { ...process.env, CI: 'true' },
    maxBuffer: 16 * 1024 * 1024,
    timeout: BUILD_TIMEOUT,
  })
    .then(
      ({ stdout, stderr }) => ({ passed: true, output: `${stdout}${stderr}` }),
      (error: { code?: number; killed?: boolean; stdout?: string; stderr?: string }) => {
        const output = `${error.stdout ?? ''}${error.stderr ?? ''}`;
        if (error.killed)
          throw new Error(`the Site workflow's build ran for more than ${BUILD_TIMEOUT / 60_000} minutes:\n${output}`);
        if (error.code !== 1) throw error;
        return { passed: false, output };
      },
    )
    // The checkout's bundle is kept in the node_modules it links to: it goes with the checkout.
    .finally(() => rm(cacheFolder(folder), { recursive: true, force: true }));
  return { ...run, annotations: run.passed ? [] : await annotationsOf(run.output), folder };
}
