/**
 * What the editor's panel says when something goes wrong on the live site
 * that is not the person's content (issue 50, cases 4 to 7), in Chromium,
 * through the CMS itself in GitHub mode against the loopback stand-in of
 * GitHub's API (test/helpers/github-stand-in.ts), each fault played from
 * GitHub's documented answers: a check that fails at `npm ci`; GitHub's rate
 * limit with its reset while the panel follows a check; a site workflow that
 * is missing (no check ever starts); a publish whose deploy finds the live
 * site is not the build. Each is one save (or a save and a publish) as a
 * clinician makes it; each checks the words the panel shows name the case, and
 * that what was typed is on the entry's branch, committed once.
 *
 * As in browser-editor-github.test.ts: /admin/ opened once for the file and
 * signed in to once; the page's clock installed before its scripts run, paused
 * when the panel first asks about a run (the stand-in holds that answer until
 * then), and moved on by the test through the panel's pauses; no real second
 * is waited. The runs are played, not built: what is tested is what the panel
 * makes of them.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { NO_CHECK_AFTER_MS } from '../scripts/admin/deploy/live-words.ts';
import { WAITS } from '../scripts/admin/deploy/deploy-status.ts';
import { assertNoProblems, type BrowserEnv, browserSuite } from './helpers/browser/pool.ts';
import { BUILD_STEP, deployJob, documentedRefusal, type PlayedJob } from './helpers/github-stand-in.ts';
import { openEntry } from './helpers/editor-session.ts';
import {
  commitsSinceMain,
  followed,
  liveSitePart,
  liveSiteStandIn,
  openLiveAdmin,
  nextQuestion,
  readyToPublish,
  runQuestion,
  signInWithToken,
  tellingTheLiveSite,
} from './helpers/github-mode.ts';

/** A fine-grained personal access token, as GitHub writes them (made up). */
const TOKEN = 'github_pat_11AEXAMPLE0fixture0token0for0the0fault0tests';
const live = liveSiteStandIn(TOKEN);
const { scene } = live;

/** The Site workflow's jobs as GitHub lists them, each step as site.yml names it. */
const passedJob = (name: string): PlayedJob => ({
  name,
  conclusion: 'success',
  steps: [
    ['Set up job', 'success'],
    ['Run npm ci', 'success'],
  ],
});

browserSuite(
  'the live site’s faults in /admin/, GitHub mode',
  (env) => {
    after(() => live.standIn?.close());

    let admin: Awaited<ReturnType<BrowserEnv['open']>>;
    const liveSite = liveSitePart;
    const status = (page: Page) => liveSite(page).getByRole('status');

    /** A test's body, whose failure says what the panel said, the dialogs open and what GitHub was last asked. */
    const telling = tellingTheLiveSite(live, () => admin?.page);

    before(async () => {
      admin = await openLiveAdmin(env, scene);
    });

    /** Does what makes the panel follow a commit, until the panel says `text`; the page's clock paused meanwhile. */
    const follows = (page: Page, act: () => Promise<void>, text: RegExp) =>
      followed(live, page, act, () => status(page).filter({ hasText: text }).waitFor());

    /** Opens an entry's form and adds `words` at the end of its Title. */
    async function typeInTitle(page: Page, hash: string, words: string) {
      await openEntry(page, hash);
      await page.getByRole('textbox', { name: 'Title' }).first().click();
      await page.keyboard.press('End');
      await page.keyboard.type(words);
    }

    async function save(page: Page) {
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .getByRole('alertdialog', { name: 'Send for Review' })
        .getByRole('button', { name: 'Send for Review' })
        .click();
    }

    /** What a save committed: the branch's file holds the words typed, in one commit of the CMS's. */
    function assertKept(branch: string, file: string, typed: string) {
      const repository = scene.repository!;
      const head = repository.resolve(branch);
      assert.ok(head, `the branch ${branch} exists`);
      assert.match(
        repository.text(head, file) ?? '',
        new RegExp(typed.replace(/[()]/g, '\\$&')),
        'what was typed is kept',
      );
      // One commit on the branch, on top of the site's branch: saved once, nothing made twice.
      assert.equal(commitsSinceMain(repository, branch).length, 1, `one commit on ${branch}`);
    }

    /** The commit a branch points at, whose run the panel follows. */
    const headOf = (branch: string) => scene.repository!.resolve(branch)!.sha;

    test(
      'signing in with a token: the CMS lists the collections',
      telling(async () => {
        await signInWithToken(admin.page, env.url('/admin/'), TOKEN);
      }),
    );

    test(
      'a check that fails at “npm ci”: “your change is fine; the site could not be built for another reason”, with the run’s link, no problem listed',
      telling(async () => {
        const { page, problems } = admin;
        const entry = 'news/entries/2023-06-01-newer-example';
        await typeInTitle(page, entry, ' (npm ci)');
        await follows(page, () => save(page), /being built/);
        const sha = headOf('cms/news/2023-06-01-newer-example');
        // The runner could not install the dependencies: the build job's "Run npm ci" step failed.
        Object.assign(scene.runs.get(sha)!, {
          status: 'completed',
          conclusion: 'failure',
          jobs: [
            passedJob('test (24)'),
            {
              name: 'build',
              conclusion: 'failure',
              steps: [
                ['Set up job', 'success'],
                ['Run npm ci', 'failure'],
                [BUILD_STEP, 'skipped'],
              ],
            },
          ],
        });
        await nextQuestion(page, WAITS[0]!);
        await status(page)
          .filter({
            hasText:
              /^Your change is fine; the site could not be built for another reason: the step “Run npm ci” of the build job failed, which is not about what you typed\./,
          })
          .waitFor();
        await page.clock.resume();
        assert.equal(await liveSite(page).getByRole('listitem').count(), 0, 'no problem is listed');
        assert.match(
          (await liveSite(page).getByRole('link', { name: 'The check on GitHub' }).getAttribute('href')) ?? '',
          /^https:\/\/github\.com\/example\/site\/actions\/runs\/\d+$/,
        );
        assert.doesNotMatch((await status(page).textContent()) ?? '', /refused/);
        assertKept('cms/news/2023-06-01-newer-example', 'content/news/2023-06-01-newer-example.md', '(npm ci)');
        assertNoProblems(problems, '/admin/');
      }),
    );

    test(
      'GitHub’s rate limit while following the check: the wait said, asked again by itself once it is over, then the verdict',
      telling(async () => {
        const { page } = admin;
        const entry = 'all-day-events/entries/2020-01-10-older-example';
        await typeInTitle(page, entry, ' (rate limit)');
        await follows(page, () => save(page), /being built/);
        const sha = headOf('cms/all-day-events/2020-01-10-older-example');
        // The next question is refused: the primary limit, reset four minutes from the page's now.
        const now = await page.evaluate(() => Date.now());
        const reset = Math.floor(now / 1000) + WAITS[0]! + 240;
        scene.refuseNext = {
          ...documentedRefusal('rate-limit-exceeded', { 'x-ratelimit-reset': String(reset) }),
          matches: (request) => runQuestion.test(request),
        };
        await nextQuestion(page, WAITS[0]!);
        await status(page)
          .filter({
            hasText:
              /^Saved\. GitHub asks the editor to wait before asking about the site’s check again \(too many questions to GitHub just now\): this panel asks again by itself in 4 minutes\. Your change is kept; nothing needs doing\.$/,
          })
          .waitFor();
        const runQuestions = () => live.standIn!.asked.filter((asked) => runQuestion.test(asked.request)).length;
        const refused = runQuestions();
        live.standIn!.settleRun(sha, undefined);
        // Not asked again before the reset: a minute on, nothing asked.
        await page.clock.runFor(60_000);
        assert.equal(runQuestions(), refused, 'GitHub is not asked about the run again before its reset');
        await nextQuestion(page, 240 - 60);
        await status(page)
          .filter({ hasText: /^✓ The site builds with this change/ })
          .waitFor();
        await page.clock.resume();
        assertKept(
          'cms/all-day-events/2020-01-10-older-example',
          'content/news/2020-01-10-older-example.md',
          '(rate limit)',
        );
      }),
    );

    test(
      'a check that never comes (the site workflow missing): after ten minutes the panel says no check has started, with the Actions settings page, never “waiting” past 15 minutes',
      telling(async (t) => {
        const { page } = admin;
        scene.workflowMissing = true;
        // The workflow back for the next test, whatever this one finds.
        t.after(() => {
          scene.workflowMissing = false;
        });
        const entry = 'events/entries/2030-03-01-spring-workshop';
        await typeInTitle(page, entry, ' (no check)');
        const paused = await follows(page, () => save(page), /Waiting for the site’s check of this change to start/);
        // The panel's pauses, as it asks and asks, until ten minutes have passed since it began.
        let passed = 0;
        for (let round = 0; passed < NO_CHECK_AFTER_MS / 1000; round += 1) {
          const seconds = WAITS[Math.min(round, WAITS.length - 1)]!;
          await nextQuestion(page, seconds);
          passed += seconds;
        }
        await status(page)
          .filter({
            hasText:
              /^Saved, but no check has started for this change in 10 minutes: GitHub Actions may be turned off for the repository, or the site’s workflow file \(\.github\/workflows\/site\.yml\) missing or renamed\. Your change is kept\. The repository’s keeper should look at its Actions settings\.$/,
          })
          .waitFor();
        const at = await page.evaluate(() => Date.now());
        assert.ok(at - paused <= 15 * 60_000, `said within 15 minutes of the page's clock (${(at - paused) / 1000} s)`);
        await page.clock.resume();
        assert.equal(
          await liveSite(page).getByRole('link', { name: 'The repository’s Actions settings' }).getAttribute('href'),
          `${live.standIn!.url}/example/site/settings/actions`,
        );
        assertKept('cms/events/2030-03-01-spring-workshop', 'content/news/2030-03-01-spring-workshop.md', '(no check)');
      }),
    );

    test(
      'published, but the deploy’s verify step finds the live site is not the build: said after “Published”, never a plain ✓',
      telling(async () => {
        const { page } = admin;
        const entry = 'events/entries/2030-04-01-online-seminar';
        await typeInTitle(page, entry, ' (verified)');
        await follows(page, () => save(page), /being built/);
        live.standIn!.settleRun(headOf('cms/events/2030-04-01-online-seminar'), undefined);
        await nextQuestion(page, WAITS[0]!);
        await page.clock.resume();
        await follows(page, await readyToPublish(page), /being built/);
        // The deploy job published, built again, and its verify step found a difference: its annotation says so.
        Object.assign(scene.runs.get(headOf('main'))!, {
          status: 'completed',
          conclusion: 'failure',
          jobs: [
            passedJob('test (24)'),
            passedJob('build'),
            deployJob(
              'verify',
              'Deploy check failed: the live site is not this build (each difference is named below).',
            ),
          ],
        });
        await nextQuestion(page, WAITS[0]!);
        await status(page)
          .filter({
            hasText:
              /^Published, but the live site is not this build: the check after publishing found differences \(the check on GitHub names each\)\. Your change is fine; the repository’s keeper should look at the check on GitHub\.$/,
          })
          .waitFor();
        await page.clock.resume();
        assert.doesNotMatch((await status(page).textContent()) ?? '', /✓/);
        // The change is on the site's branch, as published.
        assert.match(
          scene.repository!.text(scene.repository!.resolve('main')!, 'content/news/2030-04-01-online-seminar.md') ?? '',
          /\(verified\)/,
        );
      }),
    );
  },
  { root: live.site },
);
