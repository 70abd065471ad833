/**
 * The commit of a save goes on top of the file the save was merged with, or
 * not at all (two editors, one file: save-merge.ts). The CMS asks GitHub for
 * the branch's head just before it commits, a moment after the site's script
 * read the file: a third save landing in between would be committed over with
 * the file as it was before it. So the commit's expected head (GraphQL
 * createCommitOnBranch's expectedHeadOid) is the commit the file was read
 * from, and GitHub refuses it ("Expected branch to point to …") when the
 * branch has moved since; that refusal is said in the editor's words, and
 * Save again merges the newer file in.
 *
 * A handler of the one interception of the CMS's requests
 * (deploy/github-requests.ts), added before the others, so that they see the
 * commit as it is sent: it changes only a createCommitOnBranch on the branch
 * named, once, and the words of its refusal.
 */
import type { GitHubCall, GitHubHandler } from '../deploy/github-requests.ts';
import { mark, panel, timeOfDay } from './build-panel.ts';

/**
 * The branch the next commit goes to, and the commit it must go on top of; spent by that commit. Kept on the page's
 * global object: the editor's script sets it (save-merge.ts) and the preview pane's, which holds the interception
 * (deploy/deploy-status.ts), spends it; each bundle has its own copy of this module.
 */
const pending = globalThis as { eccronCommitBase?: { branch: string; oid: string; what: string } };

/** GitHub's words when a commit's expected head is not the branch's (GraphQL createCommitOnBranch). */
const MOVED = /^Expected branch to point to/;

/** The refusal in the editor's words, of `what` was being saved ("this list", "this page"). */
const movedWords = (what: string) =>
  `Someone else saved ${what} just as you saved yours. Nothing of yours was written, and your changes are still in the form: press Save again to save them on top of theirs.`;

export const MOVED_WORDS = movedWords('this list');

interface CommitInput {
  branch?: { branchName?: string };
  expectedHeadOid?: string;
}

/** The call with the expected head set, when it is the commit awaited; else undefined. */
function withExpectedHead(call: GitHubCall): { commit: GitHubCall; words: string } | undefined {
  const variables = call.body?.variables as { input?: CommitInput } | undefined;
  const input = variables?.input;
  const expected = pending.eccronCommitBase;
  if (!expected || call.mutation !== 'createCommitOnBranch' || input?.branch?.branchName !== expected.branch)
    return undefined;
  const body = { ...call.body, variables: { ...variables, input: { ...input, expectedHeadOid: expected.oid } } };
  pending.eccronCommitBase = undefined;
  return {
    commit: { ...call, body, init: { ...call.init, body: JSON.stringify(body) } },
    words: movedWords(expected.what),
  };
}

/** A refusal over a moved branch, said in the editor's words (the CMS shows the message in its error), and in the panel. */
async function said(response: Response, words: string): Promise<Response> {
  const answer = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { errors?: { message?: string }[] } | undefined;
  if (!answer?.errors?.some((error) => MOVED.test(error.message ?? ''))) return response;
  const view = panel();
  view.check.dataset.check = 'moved';
  mark('refused');
  view.check.textContent = `✗ Not saved (at ${timeOfDay()}): ${words}`;
  const errors = answer.errors.map((error) => (MOVED.test(error.message ?? '') ? { ...error, message: words } : error));
  return new Response(JSON.stringify({ ...answer, errors }), { status: response.status, headers: response.headers });
}

/** The next commit onto `branch` must go on top of `oid`; its refusal speaks of `what` ("this page"). */
export function expectCommitOn(branch: string, oid: string, what = 'this list') {
  pending.eccronCommitBase = { branch, oid, what };
}

/** The handler that puts the awaited commit on its expected head and says GitHub's refusal of it. */
export const onExpectedHead: GitHubHandler = async (call, next) => {
  const awaited = withExpectedHead(call);
  return awaited ? said(await next(awaited.commit), awaited.words) : next(call);
};
