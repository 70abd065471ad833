/**
 * What git says of a checkout beyond its commit: the files changed and not
 * committed (a tree with such changes is not the version of its commit), and
 * the day the commit was made. The record of the accessibility tests is of
 * one version of the site; the tests that write it and the build that reads
 * it both ask this. Only asked when a record is written or read: each is a
 * git process of 10 to 30 ms.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CheckoutState {
  /** The files changed and not committed (tracked files changed, new files git does not ignore); null when git cannot say. */
  uncommitted: string[] | null;
  /** The UTC day (YYYY-MM-DD) the commit was made (its committer date); null when unknown. */
  commitDate: string | null;
}

const git = async (folder: string, args: string[]) =>
  (await run('git', ['-C', folder, ...args], { encoding: 'utf8', timeout: 30_000, windowsHide: true })).stdout;

/** The paths of `git status --porcelain -z`: "XY path\0", a rename "R  new\0old\0". */
function changedPaths(status: string): string[] {
  const fields = status.split('\0').filter(Boolean);
  const paths: string[] = [];
  for (let index = 0; index < fields.length; index += 1) {
    const field = fields[index]!;
    paths.push(field.slice(3));
    if (/^[RC]/.test(field)) index += 1;
  }
  return paths;
}

/** The state of the checkout at `projectRoot`, whose HEAD is `commit`; never throws. */
export async function checkoutState(projectRoot: string, commit: string | null): Promise<CheckoutState> {
  const [uncommitted, commitDate] = await Promise.all([
    git(projectRoot, ['status', '--porcelain=v1', '-z', '--untracked-files=normal'])
      .then(changedPaths)
      .catch(() => null),
    commit === null
      ? Promise.resolve(null)
      : git(projectRoot, ['show', '-s', '--format=%ct', commit])
          .then((seconds) => new Date(Number(seconds.trim()) * 1000).toISOString().slice(0, 10))
          .catch(() => null),
  ]);
  return { uncommitted, commitDate };
}
