/**
 * A save whose connection to GitHub drops (issue 50, case 3): a request that
 * never answers, a connection reset half-way, the browser offline. A write's
 * answer lost is not a write that did not happen: before the CMS is told
 * anything, GitHub is asked what became of it, once the connection is back.
 *
 *  - The commit (createCommitOnBranch): the branch's head is the commit the
 *    save expected to build on → it did not arrive, and is sent again (GitHub
 *    refuses a second one anyway: it names the head it expects); the head is a
 *    commit on top of it holding exactly the files sent → it arrived, and the
 *    CMS is given GitHub's answer as it would have come.
 *  - The pull request's creation: an open pull request from the entry's branch
 *    → it was made, and is adopted: the CMS is given it as created, and labels
 *    it as it labels a new one (so the Workflow tab shows it). GitHub's 422 "A
 *    pull request already exists" (a save stuck so before this) is adopted the
 *    same way.
 *  - Anything else the save asks is asked again once.
 *
 * The browser may have sent the request again itself, unseen (Chromium does
 * when a reused connection is reset before any answer): GitHub then refuses
 * the second commit (its expected head is no longer the head) or pull request
 * ("already exists"), and these refusals are recovered the same way.
 *
 * The panel says which: saved (the answer had arrived, or was sent again), or
 * not saved, with the changes still on screen.
 */
import { type GitHubCall, type GitHubRequests, REFUSED } from './github-requests.ts';
import type { LostAnswer } from './live-words.ts';

/** How long a request of a save may go unanswered before it is taken as lost (the page's clock). */
export const ANSWER_WITHIN_MS = 60_000;
/** How long a save waits for the connection to come back before it says it was not saved. */
const OFFLINE_FOR_MS = 10 * 60_000;

type Json = Record<string, unknown>;

/** Git's id of a file's bytes (given as base64): the SHA-1 of "blob <length>\0" and the bytes, as GitHub names blobs. */
export async function blobId(base64: string): Promise<string> {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const head = new TextEncoder().encode(`blob ${bytes.length}\0`);
  const whole = new Uint8Array(head.length + bytes.length);
  whole.set(head);
  whole.set(bytes, head.length);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', whole));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The fields a GraphQL document asks of `field { … }`, braces matched. */
function selectionOf(query: string, field: string): string {
  const start = query.indexOf('{', query.indexOf(field, query.indexOf('createCommitOnBranch')));
  let depth = 0;
  for (let at = start; at < query.length; at += 1) {
    if (query[at] === '{') depth += 1;
    if (query[at] === '}' && --depth === 0) return query.slice(start + 1, at);
  }
  return 'oid';
}

interface CommitInput {
  branch: { repositoryNameWithOwner: string; branchName: string };
  expectedHeadOid: string;
  fileChanges?: { additions?: { path: string; contents: string }[]; deletions?: { path: string }[] };
}

/** Whether a commit whose answer was lost arrived: GitHub's answer as it would have come, 'absent', or 'other'. */
async function commitArrived(requests: GitHubRequests, call: GitHubCall): Promise<Response | 'absent' | 'other'> {
  const { query, variables } = call.body as { query: string; variables: { input: CommitInput } };
  const { branch, expectedHeadOid, fileChanges } = variables.input;
  const [owner, name] = branch.repositoryNameWithOwner.split('/');
  const additions = fileChanges?.additions ?? [];
  const deletions = fileChanges?.deletions ?? [];
  const files = [...additions, ...deletions]
    .map(({ path }, index) => `eccronFile${index}: file(path: ${JSON.stringify(path)}) { oid }`)
    .join(' ');
  const asked = await requests.graphql<{ repository: { ref: { target: Json } | null } | null }>(
    `query($owner: String!, $name: String!, $branch: String!) { repository(owner: $owner, name: $name) { ref(qualifiedName: $branch) { target { ... on Commit { ${selectionOf(query, 'commit')} eccronHistory: history(first: 2) { nodes { oid } } ${files} } } } } }`,
    { owner, name, branch: `refs/heads/${branch.branchName}` },
  );
  const head = asked.repository?.ref?.target;
  if (!head || head.oid === expectedHeadOid) return 'absent';
  const parent = (head.eccronHistory as { nodes: { oid: string }[] }).nodes[1]?.oid;
  const sent = await Promise.all(additions.map(({ contents }) => blobId(contents)));
  const found = (index: number) => (head[`eccronFile${index}`] as { oid: string } | null)?.oid;
  const same =
    sent.every((id, index) => found(index) === id) && deletions.every((_, index) => !found(additions.length + index));
  if (parent !== expectedHeadOid || !same) return 'other';
  const commit = Object.fromEntries(Object.entries(head).filter(([key]) => !key.startsWith('eccron')));
  return Response.json({ data: { createCommitOnBranch: { commit } } });
}

/** The open pull request from the branch a creation was asked for, as GitHub's REST API answers its creation. */
async function openPull(requests: GitHubRequests, call: GitHubCall): Promise<Response | undefined> {
  const [, owner, name] = /^\/repos\/([^/]+)\/([^/]+)\/pulls$/.exec(call.path) ?? [];
  const branch = String(call.body?.head ?? '').replace(/^[^:]*:/, '');
  const asked = await requests.graphql<{ repository: { pullRequests: { nodes: Json[] } } | null }>(
    'query($owner: String!, $name: String!, $branch: String!) { repository(owner: $owner, name: $name) { pullRequests(headRefName: $branch, states: OPEN, first: 1) { nodes { id number title url isDraft createdAt updatedAt headRefName headRefOid } } } }',
    { owner, name, branch },
  );
  const pull = asked.repository?.pullRequests.nodes[0];
  if (!pull) return undefined;
  return Response.json(
    {
      number: pull.number,
      node_id: pull.id,
      title: pull.title,
      html_url: pull.url,
      state: 'open',
      draft: pull.isDraft,
      created_at: pull.createdAt,
      updated_at: pull.updatedAt,
      labels: [],
      head: { ref: pull.headRefName, sha: pull.headRefOid },
      base: { ref: call.body?.base },
    },
    { status: 201 },
  );
}

const opensPull = (call: GitHubCall) => call.method === 'POST' && /^\/repos\/[^/]+\/[^/]+\/pulls$/.test(call.path);

/** How often, while the browser says it is offline, the editor asks whether GitHub answers all the same. */
const PROBE_EVERY_MS = 15_000;

/**
 * Whether GitHub answers at all, whatever the status: the connection is there even when the browser says it is
 * offline (it does so of a computer whose only network is its own, or behind some VPNs). GitHub's rate limit is asked,
 * which counts against no limit.
 */
const reachable = (requests: GitHubRequests) =>
  requests.ask('/rate_limit', { cache: 'no-store' }).then(
    () => true,
    () => false,
  );

/**
 * Waits until GitHub can be reached (the browser online, or GitHub answering), or `ms` of the page's clock; whether
 * it can. `waiting` is told when it cannot at first.
 */
async function connected(requests: GitHubRequests, ms: number, waiting: () => void): Promise<boolean> {
  if (navigator.onLine || (await reachable(requests))) return true;
  waiting();
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      clearInterval(probe);
      window.removeEventListener('online', back);
      resolve(value);
    };
    const back = () => done(true);
    const timer = setTimeout(() => done(navigator.onLine), ms);
    const probe = setInterval(() => void reachable(requests).then((answers) => answers && done(true)), PROBE_EVERY_MS);
    window.addEventListener('online', back);
  });
}

/**
 * How slow a connection the wait for an answer allows for what a request sends (a large file's commit): 50 kB a
 * second, a slow hospital network's, on top of ANSWER_WITHIN_MS.
 */
const SLOWEST_BYTES_PER_SECOND = 50_000;

/** Sends a call, taken as lost when no answer comes within ANSWER_WITHIN_MS and the time its body takes to send. */
async function answered(call: GitHubCall, next: (call: GitHubCall) => Promise<Response>): Promise<Response> {
  const controller = new AbortController();
  const sending = typeof call.init.body === 'string' ? call.init.body.length / SLOWEST_BYTES_PER_SECOND : 0;
  const timer = setTimeout(() => controller.abort(), ANSWER_WITHIN_MS + Math.ceil(sending) * 1000);
  try {
    return await next({ ...call, init: { ...call.init, signal: controller.signal } });
  } finally {
    clearTimeout(timer);
  }
}

/** Saves whose answers are lost, recovered as GitHub has them; said in the panel (`say`). */
export function recoverLostAnswers(requests: GitHubRequests, say: (outcome: LostAnswer) => void) {
  let outcome: LostAnswer | undefined;
  const took = (how: LostAnswer, answer: Response) => {
    outcome = how;
    return answer;
  };
  const recover = async (call: GitHubCall, next: (call: GitHubCall) => Promise<Response>): Promise<Response> => {
    if (!(await connected(requests, OFFLINE_FOR_MS, () => say('offline')))) throw new Error('offline');
    say('asking');
    if (call.mutation === 'createCommitOnBranch') {
      const arrived = await commitArrived(requests, call);
      if (arrived instanceof Response) return took('arrived', arrived);
      if (arrived === 'other') throw new Error('the branch moved');
    } else if (opensPull(call)) {
      const adopted = await openPull(requests, call);
      if (adopted) return took('adopted', adopted);
    }
    outcome ??= 'resent';
    return answered(call, next);
  };
  /**
   * A write refused because it was done already: the browser itself sends a request again when its connection is reset
   * before any answer (as Chromium does on a reused connection), and GitHub then refuses the second. A commit refused
   * over a head that is the commit itself, and "A pull request already exists for …" (also a save stuck so before
   * this editor recovered it), are the save's own, taken up.
   */
  const resentByTheBrowser = async (call: GitHubCall, response: Response): Promise<Response | undefined> => {
    if (call.mutation === 'createCommitOnBranch' && response.ok) {
      if (!/Expected branch to point to/.test(await response.clone().text())) return undefined;
      const arrived = await commitArrived(requests, call).catch(() => undefined);
      if (arrived instanceof Response) return took('arrived', arrived);
    }
    if (opensPull(call) && response.status === 422 && /already exists/i.test(await response.clone().text())) {
      const adopted = await openPull(requests, call).catch(() => undefined);
      if (adopted) return took('adopted', adopted);
    }
    return undefined;
  };
  requests.use(async (call, next) => {
    if (!requests.saving) return next(call);
    let response: Response;
    try {
      response = await answered(call, next);
    } catch (error) {
      if (error instanceof Error && error.message === REFUSED) throw error;
      try {
        return await recover(call, next);
      } catch (lost) {
        if (lost instanceof Error && lost.message === REFUSED) throw lost;
        requests.saving = false;
        outcome = undefined;
        say('not-saved');
        throw new Error(REFUSED);
      }
    }
    return (await resentByTheBrowser(call, response)) ?? response;
  });
  return {
    /** A save starts: nothing lost yet. */
    started: () => {
      outcome = undefined;
    },
    /** A save done: what was recovered on its way, if anything. */
    done: () => outcome,
  };
}
