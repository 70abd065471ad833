/**
 * The build stage of /admin/: the CMS's page, its generated configuration and
 * the CMS itself, copied from its npm package (nothing is loaded from a CDN).
 * It adds files under admin/ only; no visitor page links to it or loads any
 * of it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildIdentityPlaceholder } from '../../src/build-context.tsx';
import type { SiteContent } from '../../src/content-schema.ts';
import { escapeHtml } from '../../src/escape.ts';
import { adminContentSecurityPolicy, policyHeader } from '../../src/security.ts';
import type { Urls } from '../../src/urls.ts';
import type { OutputFile } from '../stages/output-files.ts';
import type { CmsBackend } from './cms-backend.ts';
import { cmsConfig } from './cms-config.ts';

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

/** The _headers rule of /admin/ for hosts that read it: its pattern, and the headers. */
export function adminHeaders(urls: Urls, backend: CmsBackend | undefined): [string, Record<string, string>] {
  return [
    urls.asset(`${adminFolder}/*`),
    {
      'Content-Security-Policy': policyHeader(adminContentSecurityPolicy(backend?.authUrl)),
      // The sign-in window reports back to this page: it must keep its opener.
      'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
      'X-Robots-Tag': 'noindex, nofollow',
      'Cache-Control': 'no-cache',
    },
  ];
}

export function adminPage(urls: Urls, scriptUrl: string, title: string, policy: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<meta name="build" content="${buildIdentityPlaceholder}">`,
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}">`,
    `<title>${escapeHtml(title)}</title>`,
    '<style>body{margin:0}</style>',
    `<link rel="cms-config-url" type="application/json" href="${escapeHtml(urls.asset(`${adminFolder}/config.json`))}">`,
    '</head>',
    '<body>',
    // The CMS draws itself in #nc-root when there is one: a <main>, so that its pages have a main landmark.
    '<main id="nc-root"></main>',
    `<script src="${escapeHtml(scriptUrl)}"></script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** A font of the CMS on the CDN, at the start of the text given: family, ":vf" for a variable font, subset. */
const cdnFont = /^https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(:vf)?@[\d.]+\/([a-z0-9-]+)\.woff2/;
const cdn = Buffer.from('https://cdn.jsdelivr.net/');
/** Its page must let people zoom (WCAG 1.4.4): its viewport tag says maximum-scale=1. */
const zoomLock = Buffer.from('`maximum-scale=1`,');
/**
 * Where the CMS asks for its latest version (on every load, then hourly) and for its translations (a browser set
 * to French or British English): unpkg.com, a third party. The site's own admin/sveltia-cms/ answers instead.
 */
const unpkg = Buffer.from('`https://unpkg.com/@sveltia/cms`');
const ownCmsFolder = `${adminFolder}/sveltia-cms`;

const selfHosted = new Map<string, { script: Buffer; fonts: OutputFile[] }>();

/**
 * The CMS's script with its fonts (its text, and the icons its buttons show)
 * served from admin/fonts/ instead of a CDN: the same fonts, from their
 * fontsource npm packages. The 2 MB script is patched as bytes, where the
 * CDN's address appears, rather than decoded and searched as text: a build
 * pays a millisecond for it instead of ten.
 */
export function selfHostedCms(urls: Urls): { script: Buffer; fonts: OutputFile[] } {
  const key = urls.asset('');
  const known = selfHosted.get(key);
  if (known) return known;
  const original = readCmsScript();
  const fonts = new Map<string, OutputFile>();
  const parts: Buffer[] = [];
  let copied = 0;
  for (let at = original.indexOf(cdn); at !== -1; at = original.indexOf(cdn, copied)) {
    // An address is ASCII: read as latin1, each byte is one character.
    const address = original.toString('latin1', at, at + 200);
    const font = cdnFont.exec(address);
    if (!font) {
      throw new Error(
        `the CMS loads ${address.split(/[\s"'`]/)[0]} from cdn.jsdelivr.net, which the build does not serve itself`,
      );
    }
    const [url, family, variable, subset] = font as unknown as [string, string, string | undefined, string];
    const name = `${family}-${subset}.woff2`;
    const from = path.join(
      path.dirname(require.resolve(`@fontsource${variable ? '-variable' : ''}/${family}/package.json`)),
      'files',
      name,
    );
    fonts.set(name, { path: `${adminFolder}/fonts/${name}`, contents: readFileSync(from) });
    parts.push(original.subarray(copied, at), Buffer.from(encodeURI(urls.asset(`${adminFolder}/fonts/${name}`))));
    copied = at + url.length;
  }
  parts.push(original.subarray(copied));
  let script = Buffer.concat(parts);
  const lock = script.indexOf(zoomLock);
  if (lock !== -1) script = Buffer.concat([script.subarray(0, lock), script.subarray(lock + zoomLock.length)]);
  const at = script.indexOf(unpkg);
  if (at === -1 || script.indexOf(unpkg, at + 1) !== -1) {
    throw new Error(
      'the CMS names https://unpkg.com/@sveltia/cms other than once: its version check needs another patch',
    );
  }
  const own = Buffer.from(`\`${encodeURI(urls.asset(ownCmsFolder))}\``);
  script = Buffer.concat([script.subarray(0, at), own, script.subarray(at + unpkg.length)]);
  const result = { script, fonts: [...fonts.values()] };
  selfHosted.set(key, result);
  return result;
}

/**
 * What the CMS would have asked unpkg.com for: its version (the one served is the latest, so no update banner)
 * and its translations, from its npm package.
 */
function ownCmsFiles(): OutputFile[] {
  const version = cmsVersion();
  const locales = path.join(cmsPackage(), 'locales');
  return [
    { path: `${ownCmsFolder}/package.json`, contents: `${JSON.stringify({ version })}\n` },
    ...readdirSync(locales)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => ({
        path: `${ownCmsFolder}@${version}/locales/${name}`,
        contents: readFileSync(path.join(locales, name)),
      })),
  ];
}

/** admin/index.html, admin/config.json, the CMS's script, its fonts, its version and its translations. */
export function adminFiles(urls: Urls, content: SiteContent, backend: CmsBackend | undefined): OutputFile[] {
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
    ...ownCmsFiles(),
  ];
}

/**
 * The configuration as JSON, which the CMS reads as well as YAML: JSON.stringify
 * takes a millisecond where a YAML writer took a tenth of the build.
 */
export const configJson = (config: object) =>
  `${JSON.stringify({ $comment: 'Generated by the build from src/content-schema.ts and content/; edits here are lost at the next build.', ...config }, null, 1)}\n`;
