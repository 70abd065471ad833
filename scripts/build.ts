/**
 * npm run build [-- --out DIR] [--content DIR] [--base /sub-folder] [--site-url https://host] [--today YYYY-MM-DD]
 *                 [--accessibility-record reports/accessibility-run.json]
 *
 * --today is the date the build treats as today (upcoming events, review
 * dates); without it SOURCE_DATE_EPOCH, then the current UTC date.
 * --accessibility-record is the record the browser tests wrote (npm test): the
 * accessibility statement says how the site was tested from it when it is of
 * the commit being built, and that the build was not tested otherwise.
 * Builds the site into dist/ (or DIR). --base and --site-url (or, second,
 * BASE_PATH and SITE_URL in the environment) set the base path and the site's
 * address for one build; CMS_REPO (or GITHUB_REPOSITORY, REPOSITORY_URL),
 * CMS_BRANCH and CMS_AUTH_URL where the CMS at /admin/ saves.
 * Exits 1, leaving the previous output untouched, on any problem.
 * `npm run build` starts it through scripts/run-build.js, which calls
 * buildCommand() from its bundle; run as a file (node --import tsx
 * scripts/build.ts), it runs itself.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cmsTargetFromEnvironment } from './lib/cms-backend.ts';
import { describeFailure } from './lib/problems.ts';
import { readCommandLine } from './lib/command-line.ts';
import { projectRoot } from './lib/project-root.js';
import { red, yellow } from './lib/terminal.ts';

const usage = [
  'Usage: npm run build [-- --out DIR] [--content DIR] [--base /sub-folder] [--site-url https://host]',
  '                     [--today YYYY-MM-DD] [--report FILE] [--accessibility-record reports/accessibility-run.json]',
].join('\n');

const commandLine = () =>
  readCommandLine(
    {
      options: {
        out: { type: 'string' },
        content: { type: 'string' },
        base: { type: 'string' },
        'site-url': { type: 'string' },
        today: { type: 'string' },
        report: { type: 'string' },
        'accessibility-record': { type: 'string' },
      },
    },
    { usage, exitCode: 1 },
  );

/**
 * The command. Its command line is read first: a mistake there starts nothing. `code`: the key of the bundle it
 * runs from, which names its code (BuildOptions.code).
 */
export async function buildCommand(code?: string): Promise<void> {
  const { values } = commandLine();

  // React picks its production build (the same HTML, rendered much faster) from
  // NODE_ENV when it is first imported, so the pipeline is imported after this.
  process.env.NODE_ENV ??= 'production';
  // esbuild bundles the client in a process of its own: started first, it works
  // while this one loads the rest of the pipeline (React, the YAML parser, the schema).
  const { bundleClient } = await import('./stages/bundle-client.ts');
  const clientBundle = bundleClient(projectRoot);
  clientBundle.catch(() => {}); // reported by buildSite, which awaits it
  const { buildSite } = await import('./build-site.ts');
  const { formatReport } = await import('./stages/report.ts');

  try {
    const { report, warnings } = await buildSite({
      outDir: values.out,
      contentDir: values.content,
      basePath: values.base ?? process.env.BASE_PATH ?? '',
      siteUrl: values['site-url'] ?? process.env.SITE_URL,
      today: values.today,
      environment: process.env,
      accessibilityRecord: values['accessibility-record'],
      clientBundle,
      code,
      // Each event's changes, from the content's git history: its SEQUENCE (asked only when the site has events).
      eventRevisions: async () =>
        (await import('./lib/event-history.ts')).readEventRevisions(
          path.resolve(values.content ?? path.join(projectRoot, 'content'), 'news'),
        ),
      // Where the CMS saves: CMS_REPO, GITHUB_REPOSITORY or REPOSITORY_URL, CMS_BRANCH, CMS_AUTH_URL.
      cms: cmsTargetFromEnvironment(process.env),
    });
    console.log(formatReport(report));
    for (const warning of warnings) console.warn(yellow(`warning ${warning.where}: ${warning.message}`));
    // Machine-readable figures, kept out of the deployable folder.
    const reportFile = path.resolve(values.report ?? path.join(projectRoot, 'reports', 'build-report.json'));
    await mkdir(path.dirname(reportFile), { recursive: true });
    await writeFile(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  } catch (error) {
    const { problems, note } = describeFailure(error);
    for (const line of problems) console.error(red(line));
    if (note) console.error(note);
    process.exitCode = 1;
  }
}

// No top-level await: the bundle is a script (scripts/bundled-build.js), which calls buildCommand() itself.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void buildCommand();
