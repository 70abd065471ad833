/**
 * /admin/ under `npm run dev`: the CMS in its local mode, on the checkout's
 * own files. The CMS needs no server for that (the browser opens the folder),
 * so the dev server only has to do three things differently for /admin/:
 * - serve its configuration made from the files as they are now, not as the
 *   last good build saw them: a new theme saved through the form gets its
 *   publications list at the next reload of /admin/, even while the build
 *   still says the theme needs a publication;
 * - serve the page without the live-reload script: every save through the CMS
 *   changes content/ and triggers a rebuild, which must not reload the form;
 * - serve it in local mode, naming the server's event stream, from which the
 *   site's script on the page shows the verdict of the rebuild each save causes.
 */
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { parse } from 'yaml';
import type { Problem } from '../lib/problems.ts';
import { headersFor } from '../lib/static-server.ts';
import type { CmsBackend } from '../lib/cms-backend.ts';
import type { CmsContentFacts } from './cms-config.ts';

// Imported when first asked for: they import src/, where a syntax error must not stop the dev server.
const adminFolder = 'admin';
let generator: Promise<(facts: CmsContentFacts & { siteUrl: string }, backend?: CmsBackend) => string> | undefined;
const loadGenerator = () =>
  (generator ??= Promise.all([import('./admin-stage.ts'), import('./cms-config.ts'), import('../../src/urls.ts')]).then(
    ([stage, { cmsConfig }, { createUrls }]) =>
      (facts, backend) =>
        stage.configJson(cmsConfig(facts, backend, createUrls('', facts.siteUrl).absolute('/'))),
  ));

const loadSnapshot = () => import('./admin-stage.ts').then((stage) => stage.contentSnapshot);

type Intercept = (request: http.IncomingMessage, response: http.ServerResponse) => boolean;

/**
 * The facts the configuration needs, read leniently from the files (the
 * build's checks say what is wrong; the form must open anyway to fix it).
 */
export function contentFactsFromFiles(contentDir: string): CmsContentFacts & { siteUrl: string } {
  const read = (file: string): unknown => {
    try {
      return parse(readFileSync(path.join(contentDir, file), 'utf8'));
    } catch {
      return undefined;
    }
  };
  const themes = (Array.isArray(read('themes.yml')) ? (read('themes.yml') as unknown[]) : [])
    .map((theme) => theme as { id?: unknown; title?: unknown })
    .filter((theme): theme is { id: string; title?: unknown } => typeof theme?.id === 'string' && theme.id !== '')
    .map((theme) => ({ id: theme.id, title: typeof theme.title === 'string' ? theme.title : theme.id }));
  const site = read('site.yml') as
    | { siteUrl?: unknown; name?: unknown; logo?: unknown; timezone?: unknown }
    | undefined;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return {
    themes,
    site: { name: text(site?.name), logo: text(site?.logo), timezone: text(site?.timezone) },
    // The folder to pick in local mode is the checkout, the one that holds content/.
    folder: path.basename(path.dirname(path.resolve(contentDir))),
    siteUrl: text(site?.siteUrl) ?? 'http://localhost',
  };
}

/** What the dev server serves /admin/ from: the content as it is now, the last good build, the backend it builds for. */
export interface LocalAdminOptions {
  contentDir: string;
  outDir: string;
  backend?: CmsBackend;
  /** The dev server's event stream, which tells of each build (none: the page shows no verdicts). */
  devEvents?: string;
}

/**
 * Wraps the dev server's request handler: /admin/config.json from the files of
 * `contentDir` as they are now, and /admin/ straight from `outDir`.
 */
export function localAdmin(
  { contentDir, outDir, backend, devEvents }: LocalAdminOptions,
  next: Intercept = () => false,
): Intercept {
  console.log(
    `CMS: open /admin/, choose "Work with Local Repository" and pick this folder: ${path.dirname(contentDir)}`,
  );
  return (request, response) => {
    const pathname = (request.url ?? '').replace(/[?#].*$/, '');
    if (pathname === `/${adminFolder}/content.json`) {
      // The files as they are now, which the site's script checks a save against.
      loadSnapshot()
        .then((snapshot) => {
          response
            .writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
            .end(snapshot(contentDir));
        })
        .catch((error: unknown) => {
          response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(String(error));
        });
      return true;
    }
    if (pathname === `/${adminFolder}/config.json`) {
      loadGenerator()
        .then((generate) => {
          response
            .writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
            .end(generate(contentFactsFromFiles(contentDir), backend));
        })
        .catch((error: unknown) => {
          generator = undefined;
          response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(String(error));
        });
      return true;
    }
    if (pathname === `/${adminFolder}/` || pathname === `/${adminFolder}/index.html`) {
      let page: Buffer;
      try {
        page = readFileSync(path.join(outDir, adminFolder, 'index.html'));
      } catch {
        return next(request, response);
      }
      // In local mode, listening to this server's builds: the site's script shows each save's verdict.
      const local = page
        .toString('utf8')
        .replace(/data-cms-mode="\w+"/, 'data-cms-mode="local"')
        .replace('</head>', devEvents ? `<meta name="eccron-dev-events" content="${devEvents}">\n</head>` : '</head>');
      // With the headers a host would send (its policy above all), from the build's _headers.
      let headers: Record<string, string> = {};
      try {
        headers = headersFor(readFileSync(path.join(outDir, '_headers'), 'utf8'), pathname);
      } catch {
        // No _headers yet: the page's <meta> policy still applies.
      }
      response
        .writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
        .end(local);
      return true;
    }
    return next(request, response);
  };
}

/** The file a problem names, relative to the repository (the folder that holds content/), with forward slashes. */
export function problemFile(problem: Problem, cwd: string, repository: string): string | undefined {
  const file = problem.field?.file ?? /^(.+?)(?::\d+(?::\d+)?)?(?: › |$)/.exec(problem.where)?.[1];
  if (!file) return undefined;
  const relative = path.relative(repository, path.resolve(cwd, file));
  return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep).join('/');
}

/** What a content file holds, read leniently: a YAML file's data, a Markdown file's front matter; {} when unreadable. */
function fileData(file: string): unknown {
  try {
    const text = readFileSync(file, 'utf8');
    const yaml = file.endsWith('.md') ? (/^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '') : text;
    return parse(yaml) ?? {};
  } catch {
    return {};
  }
}

/**
 * The build's problems with their places in the editor (editor-places.ts), for the verdict /admin/ shows after a
 * save. `cwd` is where the build ran, which the problems' paths are relative to.
 */
export async function placedProblems(problems: readonly Problem[], contentDir: string, cwd: string) {
  const [{ cmsConfig }, { placeInEditor }] = await Promise.all([
    import('./cms-config.ts'),
    import('./editor-places.ts'),
  ]);
  const facts = contentFactsFromFiles(contentDir);
  const { collections } = cmsConfig(facts, undefined, facts.siteUrl);
  const repository = path.dirname(path.resolve(contentDir));
  return problems.map((problem) => {
    const file = problemFile(problem, cwd, repository);
    if (!file) return problem;
    return placeInEditor(problem, file, collections as never, () => fileData(path.join(repository, file)));
  });
}
