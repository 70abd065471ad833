import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const fullSha = /^[0-9a-f]{40}$/;

/**
 * The commit a build is made from, for its identity, or null when it cannot
 * be known. The checkout's HEAD comes first: a workflow that builds another
 * ref than the one it was started on (the rollback) has checked that ref out,
 * while GITHUB_SHA still names the commit the workflow ran from. Without git,
 * or outside a repository, the CI's own variables are asked (GitHub Actions,
 * Cloudflare Pages, Netlify); a build never fails for want of a commit.
 * HEAD is read from git's own files, as git reads it; git itself (a process
 * of 10 to 30 ms) is asked only when they say nothing plain (a reftable, a
 * broken ref).
 */
export async function buildCommit(projectRoot: string, environment: NodeJS.ProcessEnv): Promise<string | null> {
  const head = headFromFiles(projectRoot) ?? (await headFromGit(projectRoot));
  if (head) return head;
  for (const name of ['GITHUB_SHA', 'CF_PAGES_COMMIT_SHA', 'COMMIT_REF']) {
    const value = environment[name]?.trim().toLowerCase();
    if (value && fullSha.test(value)) return value;
  }
  return null;
}

/** The repository's folder of the checkout (.git, or the folder a worktree's .git file names), searched upwards. */
function gitFolder(projectRoot: string): string | null {
  for (let folder = path.resolve(projectRoot); ; folder = path.dirname(folder)) {
    const dotGit = path.join(folder, '.git');
    try {
      const pointer = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, 'utf8'));
      return pointer ? path.resolve(folder, pointer[1]!.trim()) : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EISDIR') return dotGit;
    }
    if (path.dirname(folder) === folder) return null;
  }
}

function headFromFiles(projectRoot: string): string | null {
  const readText = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  const gitDir = gitFolder(projectRoot);
  if (!gitDir) return null;
  const head = readText(path.join(gitDir, 'HEAD')).trim();
  if (fullSha.test(head)) return head;
  const ref = /^ref: (refs\/\S+)$/.exec(head)?.[1];
  if (!ref) return null;
  // A worktree keeps its HEAD; the branches are in the repository it names (commondir).
  const common = path.resolve(gitDir, readText(path.join(gitDir, 'commondir')).trim() || '.');
  const loose = readText(path.join(common, ref)).trim();
  if (fullSha.test(loose)) return loose;
  const packed = readText(path.join(common, 'packed-refs'))
    .split('\n')
    .find((line) => line.endsWith(` ${ref}`));
  return packed && fullSha.test(packed.slice(0, 40)) ? packed.slice(0, 40) : null;
}

async function headFromGit(projectRoot: string): Promise<string | null> {
  try {
    const { stdout } = await run('git', ['rev-parse', '--verify', '--quiet', 'HEAD'], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 10_000,
      windowsHide: true,
    });
    const head = stdout.trim();
    return fullSha.test(head) ? head : null;
  } catch {
    return null; // no git, not a repository, or no commit yet: the CI's variables may know
  }
}
