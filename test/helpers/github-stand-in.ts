/**
 * A loopback stand-in for the parts of GitHub's REST API that the editor asks
 * about the site workflow's verdict on a commit: the commit a branch points
 * at, the Site workflow's runs for a commit, a run's jobs, a check run's
 * annotations, and a file as it is in a commit. Each answer is GitHub's own
 * documented example (test/fixtures/github/, source in its README), with only
 * the fields a scenario is about set to what the test plays: the commit's sha,
 * the run's status and conclusion, the failed job, and the annotations, which
 * the test makes from the build's real output through the Site workflow's
 * problem matcher.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const recorded = (name: string) =>
  JSON.parse(readFileSync(path.resolve('test/fixtures/github', `${name}.json`), 'utf8')) as Record<string, unknown>;

/** What the stand-in plays: each branch's head, each commit's run, the annotations of a refused build, the files. */
export interface GitHubScene {
  heads: Map<string, string>;
  runs: Map<string, { status: 'queued' | 'in_progress' | 'completed'; conclusion: string | null }>;
  annotations: Record<string, unknown>[];
  files: Map<string, string>;
  /** Answer the next request with this status and headers (a rate limit), once. */
  refuseNext?: { status: number; headers: Record<string, string> };
}

/** Every request the stand-in answered, as "METHOD path", with the Authorization it carried. */
interface Asked {
  request: string;
  authorization: string | undefined;
}

const RUN_ID = 30433642;

function runsAnswer(scene: GitHubScene, sha: string) {
  const example = recorded('list-workflow-runs') as { workflow_runs: Record<string, unknown>[] };
  const run = scene.runs.get(sha);
  if (!run) return { ...example, total_count: 0, workflow_runs: [] };
  return {
    ...example,
    total_count: 1,
    workflow_runs: [{ ...example.workflow_runs[0], id: RUN_ID, head_sha: sha, ...run }],
  };
}

function jobsAnswer(scene: GitHubScene) {
  const example = recorded('list-jobs-for-workflow-run') as { jobs: Record<string, unknown>[] };
  const refused = [...scene.runs.values()].some((run) => run.conclusion === 'failure');
  return { ...example, jobs: example.jobs.map((job) => ({ ...job, conclusion: refused ? 'failure' : 'success' })) };
}

function answer(scene: GitHubScene, url: URL, response: ServerResponse) {
  const json = (body: unknown) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const commit = /^\/repos\/[^/]+\/[^/]+\/commits\/(.+)$/.exec(url.pathname);
  const content = /^\/repos\/[^/]+\/[^/]+\/contents\/(.+)$/.exec(url.pathname);
  if (commit) {
    const sha = scene.heads.get(decodeURIComponent(commit[1]!));
    if (!sha)
      return response
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"message":"No commit found for SHA"}');
    return json({ ...recorded('get-commit'), sha });
  }
  if (/^\/repos\/[^/]+\/[^/]+\/actions\/workflows\/site\.yml\/runs$/.test(url.pathname))
    return json(runsAnswer(scene, url.searchParams.get('head_sha') ?? ''));
  if (/^\/repos\/[^/]+\/[^/]+\/actions\/runs\/\d+\/jobs$/.test(url.pathname)) return json(jobsAnswer(scene));
  if (/\/check-runs\/\d+\/annotations$/.test(url.pathname)) return json(scene.annotations);
  if (content) {
    const text = scene.files.get(decodeURIComponent(content[1]!));
    if (text === undefined) return response.writeHead(404).end();
    return response.writeHead(200, { 'content-type': 'application/vnd.github.raw+json' }).end(text);
  }
  response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
}

/** Starts the stand-in on a loopback port; `url` is where GitHub's API would be. */
export async function startGitHubStandIn(scene: GitHubScene) {
  const asked: Asked[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    asked.push({
      request: `${request.method} ${url.pathname}${url.search}`,
      authorization: request.headers.authorization,
    });
    const refusal = scene.refuseNext;
    if (refusal) {
      scene.refuseNext = undefined;
      return response.writeHead(refusal.status, refusal.headers).end('{"message":"API rate limit exceeded"}');
    }
    answer(scene, url, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
