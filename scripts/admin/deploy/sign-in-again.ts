/**
 * A sign-in that stops working on the live site (issue 50, case 2): GitHub
 * answers a save with 401 "Bad credentials" (the token expired or was
 * revoked) or 403 "Resource not accessible by personal access token" (it
 * lacks a permission). The save ends without the CMS's "Please try again
 * later" (which no such token ever will); the panel says which it is, how a new
 * token is made, and offers a box to paste it. GitHub is asked who the new
 * token signs in as; from then on every request carries it (and the browser
 * keeps it, as the CMS keeps a token), and the person presses Save again: the
 * changes on screen were never lost.
 */
import { type GitHubRequests, REFUSED } from './github-requests.ts';
import { type SignInTrouble, signedInAgain, signInStopped, tokenRefused } from './live-words.ts';

/** GitHub's words for a token that lacks a permission, in REST's message or GraphQL's errors. */
const NOT_ACCESSIBLE = /Resource not accessible by (?:personal access token|integration)/;

/**
 * Whether an answer of GitHub's says the sign-in no longer works, and how: 401, or the words of a missing permission
 * in a REST 403's message or a GraphQL answer's errors (GraphQL answers them with 200).
 */
async function signInTrouble(response: Response, graphql: boolean): Promise<SignInTrouble | undefined> {
  if (response.status === 401) return 'expired';
  if (response.status !== 403 && !(graphql && response.ok)) return undefined;
  const said = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { message?: unknown; errors?: { message?: unknown }[] };
  const messages = [said.message, ...(Array.isArray(said.errors) ? said.errors.map((error) => error.message) : [])];
  return messages.some((message) => typeof message === 'string' && NOT_ACCESSIBLE.test(message))
    ? 'permission'
    : undefined;
}

/** The CMS's stored sign-in (localStorage "sveltia-cms.user"), with a new token: a reload keeps it. */
function keepToken(token: string) {
  try {
    const user = JSON.parse(localStorage.getItem('sveltia-cms.user') ?? 'null') as Record<string, unknown> | null;
    if (user) localStorage.setItem('sveltia-cms.user', JSON.stringify({ ...user, token }));
  } catch {
    // Nothing stored to renew: the token is used for this visit.
  }
}

/** The words (if any besides the panel's) and the box to paste a new token into, in the panel's part for the live site. */
function offer(requests: GitHubRequests, place: HTMLElement, text: string, during: 'save' | 'follow') {
  let part = place.querySelector<HTMLElement>('#eccron-sign-in-again');
  if (!part) {
    part = Object.assign(document.createElement('div'), { id: 'eccron-sign-in-again' });
    place.append(part);
  }
  const said = Object.assign(document.createElement('p'), { textContent: text });
  said.setAttribute('role', 'alert');
  const form = document.createElement('form');
  const box = Object.assign(document.createElement('input'), {
    type: 'password',
    id: 'eccron-new-token',
    autocomplete: 'off',
    required: true,
  });
  const label = Object.assign(document.createElement('label'), { htmlFor: box.id, textContent: 'New access token' });
  const button = Object.assign(document.createElement('button'), { type: 'submit', textContent: 'Sign in again' });
  form.append(label, ' ', box, ' ', button);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void useNewToken(requests, box.value.trim(), during).then((answer) => {
      said.textContent = answer.text;
      if (answer.ok) form.remove();
    });
  });
  part.replaceChildren(said, form);
}

/** Asks GitHub who the token signs in as; taken for every request from now on when GitHub accepts it. */
async function useNewToken(requests: GitHubRequests, token: string, during: 'save' | 'follow') {
  const response = await requests
    .ask('/user', { headers: { accept: 'application/vnd.github+json', authorization: `token ${token}` } }, true)
    .catch(() => undefined);
  if (!response?.ok) return { ok: false, text: tokenRefused };
  const user = (await response.json()) as { login?: string; name?: string | null };
  requests.renewToken(token);
  keepToken(token);
  return { ok: true, text: signedInAgain(user.name ? `${user.name} (${user.login})` : String(user.login), during) };
}

/** The sign-in's refusals during a save, said in the panel (`place`) with the way to sign in again. */
export function watchSignIn(requests: GitHubRequests, place: () => HTMLElement) {
  requests.use(async (call, next) => {
    // A save sends some requests at once: each one sent during it ends quietly, not only the first refused, whose
    // answer came first (another's 401 passed on to the CMS would open its "Please try again later" over the panel).
    const ofTheSave = requests.saving;
    const response = await next(call);
    if (!ofTheSave) return response;
    const trouble = await signInTrouble(response, call.path === 'graphql');
    if (!trouble) return response;
    if (requests.saving) {
      requests.saving = false;
      offer(requests, place(), signInStopped(trouble, 'save'), 'save');
    }
    throw new Error(REFUSED);
  });
  return {
    /** While following a check, the panel's own question was refused so (its status line says why): the box. */
    followRefused: () => {
      if (!place().querySelector('#eccron-new-token')) offer(requests, place(), '', 'follow');
    },
  };
}
