import { doiRegistries } from './doi.ts';

/** A policy from its directives, in their order; one left empty is not written. */
const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

/**
 * The policy every page runs under. The site ships no inline script and no
 * inline style, so nothing needs 'unsafe-inline', a nonce or a hash. No form
 * posts anywhere: the contact form hands its mail link over from script, and
 * without script it is disabled.
 */
const visitorDirectives = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self'",
  'font-src': "'self'",
  'connect-src': "'self'",
  // Written by the CMS's policy alone, in this place.
  'media-src': '',
  'worker-src': '',
  'frame-src': '',
  'form-action': "'none'",
  'base-uri': "'none'",
  'object-src': "'none'",
};
export const contentSecurityPolicy = policy(visitorDirectives);

/** A policy as a header, where frame-ancestors works (a <meta> policy ignores it). */
export const policyHeader = (text: string) => `${text}; frame-ancestors 'none'`;

/** Headers for hosts that read a _headers file. */
export const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': policyHeader(contentSecurityPolicy),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/**
 * The policy of the CMS at /admin/ alone, the visitor pages' loosened where
 * the CMS needs it: it sets styles inline (hence 'unsafe-inline', for styles
 * only), shows pictures from the repository and previews (blob:, data:), and
 * talks to GitHub's API for signing in and saving, to `authUrl`'s origin
 * when editors sign in through an OAuth helper, and to the DOI registries.
 * Given `apiRoot` (GitHub Enterprise Server's API, which the build was told
 * to use), that server takes GitHub's place: its origin alone answers the API
 * and serves avatars.
 */
export function adminContentSecurityPolicy(authUrl?: string, apiRoot?: string): string {
  const server = apiRoot ? new URL(apiRoot).origin : undefined;
  const github = server ?? 'https://api.github.com https://github.com';
  const pictures = server ?? 'https://avatars.githubusercontent.com https://raw.githubusercontent.com';
  const auth = authUrl ? ` ${new URL(authUrl).origin}` : '';
  return policy({
    ...visitorDirectives,
    'style-src': "'self' 'unsafe-inline'",
    'img-src': `'self' blob: data: ${pictures}`,
    'font-src': "'self' data:",
    // GitHub's API and the sign-in helper: the backend's hosts alone (the CMS's check of GitHub's status page is
    // patched out, scripts/admin/admin-stage.ts); and the DOI registries, asked only when a person presses "Fill
    // from the DOI".
    'connect-src': `'self' blob: data: ${github}${auth} ${doiRegistries.hosts.join(' ')}`,
    // Uploads: a video's thumbnail is drawn from a blob: URL, and some pictures are decoded in a blob: worker.
    'media-src': "'self' blob:",
    'worker-src': "'self' blob:",
    // The preview pane is a frame the CMS writes as a blob: document (of this origin, under this policy), whose
    // <base> is the site's address, so that the pages' links and the site's stylesheet resolve as on the site.
    'frame-src': 'blob:',
    'base-uri': "'self'",
  });
}
