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

/** The step of the run that did not finish well, where the content is not what it failed on. */
interface FailedStep {
  job: string;
  /** The step's name; none when the job ended without a step failing (cancelled, or never given a runner). */
  step?: string;
  /** GitHub's conclusion of that step (or of the job, or the run): failure, cancelled, timed_out… */
  conclusion: string;
}

export type RunVerdict =
  | { state: 'waiting' }
  /** A run GitHub has queued, that no runner has taken up yet. */
  | { state: 'queued'; url: string }
  | { state: 'building'; url: string }
  | { state: 'passed'; url: string }
  | { state: 'refused'; url: string; problems: RunProblem[] }
  /** The run failed for a reason that is not the content: a step outside the build's content check, or no problems. */
  | { state: 'failed'; url: string; failed: FailedStep; afterBuild: boolean }
  /** Published, but the check after the deploy found the live site is not this build, or could not check it. */
  | { state: 'unverified'; url: string; found: 'differs' | 'unchecked' };

/** The Site workflow's step that checks the content and builds (.github/workflows/site.yml): a failure there may be the content's. */
const BUILD_STEP = /^Build \(checks the content/;
/** The deploy job's last step, `npm run verify` against the live site. */
const VERIFY_STEP = /^Verify that the live site is this build/;

/**
 * A failed answer of the API, with the wait it asks for before the next request when it is a rate limit
 * (Retry-After, the rate limit's reset, or a minute for a limit that names no time, as GitHub's documentation says).
 */
export class GitHubAnswer extends Error {
  constructor(
    readonly status: number,
    readonly waitSeconds: number | undefined,
  ) {
    super(`GitHub answered ${status}`);
  }
}

/** GitHub's words for both of its rate limits ("API rate limit exceeded…", "You have exceeded a secondary rate limit…"). */
const RATE_LIMITED = /rate limit/i;

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
  if (response.ok) return response;
  const asked = waitAsked(response.headers);
  if (asked !== undefined || ![403, 429].includes(response.status)) throw new GitHubAnswer(response.status, asked);
  const said = await response.text().catch(() => '');
  throw new GitHubAnswer(response.status, response.status === 429 || RATE_LIMITED.test(said) ? 60 : undefined);
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
interface Step {
  name: string;
  conclusion: string | null;
}
interface Job {
  id: number;
  name: string;
  conclusion: string | null;
  check_run_url: string;
  steps?: Step[];
}
interface Annotation {
  path: string;
  start_line: number;
  start_column?: number | null;
  annotation_level: string;
  title?: string | null;
  message: string;
}

const settledBadly = (conclusion: string | null) =>
  conclusion !== null && !['success', 'skipped', 'neutral'].includes(conclusion);

/** A job's annotations: its check run's, asked of the API the access names. */
async function annotationsOf(access: GitHubAccess, job: Job): Promise<Annotation[]> {
  // A check run's address ends in its id, and on GitHub Enterprise Server it begins with /api/v3, which the API's root
  // already holds.
  const checkRun = job.check_run_url.split('/').at(-1);
  return json<Annotation[]>(access, `/repos/${access.repo}/check-runs/${checkRun}/annotations`);
}

/** What the build reported at a line of a content file: the content's problems. */
const contentProblems = (annotations: Annotation[]): RunProblem[] =>
  annotations
    .filter((annotation) => annotation.annotation_level === 'failure' && annotation.path.startsWith('content/'))
    .map(({ path, start_line: line, start_column: column, message }) => ({ path, line, column: column ?? 1, message }));

/**
 * Why a run that did not succeed failed, from its jobs and their steps: the content (problems the build step
 * reported at their lines), the live site not being the build (the deploy job's verify step), or anything else.
 */
async function failureOf(access: GitHubAccess, run: Run): Promise<RunVerdict> {
  const url = run.html_url;
  const { jobs } = await json<{ jobs: Job[] }>(access, `/repos/${access.repo}/actions/runs/${run.id}/jobs`);
  const failed = jobs.filter((job) => settledBadly(job.conclusion));
  const stepOf = (job: Job) => job.steps?.find((step) => settledBadly(step.conclusion));
  const problems: RunProblem[] = [];
  for (const job of failed.filter((candidate) => BUILD_STEP.test(stepOf(candidate)?.name ?? '')))
    problems.push(...contentProblems(await annotationsOf(access, job)));
  if (problems.length) return { state: 'refused', url, problems };
  // The job a step of which failed first, rather than one cancelled because another failed.
  const first = failed.find((job) => stepOf(job)) ?? failed[0];
  const step = first && stepOf(first);
  if (first && step && VERIFY_STEP.test(step.name)) {
    const said = (await annotationsOf(access, first)).map((annotation) => annotation.message).join('\n');
    return { state: 'unverified', url, found: /could not be checked/.test(said) ? 'unchecked' : 'differs' };
  }
  // Whether the site was built before it failed: the build job passed, and a later job (the deploy) did not.
  const afterBuild = jobs.some((job) => job.name === 'build' && job.conclusion === 'success');
  return {
    state: 'failed',
    url,
    afterBuild,
    failed: {
      job: first?.name ?? 'the run',
      ...(step ? { step: step.name } : {}),
      conclusion: step?.conclusion ?? first?.conclusion ?? run.conclusion ?? 'unknown',
    },
  };
}

/** The site workflow's newest run for a commit, as the editor tells it. */
export async function siteRun(access: GitHubAccess, sha: string, workflow = 'site.yml'): Promise<RunVerdict> {
  let runs: Run[];
  try {
    ({ workflow_runs: runs } = await json<{ workflow_runs: Run[] }>(
      access,
      `/repos/${access.repo}/actions/workflows/${workflow}/runs?head_sha=${sha}&per_page=5`,
    ));
  } catch (error) {
    // No such workflow (its file missing or renamed): no run will come, as when none has started yet.
    if (error instanceof GitHubAnswer && error.status === 404) return { state: 'waiting' };
    throw error;
  }
  const run = runs.find((candidate) => candidate.head_sha === sha);
  if (!run) return { state: 'waiting' };
  const url = run.html_url;
  if (['queued', 'waiting', 'pending', 'requested'].includes(run.status)) return { state: 'queued', url };
  if (run.status !== 'completed') return { state: 'building', url };
  if (run.conclusion === 'success') return { state: 'passed', url };
  return failureOf(access, run);
}
