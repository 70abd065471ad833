/**
 * The Site workflow's check of a commit, as GitHub Actions runs it: the build
 * command on the commit's content, and, when it refuses, the annotations that
 * the workflow's problem matcher (.github/build-problems.json) makes of the
 * lines it printed, as GitHub's documented annotation with the matched file,
 * line, column and message set in it.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
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

/**
 * Runs the build command, as the workflow does, in a checkout of the commit: this project's code with the commit's
 * files (their paths from the repository's root, content/… among them).
 */
export async function siteCheck(files: Record<string, string>): Promise<SiteCheck & { folder: string }> {
  const folder = await projectCopy();
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await writeFile(path.join(folder, file), text);
  }
  const build = path.resolve('scripts/run-build.js');
  const run = await promisify(execFile)(process.execPath, [build, '--content', 'content', '--out', 'dist'], {
    cwd: folder,
    env: { ...process.env, CI: 'true' },
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => ({ passed: true, output: `${stdout}${stderr}` }),
    (error: { code?: number; stdout?: string; stderr?: string }) => {
      if (error.code !== 1) throw error;
      return { passed: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}` };
    },
  );
  return { ...run, annotations: run.passed ? [] : await annotationsOf(run.output), folder };
}
