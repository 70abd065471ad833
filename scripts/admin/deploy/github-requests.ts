/**
 * The CMS's requests to GitHub's API, as the editor sees them on the live
 * site: window.fetch is wrapped once, and each request to the API (REST or
 * GraphQL) goes through the handlers the editor adds, in the order added,
 * each able to look at the request and its answer, answer it itself, send it
 * again, or refuse it quietly (REFUSED: the CMS then says nothing, and the
 * handler has said why in the panel). Every other request is left alone.
 *
 * Shared by whatever in the editor needs the CMS's save path: a sign-in that
 * stops working (sign-in-again.ts), an answer lost to the network
 * (lost-answers.ts).
 */

/** One request of the CMS to GitHub's API. */
export interface GitHubCall {
  url: string;
  method: string;
  /** The REST path under the API's root ("/repos/o/r/pulls"), or "graphql". */
  path: string;
  /** The JSON body sent, if any: a GraphQL request's query and variables. */
  body: Record<string, unknown> | undefined;
  /** A GraphQL mutation's first field ("createCommitOnBranch"), when the request is one. */
  mutation?: string;
  init: RequestInit;
}

/** A handler: given the call, and the rest of the chain to send it through. */
export type GitHubHandler = (call: GitHubCall, next: (call: GitHubCall) => Promise<Response>) => Promise<Response>;

/**
 * The message of a refusal the editor has already explained: the CMS's save ends without its own notice (the patch
 * quietRefusal in scripts/admin/admin-stage.ts).
 */
export const REFUSED = 'eccron_refused';

export interface GitHubRequests {
  /** The REST API's root (https://api.github.com, or GitHub Enterprise Server's https://HOSTNAME/api/v3). */
  api: string;
  graphqlUrl: string;
  /** Adds a handler, after those added before. */
  use(handler: GitHubHandler): void;
  /**
   * Asks GitHub directly (not through the handlers), signed in as the CMS's requests are; `asIs`, with the
   * Authorization given (a token to try).
   */
  ask(path: string, init?: RequestInit, asIs?: boolean): Promise<Response>;
  /** Asks GitHub's GraphQL API directly; its `data`, or an error. */
  graphql<T>(query: string, variables: Record<string, unknown>): Promise<T>;
  /** From now on, every request to the API carries this token instead of the one the CMS sends. */
  renewToken(token: string): void;
  /** Whether a save of the CMS is under way (from its preSave to its postSave or a refusal). */
  saving: boolean;
}

/** A GraphQL document's mutation and its first field, if it is a mutation. */
const mutationOf = (query: string) => /^\s*mutation\b[^{]*\{\s*([A-Za-z_]\w*)/.exec(query)?.[1];

function bodyOf(init: RequestInit | undefined): Record<string, unknown> | undefined {
  if (typeof init?.body !== 'string') return undefined;
  try {
    return JSON.parse(init.body) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

let installed: GitHubRequests | undefined;

/**
 * Wraps window.fetch for the REST API at `api` and the GraphQL API at `graphql` (the configuration's api_root and
 * graphql_api_root; GitHub's own when it names none), once.
 */
export function githubRequests(api = 'https://api.github.com', graphql?: string): GitHubRequests {
  if (installed) return installed;
  const original = window.fetch.bind(window);
  const rest = api.replace(/\/$/, '');
  const graphqlUrl = graphql?.replace(/\/$/, '') ?? `${rest}/graphql`;
  const handlers: GitHubHandler[] = [];
  let token: string | undefined;
  let lastAuthorization: string | undefined;
  const signed = (init: RequestInit = {}): RequestInit => {
    const headers = new Headers(init.headers);
    const sent = headers.get('authorization') ?? lastAuthorization;
    if (sent) lastAuthorization = sent;
    if (token) headers.set('authorization', `${(sent ?? 'token').split(' ')[0]} ${token}`);
    else if (sent) headers.set('authorization', sent);
    return { ...init, headers };
  };
  const through = (call: GitHubCall, at: number): Promise<Response> => {
    const handler = handlers[at];
    if (!handler) return original(call.url, signed(call.init));
    return handler(call, (next) => through(next, at + 1));
  };
  const requests: GitHubRequests = {
    api: rest,
    graphqlUrl,
    saving: false,
    use: (handler) => void handlers.push(handler),
    ask: (path, init, asIs) =>
      original(path === 'graphql' ? graphqlUrl : `${rest}${path}`, asIs ? (init ?? {}) : signed(init)),
    async graphql<T>(query: string, variables: Record<string, unknown>) {
      const response = await requests.ask('graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      const answer = (await response.json()) as { data?: T; errors?: { message: string }[] };
      if (!response.ok || answer.errors || !answer.data)
        throw new Error(
          answer.errors?.map((error) => error.message).join(', ') ?? `GitHub answered ${response.status}`,
        );
      return answer.data;
    },
    renewToken: (chosen) => {
      token = chosen;
    },
  };
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const isGraphql = url === graphqlUrl;
    if (!isGraphql && !url.startsWith(`${rest}/`)) return original(input, init);
    const body = bodyOf(init);
    const mutation = isGraphql && typeof body?.query === 'string' ? mutationOf(body.query) : undefined;
    const call: GitHubCall = {
      url,
      method: (init?.method ?? 'GET').toUpperCase(),
      path: isGraphql ? 'graphql' : url.slice(rest.length).split('?')[0]!,
      body,
      ...(mutation ? { mutation } : {}),
      init: init ?? {},
    };
    return through(call, 0);
  };
  installed = requests;
  return requests;
}
