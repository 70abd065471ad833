/**
 * Where the CMS at /admin/ saves: a GitHub repository and branch, and how
 * editors sign in. It is an input of the build like any other (a build
 * option), read from the environment by the commands alone (scripts/build.ts,
 * scripts/dev/server.ts) with cmsTargetFromEnvironment(); the build report and
 * build.json say which backend an output was made for and where that came from.
 */
import { BuildError } from './problems.ts';

/** A repository on GitHub that the CMS saves to, through pull requests. */
export interface CmsBackend {
  /** owner/name of the GitHub repository. */
  repo: string;
  branch: string;
  /** The OAuth helper's address, when editors sign in with GitHub through one (not needed on Netlify or with a token). */
  authUrl?: string;
  /** Netlify is its own OAuth helper for "Sign In with GitHub". */
  netlify?: boolean;
  /**
   * The REST API's root of a GitHub Enterprise Server (https://HOSTNAME/api/v3; its GraphQL API at /api/graphql
   * beside it), which the CMS and the live site's verdict ask instead of https://api.github.com.
   */
  apiRoot?: string;
}

/** The backend a build is made for (none: the CMS works on a folder of this computer only), and where that came from. */
export interface CmsTarget {
  backend?: CmsBackend;
  /** In words, the settings that decided it: "CMS_REPO, CMS_AUTH_URL", "no backend given". */
  from: string;
}

/** What a build given no backend is made for: the local mode only. */
export const localOnly: CmsTarget = { from: 'no backend given' };

const repositoryVariables = 'CMS_REPO, GITHUB_REPOSITORY or REPOSITORY_URL';

/**
 * The API root given: GitHub Enterprise Server's REST API (its path ends in /api/v3, where the CMS finds it), at an
 * address the CMS sends a token to: https, or http on this machine alone (the CMS refuses to send one elsewhere).
 */
function apiRootOf(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  const loopback = url?.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  const rest = url?.pathname.replace(/\/+$/, '').endsWith('/api/v3');
  if (!url || !(url.protocol === 'https:' || loopback) || !rest || url.search || url.hash)
    throw new BuildError('Checking the build settings', [
      {
        where: 'CMS_API_ROOT',
        message: `expected the address of GitHub Enterprise Server's REST API, with https:// and ending in /api/v3, such as https://github.example.org/api/v3; found "${value}"`,
      },
    ]);
  return url.href.replace(/\/+$/, '');
}

/**
 * The backend named by the environment given: CMS_REPO (owner/name) or, on
 * GitHub Actions, the repository being built (GITHUB_REPOSITORY); Netlify's
 * REPOSITORY_URL when it names a GitHub repository; CMS_BRANCH,
 * CMS_AUTH_URL and, for GitHub Enterprise Server, CMS_API_ROOT beside them.
 * Without a repository, the local mode only.
 */
export function cmsTargetFromEnvironment(env: Readonly<Record<string, string | undefined>>): CmsTarget {
  const fromNetlify = /^https:\/\/github\.com\/([^/]+\/[^/]+?)(?:\.git)?$/.exec(env.REPOSITORY_URL ?? '')?.[1];
  const [repo, variable] = env.CMS_REPO
    ? [env.CMS_REPO, 'CMS_REPO']
    : env.GITHUB_REPOSITORY
      ? [env.GITHUB_REPOSITORY, 'GITHUB_REPOSITORY']
      : fromNetlify
        ? [fromNetlify, 'REPOSITORY_URL']
        : [undefined, ''];
  if (!repo) return { from: `no ${repositoryVariables} in the environment` };
  const backend: CmsBackend = {
    repo,
    branch: env.CMS_BRANCH || 'main',
    ...(env.CMS_AUTH_URL ? { authUrl: env.CMS_AUTH_URL } : {}),
    ...(variable === 'REPOSITORY_URL' ? { netlify: true } : {}),
    ...(env.CMS_API_ROOT ? { apiRoot: apiRootOf(env.CMS_API_ROOT) } : {}),
  };
  const from = [
    variable,
    env.CMS_BRANCH ? 'CMS_BRANCH' : '',
    env.CMS_AUTH_URL ? 'CMS_AUTH_URL' : '',
    env.CMS_API_ROOT ? 'CMS_API_ROOT' : '',
  ].filter(Boolean);
  return { backend, from: from.join(', ') };
}

/** How editors can sign in to the backend: with GitHub only where an OAuth helper answers (Netlify's or one's own). */
export const signInMethods = (backend: CmsBackend): ('oauth' | 'token')[] =>
  backend.authUrl || backend.netlify ? ['oauth', 'token'] : ['token'];

/** The line of the build report: "CMS at /admin/ saves to owner/name (branch main), from GITHUB_REPOSITORY". */
export function describeCmsTarget({ backend, from }: CmsTarget): string {
  if (!backend) return `CMS at /admin/: local mode only (${from})`;
  const signIn = signInMethods(backend).includes('oauth') ? 'with GitHub or a token' : 'with a token';
  const api = backend.apiRoot ? `; API ${backend.apiRoot}` : '';
  return `CMS at /admin/ saves to ${backend.repo} (branch ${backend.branch}; sign-in ${signIn}${api}), from ${from}`;
}

/** What build.json says of the CMS: the backend's repository and branch (null in local mode), and where that came from. */
export interface CmsIdentity {
  repo: string | null;
  branch?: string;
  authUrl?: string;
  apiRoot?: string;
  from: string;
}

export const cmsIdentity = ({ backend, from }: CmsTarget): CmsIdentity => ({
  repo: backend?.repo ?? null,
  ...(backend ? { branch: backend.branch } : {}),
  ...(backend?.authUrl ? { authUrl: backend.authUrl } : {}),
  ...(backend?.apiRoot ? { apiRoot: backend.apiRoot } : {}),
  from,
});
