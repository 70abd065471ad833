/**
 * What the editor's panel says of the site's check of a change, in the
 * editor's words: waiting, building, passed, refused (each problem at its
 * field), and what goes wrong on the live site that is not the content: a rate
 * limit of GitHub's, a check that never starts, a run that fails elsewhere
 * than on the content, a published site that is not the build.
 */
import type { PlacedProblem } from '../editor-places.ts';
import { placeProblem } from './problem-place.ts';
import { fileAt, type GitHubAccess, type RunVerdict } from './site-run.ts';

/** How long without a run taken up by a runner before the panel says no check has started (and why that may be). */
export const NO_CHECK_AFTER_MS = 10 * 60_000;
/**
 * How long a run is said to be "being built" before the panel says it is taking longer than usual: asked at most a
 * minute apart, it says so before 15 minutes.
 */
export const SLOW_AFTER_MS = 14 * 60_000;

/** What a follow is about: a save on the entry's branch, or a publish onto the site's branch. */
export interface Follow {
  kind: 'save' | 'publish';
  branch: string;
  /** The entry's address in the editor (#/collections/…/entries/…), and its name there. */
  hash: string;
  label: string;
  pages: string[];
}

export interface Shown {
  state: RunVerdict['state'] | 'asking' | 'unknown' | 'rate-limited' | 'no-check' | 'slow' | 'signed-out';
  text: string;
  run?: string;
  /** A page of the repository's settings its keeper should look at, and its name. */
  settings?: { href: string; text: string };
  pages?: { href: string; text: string }[];
  problems?: PlacedProblem[];
}

/** A wait in words: "45 seconds", "1 minute", "12 minutes" (rounded up: never sooner than said). */
function waitInWords(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)} ${Math.ceil(seconds) === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** A rate limit of GitHub's: the wait it asked for, and that the panel asks again by itself then. */
export function rateLimited(what: Follow, seconds: number, run: string | undefined): Shown {
  return {
    state: 'rate-limited',
    ...(run ? { run } : {}),
    text: `${what.kind === 'save' ? 'Saved' : 'Published'}. GitHub asks the editor to wait before asking about the site’s check again (too many questions to GitHub just now): this panel asks again by itself in ${waitInWords(seconds)}. Your change is kept; nothing needs doing.`,
  };
}

/** A run not yet settled: waiting, queued or building; past its usual time, said so, with where the keeper looks. */
function pending(verdict: RunVerdict, what: Follow, context: FollowContext, elapsed: number): Shown {
  const saved = what.kind === 'save';
  const run = 'url' in verdict ? { run: verdict.url } : {};
  if ((verdict.state === 'waiting' || verdict.state === 'queued') && elapsed >= NO_CHECK_AFTER_MS) {
    const why =
      verdict.state === 'queued'
        ? 'GitHub has queued it, but no machine (runner) has taken it up'
        : 'GitHub Actions may be turned off for the repository, or the site’s workflow file (.github/workflows/site.yml) missing or renamed';
    return {
      state: 'no-check',
      ...run,
      settings: context.actionsSettings,
      text: `${saved ? 'Saved, but no check has started for this change' : 'Published, but no build of the site has started'} in ${NO_CHECK_AFTER_MS / 60_000} minutes: ${why}. Your change is kept${saved ? '' : ', and the live site is not updated yet'}. The repository’s keeper should look at its Actions settings.`,
    };
  }
  if (verdict.state === 'building' && elapsed >= SLOW_AFTER_MS)
    return {
      state: 'slow',
      ...run,
      text: `The site’s ${saved ? 'check' : 'build'} of this change has been running for ${Math.floor(elapsed / 60_000)} minutes, longer than usual. This panel keeps asking and shows its verdict when it comes; the check on GitHub shows where it is.`,
    };
  if (verdict.state === 'building')
    return {
      state: 'building',
      ...run,
      text: saved
        ? 'The site is being built with this change…'
        : 'Publishing: the site is being built with this change…',
    };
  return {
    state: verdict.state,
    ...run,
    text: saved
      ? 'Saved. Waiting for the site’s check of this change to start…'
      : 'Published. Waiting for the site to be built…',
  };
}

/** A run that failed for a reason that is not the content, or published a site that is not its build. */
function notTheContent(
  verdict: RunVerdict & { state: 'failed' | 'unverified' },
  what: Follow,
  context: FollowContext,
): Shown {
  if (verdict.state === 'unverified')
    return {
      state: verdict.state,
      run: verdict.url,
      pages: what.pages.map((path) => ({ href: context.absolute(path), text: context.absolute(path) })),
      text:
        verdict.found === 'differs'
          ? 'Published, but the live site is not this build: the check after publishing found differences (the check on GitHub names each). Your change is fine; the repository’s keeper should look at the check on GitHub.'
          : 'Published, but whether the live site is this build could not be checked (the check on GitHub says what did not come, and why). Your change is fine; the repository’s keeper should look at the check on GitHub.',
    };
  const { job, step, conclusion } = verdict.failed;
  const where = step ? `the step “${step}” of the ${job} job` : `the ${job} job`;
  const how = conclusion === 'cancelled' ? 'was cancelled' : conclusion === 'timed_out' ? 'ran out of time' : 'failed';
  const could = verdict.afterBuild ? 'could not be published' : 'could not be built';
  return {
    state: verdict.state,
    run: verdict.url,
    text: `Your change is fine; the site ${could} for another reason: ${where} ${how}, which is not about what you typed. ${what.kind === 'save' ? 'Nothing needs changing in this entry' : 'The live site was not changed'}; the repository’s keeper should look at the check on GitHub.`,
  } satisfies Shown;
}

/** The verdict in the editor’s words: a save’s check, or a publish’s build and deploy. */
export async function shownOf(
  verdict: RunVerdict,
  follow: Follow,
  context: FollowContext,
  sha: string,
  elapsed: number,
): Promise<Shown> {
  const saved = follow.kind === 'save';
  switch (verdict.state) {
    case 'waiting':
    case 'queued':
    case 'building':
      return pending(verdict, follow, context, elapsed);
    case 'passed':
      return saved
        ? {
            state: 'passed',
            run: verdict.url,
            text: '✓ The site builds with this change. It goes live once it is published (Workflow › Publish).',
          }
        : {
            state: 'passed',
            run: verdict.url,
            text: '✓ Published: the change is on the site.',
            pages: follow.pages.map((path) => ({ href: context.absolute(path), text: context.absolute(path) })),
          };
    case 'refused': {
      const problems = await Promise.all(
        verdict.problems.map(async (problem) =>
          placeProblem(problem, await fileAt(context.access, problem.path, sha), context.collections),
        ),
      );
      const count = `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`;
      return {
        state: 'refused',
        run: verdict.url,
        problems,
        text: `✗ The site’s check refused this change: ${count}${saved ? '; it cannot be published until they are fixed' : '; the site was not changed'}.`,
      };
    }
    default:
      return notTheContent(verdict, follow, context);
  }
}

export interface FollowContext {
  access: GitHubAccess;
  /** The repository's Actions settings page, where its keeper turns Actions on and sees its runners. */
  actionsSettings: { href: string; text: string };
  collections: Parameters<typeof placeProblem>[2];
  absolute(path: string): string;
}

/**
 * A sign-in GitHub no longer takes (issue 50, case 2): its token expired or was revoked (401 "Bad credentials"), or
 * lacks a permission (403 "Resource not accessible by personal access token").
 */
export type SignInTrouble = 'expired' | 'permission';

/** Where a new token is made, as docs/cms.md's steps say it, with the permissions a save needs. */
const NEW_TOKEN_STEPS =
  'Make a new token on GitHub (your picture → Settings → Developer settings → Personal access tokens → Fine-grained tokens → Generate new token; this repository only, with Contents and Pull requests set to Read and write), paste it below and press “Sign in again”';

/** What the panel says when GitHub refuses the sign-in, on a save or while it follows the site's check. */
export function signInStopped(trouble: SignInTrouble, during: 'save' | 'follow'): string {
  const why =
    trouble === 'expired'
      ? 'GitHub no longer accepts your sign-in: its token has expired or was revoked, and will not work again'
      : 'GitHub refuses this to your sign-in (“Resource not accessible by personal access token”): its token lacks a permission';
  return during === 'save'
    ? `Not saved: ${why}. Your changes are still here, as typed. ${NEW_TOKEN_STEPS}; then press Save.`
    : `Saved, but this panel cannot ask about the site’s check: ${why}. ${NEW_TOKEN_STEPS}; the panel then asks again by itself.`;
}

/** Signed in again with a new token: as whom, and what to do next. */
export const signedInAgain = (who: string, during: 'save' | 'follow') =>
  `Signed in again as ${who}. ${during === 'save' ? 'Press Save to save your changes: nothing needs typing again.' : 'The panel asks about the site’s check again by itself.'}`;

/** A new token GitHub does not take either. */
export const tokenRefused =
  'GitHub does not accept this token either (“Bad credentials”): copy it again from GitHub, all of it, or make a new one.';

/** How a save whose answer was lost to the network ended (issue 50, case 3). */
export type LostAnswer = 'asking' | 'offline' | 'arrived' | 'adopted' | 'resent' | 'not-saved';

/** What the panel says of a save during which the connection to GitHub was lost: saved or not, and that once only. */
export function connectionLost(outcome: LostAnswer): string {
  switch (outcome) {
    case 'asking':
      return 'The connection to GitHub was lost during the save. Your changes are kept; asking GitHub whether the save arrived, so that nothing is saved twice…';
    case 'offline':
      return 'This computer is offline: the save waits for the connection to come back. Your changes are kept; nothing will be saved twice.';
    case 'arrived':
      return 'Saved. The connection to GitHub was lost during the save, and the editor asked GitHub: your change had arrived, and it is saved once, not twice.';
    case 'adopted':
      return 'Saved. The connection to GitHub was lost as the save opened its pull request, and the editor asked GitHub: the pull request had been made, so the editor took it up (one pull request, nothing made twice).';
    case 'resent':
      return 'Saved. The connection to GitHub was lost during the save before your change arrived; the editor sent it again once the connection was back (saved once).';
    default:
      return 'Not saved: the connection to GitHub was lost and has not come back (this computer may be offline). Your changes are still here, as typed: press Save again once the connection is back; nothing will be saved twice.';
  }
}
