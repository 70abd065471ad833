/**
 * The site workflow's verdict on a commit, asked of GitHub's REST API with
 * the editor's own sign-in: the run of .github/workflows/site.yml for that
 * commit (building, passed, refused), and when it refused, the problems its
 * build job reported as annotations (the problem matcher
 * .github/build-problems.json turns each content problem the build prints into
 * one, at its file, line and column, in the build's words).
 */

/** Where and as whom to ask: the repository (owner/name), the sign-in's token, and the API's address. */
export interface GitHubAccess {
  repo: string;
  token: string;
  /** The REST API's root: https://api.github.com, or GitHub Enterprise Server's (https://HOSTNAME/api/v3). */
  api?: string;
  fetch?: typeof fetch;
}

/** A problem the build reported: its file, line and column, and its words. */
export interface RunProblem {
  path: string;
  line: number;
  column: number;
  message: string;
}

export type RunVerdict =
  | { state: 'waiting' }
  | { state: 'building'; url: string }
  | { state: 'passed'; url: string }
  | { state: 'refused'; url: string; problems: RunProblem[] }
  | { state: 'stopped'; url: string; conclusion: string };

/** A failed answer of the API, with the wait it asks for before the next request (Retry-After, the rate limit's reset). */
export class GitHubAnswer extends Error {
  constructor(
    readonly status: number,
    readonly waitSeconds: number | undefined,
  ) {
    super(`GitHub answered ${status}`);
  }
}

const waitAsked = (headers: Headers): number | undefined => {
  const retry = Number(headers.get('retry-after'));
  if (retry > 0) return retry;
  if (headers.get('x-ratelimit-remaining') !== '0') return undefined;
  const reset = Number(headers.get('x-ratelimit-reset'));
  return reset > 0 ? Math.max(1, reset - Math.floor(Date.now() / 1000)) : undefined;
};

async function ask(access: GitHubAccess, path: string, accept = 'application/vnd.github+json'): Promise<Response> {
  // No X-GitHub-Api-Version: GitHub's API lets a page of another origin send only the headers it lists for CORS
  // (Authorization, Content-Type, If-*, X-Requested-With), and without it the API answers as version 2022-11-28.
  const response = await (access.fetch ?? fetch)(`${access.api ?? 'https://api.github.com'}${path}`, {
    headers: { Accept: accept, Authorization: `token ${access.token}` },
  });
  if (!response.ok) throw new GitHubAnswer(response.status, waitAsked(response.headers));
  return response;
}

const json = async <T>(access: GitHubAccess, path: string) => (await (await ask(access, path)).json()) as T;

/** The commit a branch points at (the CMS's branch of an entry, or the site's branch once published). */
export async function branchHead(access: GitHubAccess, branch: string): Promise<string> {
  const commit = await json<{ sha: string }>(access, `/repos/${access.repo}/commits/${encodeURIComponent(branch)}`);
  return commit.sha;
}

/** A file of the repository as it is in a commit, as text. */
export const fileAt = async (access: GitHubAccess, path: string, sha: string) =>
  (
    await ask(
      access,
      `/repos/${access.repo}/contents/${path.split('/').map(encodeURIComponent).join('/')}?ref=${sha}`,
      'application/vnd.github.raw+json',
    )
  ).text();

interface Run {
  id: number;
  status: string;
  conclusion: string | null;
  html_url: string;
  head_sha: string;
}
interface Job {
  id: number;
  conclusion: string | null;
  check_run_url: string;
}
interface Annotation {
  path: string;
  start_line: number;
  start_column?: number | null;
  annotation_level: string;
  message: string;
}

/** What the run's failed jobs reported at a line of a file: the build's content problems. */
async function problemsOf(access: GitHubAccess, run: Run): Promise<RunProblem[]> {
  const { jobs } = await json<{ jobs: Job[] }>(access, `/repos/${access.repo}/actions/runs/${run.id}/jobs`);
  const problems: RunProblem[] = [];
  for (const job of jobs.filter((candidate) => candidate.conclusion === 'failure')) {
    // The job's check run, asked of the API the access names: its address ends in its id, and on GitHub Enterprise
    // Server it begins with /api/v3, which the API's root already holds.
    const checkRun = job.check_run_url.split('/').at(-1);
    const annotations = await json<Annotation[]>(access, `/repos/${access.repo}/check-runs/${checkRun}/annotations`);
    for (const annotation of annotations) {
      if (annotation.annotation_level !== 'failure' || !annotation.path.startsWith('content/')) continue;
      const { path, start_line: line, start_column: column, message } = annotation;
      problems.push({ path, line, column: column ?? 1, message });
    }
  }
  return problems;
}

/** The site workflow's newest run for a commit, as the editor tells it. */
export async function siteRun(access: GitHubAccess, sha: string, workflow = 'site.yml'): Promise<RunVerdict> {
  const { workflow_runs: runs } = await json<{ workflow_runs: Run[] }>(
    access,
    `/repos/${access.repo}/actions/workflows/${workflow}/runs?head_sha=${sha}&per_page=5`,
  );
  const run = runs.find((candidate) => candidate.head_sha === sha);
  if (!run) return { state: 'waiting' };
  const url = run.html_url;
  if (run.status !== 'completed') return { state: 'building', url };
  if (run.conclusion === 'success') return { state: 'passed', url };
  if (run.conclusion === 'failure') return { state: 'refused', url, problems: await problemsOf(access, run) };
  return { state: 'stopped', url, conclusion: run.conclusion ?? 'unknown' };
}
