/**
 * The stand-in's GraphQL API: each query and mutation the CMS sends is
 * executed by graphql-js against GitHub's own published schema
 * (@octokit/graphql-schema, the introspection of GitHub's GraphQL API), so
 * a query GitHub would refuse is refused here too, and every answer has the
 * shape GitHub's schema gives that query. Only the values are the stand-in's:
 * the repository's commits, files, branches and pull requests.
 */
import { schema as published } from '@octokit/graphql-schema';
import { buildClientSchema, type ExecutionResult, GraphQLError, type GraphQLSchema, graphql } from 'graphql';
import type { Commit, PullRequest, Repository } from './repository.ts';

let schema: GraphQLSchema | undefined;
const githubSchema = () => (schema ??= buildClientSchema(published.json as never));

/** The signed-in user, as GitHub's User object and as a commit's author. */
export interface Viewer {
  login: string;
  name: string;
  email: string;
  databaseId: number;
  avatarUrl: string;
}

const user = (viewer: Viewer) => ({ __typename: 'User', ...viewer, id: `U_${viewer.databaseId}` });

/** A blob of the repository, as GitHub's Blob object. */
function blob(repository: Repository, id: string) {
  const text = repository.blobs.get(id);
  if (text === undefined) return null;
  return {
    __typename: 'Blob',
    oid: id,
    text,
    byteSize: Buffer.byteLength(text),
    isBinary: false,
    isTruncated: false,
  };
}

/** A commit, as GitHub's Commit object: its history (optionally of one path), its files, no deployments or checks. */
function commitObject(repository: Repository, commit: Commit, viewer: Viewer): Record<string, unknown> {
  const author = { name: viewer.name, email: viewer.email, avatarUrl: viewer.avatarUrl, user: user(viewer) };
  return {
    __typename: 'Commit',
    oid: commit.sha,
    message: commit.message,
    committedDate: commit.date,
    author,
    file: ({ path }: { path: string }) => {
      const id = commit.files.get(path);
      return id ? { oid: id, path, name: path.split('/').at(-1) } : null;
    },
    history: ({ first, path }: { first: number; path?: string }) => {
      const nodes: Record<string, unknown>[] = [];
      for (let at: Commit | undefined = commit; at && nodes.length < first; ) {
        const parent: Commit | undefined = at.parent ? repository.commits.get(at.parent) : undefined;
        const touched = !path || at.files.get(path) !== parent?.files.get(path);
        if (touched && (!path || at.files.has(path))) nodes.push(commitObject(repository, at, viewer));
        at = parent;
      }
      return { nodes, totalCount: nodes.length };
    },
    // No deployment, check or status is reported to GitHub for the stand-in's commits.
    deployments: () => ({ nodes: [], totalCount: 0 }),
    checkSuites: () => ({ nodes: [], totalCount: 0 }),
    status: null,
  };
}

const ref = (repository: Repository, name: string, viewer: Viewer) => {
  const commit = repository.resolve(name);
  return commit ? { name: name.replace(/^refs\/heads\//, ''), target: commitObject(repository, commit, viewer) } : null;
};

function pullObject(repository: Repository, pull: PullRequest, viewer: Viewer) {
  const head = repository.resolve(pull.head);
  const base = repository.resolve(pull.base);
  const changed = [...new Set([...(head?.files.keys() ?? []), ...(base?.files.keys() ?? [])])].filter(
    (path) => head?.files.get(path) !== base?.files.get(path),
  );
  return {
    id: pull.nodeId,
    number: pull.number,
    title: pull.title,
    url: `https://github.com/${repository.owner}/${repository.name}/pull/${pull.number}`,
    isDraft: pull.draft,
    isCrossRepository: false,
    createdAt: pull.created,
    updatedAt: pull.updated,
    headRefName: pull.head,
    headRefOid: head?.sha ?? '',
    author: user(viewer),
    labels: () => ({ nodes: pull.labels.map((name) => ({ name })), totalCount: pull.labels.length }),
    files: () => ({
      nodes: changed.map((path) => ({
        path,
        changeType: !base?.files.has(path) ? 'ADDED' : !head?.files.has(path) ? 'DELETED' : 'MODIFIED',
      })),
      totalCount: changed.length,
    }),
  };
}

function repositoryObject(repository: Repository, viewer: Viewer) {
  return {
    id: Buffer.from(`010:Repository${repository.owner}/${repository.name}`).toString('base64'),
    name: repository.name,
    nameWithOwner: `${repository.owner}/${repository.name}`,
    defaultBranchRef: { name: repository.defaultBranch },
    ref: ({ qualifiedName }: { qualifiedName: string }) => ref(repository, qualifiedName, viewer),
    object: ({ oid, expression }: { oid?: string; expression?: string }) => {
      if (oid) {
        const commit = repository.commits.get(oid);
        return commit ? commitObject(repository, commit, viewer) : blob(repository, oid);
      }
      const [revision, path] = (expression ?? '').split(/:(.*)/s);
      const commit = repository.resolve(revision ?? '');
      const id = path ? commit?.files.get(path) : undefined;
      return id ? blob(repository, id) : null;
    },
    pullRequests: (args: { states?: string[]; labels?: string[]; first: number; headRefName?: string }) => {
      const nodes = repository.pulls
        .filter((pull) => !args.states || args.states.includes(pull.state.toUpperCase()))
        .filter((pull) => !args.labels || pull.labels.some((label) => args.labels!.includes(label)))
        .filter((pull) => !args.headRefName || pull.head === args.headRefName)
        .toSorted((a, b) => (a.updated < b.updated ? 1 : -1))
        .slice(0, args.first);
      return { nodes: nodes.map((pull) => pullObject(repository, pull, viewer)), totalCount: nodes.length };
    },
  };
}

interface CommitInput {
  branch: { repositoryNameWithOwner: string; branchName: string };
  expectedHeadOid: string;
  fileChanges?: { additions?: { path: string; contents: string }[]; deletions?: { path: string }[] };
  message: { headline: string; body?: string };
}

function mutations(repository: Repository, viewer: Viewer) {
  const draftState =
    (isDraft: boolean) =>
    ({ input }: { input: { pullRequestId: string } }) => {
      const pull = repository.pulls.find((candidate) => candidate.nodeId === input.pullRequestId);
      if (!pull) throw new GraphQLError(`Could not resolve to a node with the global id of '${input.pullRequestId}'`);
      Object.assign(pull, { draft: isDraft, updated: repository.now() });
      return { pullRequest: pullObject(repository, pull, viewer) };
    };
  return {
    createRef: ({ input }: { input: { name: string; oid: string } }) => {
      const name = input.name.replace(/^refs\/heads\//, '');
      if (!repository.createBranch(name, input.oid))
        throw new GraphQLError(`A ref named "${input.name}" already exists in the repository.`);
      return { ref: { name } };
    },
    createCommitOnBranch: ({ input }: { input: CommitInput }) => {
      const changes = Object.fromEntries(
        (input.fileChanges?.additions ?? []).map(({ path, contents }) => [
          path,
          Buffer.from(contents, 'base64').toString('utf8'),
        ]),
      );
      const deletions = (input.fileChanges?.deletions ?? []).map(({ path }) => path);
      const message = [input.message.headline, input.message.body].filter(Boolean).join('\n\n');
      const commit = repository.commitOnBranch(input.branch.branchName, input.expectedHeadOid, {
        changes,
        deletions,
        message,
      });
      if (!commit)
        throw new GraphQLError(
          `Expected branch to point to "${input.expectedHeadOid}" but it did not. Pull and try again.`,
        );
      return { commit: commitObject(repository, commit, viewer) };
    },
    convertPullRequestToDraft: draftState(true),
    markPullRequestReadyForReview: draftState(false),
  };
}

/** Executes one GraphQL request of the CMS against GitHub's schema, on the stand-in's repository. */
export function answerGraphql(
  repository: Repository,
  viewer: Viewer,
  request: { query: string; variables?: Record<string, unknown> },
): Promise<ExecutionResult> {
  const root = {
    repository: ({ owner, name }: { owner: string; name: string }) =>
      owner === repository.owner && name === repository.name ? repositoryObject(repository, viewer) : null,
    viewer: user(viewer),
    ...mutations(repository, viewer),
  };
  return graphql({
    schema: githubSchema(),
    source: request.query,
    variableValues: request.variables,
    rootValue: root,
  });
}
