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
 * This is the site's one interception of the CMS's requests for this job: the
 * page's fetch, wrapped once, changes only a createCommitOnBranch on the branch
 * named, once, and the words of its refusal.
 */
import { panel, timeOfDay } from './build-panel.ts';

/** The branch the next commit goes to, and the commit it must go on top of; spent by that commit. */
let expected: { branch: string; oid: string } | undefined;

/** GitHub's words when a commit's expected head is not the branch's (GraphQL createCommitOnBranch). */
const MOVED = /^Expected branch to point to/;

export const MOVED_WORDS =
  'Someone else saved this list just as you saved yours. Nothing of yours was written, and your changes are still in the form: press Save again to save them on top of theirs.';

interface CommitRequest {
  query?: string;
  variables?: { input?: { branch?: { branchName?: string }; expectedHeadOid?: string } };
}

/** The request's body with the expected head set, when it is the commit awaited; else undefined. */
function withExpectedHead(body: unknown): string | undefined {
  if (!expected || typeof body !== 'string' || !body.includes('createCommitOnBranch')) return undefined;
  const request = JSON.parse(body) as CommitRequest;
  const input = request.variables?.input;
  if (!request.query?.includes('createCommitOnBranch') || input?.branch?.branchName !== expected.branch)
    return undefined;
  input.expectedHeadOid = expected.oid;
  expected = undefined;
  return JSON.stringify(request);
}

/** A refusal over a moved branch, said in the editor's words (the CMS shows the message in its error), and in the panel. */
async function said(response: Response): Promise<Response> {
  const answer = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { errors?: { message?: string }[] } | undefined;
  if (!answer?.errors?.some((error) => MOVED.test(error.message ?? ''))) return response;
  const view = panel();
  view.check.dataset.check = 'moved';
  view.check.textContent = `✗ Not saved (at ${timeOfDay()}): ${MOVED_WORDS}`;
  const errors = answer.errors.map((error) =>
    MOVED.test(error.message ?? '') ? { ...error, message: MOVED_WORDS } : error,
  );
  return new Response(JSON.stringify({ ...answer, errors }), { status: response.status, headers: response.headers });
}

let wrapped = false;

/** The next commit onto `branch` must go on top of `oid`. */
export function expectCommitOn(branch: string, oid: string) {
  expected = { branch, oid };
  if (wrapped) return;
  wrapped = true;
  const send = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const body = withExpectedHead(init?.body);
    if (body === undefined) return send(input, init);
    return said(await send(input, { ...init, body }));
  };
}
