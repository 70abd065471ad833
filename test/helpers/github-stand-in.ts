/**
 * A loopback stand-in for GitHub's API, laid out as GitHub Enterprise Server
 * lays it out (REST under /api/v3, GraphQL at /api/graphql) and answering
 * cross-origin requests as GitHub documents it does (any origin; the
 * preflight's allowed headers and methods). It plays two parts:
 *
 *  - the repository the CMS signs in to, loads and saves to in its editorial
 *    workflow (test/helpers/github/: REST answers from GitHub's documented
 *    examples, GraphQL executed against GitHub's published schema);
 *  - the Site workflow's runs that the editor follows after a save or a
 *    publish: a run starts for each commit the workflow runs for, and stays in
 *    progress until the test settles it (`settleRun`), with the annotations
 *    the problem matcher makes of the build's output when it failed.
 *
 * Every answer is GitHub's own documented example (test/fixtures/github/,
 * source in its README) with only the values a scenario is about set in it.
 * Without a repository (the deploy-status test), `heads` and `files` say what
 * the branches point at and what a file holds.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { answerGraphql, type Viewer } from './github/graphql.ts';
import type { Repository } from './github/repository.ts';
import { type Answer, recorded, restRoutes } from './github/rest.ts';

/** A job of a run, as the test plays it: its name, conclusion, each step's name and conclusion, and its annotations. */
export interface PlayedJob {
  name: string;
  conclusion: string | null;
  steps: [name: string, conclusion: string | null][];
  annotations?: Record<string, unknown>[];
}

/** The Site workflow's build step (.github/workflows/site.yml), where the content's problems are reported. */
export const BUILD_STEP = 'Build (checks the content, links and images first)';

/**
 * The Site workflow's deploy job (.github/workflows/site.yml), failed at its deploy step or at its verify step; the
 * verify step's verdict is the annotation `::error title=Deploy check::…` makes of it: GitHub's documented annotation
 * at no file (path ".github").
 */
export function deployJob(failing: 'deploy' | 'verify', verdict?: string): PlayedJob {
  const annotation = verdict && {
    ...(recorded('list-annotations') as unknown as Record<string, unknown>[])[0],
    path: '.github',
    start_line: 1,
    end_line: 1,
    start_column: null,
    end_column: null,
    annotation_level: 'failure',
    title: 'Deploy check',
    message: verdict,
  };
  return {
    name: 'deploy',
    conclusion: 'failure',
    steps: [
      ['Set up job', 'success'],
      [
        'Run actions/deploy-pages@cd2ce8fcbc39b97be8ca5fce6e763baed58fa128',
        failing === 'deploy' ? 'failure' : 'success',
      ],
      ['Build again, as published', failing === 'deploy' ? 'skipped' : 'success'],
      ['Verify that the live site is this build', failing === 'verify' ? 'failure' : 'skipped'],
    ],
    ...(annotation ? { annotations: [annotation] } : {}),
  };
}

/** A run of the Site workflow: where it is, and, once failed, what its build job reported (or each job, as played). */
interface Run {
  id: number;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: string | null;
  annotations?: Record<string, unknown>[];
  jobs?: PlayedJob[];
}

/** What the stand-in plays: each branch's head, each commit's run, the files; or a whole repository. */
export interface GitHubScene {
  heads: Map<string, string>;
  runs: Map<string, Omit<Run, 'id'> & { id?: number }>;
  files: Map<string, string>;
  /** The repository the CMS works on, and the user its token signs in as. */
  repository?: Repository;
  viewer?: Viewer;
  /** The token every request must carry (as "token …" or "Bearer …"); any is taken when unset. */
  token?: string;
  /** Answer the next request with this status and headers (a rate limit), once; the body is GitHub's documented one. */
  refuseNext?: {
    status: number;
    headers: Record<string, string>;
    json?: Record<string, unknown>;
    /** Only the next request this matches ("METHOD /path?query"): the CMS asks other things meanwhile. */
    matches?: (request: string) => boolean;
  };
  /** The Site workflow missing (its file deleted or renamed, or Actions off): no run starts, and asking for its runs is 404. */
  workflowMissing?: boolean;
  /** A sign-in short of a permission, or a connection that drops (issue 50, cases 2 and 3). */
  access?: AccessFaults;
}

/**
 * What goes wrong with a sign-in or a connection. A revoked or expired token is the scene's `token` changed: every
 * request with the old one is then answered 401 "Bad credentials" (bad-credentials.json).
 */
interface AccessFaults {
  /**
   * A fine-grained token short of a permission: each request carrying it that `matches` ("METHOD /path") is refused
   * as GitHub documents it (resource-not-accessible.json: 403, "Resource not accessible by personal access token").
   */
  lacking?: { token: string; matches: (request: string) => boolean };
  /**
   * The connection cut once: the next request this matches (its "METHOD /path", and a GraphQL request's top fields,
   * such as "createCommitOnBranch") is done, and then its connection reset before any answer is sent.
   */
  cutAfter?: (request: string, operation: string | undefined) => boolean;
}

/**
 * A refusal of GitHub's as documented (test/fixtures/github/rate-limit-exceeded.json, secondary-rate-limit.json):
 * its status, headers and body, with the headers the scenario is about set (the reset's time, the wait asked).
 */
export function documentedRefusal(
  name: 'rate-limit-exceeded' | 'secondary-rate-limit',
  headers: Record<string, string>,
) {
  const example = recorded(name) as { status: number; headers: Record<string, string>; body: Record<string, unknown> };
  return { status: example.status, headers: { ...example.headers, ...headers }, json: example.body };
}

/** Answers that wait until the test has done something first (set the page's clock). */
function heldAnswers() {
  const holds: {
    matches: (request: string, body: Record<string, unknown>) => boolean;
    arrived: () => void;
    released: Promise<void>;
  }[] = [];
  return {
    /** Waits, if the request's answer is held, until it is released. */
    async wait(request: string, body: Record<string, unknown> = {}) {
      const hold = holds.find((candidate) => candidate.matches(request, body));
      if (!hold) return;
      holds.splice(holds.indexOf(hold), 1);
      hold.arrived();
      await hold.released;
    },
    /**
     * Holds the answer to the next request `matches` ("METHOD /path?query", and its body: a GraphQL question by
     * what it asks) until `release` is called; `reached` settles once that request has come.
     */
    holdNext(matches: (request: string, body: Record<string, unknown>) => boolean) {
      let release!: () => void;
      let arrived!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      holds.push({ matches, arrived, released });
      return { reached, release };
    },
  };
}

/** Every request the stand-in answered: "METHOD /path?query" (under the API's root), and the Authorization it carried. */
interface Asked {
  request: string;
  authorization: string | undefined;
  /** The names of the headers it carried, in lower case. */
  headers: string[];
  /** A GraphQL request's fields asked at the top ("repository", "createCommitOnBranch"). */
  operation?: string;
  /** The status it was answered with, once answered, and a GraphQL answer's errors. */
  status?: number;
  errors?: string[];
}

const FIRST_RUN = 30433642;

/** GitHub's documented CORS headers: every answer, and the preflight's (docs.github.com, "Using CORS and JSONP"). */
const cors = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'ETag, Link, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval',
};
/** The headers a page of another origin may send GitHub's API, besides those the browser always may (CORS-safelisted). */
export const corsAllowedHeaders = [
  'authorization',
  'content-type',
  'if-match',
  'if-modified-since',
  'if-none-match',
  'if-unmodified-since',
  'x-requested-with',
];
const preflight = {
  ...cors,
  'access-control-allow-headers':
    'Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, X-Requested-With',
  'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE',
  'access-control-max-age': '86400',
};

function runOf(scene: GitHubScene, sha: string): Run | undefined {
  const run = scene.runs.get(sha);
  if (run) run.id ??= FIRST_RUN + [...scene.runs.keys()].indexOf(sha);
  return run as Run | undefined;
}

function runsAnswer(scene: GitHubScene, sha: string) {
  const example = recorded('list-workflow-runs') as { workflow_runs: Record<string, unknown>[] };
  const run = runOf(scene, sha);
  if (!run) return { ...example, total_count: 0, workflow_runs: [] };
  const { annotations: _, ...fields } = run;
  const repository = scene.repository ? `${scene.repository.owner}/${scene.repository.name}` : 'octo-org/octo-repo';
  const html_url = `https://github.com/${repository}/actions/runs/${run.id}`;
  return {
    ...example,
    total_count: 1,
    workflow_runs: [{ ...example.workflow_runs[0], head_sha: sha, html_url, ...fields }],
  };
}

/** A job's id: its run's, and its place in the run (so a check run's id names its run and job). */
const JOBS_PER_RUN = 100;

/** The jobs a run plays: as the test set them, or its build job, whose build step failed when it reported problems. */
function playedJobs(run: Run | undefined): PlayedJob[] {
  if (run?.jobs) return run.jobs;
  const conclusion = run?.status === 'completed' ? run.conclusion : null;
  const build = conclusion === 'failure' ? 'failure' : conclusion;
  return [
    {
      name: 'build',
      conclusion,
      steps: [
        ['Set up job', run?.status === 'completed' ? 'success' : null],
        ['Run npm ci', run?.status === 'completed' ? 'success' : null],
        [BUILD_STEP, build],
      ],
      ...(run?.annotations ? { annotations: run.annotations } : {}),
    },
  ];
}

/** A run's jobs: the documented job, with each played job's id, run, name, conclusion and steps, its check run on this API. */
function jobsAnswer(scene: GitHubScene, runId: number, api: string) {
  const example = recorded('list-jobs-for-workflow-run') as { jobs: (Record<string, unknown> & { steps: object[] })[] };
  const run = [...scene.runs.values()].find((candidate) => candidate.id === runId) as Run | undefined;
  const documented = example.jobs[0]!;
  const jobs = playedJobs(run).map((job, index) => {
    const id = runId * JOBS_PER_RUN + index;
    return {
      ...documented,
      id,
      run_id: runId,
      name: job.name,
      status: job.conclusion === null ? 'in_progress' : 'completed',
      conclusion: job.conclusion,
      steps: job.steps.map(([name, conclusion], step) => ({
        ...documented.steps[0],
        name,
        number: step + 1,
        status: conclusion === null ? 'in_progress' : 'completed',
        conclusion,
      })),
      check_run_url: `${api}/repos/${scene.repository?.owner ?? 'octo-org'}/${scene.repository?.name ?? 'octo-repo'}/check-runs/${id}`,
    };
  });
  return { ...example, total_count: jobs.length, jobs };
}

/** The annotations of a job's check run. */
function annotationsAnswer(scene: GitHubScene, checkRun: number) {
  const runId = Math.floor(checkRun / JOBS_PER_RUN);
  const run = [...scene.runs.values()].find((candidate) => candidate.id === runId) as Run | undefined;
  return playedJobs(run)[checkRun % JOBS_PER_RUN]?.annotations ?? [];
}

function headOf(scene: GitHubScene, ref: string) {
  return scene.repository?.resolve(ref)?.sha ?? scene.heads.get(ref);
}

function fileAt(scene: GitHubScene, file: string, ref: string) {
  const commit = scene.repository?.resolve(ref);
  return commit ? scene.repository!.text(commit, file) : scene.files.get(file);
}

/** What the Site workflow's runs and the repository's commits and files answer. */
function actionsAnswer(scene: GitHubScene, url: URL, api: string): Answer | undefined {
  const commit = /^\/repos\/[^/]+\/[^/]+\/commits\/(.+)$/.exec(url.pathname);
  const content = /^\/repos\/[^/]+\/[^/]+\/contents\/(.+)$/.exec(url.pathname);
  const jobs = /^\/repos\/[^/]+\/[^/]+\/actions\/runs\/(\d+)\/jobs$/.exec(url.pathname);
  const annotations = /^\/repos\/[^/]+\/[^/]+\/check-runs\/(\d+)\/annotations$/.exec(url.pathname);
  if (commit) {
    const sha = headOf(scene, decodeURIComponent(commit[1]!));
    return sha
      ? { status: 200, json: { ...recorded('get-commit'), sha } }
      : { status: 404, json: { message: 'No commit found for SHA' } };
  }
  if (/^\/repos\/[^/]+\/[^/]+\/actions\/workflows\/site\.yml\/runs$/.test(url.pathname))
    return scene.workflowMissing
      ? { status: 404, json: recorded('not-found') }
      : { status: 200, json: runsAnswer(scene, url.searchParams.get('head_sha') ?? '') };
  if (jobs) return { status: 200, json: jobsAnswer(scene, Number(jobs[1]), api) };
  if (annotations) return { status: 200, json: annotationsAnswer(scene, Number(annotations[1])) };
  if (content) {
    const text = fileAt(scene, decodeURIComponent(content[1]!), url.searchParams.get('ref') ?? 'main');
    return text === undefined
      ? { status: 404, json: { message: 'Not Found' } }
      : { status: 200, text, headers: { 'content-type': 'application/vnd.github.raw+json; charset=utf-8' } };
  }
  return undefined;
}

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** A user's picture, served by the server itself as GitHub Enterprise Server serves avatars (/avatars/u/{id}). */
const avatar = () => ({
  status: 200,
  body: readFileSync(path.resolve('public/apple-touch-icon.png')),
  headers: { 'content-type': 'image/png' },
});

async function answerOf(scene: GitHubScene, method: string, url: URL, body: Record<string, unknown>, api: string) {
  const { repository, viewer } = scene;
  if (url.pathname === '/api/graphql' && method === 'POST' && repository && viewer)
    return { status: 200, json: await answerGraphql(repository, viewer, body as { query: string }) };
  const rest = url.pathname.startsWith('/api/v3/')
    ? new URL(url.pathname.slice('/api/v3'.length) + url.search, url)
    : undefined;
  if (!rest) return { status: 404, json: { message: 'Not Found' } };
  const actions = method === 'GET' ? actionsAnswer(scene, rest, api) : undefined;
  if (actions) return actions;
  for (const [routeMethod, pattern, route] of restRoutes) {
    const match = pattern.exec(rest.pathname);
    if (match && routeMethod === method && repository && viewer)
      return route({ repository, viewer, match: [...match], query: rest.searchParams, body });
  }
  return { status: 404, json: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' } };
}

const send = (response: ServerResponse, { status, json, text, body, headers }: Answer & { body?: Buffer }) => {
  const type = json === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' };
  response
    .writeHead(status, { ...cors, ...type, ...headers })
    .end(json === undefined ? (body ?? text ?? '') : JSON.stringify(json));
};

/** The fields a GraphQL query asks at its top, aliases and all: what the request was about, for a failing test. */
function topFields(query: string): string {
  const depth = { '{': 0, '(': 0 };
  const fields: string[] = [];
  for (const [token] of query
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .matchAll(/[{}()]|[A-Za-z_]\w*(?:\s*:\s*[A-Za-z_]\w*)?/g)) {
    if (token === '{' || token === '(') depth[token] += 1;
    else if (token === '}') depth['{'] -= 1;
    else if (token === ')') depth['('] -= 1;
    else if (depth['{'] === 1 && depth['('] === 0) fields.push(token.replace(/\s+/g, ''));
  }
  return fields.join(', ');
}

/** Whether a request carries the scene's token, as GitHub takes it: "token …" or "Bearer …". */
const signedIn = (scene: GitHubScene, authorization: string | undefined) =>
  !scene.token || authorization === `token ${scene.token}` || authorization === `Bearer ${scene.token}`;

/** GitHub's refusal of a request its token lacks the permission for (AccessFaults.lacking), if it is one. */
function lackingPermission(scene: GitHubScene, asked: string, authorization: string | undefined): Answer | undefined {
  const lacking = scene.access?.lacking;
  if (!lacking || !signedIn({ ...scene, token: lacking.token }, authorization) || !lacking.matches(asked)) return;
  const refusal = recorded('resource-not-accessible') as { headers: Record<string, string>; body: unknown };
  return { status: 403, headers: refusal.headers, json: refusal.body };
}

/** Whether the connection of a request just done is cut (AccessFaults.cutAfter): reset before a byte is answered. */
function cutAfterDoing(scene: GitHubScene, entry: Asked, request: IncomingMessage): boolean {
  if (!scene.access?.cutAfter?.(entry.request, entry.operation)) return false;
  scene.access.cutAfter = undefined;
  entry.errors = ['connection cut after it was done'];
  request.socket.destroy();
  return true;
}

/**
 * Starts the stand-in on a loopback port: `url` is the server's address, `api` its REST API's root (what the
 * build is told with CMS_API_ROOT, and the CMS asks GraphQL beside it).
 */
export async function startGitHubStandIn(scene: GitHubScene) {
  const asked: Asked[] = [];
  const held = heldAnswers();
  let api = '';
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const method = request.method ?? 'GET';
    if (method === 'OPTIONS') return response.writeHead(204, preflight).end();
    const entry: Asked = {
      request: `${method} ${url.pathname.replace(/^\/api\/v3/, '')}${url.search}`,
      authorization: request.headers.authorization,
      headers: Object.keys(request.headers),
    };
    asked.push(entry);
    const answer = (answered: Answer & { body?: Buffer }) => {
      entry.status = answered.status;
      const { errors } = (answered.json ?? {}) as { errors?: { message: string }[] };
      if (errors) entry.errors = errors.map((error) => error.message);
      send(response, answered);
    };
    const refusal = scene.refuseNext;
    if (refusal && (refusal.matches?.(entry.request) ?? true)) {
      scene.refuseNext = undefined;
      return answer({
        status: refusal.status,
        headers: refusal.headers,
        json: refusal.json ?? (recorded('rate-limit-exceeded') as { body: Record<string, unknown> }).body,
      });
    }
    // Pictures are public, as GitHub's are: an <img> carries no token.
    if (/^\/avatars\/u\/\d+$/.test(url.pathname) && method === 'GET') return answer(avatar());
    if (!signedIn(scene, request.headers.authorization)) {
      // Said in the failure's report of what GitHub was asked: how the credentials differed, never the token itself.
      const sent = request.headers.authorization;
      entry.errors = [
        sent ? `Bad credentials: a header of ${sent.length} characters` : 'Bad credentials: no token sent',
      ];
      return answer({ status: 401, json: (recorded('bad-credentials') as { body: unknown }).body });
    }
    const short = lackingPermission(scene, entry.request, request.headers.authorization);
    if (short) return answer(short);
    // A run of the Site workflow starts, in progress, for each commit it runs for, in whichever repository is played.
    if (scene.repository)
      scene.repository.onRun = (commit) =>
        void (scene.workflowMissing || scene.runs.set(commit.sha, { status: 'in_progress', conclusion: null }));
    // The request's body is read first: a hold may be of one GraphQL question among others (by what it asks).
    let body: Record<string, unknown>;
    try {
      body = await bodyOf(request);
    } catch (error) {
      return answer({ status: 500, json: { message: String(error) } });
    }
    await held.wait(entry.request, body);
    try {
      if (typeof body.query === 'string') entry.operation = topFields(body.query);
      const answered = await answerOf(scene, method, url, body, api);
      if (!cutAfterDoing(scene, entry, request)) answer(answered);
    } catch (error) {
      answer({ status: 500, json: { message: String(error) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  api = `${url}/api/v3`;
  return {
    url,
    api,
    asked,
    /** Ends the run of a commit: passed, or failed with the annotations its build job reported. */
    settleRun(sha: string, annotations: Record<string, unknown>[] | undefined) {
      const run = scene.runs.get(sha);
      if (!run) throw new Error(`no run of the Site workflow for ${sha}`);
      Object.assign(run, { status: 'completed', conclusion: annotations ? 'failure' : 'success', annotations });
    },
    holdNext: held.holdNext,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
