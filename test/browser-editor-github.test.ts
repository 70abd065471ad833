/**
 * The live site's verdict in the editor, in Chromium, through the CMS itself
 * in GitHub mode: /admin/ of a site built for a repository on a loopback
 * stand-in of GitHub's API (CMS_API_ROOT, as for GitHub Enterprise Server;
 * test/helpers/github-stand-in.ts, playing GitHub's documented answers and
 * schema). A person signs in with a token, edits an entry and saves it; the
 * Site workflow's run of the saved commit is the real build on that commit's
 * content, settled by the test once the panel says it is building. Saved,
 * then published: building, then published with the link to the page that
 * changed. Saved onto a branch whose members list is broken: refused, each
 * problem at its field, with a link to the entry. axe checks the
 * panel's "On the live site" section, and every request the browser makes
 * goes to the site or the stand-in. A step that waits in vain fails within a
 * minute (two for a verdict, which the panel asks for a minute apart at most),
 * saying what was on screen and what GitHub was last asked.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, type TestContext, test } from 'node:test';
import type { Page } from 'playwright-core';
import { WAITS } from '../scripts/admin/deploy/deploy-status.ts';
import { axeResults, describeViolation } from './helpers/browser/axe.ts';
import { assertNoProblems, browserSuite } from './helpers/browser/pool.ts';
import { filesOf } from './helpers/cms-folder.ts';
import { Repository } from './helpers/github/repository.ts';
import { siteCheck } from './helpers/github/site-check.ts';
import { type GitHubScene, startGitHubStandIn } from './helpers/github-stand-in.ts';
import { buildIntoTemporaryFolder, fixtureContentDir } from './helpers/site.ts';

/**
 * How long one step may wait for what a person would see before the test fails, saying what was on screen: a
 * minute, for a machine busy with other runs (the browser's own default, five minutes a step, would let a stuck test
 * hold the whole file for far longer).
 */
const STEP = 60_000;

/** A fine-grained personal access token, as GitHub writes them (made up). */
const TOKEN = 'github_pat_11AEXAMPLE0fixture0token0for0the0tests';
const scene: GitHubScene = { heads: new Map(), runs: new Map(), files: new Map(), token: TOKEN };
let standIn: Awaited<ReturnType<typeof startGitHubStandIn>> | undefined;

/** The site, built for the repository example/site on the stand-in, told its API's root as a build option. */
async function siteForTheStandIn(): Promise<string> {
  standIn = await startGitHubStandIn(scene);
  scene.viewer = {
    login: 'octocat',
    name: 'Mona Example',
    email: 'mona@fixture.example',
    databaseId: 1,
    avatarUrl: `${standIn.url}/avatars/u/1`,
  };
  const backend = { repo: 'example/site', branch: 'main', apiRoot: standIn.api };
  const { outDir } = await buildIntoTemporaryFolder({ cms: { backend, from: 'CMS_REPO, CMS_API_ROOT' } });
  return outDir;
}

browserSuite(
  'the live site’s verdict in /admin/, GitHub mode',
  (env) => {
    after(() => standIn?.close());

    /** What a person had on screen, and what GitHub was last asked: said by a test that fails. */
    async function onScreen(page: Page): Promise<string> {
      // No named function inside: tsx would wrap it in a helper the page does not have.
      const shown = await page
        .evaluate(() => [
          `the address ${location.href}`,
          ...[...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"], dialog')]
            .filter((dialog) => dialog.checkVisibility())
            .map((dialog) => `a ${dialog.getAttribute('role') ?? 'dialog'}: ${dialog.innerText.replace(/\s+/g, ' ')}`),
          ...[...document.querySelectorAll<HTMLElement>('[role="status"]')].map(
            (status) => `a status: ${status.innerText.replace(/\s+/g, ' ') || '(empty)'}`,
          ),
        ])
        .catch((error: Error) => [`(the page could not be read: ${error.message})`]);
      const asked = (standIn?.asked ?? [])
        .slice(-15)
        .map(
          ({ request, operation, status, errors }) =>
            `${request}${operation ? ` ${operation}` : ''} → ${status ?? 'unanswered'}${errors ? ` ${errors}` : ''}`,
        );
      return [...shown, 'GitHub was last asked:', ...asked].map((line) => `  ${line}`).join('\n');
    }

    /** The page of the test running (they run one at a time), once it has one. */
    let shown: Page | undefined;

    /** A test's body, whose failure says what was on screen then. */
    const telling =
      (body: (t: TestContext) => Promise<void>) =>
      async (t: TestContext): Promise<void> => {
        shown = undefined;
        try {
          await body(t);
        } catch (error) {
          if (shown && error instanceof Error) {
            // Node prints the stack, which holds the message as it was thrown.
            const told = `\n\nOn screen then:\n${await onScreen(shown)}`;
            error.message += told;
            error.stack = `${error.stack ?? ''}${told}`;
          }
          throw error;
        }
      };

    /**
     * The repository as the CMS will find it (the test content, with `changes`), and /admin/ opened afresh on a watched
     * page, every request it makes noted, the person signed in with their token as they would type it.
     */
    async function signIn(t: TestContext, changes: Record<string, string> = {}) {
      const files = { ...(await filesOf(fixtureContentDir, 'content/')), ...changes };
      scene.repository = new Repository('example', 'site', 'main', files);
      scene.runs.clear();
      const session = await env.open(t, { width: 1400, height: 900 });
      const requested: string[] = [];
      session.context.on('request', (request) => requested.push(request.url()));
      const { page } = session;
      page.setDefaultTimeout(STEP);
      shown = page;
      // A page of the pool may have served /admin/ before, and what the CMS stored (the sign-in, its caches, its
      // drafts) is kept by the browser for the site: cleared by the browser while the page is blank, before the CMS
      // runs, so that it starts from nothing, as for a person signing in on a new computer. (Cleared by the page
      // instead, the CMS of the previous test was running meanwhile, signed in, writing and holding its databases.)
      const devtools = await session.context.newCDPSession(page);
      await devtools.send('Storage.clearDataForOrigin', { origin: new URL(env.baseUrl).origin, storageTypes: 'all' });
      await devtools.detach();
      await page.goto(env.url('/admin/'));
      await page.getByRole('button', { name: 'Sign In Using Access Token' }).click();
      const tokenBox = page.getByRole('textbox', { name: 'Personal Access Token' });
      await tokenBox.pressSequentially(TOKEN);
      // What a person sees before pressing Sign In: the token as typed (a key lost to a form drawn again is named here).
      assert.equal(await tokenBox.inputValue(), TOKEN, 'the token box holds the token as typed');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /now viewing/ })
        .waitFor();
      return { ...session, requested };
    }

    /** Opens an entry's form, as its address in the editor does. */
    async function openEntry(page: Page, hash: string) {
      await page.evaluate((target) => {
        window.location.hash = target;
      }, `#/collections/${hash}`);
      await page
        .getByRole('status')
        .filter({ hasText: /now editing/ })
        .waitFor();
    }

    /** Saves the entry and sends it for review, as the CMS asks after a save. */
    async function save(page: Page) {
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .getByRole('alertdialog', { name: 'Send for Review' })
        .getByRole('button', { name: 'Send for Review' })
        .click();
    }

    const liveSite = (page: Page) => page.getByRole('region', { name: 'On the live site' });
    /** The panel's verdict, which it asks GitHub for at most the longest of its pauses apart. */
    const verdict = (page: Page, text: RegExp) =>
      liveSite(page)
        .getByRole('status')
        .filter({ hasText: text })
        .waitFor({ timeout: Math.max(...WAITS) * 1000 + STEP });

    /** Once the panel says the commit is being built, the Site workflow's run of it: the real build on its files. */
    async function buildOf(page: Page, branch: string) {
      await verdict(page, /being built/);
      const repository = scene.repository!;
      const commit = repository.resolve(branch)!;
      const check = await siteCheck(repository.filesOf(commit));
      standIn!.settleRun(commit.sha, check.passed ? undefined : check.annotations);
      return check;
    }

    /** What axe finds in the "On the live site" section. */
    async function axeOfTheSection(page: Page): Promise<string[]> {
      const violations = await axeResults(page);
      const ours = await Promise.all(
        violations.map((violation) =>
          page.evaluate(
            (targets) => targets.some((target) => document.querySelector(target)?.closest('#eccron-deploy')),
            violation.nodes.map((node) => String(node.target[0])),
          ),
        ),
      );
      return violations.filter((_, index) => ours[index]).map(describeViolation);
    }

    /** Every host the browser asked: the site's and the stand-in's alone. */
    function assertHosts(requested: string[]) {
      const hosts = new Set(requested.filter((url) => /^https?:/.test(url)).map((url) => new URL(url).host));
      assert.deepEqual(
        [...hosts].sort(),
        [new URL(env.baseUrl).host, new URL(standIn!.url).host].sort(),
        'the site and the stand-in of GitHub’s API, no other host',
      );
    }

    test(
      'saved, then published: building, then published with the link to the theme page that changed',
      telling(async (t) => {
        const { page, problems, requested } = await signIn(t);
        await openEntry(page, 'settings/entries/publications');
        const theme = page.getByRole('group', { name: /The Second Example Theme/ });
        await theme.getByRole('button', { name: 'Expand', exact: true }).click();
        await theme.getByRole('textbox', { name: 'Title' }).click();
        await page.keyboard.press('End');
        await page.keyboard.type(', now dated');
        await save(page);

        // The save: the check of its commit on the entry's branch.
        assert.equal(await liveSite(page).locator('#eccron-deploy-entry').textContent(), 'Saved: Publications');
        const saved = await buildOf(page, 'cms/settings/publications');
        assert.equal(saved.passed, true, saved.output);
        await verdict(page, /^✓ The site builds with this change/);
        assert.deepEqual(await axeOfTheSection(page), [], 'axe finds nothing in the section, building or passed');

        // Ready, then published: the CMS merges the pull request and goes back to the list; the verdict follows.
        await page.getByRole('button', { name: /^Status:/ }).click();
        await page.getByRole('menuitemradio', { name: 'Ready' }).click();
        await page.getByRole('button', { name: 'Publish Entry' }).click();
        await page.getByRole('alertdialog', { name: 'Publish Entry' }).getByRole('button', { name: 'Publish' }).click();
        const published = await buildOf(page, 'main');
        assert.equal(published.passed, true, published.output);
        await verdict(page, /^✓ Published: the change is on the site\.$/);
        assert.match(page.url(), /#\/collections\/settings$/, 'the CMS went back to the list, and the verdict came');
        const links = await liveSite(page)
          .getByRole('link')
          .evaluateAll((nodes) => nodes.map((node) => [node.textContent, node.getAttribute('href')]));
        assert.deepEqual(links, [
          ['Publications', '#/collections/settings/entries/publications'],
          ['https://fixture.example/research/second-example/', 'https://fixture.example/research/second-example/'],
          ['The check on GitHub', 'https://github.com/example/site/actions/runs/30433643'],
        ]);
        // The site's main branch has the change, through the pull request the save opened.
        const main = scene.repository!.resolve('main')!;
        assert.match(
          scene.repository!.text(main, 'content/publications.yml')!,
          /title: A study whose year is not known, now dated\n/,
        );
        assert.deepEqual(await axeOfTheSection(page), [], 'axe finds nothing in the section, published');

        assertNoProblems(problems, '/admin/');
        assertHosts(requested);
        assert.ok(
          standIn!.asked.every(
            (asked) => asked.authorization === `token ${TOKEN}` || asked.request.startsWith('GET /avatars/'),
          ),
          'every question to GitHub carries the token the person typed',
        );
      }),
    );

    test(
      'a save onto a broken members list is refused: each problem at its field, with a link to its entry',
      telling(async (t) => {
        const broken = await readFile(path.resolve('test/fixtures/broken-content/members.yml'), 'utf8');
        const { page, problems, requested } = await signIn(t, { 'content/members.yml': broken });
        await openEntry(page, 'news/entries/2023-06-01-newer-example');
        const title = page.getByRole('textbox', { name: 'Title' });
        await title.click();
        await page.keyboard.press('End');
        await page.keyboard.type(' (updated)');
        await save(page);

        const check = await buildOf(page, 'cms/news/2023-06-01-newer-example');
        assert.equal(check.passed, false);
        await verdict(
          page,
          /^✗ The site’s check refused this change: 2 problems; it cannot be published until they are fixed\.$/,
        );
        const listed = await liveSite(page)
          .getByRole('listitem')
          .evaluateAll((items) =>
            items.map((item) => [
              item.querySelector('a')?.textContent,
              item.querySelector('a')?.getAttribute('href'),
              item.textContent,
            ]),
          );
        assert.deepEqual(
          listed.map(([label, href]) => [label, href]),
          [
            ['Site and lists › Members › Members › “Ben Sample”', '#/collections/settings/entries/members'],
            ['Site and lists › Members › Members › “Dan Demo” › Country', '#/collections/settings/entries/members'],
          ],
        );
        assert.match(listed[0]![2]!, /unknown field "instituton"; did you mean "institution"\?$/);
        assert.match(listed[1]![2]!, /expected one of the countries listed under countries: .*found "Atlantis"$/);
        assert.deepEqual(await axeOfTheSection(page), [], 'axe finds nothing in the section, refused');

        // Each link is the address of the entry the problem is in, in the editor (#/collections/…/entries/…).
        assert.equal(
          await liveSite(page)
            .getByRole('link', { name: /› Country$/ })
            .getAttribute('href'),
          '#/collections/settings/entries/members',
        );

        assertNoProblems(problems, '/admin/');
        assertHosts(requested);
      }),
    );
  },
  { root: siteForTheStandIn },
);
