import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteContent } from '../src/content-schema.ts';
import { notFoundPage, type Route, routes as siteRoutes } from '../src/routes.tsx';
import { buildCommit } from './lib/build-commit.ts';
import type { EventRevisions } from './lib/event-history.ts';
import { type BuildDate, isBuildDate, resolveBuildDate } from './lib/build-date.ts';
import { checkBuildSettings } from './lib/build-settings.ts';
import { GzipSizes } from './lib/gzip-size.ts';
import { outputLocationProblems, realFileSystem, recoverOutputFolder } from './lib/output-folder.ts';
import { projectRoot } from './lib/project-root.js';
import { createUrls, outputFile, trimTrailingSlashes, type Urls } from '../src/urls.ts';
import { BuildError, displayPath, type Problem } from './lib/problems.ts';
import { identifyBuild, identityRoom } from './stages/build-identity.ts';
import { bundleClient, type ClientBundle } from './stages/bundle-client.ts';
import { checkOutput } from './stages/check-output.ts';
import { pageReader } from './stages/read-pages.ts';
import { calendarFiles, revisionWarnings, revisionsOf } from './stages/calendar-files.ts';
import { citationFiles } from './stages/citation-files.ts';
import { readPublicFiles } from './stages/copy-public.ts';
import type { DoiOnly } from './stages/content/doi-only.ts';
import { type LoadedContent, loadContent, placeholderWarnings } from './stages/load-content.ts';
import type { OutputFile } from './stages/output-files.ts';
import { type BuiltPage, eachRenderedPage } from './stages/render-pages.tsx';
import { takePages } from './stages/take-pages.ts';
import { pageBudgetWarnings } from './stages/page-budgets.ts';
import { buildReport, type BuildReport } from './stages/report.ts';
import { siteFiles } from './stages/site-files.ts';
import { readTestedWith, testedAgainstSite } from './stages/tested-with.ts';
import { type AdminScripts, adminHeaders, adminScripts, beginAdminFiles } from './admin/admin-stage.ts';
import { type CmsTarget, cmsIdentity, localOnly } from './lib/cms-backend.ts';
import { dropStaging, type Staging, startStaging, writeOutput } from './stages/write-output.ts';

export interface BuildOptions {
  outDir?: string;
  contentDir?: string;
  publicDir?: string;
  /** Sub-folder the site is served from, e.g. '/eccron-site'; '' for the host's root. */
  basePath?: string;
  /** Overrides the siteUrl setting of content/site.yml. */
  siteUrl?: string;
  /** The date the build treats as today (YYYY-MM-DD); else SOURCE_DATE_EPOCH, else the current UTC date. */
  today?: string;
  /** The commit named in the build's identity; else the checkout's HEAD or the CI's variable, else none. */
  commit?: string | null;
  /** The variables the command was started with: SOURCE_DATE_EPOCH, the CI's commit (GITHUB_SHA…); none unless given. */
  environment?: NodeJS.ProcessEnv;
  /** The record the browser accessibility tests wrote (reports/accessibility-run.json), for the statement. */
  accessibilityRecord?: string;
  /** Lets a long-running process (the dev server) reuse the client bundle while src/ is unchanged. */
  cache?: BuildCache;
  /** A client bundle already under way: the build command starts it before loading this pipeline. */
  clientBundle?: Promise<ClientBundle>;
  /** The route table of the content: src/routes.tsx's unless given (the scale benchmark's has more routes). */
  routes?: (content: SiteContent) => Route[];
  /** The editor's and the preview pane's scripts already under way; else the build starts them first thing. */
  adminScripts?: Promise<AdminScripts>;
  /** Where the CMS at /admin/ saves, and where that came from; the local mode only when not given. */
  cms?: CmsTarget;
  /** A publication that holds only its DOI: refused (the default), or shown as pending (the dev server's preview). */
  doiOnly?: DoiOnly;
  /** How many times each news item changed, from git (lib/event-history.ts): the events' SEQUENCE; none: 0. Asked only when the site has events. */
  eventRevisions?: () => Promise<EventRevisions>;
  /**
   * Where the build keeps what it made from bytes that stay the same between builds (lib/kept-results.ts): the gzip
   * sizes, the Markdown's tokens, what each page links to. node_modules/.cache/eccron-kept/ unless given; null, nowhere.
   */
  keptIn?: string | null;
  /**
   * The code of the build command as a whole, named by its bundle's key (bundled-build.js): what a stage makes from
   * its inputs alone is kept under it (the configuration of /admin/, the CMS's patches); none, made every build.
   */
  code?: string;
}

export interface BuildCache {
  client?: ClientBundle;
}

/** Where the build keeps what it made from unchanged bytes, unless told otherwise (keptIn). */
const keptByDefault = path.join(projectRoot, 'node_modules', '.cache', 'eccron-kept');

export interface BuildResult {
  report: BuildReport;
  warnings: Problem[];
}

/** The whole build, stage by stage. Throws a BuildError listing every problem; writes only when all is well. */
export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  let staging: Staging | undefined;
  try {
    return await buildStages(options, (outDir, pageFiles) => {
      staging = startStaging(outDir, pageFiles);
      return staging;
    });
  } catch (error) {
    // The folders begun for a site that is not written.
    if (staging) await dropStaging(staging);
    throw error;
  }
}

/** The staging folder of the output with the pages' folders begun (write-output.ts's startStaging). */
type BeginStaging = (outDir: string, pageFiles: string[]) => Staging;

async function buildStages(options: BuildOptions, beginStaging: BeginStaging): Promise<BuildResult> {
  const started = performance.now();
  const { outDir, contentDir, publicDir, keptIn, kept, keptPages } = buildFolders(options);
  const buildDate = checkSettings(options);
  // esbuild makes them in its own process while this one loads the content and renders the pages.
  const scripts = options.adminScripts ?? adminScripts();
  scripts.catch(() => {}); // awaited below; a build refused before then only leaves them made for the next

  const today = buildDate.date;
  const recovered = await claimOutputFolder({ outDir, contentDir, publicDir });
  const commit = commitOf(options);

  const { content, contentWarnings, origins, markdown, client, routes, testedWith, testWarnings } = await loadInputs(
    options,
    { contentDir, publicDir, keptIn, today, commit },
  );
  if (options.siteUrl) content.site = { ...content.site, siteUrl: trimTrailingSlashes(options.siteUrl) };
  const urls = createUrls(options.basePath ?? '', content.site.siteUrl);
  const cms = options.cms ?? localOnly;
  // The events' changes, asked of git (its own processes) while the pages render.
  const revisionsSoon = revisionsOf(content, options.eventRevisions);
  revisionsSoon.catch(() => {}); // awaited below
  // /admin/'s files that need no script of esbuild's, made now and their gzip sizes measured on other threads while
  // the pages render: the CMS's 2 MB takes as long to compress as /admin/'s other scripts together, and begun once
  // the pages were rendered, it was still being compressed when the site was written (the report waited for it).
  const gzipSizes = new GzipSizes(keptIn && path.join(keptIn, 'gzip-sizes.tsv'));
  const admin = beginAdminFiles(urls, content, cms.backend, { contentDir, assets: client.assets, kept });
  measureScriptsSoon(gzipSizes, admin.ready);
  // The editor's and the preview's, as soon as esbuild has made them.
  scripts.then(({ editor, preview }) => measureScriptsSoon(gzipSizes, [editor, preview])).catch(() => {});

  // Render every route of the route table, each page read for the output check and hashed as it comes. The pages
  // are read as rendered: their identity changes no link, id or image, and every build's identity differs, while
  // most pages do not.
  const readPage = pageReader(keptIn);
  const staging = beginStaging(outDir, pageFilesOf(routes));
  const context = { urls, assets: client.assets, today, markdown, testedWith };
  const inputs = { commit: await commit, date: today, generator: generator(), cms: cmsIdentity(cms) };
  const rendered = takePages(eachRenderedPage(content, routes, context, keptPages), readPage, identityRoom(inputs));

  // Gather the site: pages, client bundle, host files, /admin/, public files.
  const revisions = await revisionsSoon;
  const site = await gatherSite({
    ...{ content, routes, urls, cms, markdown, client, today, kept, publicDir, scripts, admin, gzipSizes },
    pages: rendered.pages,
    revisions,
  });

  // build.json, and the same identity in every page (npm run verify compares a live site with it).
  const { pages, files } = identifyBuild(rendered.pages, site, inputs, rendered.made);

  // Check every internal link, asset and image before anything is written.
  const { readings } = rendered;
  const linkProblems = checkOutput(readings, files, urls, origins);
  if (linkProblems.length > 0) throw new BuildError('Checking links and assets', linkProblems);

  // Swap the finished site into the output folder, if the folder is the build's own.
  const outputWarnings = await writeOutput(outDir, files, realFileSystem, staging);

  const milliseconds = performance.now() - started;
  await gzipSizes.settled();
  return {
    report: buildReport({
      pages,
      readings,
      readPage,
      files,
      basePath: urls.basePath,
      scriptImports: client.scriptImports,
      milliseconds,
      gzipSizes,
      buildDate,
      cms,
    }),
    warnings: [
      ...(recovered ? [{ where: displayPath(outDir), message: recovered }] : []),
      ...outputWarnings,
      ...contentWarnings,
      ...testWarnings,
      ...revisionWarnings(content, revisions),
      ...placeholderWarnings(content, contentDir),
      ...robotsWarnings(urls.basePath),
      ...pageBudgetWarnings(pages, gzipSizes),
    ],
  };
}

interface Gathering {
  content: SiteContent;
  routes: Route[];
  urls: Urls;
  cms: CmsTarget;
  markdown: LoadedContent['markdown'];
  client: ClientBundle;
  pages: BuiltPage[];
  today: string;
  kept: ReturnType<typeof buildFolders>['kept'];
  publicDir: string;
  scripts: Promise<AdminScripts>;
  revisions: Awaited<ReturnType<typeof revisionsOf>>;
  /** /admin/'s files begun (beginAdminFiles), finished here with esbuild's scripts. */
  admin: ReturnType<typeof beginAdminFiles>;
  /** Where the scripts' and stylesheets' gzip sizes are being measured. */
  gzipSizes: GzipSizes;
}

/**
 * The site's files: pages, client bundle, host files, public files, and /admin/'s once esbuild has made its scripts
 * (meanwhile). The gzip sizes of the scripts and stylesheets are measured from then, on other threads, while the rest
 * is checked and written.
 */
async function gatherSite(given: Gathering): Promise<OutputFile[]> {
  const { content, routes, urls, cms, markdown, client, today, kept, revisions, admin, gzipSizes } = given;
  const made: OutputFile[] = [
    ...given.pages.map((page) => ({ path: page.file, contents: page.html })),
    ...client.files,
    ...siteFiles(urls, routes, content, { headerRules: [adminHeaders(urls, cms.backend)], markdown }),
    ...citationFiles(content, kept),
    ...calendarFiles(content, { today, urls, markdown, revisions }),
  ];
  const publicFiles = await readPublicFiles(given.publicDir);
  const adminAll = admin.finish(await given.scripts);
  measureScriptsSoon(gzipSizes, [...made, ...adminAll, ...publicFiles]);
  return [...made, ...adminAll, ...publicFiles];
}

/** The gzip sizes of the report's scripts and stylesheets, measured on other threads (lib/gzip-size.ts). */
const measureScriptsSoon = (gzipSizes: GzipSizes, files: OutputFile[]) =>
  gzipSizes.measureSoon(files.filter((file) => /\.(?:js|css)$/.test(file.path)).map((file) => file.contents));

/**
 * Load and check the content, and bundle the client meanwhile (pages need its hashed names); read the record of the
 * accessibility tests, held against the routes and the statement.
 */
async function loadInputs(
  options: BuildOptions,
  given: Omit<ReturnType<typeof buildFolders>, 'outDir' | 'kept' | 'keptPages'> & {
    today: string;
    commit: ReturnType<typeof commitOf>;
  },
) {
  const { contentDir, publicDir, keptIn, today, commit } = given;
  const [
    { content, warnings: contentWarnings, origins, markdown },
    client,
    { testedWith: tested, warnings: testWarnings },
  ] = await Promise.all([
    loadContent(contentDir, { publicDir, today, doiOnly: options.doiOnly, keptIn, code: options.code }),
    clientOf(options),
    readTestedWith({ projectRoot, record: options.accessibilityRecord, commit, today }),
  ]);
  const routes = (options.routes ?? siteRoutes)(content);
  const testedWith = testedAgainstSite(tested, {
    routes: routes.map((route) => route.path),
    compliance: content.accessibility.compliance,
    statementFile: displayPath(path.join(contentDir, 'accessibility.md')),
    recordFile: options.accessibilityRecord,
  });
  return { content, contentWarnings, origins, markdown, client, routes, testedWith, testWarnings };
}

/** The pages' files, whose folders are made beside the output folder while the pages render (write-output.ts). */
const pageFilesOf = (routes: Route[]) => [...routes.map((route) => outputFile(route.path)), notFoundPage.file];

/** The commit for the build's identity, asked of git while the content loads. */
const commitOf = (options: BuildOptions) =>
  options.commit === undefined ? buildCommit(projectRoot, options.environment ?? {}) : Promise.resolve(options.commit);

/** The client bundle: the dev server's while src/ is unchanged, the one the build command started, or a new one. */
async function clientOf(options: BuildOptions): Promise<ClientBundle> {
  const client = await (options.cache?.client ?? options.clientBundle ?? bundleClient(projectRoot));
  if (options.cache) options.cache.client = client;
  return client;
}

function buildFolders(options: BuildOptions) {
  const keptIn = options.keptIn === null ? undefined : path.resolve(options.keptIn ?? keptByDefault);
  return {
    outDir: path.resolve(options.outDir ?? path.join(projectRoot, 'dist')),
    contentDir: path.resolve(options.contentDir ?? path.join(projectRoot, 'content')),
    publicDir: path.resolve(options.publicDir ?? path.join(projectRoot, 'public')),
    keptIn,
    /** What a stage makes from its inputs alone is kept only with the code named (BuildOptions.code). */
    kept: keptIn && options.code ? { folder: keptIn, code: options.code } : undefined,
    /** Rendered pages too, with the site's own route table, which that code decides. */
    keptPages:
      keptIn && options.code && !options.routes
        ? { folder: keptIn, code: options.code, reactBuild: options.environment?.NODE_ENV ?? '' }
        : undefined,
  };
}

/**
 * The base path and site address given for this build (--base, BASE_PATH,
 * SITE_URL), and the date it takes as today (--today, SOURCE_DATE_EPOCH or the
 * UTC date): an input, for reproducible builds.
 */
function checkSettings(options: BuildOptions): BuildDate {
  const problems = checkBuildSettings({ basePath: options.basePath, siteUrl: options.siteUrl });
  const buildDate = resolveBuildDate(options.today, options.environment ?? {});
  if (!isBuildDate(buildDate)) problems.push(buildDate);
  if (problems.length > 0 || !isBuildDate(buildDate)) throw new BuildError('Checking the build settings', problems);
  return buildDate;
}

/**
 * The output folder is the build's alone: never the project or a folder it
 * reads. Puts back the newest complete output if a build was stopped mid-swap,
 * and says so.
 */
async function claimOutputFolder(folders: { outDir: string; contentDir: string; publicDir: string }) {
  const { outDir, ...reads } = folders;
  const problems = await outputLocationProblems(outDir, { projectRoot, ...reads });
  if (problems.length > 0) throw new BuildError('Checking the output folder', problems);
  return recoverOutputFolder(outDir);
}

/** name@version of package.json, as the build's identity names the generator. */
function generator(): string {
  const { name, version } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));
  return `${name}@${version}`;
}

/** A site under a base path has its robots.txt where crawlers never look. */
const robotsWarnings = (basePath: string): Problem[] =>
  basePath
    ? [
        {
          where: 'robots.txt',
          message:
            `served at ${basePath}/robots.txt, where crawlers never look (they read /robots.txt at the host's root). ` +
            'The pages still carry their canonical URLs, and the sitemap can be submitted to search engines directly.',
        },
      ]
    : [];
