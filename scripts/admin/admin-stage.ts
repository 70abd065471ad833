/**
 * The build stage of /admin/: the CMS's page, its generated configuration and
 * the CMS itself, copied from its npm package (nothing is loaded from a CDN).
 * It adds files under admin/ only; no visitor page links to it or loads any
 * of it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildIdentityPlaceholder } from '../../src/build-context.tsx';
import type { SiteContent } from '../../src/content-schema.ts';
import { escapeHtml } from '../../src/escape.ts';
import { adminContentSecurityPolicy, policyHeader } from '../../src/security.ts';
import { publishedTimeZoneText } from '../../src/time-zone-data.ts';
import type { Urls } from '../../src/urls.ts';
import type { CmsBackend } from '../lib/cms-backend.ts';
import { CONTENT_FILES } from '../stages/content/check-content.ts';
import type { OutputFile } from '../stages/output-files.ts';
import { type CmsContentFacts, cmsConfig } from './cms-config.ts';
import { previewBundle, previewBundleSoon } from './preview/bundle.ts';
import { editorScript, editorScriptSoon } from './editor-bundle.ts';
import type { KeptScript } from './kept-script.ts';
import { KeptResults } from '../lib/kept-results.ts';

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
      'Content-Security-Policy': policyHeader(adminContentSecurityPolicy(backend?.authUrl, backend?.apiRoot)),
      // The sign-in window reports back to this page: it must keep its opener.
      'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
      'X-Robots-Tag': 'noindex, nofollow',
      'Cache-Control': 'no-cache',
    },
  ];
}

/** How the page at /admin/ is made: its scripts (the CMS's, then the site's own), title, policy and mode. */
interface AdminPage {
  cmsScript: string;
  editorScript: string;
  /** The preview pane's script (scripts/admin/preview/), and the site's stylesheet it shows the pages with. */
  preview?: { script: string; siteStyle: string };
  /** The pinned tz data, which the site's script fetches to check an event's times as the build does. */
  timeZones: string;
  title: string;
  policy: string;
  /** local: the CMS works on a folder of this computer only; github: it saves to a repository. */
  mode: 'local' | 'github';
}

export function adminPage(
  urls: Urls,
  { cmsScript, editorScript, timeZones, preview, title, policy, mode }: AdminPage,
): string {
  const siteStyle = preview ? ` data-site-style="${escapeHtml(preview.siteStyle)}"` : '';
  return [
    '<!doctype html>',
    `<html lang="en" data-cms-mode="${mode}" data-time-zones="${escapeHtml(timeZones)}"${siteStyle}>`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<meta name="build" content="${buildIdentityPlaceholder}">`,
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}">`,
    `<title>${escapeHtml(title)}</title>`,
    // The CMS places #nc-root at its first frame: fixed over the window when the root has no height yet, else
    // relative. Asked for less motion (prefers-reduced-motion), its shell had a height at that frame, the root went
    // relative and then drew at no height at all: a blank page for everyone whose system reduces motion. Fixed here,
    // before the CMS looks, it is what the CMS itself chooses otherwise.
    '<style>body{margin:0}#nc-root{position:fixed;inset:0}</style>',
    `<link rel="cms-config-url" type="application/json" href="${escapeHtml(urls.asset(`${adminFolder}/config.json`))}">`,
    '</head>',
    '<body>',
    // The CMS draws itself in #nc-root; the site's script makes it the main landmark while the CMS shows none.
    '<div id="nc-root"></div>',
    `<script src="${escapeHtml(cmsScript)}"></script>`,
    // Registers the preview pane's templates with the CMS, before it draws an entry.
    ...(preview ? [`<script src="${escapeHtml(preview.script)}"></script>`] : []),
    `<script src="${escapeHtml(editorScript)}"></script>`,
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

/** A patch of the script: `length` bytes at `at` of the original become `text`. */
interface Edit {
  at: number;
  length: number;
  text: string;
}

/** The one occurrence of `find` in the script becomes `replacement`, or an error says which patch needs redoing. */
function replaceOnce(script: Buffer, find: string, replacement: string, patch: string): Edit {
  const at = script.indexOf(find);
  if (at === -1 || script.indexOf(find, at + 1) !== -1)
    throw new Error(`the CMS's script holds ${JSON.stringify(find)} other than once: ${patch} needs another patch`);
  return { at, length: find.length, text: replacement };
}

/**
 * Every patch applied in one copy of the script: each was found in the original, and a copy of 2 MB costs more
 * (fresh memory) than every search for them together.
 */
function applyEdits(script: Buffer, edits: Edit[]): Buffer {
  const parts: Buffer[] = [];
  let copied = 0;
  for (const { at, length, text } of edits.sort((one, other) => one.at - other.at)) {
    if (at < copied) throw new Error("two patches of the CMS's script overlap: one of them needs redoing");
    parts.push(script.subarray(copied, at), Buffer.from(text));
    copied = at + length;
  }
  parts.push(script.subarray(copied));
  return Buffer.concat(parts);
}

/** A font the CMS asks the CDN for: its file's name in its fontsource package, variable or not. */
interface CmsFont {
  family: string;
  name: string;
  variable: boolean;
}

/** The fonts' files, copied from their fontsource npm packages. */
const fontFiles = (fonts: CmsFont[]): OutputFile[] =>
  fonts.map(({ family, name, variable }) => ({
    path: `${adminFolder}/fonts/${name}`,
    contents: readFileSync(
      path.join(
        path.dirname(require.resolve(`@fontsource${variable ? '-variable' : ''}/${family}/package.json`)),
        'files',
        name,
      ),
    ),
  }));

/** The CMS's fonts served from admin/fonts/ (fontFiles), instead of from a CDN. */
function ownFonts(original: Buffer, urls: Urls): { edits: Edit[]; fonts: CmsFont[] } {
  const fonts = new Map<string, CmsFont>();
  const edits: Edit[] = [];
  for (let at = original.indexOf(cdn); at !== -1; at = original.indexOf(cdn, at + 1)) {
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
    fonts.set(name, { family, name, variable: Boolean(variable) });
    edits.push({ at, length: url.length, text: encodeURI(urls.asset(`${adminFolder}/fonts/${name}`)) });
  }
  return { edits, fonts: [...fonts.values()] };
}

/** GitHub's status page, which the CMS asks on every load, sign-in and five minutes: not the backend's host. */
const githubStatus = '`https://www.githubstatus.com/`';

/**
 * No status check: the CMS's GitHub backend names the check it runs beside the status page's address
 * (statusDashboardURL:<name>,checkStatus:<function>); without the function the CMS asks nothing and shows no banner.
 */
function withoutStatusCheck(script: Buffer): Edit {
  const at = script.indexOf(githubStatus);
  const name = /([\w$]+)=$/.exec(script.toString('latin1', Math.max(0, at - 40), at))?.[1];
  if (at === -1 || !name)
    throw new Error("the CMS's script no longer names GitHub's status page: its check needs another patch");
  const entry = `statusDashboardURL:${name},checkStatus:`;
  const from = script.indexOf(entry) + entry.length;
  const check = /^[\w$]+/.exec(script.toString('latin1', from, from + 40))?.[0] ?? '';
  return replaceOnce(script, `${entry}${check},`, `${entry}void 0,`, "GitHub's status check");
}

/**
 * Move Up and Move Down on every list item: the CMS shows them only to a touch screen, and a mouse gets a drag
 * handle alone (which arrow keys move, but nothing says so). In its list item's controls, right after the Move
 * Down button: hasMouse?render(handle):render(buttons,-1) becomes render(buttons,-1) either way.
 */
function withMoveButtons(script: Buffer): Edit {
  const after = script.indexOf('`move-down`,get"aria-label"');
  const window = after === -1 ? '' : script.toString('latin1', after, after + 400);
  const branch = /\.hasMouse\?([\w$]+)\(([\w$]+)\):\1\(([\w$]+),-1\)/.exec(window);
  if (!branch)
    throw new Error(
      "the CMS's list items no longer choose their controls by hasMouse: Move Up and Move Down need another patch",
    );
  const [found, render, , buttons] = branch;
  return replaceOnce(
    script,
    `${window.slice(0, branch.index)}${found}`,
    `${window.slice(0, branch.index)}.hasMouse?${render}(${buttons},-1):${render}(${buttons},-1)`,
    'Move Up and Move Down',
  );
}

/** Immutable.js as the CMS's preview templates and event hooks need it, named by its version (from its npm package). */
const immutableFile = () => {
  const { version } = require('immutable/package.json') as { version: string };
  return `${adminFolder}/immutable-${version}.js`;
};

/**
 * Immutable.js from the site: the CMS asks unpkg.com for it once a preview template (scripts/admin/preview/) or an
 * event hook is registered. Its loader's call, loadModule(`immutable`,`dist/immutable.es.js`), becomes an import of
 * the site's own copy.
 */
function withOwnImmutable(script: Buffer, url: string): Edit {
  const call = '(`immutable`,`dist/immutable.es.js`)';
  const at = script.indexOf(call);
  const loader = /[\w$]+$/.exec(script.toString('latin1', Math.max(0, at - 40), at))?.[0];
  if (at === -1 || !loader)
    throw new Error("the CMS's script no longer loads Immutable.js by name: the preview pane needs another patch");
  return replaceOnce(script, `${loader}${call}`, `import(\`${encodeURI(url)}\`)`, 'Immutable.js');
}

/**
 * The editor stays in an entry once it is saved, where its verdict is shown: the CMS closes it by default (a
 * setting a person can still change under the CMS's Settings).
 */
const stayAfterSave = (script: Buffer) =>
  replaceOnce(script, '.closeOnSave??=!0', '.closeOnSave??=!1', 'staying in the entry after a save');

/**
 * A save the site's script refuses before anything is written (editor/save-check.ts: its preSave hook throws
 * `eccron_refused`, having shown each problem at its field) leaves the form as it is: the CMS would otherwise open
 * its "There was an error while saving the entry. Please try again later." over it.
 */
const quietRefusal = (script: Buffer) =>
  replaceOnce(
    script,
    'catch(t){t.message===`validation_failed`?(',
    'catch(t){t.message===`eccron_refused`?void 0:t.message===`validation_failed`?(',
    "the site's check before a save",
  );

/**
 * A save the site's script ended on the live site, having said why in the panel (scripts/admin/deploy/: a sign-in
 * GitHub no longer takes, a connection that did not come back): the CMS's request failed with `eccron_refused` as its
 * cause, and the CMS would otherwise say "There was an error while saving the entry. Please try again later." over it.
 */
const quietSaveFailure = (script: Buffer) =>
  replaceOnce(
    script,
    't.message===`saving_failed`?(',
    't.message===`saving_failed`&&t.cause?.message===`eccron_refused`?void 0:t.message===`saving_failed`?(',
    "the site's words on a save GitHub refused or lost",
  );

/**
 * A save leaves no backup of what it saved. The CMS backs a changed draft up half a second after each change and
 * deletes the backup once the save is done; a save quicker than that half second (Save pressed as soon as the last
 * word is typed, with a quick backend) had the backup written after it, and the entry, kept open, asked at once to
 * "Restore Draft" the very changes just saved. Deleting a backup now also drops the one still to be written.
 */
function noBackupAfterSave(script: Buffer): Edit {
  const anchor = script.indexOf('`draft-backups`');
  const around = script.toString('latin1', Math.max(0, anchor - 3000), anchor + 3000);
  const database = /([\w$]+)=new [\w$]+\([\w$]+,`draft-backups`/.exec(around)?.[1];
  const timer = database
    ? new RegExp(
        `globalThis\\.clearTimeout\\(([\\w$]+)\\),[\\w$]+&&${database}&&\\(\\1=globalThis\\.setTimeout\\(`,
      ).exec(around)?.[1]
    : undefined;
  const remove = database
    ? new RegExp(`=async\\(([\\w$]+),([\\w$]+)=\`\`\\)=>\\{await ${database}\\?\\.delete\\(\\[\\1,\\2\\]\\)\\}`).exec(
        around,
      )?.[0]
    : undefined;
  if (anchor === -1 || !timer || !remove)
    throw new Error("the CMS's script no longer backs drafts up as it did: a save's backup needs another patch");
  const body = remove.indexOf('{await ') + 1;
  return replaceOnce(
    script,
    remove,
    `${remove.slice(0, body)}globalThis.clearTimeout(${timer});${remove.slice(body)}`,
    'no backup after a save',
  );
}

/**
 * Two editors, one file (editor/save-merge.ts): the site's check before a save merges the entry with what someone
 * else saved meanwhile, by list item, against the entry as it was opened. The CMS hands its preSave hook the entry
 * being saved alone; the draft's entry as opened is put beside it, on globalThis.eccronOpened, as the hook is called.
 */
function withEntryAsOpened(script: Buffer): Edit {
  const text = script.toString('latin1');
  const call = /type:`preSave`,entry:([\w$]+),collection:[\w$]+,collectionFile:[\w$]+,isNew:([\w$]+)\.isNew\}/.exec(
    text,
  );
  if (!call)
    throw new Error(
      "the CMS's script no longer calls its preSave hook with the draft: the merge of two editors' saves needs another patch",
    );
  const [found, entry, draft] = call;
  return replaceOnce(
    script,
    found,
    found.replace(`entry:${entry}`, `entry:(globalThis.eccronOpened=${draft}.originalEntry,${entry})`),
    'the entry as opened, for the preSave hook',
  );
}

/**
 * A save onto an entry's branch that someone else's pull request already comes from (two editors, one file: the
 * second opened the entry before the first saved it) is added to that pull request. The CMS's GitHub backend keeps
 * such a branch and commits onto it, then asks for a second pull request from it, which GitHub refuses ("A pull
 * request already exists for …") after the commit is made: its savePullRequest now takes the open one, found among
 * the CMS's own pull requests, and opens one only when there is none.
 */
function withOpenPullRequestKept(script: Buffer): Edit {
  const anchor = script.indexOf('savePullRequest:async({changes:');
  const window = anchor === -1 ? '' : script.toString('latin1', anchor, anchor + 800);
  const head =
    /^savePullRequest:async\(\{changes:[\w$]+,options:[\w$]+,branch:([\w$]+),title:[\w$]+,status:[\w$]+,pullRequest:[\w$]+\}\)=>\{let ([\w$]+)=[\w$]+\?void 0:await [\w$]+\(\1\)/.exec(
      window,
    );
  const fetchAll = /workflow:\{fetchPullRequests:([\w$]+),savePullRequest:/.exec(
    script.toString('latin1', anchor - 200, anchor + 30),
  );
  const open = /pullRequest:await ([\w$]+)\(\{branch:([\w$]+),title:[\w$]+,status:[\w$]+\}\)\}/.exec(window);
  if (!head || !fetchAll || !open)
    throw new Error(
      "the CMS's GitHub backend no longer saves a pull request as it did: a second editor's save needs another patch",
    );
  const [, branch, created] = head;
  const found = open[0];
  return replaceOnce(
    script,
    `${window.slice(0, open.index)}${found}`,
    `${window.slice(0, open.index)}pullRequest:(${created}===void 0&&(await ${fetchAll[1]}()).find((eccronPull)=>eccronPull.branch===${branch}))||${found.slice('pullRequest:'.length)}`,
    "a second editor's save kept in the open pull request",
  );
}

/**
 * A snapshot of the entry copies its words and numbers as they are, not each through the browser's structured clone.
 * Svelte's $state.snapshot, which the CMS takes of the whole draft for the preview pane on every key typed, copies
 * plain objects and arrays itself and hands every other value to structuredClone: a string or a number comes back as
 * it was, a function or a symbol throws and is kept as it was. So every value that is not an object is returned at
 * once, as structuredClone would have returned it; objects still go to it. (Typing a new publication's title in the
 * fixture content, the page's CPU time per key fell from some 55 ms to 40.)
 */
function snapshotKeepsWords(script: Buffer): Edit {
  const at = script.indexOf(' instanceof EventTarget)return ');
  const window = at === -1 ? '' : script.toString('latin1', Math.max(0, at - 40), at + 80);
  const clone =
    /if\(([\w$]+) instanceof EventTarget\)return \1;try\{return structuredClone\(\1\)\}catch\{return \1\}/.exec(window);
  if (!clone)
    throw new Error("the CMS's script no longer snapshots a value as Svelte 5 did: the snapshot's patch needs redoing");
  const [found, value] = clone;
  return replaceOnce(
    script,
    found,
    `if(typeof ${value}!=\`object\`||${value}===null||${value} instanceof EventTarget)return ${value};${found.slice(found.indexOf('try'))}`,
    "the snapshot of a draft's values",
  );
}

/**
 * Each screen shown at once, so that a click on it lands (docs/cms.md): the CMS changes its screens inside a view
 * transition where the browser has them, and while one runs (its 50 ms wait, then a quarter of a second's cross-fade)
 * every click goes to the page itself. Its test for them, `if(!document.startViewTransition||…){update();return}`,
 * becomes always true, as in a browser without them; and its pages no longer ask for one between them
 * (`@view-transition {navigation:auto;}`: /admin/ opened again from /admin/).
 */
function screensAtOnce(script: Buffer): Edit[] {
  return [
    replaceOnce(script, 'if(!document.startViewTransition||', 'if(!0||', 'each screen shown at once'),
    replaceOnce(
      script,
      '@view-transition {navigation:auto;',
      '@view-transition {navigation:none;',
      'each page shown at once',
    ),
  ];
}

/**
 * The CMS's script, patched as bytes where it would reach beyond the site or hold back an editor (a build pays a
 * millisecond for it instead of ten for decoding 2 MB as text): its fonts from admin/fonts/, its version check and
 * translations from the site (unpkg.com otherwise), no check of GitHub's status page, a page that can be zoomed
 * (WCAG 1.4.4), Move Up / Move Down on list items, Immutable.js for its event hooks and the preview pane from the
 * site, the entry kept open after a save with no backup of it left to restore, a save the site's script refuses
 * left quietly to it, two editors' saves of one file (the entry as opened given to the preSave hook, a save onto
 * a branch with an open pull request kept in it), a snapshot of the draft that keeps its words as they are, and
 * each screen shown at once.
 */
export function selfHostedCms(urls: Urls, kept?: KeptAdmin): { script: Buffer; fonts: OutputFile[] } {
  const key = urls.asset('');
  const known = selfHosted.get(key);
  if (known) return known;
  const original = readCmsScript();
  const { edits, fonts } = kept ? kept('cmsPatch', key, () => cmsPatch(original, urls)) : cmsPatch(original, urls);
  const result = { script: applyEdits(original, edits), fonts: fontFiles(fonts) };
  selfHosted.set(key, result);
  return result;
}

/** Where each patch of selfHostedCms goes, and the fonts it serves itself. */
function cmsPatch(original: Buffer, urls: Urls): { edits: Edit[]; fonts: CmsFont[] } {
  const { edits, fonts } = ownFonts(original, urls);
  const lock = original.indexOf(zoomLock);
  if (lock !== -1) edits.push({ at: lock, length: zoomLock.length, text: '' });
  edits.push(
    replaceOnce(original, unpkg.toString('latin1'), `\`${encodeURI(urls.asset(ownCmsFolder))}\``, 'its version check'),
    withoutStatusCheck(original),
    withMoveButtons(original),
    withOwnImmutable(original, urls.asset(immutableFile())),
    stayAfterSave(original),
    noBackupAfterSave(original),
    quietRefusal(original),
    quietSaveFailure(original),
    withEntryAsOpened(original),
    withOpenPullRequestKept(original),
    snapshotKeepsWords(original),
    ...screensAtOnce(original),
  );
  return { edits, fonts };
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

/**
 * What the CMS loads once the site's script gives it a field type, event hooks and preview templates of its own: its
 * react-dom chunk, which it asks for beside its own script (chunks/react-dom.js), and Immutable.js (withOwnImmutable).
 */
const cmsLibraries = (): OutputFile[] => [
  {
    path: `${adminFolder}/chunks/react-dom.js`,
    contents: readFileSync(path.join(cmsPackage(), 'dist/chunks/react-dom.js')),
  },
  { path: immutableFile(), contents: readFileSync(require.resolve('immutable/dist/immutable.es.js')) },
];

/** The pinned tz data, named by its content hash: the site's script checks an event's times with it. */
function timeZoneFile(kept?: KeptAdmin): OutputFile {
  const text = publishedTimeZoneText();
  const hashOf = () => createHash('sha256').update(text).digest('hex').slice(0, 8);
  const hash = kept ? kept('timeZonesHash', null, hashOf) : hashOf();
  return { path: `${adminFolder}/time-zones-${hash}.json`, contents: text };
}

/**
 * admin/content.json: the content files as the build read them, by their path in the repository (content/site.yml),
 * which the site's script checks a save against (the entry saved in place of its file). Under npm run dev the dev
 * server answers it from the files as they are now (dev-admin.ts).
 */
export function contentSnapshot(contentDir: string): string {
  const files: Record<string, string> = {};
  const read = (name: string) => {
    const file = path.join(contentDir, name);
    if (existsSync(file)) files[`content/${name}`] = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  };
  for (const [name] of Object.values(CONTENT_FILES)) read(name);
  const news = path.join(contentDir, 'news');
  if (existsSync(news)) for (const name of readdirSync(news).sort()) if (!name.startsWith('.')) read(`news/${name}`);
  return `${JSON.stringify({ files })}\n`;
}

/**
 * Where the build reads the content from, for admin/content.json, written for the live site's editor (a build for
 * a repository): without it, the editor cannot check a save. A build for the local mode leaves it to the dev server.
 */
export interface AdminSources {
  contentDir?: string;
  /** The client bundle's stylesheet, which the preview pane shows the pages with; without it, no preview pane. */
  assets?: { css: string };
  /** The editor's and the preview pane's scripts, when the build had them bundled already (adminScripts). */
  scripts?: AdminScripts;
  /** Where to keep what the stage makes from its inputs alone, and the code that makes it (keptAdmin). */
  kept?: { folder: string; code: string };
}

/** The site's own scripts of /admin/: the editor's, and the preview pane's. */
export interface AdminScripts {
  editor: KeptScript;
  preview: KeptScript;
}

/**
 * The editor's and the preview pane's scripts, bundled together in esbuild's process: a build starts them first
 * and renders its pages while they are made.
 */
export async function adminScripts(): Promise<AdminScripts> {
  const [editor, preview] = await Promise.all([editorScriptSoon(), previewBundleSoon()]);
  return { editor, preview };
}

/**
 * admin/index.html, admin/config.json, the CMS's script, the site's own and what it reads (the content, the tz
 * data), Immutable.js, the fonts, version and translations; and with the site's stylesheet (`sources.assets`), the
 * preview pane's script.
 */
export const adminFiles = (
  urls: Urls,
  content: SiteContent,
  backend: CmsBackend | undefined,
  sources: AdminSources = {},
): OutputFile[] => beginAdminFiles(urls, content, backend, sources).finish(sources.scripts);

/**
 * adminFiles() in two steps. First all that needs no script of esbuild's (`ready`: the CMS's script patched, the
 * configuration, the tz data, the fonts and translations), which a build makes while esbuild makes the editor's and
 * the preview pane's; then, given those, every file in adminFiles()'s order, with the page that loads them.
 */
export function beginAdminFiles(
  urls: Urls,
  content: SiteContent,
  backend: CmsBackend | undefined,
  sources: Omit<AdminSources, 'scripts'> = {},
): { ready: OutputFile[]; finish: (scripts?: AdminScripts) => OutputFile[] } {
  const kept = sources.kept && keptAdmin(sources.kept);
  const { script, fonts } = selfHostedCms(urls, kept);
  const cms = { path: `${adminFolder}/sveltia-cms-${cmsVersion()}.js`, contents: script };
  const timeZones = timeZoneFile(kept);
  const facts = contentFacts(content);
  const configOf = () => configJson(cmsConfig(facts, backend, urls.absolute('/')));
  const config = {
    path: `${adminFolder}/config.json`,
    contents: kept ? kept('config', [facts, backend ?? null, urls.absolute('/')], configOf) : configOf(),
  };
  // For the live site's editor: in local mode the dev server answers it from the files as they are now.
  const snapshot =
    sources.contentDir && backend
      ? [{ path: `${adminFolder}/content.json`, contents: contentSnapshot(sources.contentDir) }]
      : [];
  const rest = [...cmsLibraries(), ...fonts, ...ownCmsFiles()];
  const finish = (scripts?: AdminScripts): OutputFile[] => {
    const editor = scripts?.editor ?? editorScript();
    const preview = sources.assets ? (scripts?.preview ?? previewBundle()) : undefined;
    const page = adminPage(urls, {
      cmsScript: urls.asset(cms.path),
      editorScript: urls.asset(editor.path),
      timeZones: urls.asset(timeZones.path),
      ...(preview && sources.assets
        ? { preview: { script: urls.asset(preview.path), siteStyle: urls.asset(sources.assets.css) } }
        : {}),
      title: `Edit the site · ${content.site.acronym}`,
      policy: adminContentSecurityPolicy(backend?.authUrl, backend?.apiRoot),
      mode: backend ? 'github' : 'local',
    });
    const index = { path: `${adminFolder}/index.html`, contents: page };
    return [index, config, cms, editor, timeZones, ...snapshot, ...(preview ? [preview] : []), ...rest];
  };
  return { ready: [config, cms, timeZones, ...snapshot, ...rest], finish };
}

/** What the forms take from the content: the themes (one publications list each), the site's name and logo. */
const contentFacts = (content: SiteContent): CmsContentFacts => ({
  themes: content.themes.map((theme) => ({ id: theme.id, title: theme.title })),
  site: { name: content.site.name, logo: content.site.logo, timezone: content.site.timezone },
});

/**
 * The configuration as JSON, which the CMS reads as well as YAML: JSON.stringify
 * takes a millisecond where a YAML writer took a tenth of the build.
 */
export const configJson = (config: object) =>
  `${JSON.stringify({ $comment: 'Generated by the build from src/content-schema.ts and content/; edits here are lost at the next build.', ...config }, null, 1)}\n`;

/**
 * What the stage makes from its inputs alone, the same every build while they and its code are: the configuration
 * (the schema's forms, the 490 time zones of the tz data), where the CMS's script is patched, the tz data's hash.
 */
interface AdminKept {
  config?: string;
  cmsPatch?: { edits: Edit[]; fonts: CmsFont[] };
  timeZonesHash?: string;
}

const isAdminKept = (value: unknown): value is AdminKept => typeof value === 'object' && value !== null;

/**
 * Kept (lib/kept-results.ts) only under the command's bundle, `code` being its key: that of every file of the
 * command and of npm's record of the installed packages (the CMS's, the tz data's): no list of this stage's modules
 * and packages to keep up to date. A result of another shape than asked for is made again.
 */
function keptAdmin({ folder, code }: { folder: string; code: string }) {
  const kept = new KeptResults(path.join(folder, 'admin.tsv'), isAdminKept, code);
  return <K extends keyof AdminKept>(name: K, inputs: unknown, make: () => NonNullable<AdminKept[K]>) => {
    const found = kept.of(JSON.stringify([name, inputs]), () => ({ [name]: make() }))[name];
    return found ?? make();
  };
}

type KeptAdmin = ReturnType<typeof keptAdmin>;
