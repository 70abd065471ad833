/**
 * The live site's verdict in the editor, without the browser: the page an
 * entry changes (through the route table and src/urls.ts), and what the
 * editor makes of GitHub's answers about the Site workflow's run of a commit,
 * asked of a loopback stand-in playing GitHub's documented answers. The
 * problems of a refused build are what the Site workflow's problem matcher
 * (.github/build-problems.json) reads from the build command's real output on
 * the planted mistakes of test/fixtures/broken-content/, as GitHub Actions
 * turns them into annotations; each is then placed at its field of the form.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cmsConfig } from '../scripts/admin/cms-config.ts';
import { contentFactsFromFiles } from '../scripts/admin/dev-admin.ts';
import { changedPages } from '../scripts/admin/deploy/entry-page.ts';
import { placeProblem } from '../scripts/admin/deploy/problem-place.ts';
import {
  type Follow,
  type FollowContext,
  NO_CHECK_AFTER_MS,
  rateLimited,
  SLOW_AFTER_MS,
  shownOf,
} from '../scripts/admin/deploy/live-words.ts';
import { branchHead, GitHubAnswer, type GitHubAccess, siteRun } from '../scripts/admin/deploy/site-run.ts';
import { actionsSettings, WAITS } from '../scripts/admin/deploy/deploy-status.ts';
import { PREVIEWED } from '../scripts/admin/preview/previewed.ts';
import { routes } from '../src/routes.tsx';
import { createUrls } from '../src/urls.ts';
import { filesOf } from './helpers/cms-folder.ts';
import { siteCheck } from './helpers/github/site-check.ts';
import {
  BUILD_STEP,
  corsAllowedHeaders,
  deployJob,
  documentedRefusal,
  type GitHubScene,
  type PlayedJob,
  startGitHubStandIn,
} from './helpers/github-stand-in.ts';
import { fixtureContent } from './helpers/site.ts';

test('a saved entry links to the page it changes, a page of the route table: a theme’s page for its publications, the home page’s sections, the statement', async () => {
  const content = await fixtureContent();
  const paths = routes(content).map((route) => route.path);
  const publications = content.publications as Record<string, unknown>;
  const [first, second] = content.themes;
  const after = { ...publications, [second!.id]: [...(content.publications[second!.id] ?? []), { doi: '10.5555/x' }] };
  assert.deepEqual(
    changedPages({ collection: 'settings', slug: 'publications', before: publications, after }, content.themes),
    [`/research/${second!.id}`],
  );
  // The same publications as the form holds them, their fields in its order (DOI first) and every empty one "", are
  // no change.
  const reordered = Object.fromEntries(
    Object.entries(after).map(([id, list]) => [
      id,
      (list as Record<string, unknown>[]).map((entry) => ({
        ...Object.fromEntries(Object.entries(entry).reverse()),
        ...(entry.editors ? {} : { editors: '' }),
        ...(entry.freeCopy ? {} : { freeCopy: '' }),
        ...(typeof entry.edition === 'number' ? { edition: String(entry.edition) } : {}),
      })),
    ]),
  );
  assert.deepEqual(
    changedPages(
      { collection: 'settings', slug: 'publications', before: publications, after: reordered },
      content.themes,
    ),
    [`/research/${second!.id}`],
  );
  // Without the list as it was, the research index, which links every theme.
  assert.deepEqual(changedPages({ collection: 'settings', slug: 'publications', after }, content.themes), [
    '/research',
  ]);
  const pageOf = (collection: string, slug: string) => changedPages({ collection, slug, after: {} }, content.themes);
  assert.deepEqual(pageOf('settings', 'members'), ['/#team']);
  assert.deepEqual(pageOf('events', '2030-04-01-online-seminar'), ['/#news']);
  assert.deepEqual(pageOf('all-day-events', '2020-01-10-older-example'), ['/#news']);
  assert.deepEqual(pageOf('accessibility', 'statement'), ['/accessibility']);
  assert.deepEqual(pageOf('legal', 'privacy'), ['/privacy-policy']);
  // Every previewed view's page is a page the build writes, and its link is the site's own address for it.
  const views: [string, string][] = PREVIEWED.map((name) =>
    ['publications', 'members'].includes(name)
      ? ['settings', name]
      : name === 'statement'
        ? ['accessibility', name]
        : ['privacy', 'terms'].includes(name)
          ? ['legal', name]
          : [name, 'an-entry'],
  );
  for (const [collection, slug] of views)
    for (const page of changedPages({ collection, slug, before: publications, after }, content.themes))
      assert.ok(paths.includes(page.replace(/#.*$/, '') || '/'), `${collection}/${slug}: ${page} is a route`);
  const urls = createUrls('/sub', 'https://example.org');
  assert.equal(urls.absolute(`/research/${first!.id}`), `https://example.org/sub/research/${first!.id}/`);
});

describe('the site workflow’s verdict, asked of GitHub', () => {
  const scene: GitHubScene = { heads: new Map(), runs: new Map(), files: new Map() };
  let standIn: Awaited<ReturnType<typeof startGitHubStandIn>>;
  let access: GitHubAccess;
  before(async () => {
    standIn = await startGitHubStandIn(scene);
    access = { repo: 'example/site', token: 'github_pat_example', api: standIn.api };
  });
  after(() => standIn?.close());

  test('a save is followed from its branch’s commit: waiting, then building, then passed, each request with the editor’s own token', async () => {
    const sha = 'a'.repeat(40);
    scene.heads.set('cms/settings/members', sha);
    assert.equal(await branchHead(access, 'cms/settings/members'), sha);
    assert.deepEqual(await siteRun(access, sha), { state: 'waiting' });
    scene.runs.set(sha, { status: 'in_progress', conclusion: null });
    const building = await siteRun(access, sha);
    assert.equal(building.state, 'building');
    assert.match((building as { url: string }).url, /^https:\/\/github\.com\/.+\/actions\/runs\/\d+$/);
    scene.runs.set(sha, { status: 'completed', conclusion: 'success' });
    assert.equal((await siteRun(access, sha)).state, 'passed');
    assert.ok(standIn.asked.every((asked) => asked.authorization === 'token github_pat_example'));
    // Only headers GitHub's API lets a page of another origin send (a browser refuses the request otherwise).
    // CORS-safelisted headers, and those the user agent sets itself (Fetch: forbidden request headers).
    const safelisted = [
      'accept',
      'accept-language',
      'content-language',
      'accept-encoding',
      'connection',
      'host',
      'user-agent',
    ];
    const sent = new Set(standIn.asked.flatMap((asked) => asked.headers));
    const refused = [...sent].filter(
      (name) => !corsAllowedHeaders.includes(name) && !safelisted.includes(name) && !name.startsWith('sec-'),
    );
    assert.deepEqual(refused, [], 'headers a browser would not send to GitHub from /admin/');
    assert.ok(
      standIn.asked.some(
        (asked) =>
          asked.request === `GET /repos/example/site/actions/workflows/site.yml/runs?head_sha=${sha}&per_page=5`,
      ),
    );
  });

  test('a refused build: each content problem is placed at its field of the form, in the build’s words', async () => {
    const broken = await filesOf(path.resolve('test/fixtures/broken-content'), 'content/');
    const { annotations, passed, folder } = await siteCheck(broken);
    assert.equal(passed, false);
    assert.ok(annotations.length >= 5, `the matcher read the build's problems (${annotations.length})`);
    const sha = 'b'.repeat(40);
    scene.runs.set(sha, { status: 'completed', conclusion: 'failure', annotations });
    for (const annotation of annotations) {
      const file = String(annotation.path);
      scene.files.set(file, broken[file]!);
    }
    const verdict = await siteRun(access, sha);
    assert.equal(verdict.state, 'refused');
    const { problems } = verdict as { problems: { path: string; line: number; column: number; message: string }[] };
    assert.equal(problems.length, annotations.length);
    const { collections } = cmsConfig(
      contentFactsFromFiles(path.join(folder, 'content')),
      undefined,
      'https://example.org/',
    );
    const placed = await Promise.all(
      problems.map(async (problem) => placeProblem(problem, scene.files.get(problem.path)!, collections as never)),
    );
    const year = placed.find((problem) => problem.message.startsWith('expected a year, "in press" or null'));
    // The entry by its title, as the form shows it, never by its place in the list.
    assert.deepEqual(year?.place, {
      label: 'Site and lists › Publications › The Third Example Theme › “The first example of the third theme” › Year',
      hash: '#/collections/settings/entries/publications',
      keyPath: 'third-example.0.year',
    });
    assert.ok(
      placed.filter((_, index) => problems[index]!.path.endsWith('.yml')).every((problem) => problem.place),
      'every problem of a YAML file has its place in the form',
    );
  });

  test('a rate limit is honoured: the wait GitHub asks for comes back with the refusal', async () => {
    scene.refuseNext = { status: 403, headers: { 'retry-after': '42', 'x-ratelimit-remaining': '0' } };
    await assert.rejects(siteRun(access, 'c'.repeat(40)), (error: unknown) => {
      assert.ok(error instanceof GitHubAnswer);
      assert.equal(error.status, 403);
      assert.equal(error.waitSeconds, 42);
      return true;
    });
  });

  // What goes wrong on the live site that is not the content (issue 50, cases 4 to 7).

  /** A save of the members list and a publish, as the panel follows them. */
  const save: Follow = { kind: 'save', branch: 'cms/settings/members', hash: '#/x', label: 'Members', pages: ['/'] };
  const publish: Follow = { ...save, kind: 'publish', branch: 'main' };
  const context = (): FollowContext => ({
    access,
    actionsSettings: { href: actionsSettings('example/site', undefined), text: 'The repository’s Actions settings' },
    collections: [],
    absolute: (page) => `https://example.org${page}`,
  });
  /** The Site workflow's jobs (.github/workflows/site.yml), as GitHub lists a run's jobs and steps. */
  const tests = (conclusion: string): PlayedJob => ({
    name: 'test (24)',
    conclusion,
    steps: [
      ['Set up job', 'success'],
      ['Run npm ci', 'success'],
    ],
  });
  const build = (failing?: string, conclusion = 'failure'): PlayedJob => ({
    name: 'build',
    conclusion: failing ? conclusion : 'success',
    steps: [
      ['Set up job', 'success'],
      ['Run npm ci', failing === 'Run npm ci' ? conclusion : 'success'],
      [BUILD_STEP, failing === BUILD_STEP ? conclusion : failing ? 'skipped' : 'success'],
    ],
  });
  let next = 0xd0;
  /** A finished run of a new commit, its jobs as played, as the panel follows a save (or a publish). */
  async function said(jobs: PlayedJob[], what = save, conclusion = 'failure') {
    const sha = (next++).toString(16).padStart(40, '0');
    scene.runs.set(sha, { status: 'completed', conclusion, jobs });
    const verdict = await siteRun(access, sha);
    return { verdict, shown: await shownOf(verdict, what, context(), sha, 60_000) };
  }

  test('a check that fails where the content is not the cause: “your change is fine”, which step failed, the run’s link, never “refused”', async () => {
    const fine = /^Your change is fine; the site could not be built for another reason: /;
    const ci = await said([tests('success'), build('Run npm ci')]);
    assert.deepEqual(ci.verdict, {
      state: 'failed',
      url: ci.shown.run,
      afterBuild: false,
      failed: { job: 'build', step: 'Run npm ci', conclusion: 'failure' },
    });
    assert.match(ci.shown.text, fine);
    assert.match(
      ci.shown.text,
      /the step “Run npm ci” of the build job failed, which is not about what you typed\. Nothing needs changing in this entry; the repository’s keeper should look at the check on GitHub\.$/,
    );
    assert.match(ci.shown.run!, /^https:\/\/github\.com\/.+\/actions\/runs\/\d+$/);
    // The build step itself failing with no problem at a line of the content (a runner out of disk): not the content.
    const disk = await said([tests('success'), build(BUILD_STEP)]);
    assert.equal(disk.verdict.state, 'failed');
    assert.match(
      disk.shown.text,
      /the step “Build \(checks the content, links and images first\)” of the build job failed/,
    );
    // The tests failing first (the build waits for them): not the content either.
    const testsFailed = await said([tests('failure'), { name: 'build', conclusion: 'skipped', steps: [] }]);
    assert.match(testsFailed.shown.text, /^Your change is fine; .*the test \(24\) job failed/);
    const cancelled = await said([tests('cancelled'), build('Run npm ci', 'cancelled')], save, 'cancelled');
    assert.match(cancelled.shown.text, /^Your change is fine; .*the step “Run npm ci” of the build job was cancelled/);
    const deployFailed = await said([tests('success'), build(), deployJob('deploy')], publish);
    assert.equal(deployFailed.verdict.state, 'failed');
    assert.match(
      deployFailed.shown.text,
      /^Your change is fine; the site could not be published for another reason: the step “Run actions\/deploy-pages@\w+” of the deploy job failed, which is not about what you typed\. The live site was not changed;/,
    );
    for (const { shown } of [ci, disk, testsFailed, cancelled, deployFailed]) {
      assert.equal(shown.state, 'failed');
      assert.doesNotMatch(shown.text, /refused|problem/);
    }
  });

  test('published, but the deploy’s verify step found the live site is not the build, or could not check it: said after “Published”, never a plain ✓', async () => {
    const differs = await said(
      [
        tests('success'),
        build(),
        deployJob('verify', 'Deploy check failed: the live site is not this build (each difference is named below).'),
      ],
      publish,
    );
    assert.equal(differs.verdict.state, 'unverified');
    assert.match(
      differs.shown.text,
      /^Published, but the live site is not this build: the check after publishing found differences/,
    );
    const unchecked = await said(
      [
        tests('success'),
        build(),
        deployJob(
          'verify',
          'Deploy check failed: the live site could not be checked (what did not come, and why, is named below).',
        ),
      ],
      publish,
    );
    assert.match(unchecked.shown.text, /^Published, but whether the live site is this build could not be checked/);
    for (const { shown } of [differs, unchecked]) {
      assert.equal(shown.state, 'unverified');
      assert.doesNotMatch(shown.text, /✓/);
      assert.deepEqual(shown.pages, [{ href: 'https://example.org/', text: 'https://example.org/' }]);
      assert.match(shown.text, /the repository’s keeper should look at the check on GitHub\.$/);
    }
  });

  test('a check that never comes: the workflow missing (404) or a run no runner takes up, said after ten minutes with the Actions settings page, and never “waiting” or “being built” past 15 minutes', async () => {
    const sha = 'e'.repeat(40);
    scene.workflowMissing = true;
    const missing = await siteRun(access, sha);
    scene.workflowMissing = false;
    assert.deepEqual(missing, { state: 'waiting' });
    scene.runs.set(sha, { status: 'queued', conclusion: null });
    const queued = await siteRun(access, sha);
    assert.equal(queued.state, 'queued');
    for (const verdict of [missing, queued]) {
      const early = await shownOf(verdict, save, context(), sha, NO_CHECK_AFTER_MS - 1);
      assert.equal(early.text, 'Saved. Waiting for the site’s check of this change to start…');
      const late = await shownOf(verdict, save, context(), sha, NO_CHECK_AFTER_MS);
      assert.equal(late.state, 'no-check');
      assert.match(
        late.text,
        /^Saved, but no check has started for this change in 10 minutes: .*Your change is kept\. The repository’s keeper should look at its Actions settings\.$/,
      );
      assert.deepEqual(late.settings, {
        href: 'https://github.com/example/site/settings/actions',
        text: 'The repository’s Actions settings',
      });
      const published = await shownOf(verdict, publish, context(), sha, NO_CHECK_AFTER_MS);
      assert.match(
        published.text,
        /^Published, but no build of the site has started in 10 minutes: .*the live site is not updated yet\./,
      );
    }
    assert.match(
      (await shownOf(queued, save, context(), sha, NO_CHECK_AFTER_MS)).text,
      /no machine \(runner\) has taken it up/,
    );
    assert.match(
      (await shownOf(missing, save, context(), sha, NO_CHECK_AFTER_MS)).text,
      /Actions may be turned off .* missing or renamed/,
    );
    // A run that goes on: "being built" until its usual time is past, then said to take longer than usual.
    const building = { state: 'building', url: 'https://github.com/example/site/actions/runs/1' } as const;
    assert.equal(
      (await shownOf(building, save, context(), sha, SLOW_AFTER_MS - 1)).text,
      'The site is being built with this change…',
    );
    const slow = await shownOf(building, save, context(), sha, SLOW_AFTER_MS);
    assert.equal(slow.state, 'slow');
    assert.match(slow.text, /^The site’s check of this change has been running for 14 minutes, longer than usual\./);
    // The panel asks at most a minute apart, so each is said before 15 minutes of the page's clock.
    assert.ok(Math.max(NO_CHECK_AFTER_MS, SLOW_AFTER_MS) + Math.max(...WAITS) * 1000 <= 15 * 60_000);
    // On GitHub Enterprise Server, the settings page of its own host.
    assert.equal(
      actionsSettings('example/site', 'https://git.example.org/api/v3'),
      'https://git.example.org/example/site/settings/actions',
    );
  });

  test('GitHub asks to wait (its documented rate limits): the wait comes back with the refusal, and is said, asked again by itself', async (t) => {
    const now = Date.UTC(2026, 10, 28, 12, 0, 0);
    t.mock.timers.enable({ apis: ['Date'], now });
    const refusedWith = async (refusal: GitHubScene['refuseNext']) => {
      scene.refuseNext = refusal;
      return siteRun(access, 'f'.repeat(40)).then(
        () => assert.fail('answered'),
        (error: unknown) => {
          assert.ok(error instanceof GitHubAnswer);
          return error;
        },
      );
    };
    const primary = await refusedWith(
      documentedRefusal('rate-limit-exceeded', { 'x-ratelimit-reset': String(now / 1000 + 240) }),
    );
    assert.deepEqual([primary.status, primary.waitSeconds], [403, 240]);
    const secondary = await refusedWith(documentedRefusal('secondary-rate-limit', { 'retry-after': '90' }));
    assert.deepEqual([secondary.status, secondary.waitSeconds], [429, 90]);
    // A secondary limit that names no time: a minute, as GitHub's documentation says.
    const { headers: _, ...unnamed } = documentedRefusal('secondary-rate-limit', {});
    const minute = await refusedWith({ ...unnamed, status: 403, headers: {} });
    assert.equal(minute.waitSeconds, 60);
    // A 403 that is not a rate limit is no wait.
    const forbidden = await refusedWith({
      status: 403,
      headers: {},
      json: { message: 'Resource not accessible by personal access token' },
    });
    assert.equal(forbidden.waitSeconds, undefined);
    const shown = rateLimited(save, 240, 'https://github.com/example/site/actions/runs/1');
    assert.equal(shown.state, 'rate-limited');
    assert.equal(
      shown.text,
      'Saved. GitHub asks the editor to wait before asking about the site’s check again (too many questions to GitHub just now): this panel asks again by itself in 4 minutes. Your change is kept; nothing needs doing.',
    );
    assert.match(rateLimited(publish, 42, undefined).text, /^Published\. .* in 42 seconds\./);
  });
});
