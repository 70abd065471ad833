/**
 * The build stage of /admin/: the CMS's page, its generated configuration and
 * the CMS itself, copied from its npm package (nothing is loaded from a CDN).
 * It adds files under admin/ only; no visitor page links to it or loads any
 * of it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SiteContent } from '../../src/content-schema.ts';
import type { Urls } from '../../src/urls.ts';
import type { OutputFile } from '../stages/output-files.ts';
import { type CmsBackend, cmsConfig } from './cms-config.ts';

/** The folder of the CMS in the output, and the site path of its page. */
export const adminFolder = 'admin';

const require = createRequire(import.meta.url);
// The package exports its bundler entry only; its single-file build sits in dist/ beside it.
const cmsPackage = () => path.join(path.dirname(require.resolve('@sveltia/cms')), '..');
let cmsScript: Buffer | undefined;
/** Sveltia CMS's single-file build (it loads nothing else for the fields we use). */
export const readCmsScript = () => (cmsScript ??= readFileSync(path.join(cmsPackage(), 'dist', 'sveltia-cms.js')));
/** The CMS's version, which names its script: a new version, a new name. */
const cmsVersion = () => JSON.parse(readFileSync(path.join(cmsPackage(), 'package.json'), 'utf8')).version as string;

/**
 * Where the CMS saves on a host: CMS_REPO (owner/name) or, on GitHub Actions,
 * the repository being built (GITHUB_REPOSITORY); Netlify's REPOSITORY_URL
 * when it names a GitHub repository. Without one, /admin/ works in local mode only.
 */
export function backendFromEnvironment(env: NodeJS.ProcessEnv = process.env): CmsBackend | undefined {
  const fromNetlify = /^https:\/\/github\.com\/([^/]+\/[^/]+?)(?:\.git)?$/.exec(env.REPOSITORY_URL ?? '')?.[1];
  const repo = env.CMS_REPO || env.GITHUB_REPOSITORY || fromNetlify;
  if (!repo) return undefined;
  return {
    repo,
    branch: env.CMS_BRANCH || 'main',
    ...(env.CMS_AUTH_URL ? { authUrl: env.CMS_AUTH_URL } : {}),
  };
}

/**
 * The policy of /admin/ alone: the CMS's own script and styles (it sets
 * styles inline, hence 'unsafe-inline' for styles only), pictures from the
 * repository and previews (blob:, data:), and GitHub's API for signing in and
 * saving. Visitor pages keep their strict policy (src/security.ts).
 */
export function adminContentSecurityPolicy(authUrl?: string): string {
  const github = 'https://api.github.com https://github.com';
  const auth = authUrl ? ` ${new URL(authUrl).origin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' blob: data: https://avatars.githubusercontent.com https://raw.githubusercontent.com`,
    "font-src 'self' data:",
    // GitHub's status page tells editors when saving fails on GitHub's side; unpkg.com answers the CMS's
    // check for a newer version (data only: no script may come from there).
    `connect-src 'self' blob: data: ${github} https://www.githubstatus.com https://unpkg.com${auth}`,
    // Uploads: a video's thumbnail is drawn from a blob: URL, and some pictures are decoded in a blob: worker.
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "form-action 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** Headers of /admin/ for hosts that read _headers (their pattern, and the values). */
export function adminHeaders(urls: Urls, backend = backendFromEnvironment()): [string, Record<string, string>] {
  return [
    urls.asset(`${adminFolder}/*`),
    {
      'Content-Security-Policy': `${adminContentSecurityPolicy(backend?.authUrl)}; frame-ancestors 'none'`,
      // The sign-in window reports back to this page: it must keep its opener.
      'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
      'X-Robots-Tag': 'noindex, nofollow',
      'Cache-Control': 'no-cache',
    },
  ];
}

/**
 * The _headers rule of /admin/. A request there matches the visitor pages' rule
 * too: Cloudflare Pages would add both policies up (and a browser enforces
 * both), so "! Name" first takes away each header both rules set; Netlify
 * ignores those lines and lets the later rule win.
 */
export function adminHeaderLines(
  urls: Urls,
  visitorHeaderNames: string[],
  backend = backendFromEnvironment(),
): string[] {
  const [pattern, headers] = adminHeaders(urls, backend);
  return [
    pattern,
    ...Object.keys(headers)
      .filter((name) => visitorHeaderNames.includes(name))
      .map((name) => `  ! ${name}`),
    ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`),
  ];
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function adminPage(urls: Urls, scriptUrl: string, title: string, policy: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">`,
    `<title>${escapeAttribute(title)}</title>`,
    '<style>body{margin:0}</style>',
    `<link rel="cms-config-url" type="application/json" href="${escapeAttribute(urls.asset(`${adminFolder}/config.json`))}">`,
    '</head>',
    '<body>',
    // The CMS draws itself in #nc-root when there is one: a <main>, so that its pages have a main landmark.
    '<main id="nc-root"></main>',
    `<script src="${escapeAttribute(scriptUrl)}"></script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

const cdnFont = /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(:vf)?@[\d.]+\/([a-z0-9-]+)\.woff2/g;

const selfHosted = new Map<string, { script: Buffer; fonts: OutputFile[] }>();

/**
 * The CMS's script with its fonts (its text, and the icons its buttons show)
 * served from admin/fonts/ instead of a CDN: the same fonts, from their
 * fontsource npm packages. Read as latin1, which maps bytes to characters one
 * to one and back: the script's bytes stay as they are but for the
 * replacements, which are ASCII, and a 2 MB decode costs nothing.
 */
export function selfHostedCms(urls: Urls): { script: Buffer; fonts: OutputFile[] } {
  const key = urls.asset('');
  const known = selfHosted.get(key);
  if (known) return known;
  const fonts = new Map<string, OutputFile>();
  let script = readCmsScript()
    .toString('latin1')
    .replace(cdnFont, (_url, family: string, variable: string | undefined, subset: string) => {
      const name = `${family}-${subset}.woff2`;
      const from = path.join(
        path.dirname(require.resolve(`@fontsource${variable ? '-variable' : ''}/${family}/package.json`)),
        'files',
        name,
      );
      fonts.set(name, { path: `${adminFolder}/fonts/${name}`, contents: readFileSync(from) });
      return encodeURI(urls.asset(`${adminFolder}/fonts/${name}`));
    });
  // Its page must let people zoom (WCAG 1.4.4): its viewport tag says maximum-scale=1.
  script = script.replace('`maximum-scale=1`,', '');
  if (script.includes('https://cdn.jsdelivr.net'))
    throw new Error('the CMS loads something from cdn.jsdelivr.net that the build does not serve itself');
  const result = { script: Buffer.from(script, 'latin1'), fonts: [...fonts.values()] };
  selfHosted.set(key, result);
  return result;
}

/** admin/index.html, admin/config.json, the CMS's script and its fonts. */
export function adminFiles(urls: Urls, content: SiteContent, backend = backendFromEnvironment()): OutputFile[] {
  const { script, fonts } = selfHostedCms(urls);
  const scriptFile = `${adminFolder}/sveltia-cms-${cmsVersion()}.js`;
  const config = cmsConfig(
    { themes: content.themes.map((theme) => ({ id: theme.id, title: theme.title })) },
    backend,
    urls.absolute('/'),
  );
  const title = `Edit the site · ${content.site.acronym}`;
  return [
    {
      path: `${adminFolder}/index.html`,
      contents: adminPage(urls, urls.asset(scriptFile), title, adminContentSecurityPolicy(backend?.authUrl)),
    },
    { path: `${adminFolder}/config.json`, contents: configJson(config) },
    { path: scriptFile, contents: script },
    ...fonts,
  ];
}

/**
 * The configuration as JSON, which the CMS reads as well as YAML: JSON.stringify
 * takes a millisecond where a YAML writer took a tenth of the build.
 */
export const configJson = (config: object) =>
  `${JSON.stringify({ $comment: 'Generated by the build from src/content-schema.ts and content/; edits here are lost at the next build.', ...config }, null, 1)}\n`;
