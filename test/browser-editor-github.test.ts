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
 * minute, saying what was on screen and what GitHub was last asked.
 *
 * /admin/ is opened once for the file, and signed in to once, the token typed
 * as soon as its box is shown. The panel's pauses between two questions
 * (5, 10, 15, 30, then 60 s) pass on the page's clock, which the test drives
 * (Playwright's clock): paused once the panel has asked its first question
 * about a run, then moved on by each pause in turn; the schedule is read off
 * that clock, and no real second is waited.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { WAITS } from '../scripts/admin/deploy/deploy-status.ts';
import { axeResults, describeViolation } from './helpers/browser/axe.ts';
import { assertNoProblems, type BrowserEnv, browserSuite } from './helpers/browser/pool.ts';
import { filesOf } from './helpers/cms-folder.ts';
import { Repository } from './helpers/github/repository.ts';
import { siteCheck } from './helpers/github/site-check.ts';
import { openEntry } from './helpers/editor-session.ts';
import {
  followed,
  liveSiteStandIn,
  nextQuestion,
  pauseClock,
  readyToPublish,
  runQuestion,
  STEP,
  tellingOnFailure,
} from './helpers/github-mode.ts';
import { fixtureContentDir } from './helpers/site.ts';

/** A fine-grained personal access token, as GitHub writes them (made up). */
const TOKEN = 'github_pat_11AEXAMPLE0fixture0token0for0the0tests';
const live = liveSiteStandIn(TOKEN);
const { scene } = live;

browserSuite(
  'the live site’s verdict in /admin/, GitHub mode',
  (env) => {
    after(() => live.standIn?.close());

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
      const asked = (live.standIn?.asked ?? [])
        .slice(-15)
        .map(
          ({ request, operation, status, errors }) =>
            `${request}${operation ? ` ${operation}` : ''} → ${status ?? 'unanswered'}${errors ? ` ${errors}` : ''}`,
        );
      return [...shown, 'GitHub was last asked:', ...asked].map((line) => `  ${line}`).join('\n');
    }

    /** The page of the file: /admin/, opened once, its clock driven by the tests. */
    let shown: Page | undefined;

    /** A test's body, whose failure says what was on screen then. */
    const telling = tellingOnFailure(async () => (shown ? `\n\nOn screen then:\n${await onScreen(shown)}` : ''));

    /** When the page asked GitHub about a run (its own clock's Date.now()), recorded as it asks. */
    const askedAt = (page: Page): Promise<number[]> =>
      page.evaluate(() => (window as unknown as { __runsAskedAt: number[] }).__runsAskedAt);

    let admin: Awaited<ReturnType<BrowserEnv['open']>> & { requested: string[] };
    before(async () => {
      const files = await filesOf(fixtureContentDir, 'content/');
      scene.repository = new Repository('example', 'site', 'main', files);
      const session = await env.open(null, { width: 1400, height: 900 });
      const requested: string[] = [];
      session.context.on('request', (request) => requested.push(request.url()));
      session.page.setDefaultTimeout(STEP);
      // The page's clock, from its first script on: its timers wait for the test, never for real seconds.
      await session.page.clock.install();
      await session.page.addInitScript((pattern) => {
        const asked: number[] = [];
        (window as unknown as { __runsAskedAt: number[] }).__runsAskedAt = asked;
        const send = window.fetch.bind(window);
        window.fetch = (input, init) => {
          if (new RegExp(pattern).test(String(input instanceof Request ? input.url : input))) asked.push(Date.now());
          return send(input, init);
        };
      }, runQuestion.source);
      admin = { ...session, requested };
      shown = session.page;
    });

    /** Does what makes the panel follow a commit, until its verdict says `text`; the page's clock paused meanwhile. */
    const follows = (page: Page, act: () => Promise<void>, text: RegExp) =>
      followed(live, page, act, () => verdict(page, text));

    test(
      'signing in with a token typed as soon as its box is shown: the box holds the token as typed, and the CMS lists the collections',
      telling(async () => {
        const { page } = admin;
        await page.goto(env.url('/admin/'));
        const ask = page.getByRole('button', { name: 'Sign In Using Access Token' });
        await ask.waitFor();
        // Typed the moment the box is shown, the dialog's first moments passing on its clock as the person types: the
        // CMS's dialog selects its box's text 50 ms after it opens, and a key typed next replaced what was typed before.
        await pauseClock(page);
        await ask.click();
        const tokenBox = page.getByRole('textbox', { name: 'Personal Access Token' });
        await tokenBox.pressSequentially(TOKEN.slice(0, 11));
        await page.clock.runFor(200);
        await tokenBox.pressSequentially(TOKEN.slice(11));
        await page.clock.resume();
        // What a person sees before pressing Sign In: the token as typed.
        assert.equal(await tokenBox.inputValue(), TOKEN, 'the token box holds the token as typed');
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await page
          .getByRole('status')
          .filter({ hasText: /now viewing/ })
          .waitFor();
      }),
    );

    /** Saves the entry and sends it for review, as the CMS asks after a save. */
    async function save(page: Page) {
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .getByRole('alertdialog', { name: 'Send for Review' })
        .getByRole('button', { name: 'Send for Review' })
        .click();
    }

    const liveSite = (page: Page) => page.getByRole('region', { name: 'On the live site' });
    /** The mark beside the panel's title, seen when the panel is hidden too. */
    const titleMark = (page: Page) => page.locator('#eccron-build-mark').textContent();
    /** The panel's verdict, once it says `text`. */
    const verdict = (page: Page, text: RegExp) =>
      liveSite(page).getByRole('status').filter({ hasText: text }).waitFor();

    /**
     * The builds made so far, by their files: a commit with the same files as one built before (a pull request's
     * merge onto the branch it was made from) builds the same, and is not built again.
     */
    const built = new Map<string, ReturnType<typeof siteCheck>>();

    /** The Site workflow's run of a branch's head: the real build on its files, its run settled by what it found. */
    async function buildOf(branch: string) {
      const repository = scene.repository!;
      const commit = repository.resolve(branch)!;
      const files = repository.filesOf(commit);
      const key = createHash('sha256')
        .update(JSON.stringify(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))))
        .digest('hex');
      if (!built.has(key)) built.set(key, siteCheck(files));
      const check = await built.get(key)!;
      live.standIn!.settleRun(commit.sha, check.passed ? undefined : check.annotations);
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
        [new URL(env.baseUrl).host, new URL(live.standIn!.url).host].sort(),
        'the site and the stand-in of GitHub’s API, no other host',
      );
    }

    test(
      'saved, then published: building, asked again after 5, 10, 15, 30 and 60 s, then published with the link to the theme page that changed',
      telling(async () => {
        const { page, problems, requested } = admin;
        await openEntry(page, 'settings/entries/publications');
        const theme = page.getByRole('group', { name: /The Second Example Theme/ });
        await theme.getByRole('button', { name: 'Expand', exact: true }).click();
        await theme.getByRole('textbox', { name: 'Title' }).click();
        await page.keyboard.press('End');
        await page.keyboard.type(', now dated');
        const paused = await follows(page, () => save(page), /being built/);
        assert.equal(await titleMark(page), '…', 'the panel’s mark: a verdict on its way');

        // The save: the check of its commit on the entry's branch, asked about again and again while it runs.
        assert.equal(await liveSite(page).locator('#eccron-deploy-entry').textContent(), 'Saved: Publications');
        for (const seconds of [...WAITS, WAITS.at(-1)!]) await nextQuestion(page, seconds);
        const saved = await buildOf('cms/settings/publications');
        assert.equal(saved.passed, true, saved.output);
        await nextQuestion(page, WAITS.at(-1)!);
        await verdict(page, /^✓ The site builds with this change/);
        assert.equal(await titleMark(page), '✓');
        const asked = await askedAt(page);
        assert.deepEqual(
          [paused, ...asked.slice(1)]
            .slice(1)
            .map((time, index) => (time - [paused, ...asked.slice(1)][index]!) / 1000),
          [5, 10, 15, 30, 60, 60, 60],
          'GitHub asked about the run 5, 10, 15 and 30 s apart, then a minute apart, on the page’s clock',
        );
        await page.clock.resume();
        assert.deepEqual(await axeOfTheSection(page), [], 'axe finds nothing in the section, building or passed');

        // Ready, then published: the CMS merges the pull request and goes back to the list; the verdict follows.
        await follows(page, await readyToPublish(page), /being built/);
        const published = await buildOf('main');
        assert.equal(published.passed, true, published.output);
        await nextQuestion(page, WAITS[0]!);
        await verdict(page, /^✓ Published: the change is on the site\.$/);
        await page.clock.resume();
        // The CMS went back to the list, and the verdict came there.
        await page.waitForURL(/#\/collections\/settings$/);
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
          live.standIn!.asked.every(
            (asked) => asked.authorization === `token ${TOKEN}` || asked.request.startsWith('GET /avatars/'),
          ),
          'every question to GitHub carries the token the person typed',
        );
      }),
    );

    test(
      'a save onto a broken members list (pushed from elsewhere, /admin/ reloaded) is refused: each problem at its field, with a link to its entry',
      telling(async () => {
        const { page, problems, requested } = admin;
        // Another computer pushes a members list with two mistakes; the person reloads /admin/, still signed in.
        const broken = await readFile(path.resolve('test/fixtures/broken-content/members.yml'), 'utf8');
        const repository = scene.repository!;
        repository.commitOnBranch('main', repository.resolve('main')!.sha, {
          changes: { 'content/members.yml': broken },
          deletions: [],
          message: 'Members, from another computer',
        });
        await page.reload();
        await openEntry(page, 'news/entries/2023-06-01-newer-example');
        const title = page.getByRole('textbox', { name: 'Title' });
        await title.click();
        await page.keyboard.press('End');
        await page.keyboard.type(' (updated)');
        await follows(page, () => save(page), /being built/);

        const check = await buildOf('cms/news/2023-06-01-newer-example');
        assert.equal(check.passed, false);
        await nextQuestion(page, WAITS[0]!);
        await verdict(
          page,
          /^✗ The site’s check refused this change: 2 problems; it cannot be published until they are fixed\.$/,
        );
        assert.equal(await titleMark(page), '✗', 'the panel’s mark is the live site’s verdict, not the check’s ✓');
        await page.clock.resume();
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
  { root: live.site },
);
