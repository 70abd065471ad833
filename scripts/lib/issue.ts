/**
 * One issue a scheduled workflow keeps up to date (the broken links, the
 * members' works not on the site): what the run found, and what to do with
 * the issue open now. Imports nothing from npm, so the workflow's issue step
 * runs it with Node alone, without installing packages next to a write token.
 */

/** The issue as GitHub hands it back: found again by its exact title. */
export interface OpenIssue {
  number: number;
  body: string;
}

/** What a run found: a list to show, nothing left to show, or nothing known (no network, every request failed). */
export type WantedIssue =
  | { title: string; state: 'list'; body: string }
  | { title: string; state: 'empty'; comment: string }
  | { title: string; state: 'unknown'; reason: string };

export type IssueAction =
  | { action: 'open'; title: string; body: string }
  | { action: 'update'; number: number; body: string }
  | { action: 'close'; number: number; comment: string }
  | { action: 'nothing'; reason: string };

/** GitHub may hand a body back with CRLF line ends once someone has edited it in the browser. */
const sameText = (a: string, b: string) => a.replace(/\r\n/g, '\n').trim() === b.replace(/\r\n/g, '\n').trim();

/** Open, update, close or leave alone: a body without dates, so the same findings leave the issue as it is. */
export function issueAction(wanted: WantedIssue, open: OpenIssue | null): IssueAction {
  if (wanted.state === 'unknown') return { action: 'nothing', reason: wanted.reason };
  if (wanted.state === 'empty') {
    if (open) return { action: 'close', number: open.number, comment: wanted.comment };
    return { action: 'nothing', reason: 'nothing to list and no open issue' };
  }
  if (!open) return { action: 'open', title: wanted.title, body: wanted.body };
  if (sameText(open.body, wanted.body))
    return { action: 'nothing', reason: `issue #${open.number} already lists these` };
  return { action: 'update', number: open.number, body: wanted.body };
}
