import { execFile } from 'node:child_process';
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
 * Asynchronous, so that git (some 10 to 30 ms) runs while the content loads.
 */
export async function buildCommit(
  projectRoot: string,
  environment: NodeJS.ProcessEnv = process.env,
): Promise<string | null> {
  try {
    const { stdout } = await run('git', ['rev-parse', '--verify', '--quiet', 'HEAD'], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 10_000,
      windowsHide: true,
    });
    const head = stdout.trim();
    if (fullSha.test(head)) return head;
  } catch {
    // No git, not a repository, or no commit yet: the variables below may know.
  }
  for (const name of ['GITHUB_SHA', 'CF_PAGES_COMMIT_SHA', 'COMMIT_REF']) {
    const value = environment[name]?.trim().toLowerCase();
    if (value && fullSha.test(value)) return value;
  }
  return null;
}
