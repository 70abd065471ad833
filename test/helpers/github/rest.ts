/**
 * The stand-in's REST answers for the CMS: each is GitHub's documented
 * example of its endpoint (test/fixtures/github/, source in its README) with
 * only the values of this repository set in it (ids, names, paths, labels,
 * times); a file's bytes are answered as GitHub answers the raw media type.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Viewer } from './graphql.ts';
import type { PullRequest, Repository } from './repository.ts';

type Json = Record<string, unknown>;
export const recorded = (name: string) =>
  JSON.parse(readFileSync(path.resolve('test/fixtures/github', `${name}.json`), 'utf8')) as Json;

/** An answer: its status, and a JSON body, a text body (the raw media type) or none. */
export interface Answer {
  status: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

/** What a REST route is given: the repository, the signed-in user, the match of its path, the query and body. */
interface Request {
  repository: Repository;
  viewer: Viewer;
  match: string[];
  query: URLSearchParams;
  body: Json;
}

const notFound: Answer = {
  status: 404,
  json: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' },
};

function userAnswer(viewer: Viewer): Answer {
  const example = recorded('get-authenticated-user');
  return {
    status: 200,
    json: {
      ...example,
      login: viewer.login,
      id: viewer.databaseId,
      name: viewer.name,
      email: viewer.email,
      avatar_url: viewer.avatarUrl,
    },
  };
}

/** A commit's files as a recursive tree: each folder and each file, as the documented tree entries. */
function treeAnswer({ repository, match }: Request): Answer {
  const commit = repository.resolve(decodeURIComponent(match[1]!));
  if (!commit) return notFound;
  const example = recorded('get-tree') as { tree: Json[] };
  const [fileEntry, folderEntry] = [example.tree[0]!, example.tree[1]!];
  const folders = new Set(
    [...commit.files.keys()].flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, at, parts) => parts.slice(0, at + 1).join('/')),
    ),
  );
  const tree = [
    ...[...folders].map((folder) => ({ ...folderEntry, path: folder })),
    ...[...commit.files].map(([file, id]) => ({
      ...fileEntry,
      path: file,
      sha: id,
      size: Buffer.byteLength(repository.blobs.get(id)!),
    })),
  ].sort((a, b) => (String(a.path) < String(b.path) ? -1 : 1));
  return { status: 200, json: { ...example, sha: commit.sha, tree, truncated: false } };
}

function pullAnswer(repository: Repository, pull: PullRequest, example: Json): Json {
  const head = example.head as Json;
  const base = example.base as Json;
  return {
    ...example,
    number: pull.number,
    node_id: pull.nodeId,
    title: pull.title,
    html_url: `https://github.com/${repository.owner}/${repository.name}/pull/${pull.number}`,
    state: pull.state,
    draft: pull.draft,
    merged: pull.merged,
    created_at: pull.created,
    updated_at: pull.updated,
    labels: pull.labels.map((name) => ({ ...(recorded('add-labels') as unknown as Json[])[0], name })),
    head: { ...head, ref: pull.head, sha: repository.resolve(pull.head)?.sha },
    base: { ...base, ref: pull.base, sha: repository.resolve(pull.base)?.sha },
  };
}

function issueAnswer(repository: Repository, pull: PullRequest, example: Json): Json {
  const label = (recorded('add-labels') as unknown as Json[])[0]!;
  return {
    ...example,
    number: pull.number,
    title: pull.title,
    state: pull.state,
    labels: pull.labels.map((name) => ({ ...label, name })),
    html_url: `https://github.com/${repository.owner}/${repository.name}/pull/${pull.number}`,
    created_at: pull.created,
    updated_at: pull.updated,
  };
}

const pullOf = (request: Request) => request.repository.pull(Number(request.match[1]));

/** The REST routes the CMS takes, by method and path under /repos/{owner}/{repo} (and /user). */
export const restRoutes: [string, RegExp, (request: Request) => Answer][] = [
  ['GET', /^\/user$/, ({ viewer }) => userAnswer(viewer)],
  // Check if a user is a repository collaborator: 204, no body.
  [
    'GET',
    /^\/repos\/[^/]+\/[^/]+\/collaborators\/([^/]+)$/,
    ({ viewer, match }) => (decodeURIComponent(match[1]!) === viewer.login ? { status: 204 } : notFound),
  ],
  ['GET', /^\/repos\/[^/]+\/[^/]+\/git\/trees\/(.+)$/, treeAnswer],
  [
    'GET',
    /^\/repos\/[^/]+\/[^/]+\/git\/blobs\/([0-9a-f]{40})$/,
    ({ repository, match }) => {
      const text = repository.blobs.get(match[1]!);
      return text === undefined
        ? notFound
        : { status: 200, text, headers: { 'content-type': 'application/vnd.github.raw; charset=utf-8' } };
    },
  ],
  [
    'PATCH',
    /^\/repos\/[^/]+\/[^/]+\/git\/refs\/heads\/(.+)$/,
    ({ repository, match, body }) => {
      const branch = decodeURI(match[1]!);
      if (!repository.branches.has(branch) || !repository.commits.has(String(body.sha))) return notFound;
      repository.branches.set(branch, String(body.sha));
      const example = recorded('update-ref');
      return {
        status: 200,
        json: { ...example, ref: `refs/heads/${branch}`, object: { ...(example.object as Json), sha: body.sha } },
      };
    },
  ],
  [
    'DELETE',
    /^\/repos\/[^/]+\/[^/]+\/git\/refs\/heads\/(.+)$/,
    ({ repository, match }) => (repository.branches.delete(decodeURI(match[1]!)) ? { status: 204 } : notFound),
  ],
  [
    'POST',
    /^\/repos\/[^/]+\/[^/]+\/pulls$/,
    ({ repository, body }) => {
      // GitHub opens one pull request from a branch onto a base: a second is refused, as its documentation says
      // ("Create a pull request": 422 Validation failed), in the words GitHub gives.
      const head = String(body.head);
      if (repository.pulls.some((pull) => pull.state === 'open' && pull.head === head && pull.base === body.base))
        return {
          status: 422,
          json: {
            message: 'Validation Failed',
            errors: [
              {
                resource: 'PullRequest',
                code: 'custom',
                message: `A pull request already exists for ${repository.owner}:${head}.`,
              },
            ],
            documentation_url: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request',
            status: '422',
          },
        };
      const pull = repository.openPull({
        title: String(body.title),
        head: String(body.head),
        base: String(body.base),
        draft: Boolean(body.draft),
      });
      return { status: 201, json: pullAnswer(repository, pull, recorded('create-pull-request')) };
    },
  ],
  [
    'POST',
    /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/labels$/,
    (request) => {
      const pull = pullOf(request);
      if (!pull) return notFound;
      pull.labels = [...new Set([...pull.labels, ...((request.body.labels as string[]) ?? [])])];
      const label = (recorded('add-labels') as unknown as Json[])[0]!;
      return { status: 200, json: pull.labels.map((name) => ({ ...label, name })) };
    },
  ],
  [
    'GET',
    /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)$/,
    (request) => {
      const pull = pullOf(request);
      return pull ? { status: 200, json: issueAnswer(request.repository, pull, recorded('get-issue')) } : notFound;
    },
  ],
  [
    'PATCH',
    /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)$/,
    (request) => {
      const pull = pullOf(request);
      if (!pull) return notFound;
      if (Array.isArray(request.body.labels)) pull.labels = request.body.labels.map(String);
      pull.updated = request.repository.now();
      return { status: 200, json: issueAnswer(request.repository, pull, recorded('update-issue')) };
    },
  ],
  [
    'PUT',
    /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/merge$/,
    (request) => {
      const pull = pullOf(request);
      if (pull?.state !== 'open') return notFound;
      const commit = request.repository.merge(pull, String(request.body.commit_title ?? pull.title));
      return { status: 200, json: { ...recorded('merge-pull-request'), sha: commit.sha } };
    },
  ],
  [
    'PATCH',
    /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/,
    (request) => {
      const pull = pullOf(request);
      if (!pull) return notFound;
      if (request.body.state === 'closed' || request.body.state === 'open') pull.state = request.body.state;
      pull.updated = request.repository.now();
      return { status: 200, json: pullAnswer(request.repository, pull, recorded('update-pull-request')) };
    },
  ],
];
