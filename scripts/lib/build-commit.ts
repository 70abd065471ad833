import { execFileSync } from 'node:child_process';

const fullSha = /^[0-9a-f]{40}$/;

/**
 * The commit a build is made from, for its identity, or null when it cannot
 * be known. The checkout's HEAD comes first: a workflow that builds another
 * ref than the one it was started on (the rollback) has checked that ref out,
 * while GITHUB_SHA still names the commit the workflow ran from. Without git,
 * or outside a repository, the CI's own variables are asked (GitHub Actions,
 * Cloudflare Pages, Netlify); a build never fails for want of a commit.
 */
export function buildCommit(projectRoot: string, environment: NodeJS.ProcessEnv = process.env): string | null {
  try {
    const head = execFileSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD'], {
      cwd: projectRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
      windowsHide: true,
    }).trim();
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
