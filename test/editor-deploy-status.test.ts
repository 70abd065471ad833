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
import { branchHead, GitHubAnswer, type GitHubAccess, siteRun } from '../scripts/admin/deploy/site-run.ts';
import { PREVIEWED } from '../scripts/admin/preview/previewed.ts';
import { routes } from '../src/routes.tsx';
import { createUrls } from '../src/urls.ts';
import { filesOf } from './helpers/cms-folder.ts';
import { siteCheck } from './helpers/github/site-check.ts';
import { corsAllowedHeaders, type GitHubScene, startGitHubStandIn } from './helpers/github-stand-in.ts';
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
});
