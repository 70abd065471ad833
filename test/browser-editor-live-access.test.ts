/**
 * A save on the live site when the sign-in stops working or the connection
 * drops (issue 50, cases 2 and 3), in Chromium, through the CMS itself in
 * GitHub mode against the loopback stand-in of GitHub's API
 * (test/helpers/github-stand-in.ts), each fault played as GitHub answers it:
 * a token revoked while the editor is open (401 "Bad credentials"), a token
 * short of a permission (403 "Resource not accessible by personal access
 * token"), and a connection the stand-in cuts after doing what was asked, so
 * the answer never comes (at the commit, and at the pull request's creation).
 *
 * Each is a save as a clinician makes it; each checks that what was typed is
 * still in the form and, once saved, on the entry's branch in one commit, that
 * no second branch or pull request is made, and that the panel's words name
 * the case. As in browser-editor-live-faults.test.ts: /admin/ opened once and
 * signed in to once; the page's clock installed before its scripts run,
 * paused when the panel first asks about a run, and moved on by the test.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { WAITS } from '../scripts/admin/deploy/deploy-status.ts';
import { ANSWER_WITHIN_MS, blobId } from '../scripts/admin/deploy/lost-answers.ts';
import { type BrowserEnv, browserSuite } from './helpers/browser/pool.ts';
import { openEntry } from './helpers/editor-session.ts';
import {
  commitsSinceMain,
  followed,
  liveSitePart,
  liveSiteStandIn,
  openLiveAdmin,
  nextQuestion,
  signInWithToken,
  tellingTheLiveSite,
} from './helpers/github-mode.ts';

/** Fine-grained personal access tokens, as GitHub writes them (made up): the first, and each made after it. */
const TOKEN = 'github_pat_11AEXAMPLE0fixture0token0for0the0access0tests';
const RENEWED = 'github_pat_11AEXAMPLE0renewed0token0after0a0revocation';
const RENEWED_AGAIN = 'github_pat_11AEXAMPLE0renewed0token0after0a0second0one';
const FULL = 'github_pat_11AEXAMPLE0token0with0pull0requests0read0write';
const live = liveSiteStandIn(TOKEN);
const { scene } = live;

/** The CMS's words when a save fails, which are wrong for a token that will never work again. */
const TRY_LATER = 'Please try again later';

test('a commit whose answer was lost is known by its files’ ids, which the editor computes as git does (git hash-object)', async () => {
  for (const text of ['', 'title: Über uns\n', 'a line\r\nand “another”, 2030–2031\n']) {
    const git = execFileSync('git', ['hash-object', '--stdin'], { input: text }).toString().trim();
    assert.equal(await blobId(Buffer.from(text).toString('base64')), git, JSON.stringify(text));
  }
});

browserSuite(
  'a lost sign-in and a dropped connection in /admin/, GitHub mode',
  (env) => {
    after(() => live.standIn?.close());

    let admin: Awaited<ReturnType<BrowserEnv['open']>> | undefined;
    const liveSite = liveSitePart;
    const status = (page: Page) => liveSite(page).locator('#eccron-deploy-status');
    const said = (page: Page, text: RegExp) => liveSite(page).getByRole('alert').filter({ hasText: text });

    const telling = tellingTheLiveSite(live, () => admin?.page);

    before(async () => {
      admin = await openLiveAdmin(env, scene);
      // Whether the CMS ever says "Please try again later" in this page, however briefly.
      await admin.page.addInitScript((words) => {
        new MutationObserver(() => {
          if (document.body?.textContent?.includes(words)) document.documentElement.dataset.sawTryLater = 'yes';
        }).observe(document, { subtree: true, childList: true, characterData: true });
      }, TRY_LATER);
    });

    const title = (page: Page) => page.getByRole('textbox', { name: 'Title' }).first();

    /** Opens an entry's form and adds `words` at the end of its Title. */
    async function typeInTitle(page: Page, hash: string, words: string) {
      // Back to the list first, as a person does (the back arrow): an entry opened by its address straight from
      // another may be drawn empty (docs/cms.md, Known CMS behaviour).
      const back = page.getByRole('button', { name: 'Cancel Editing' });
      if ((await back.count()) > 0) {
        await back.click();
        await page
          .getByRole('status')
          .filter({ hasText: /now viewing/ })
          .waitFor();
      }
      await openEntry(page, hash);
      await title(page).click();
      await page.keyboard.press('End');
      await page.keyboard.type(words);
    }

    const pressSave = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();

    /** The CMS's question after a save, answered: send the draft for review; done once GitHub has marked it so. */
    async function sendForReview(page: Page) {
      const marked = page.waitForResponse((response) =>
        Boolean(response.request().postData()?.includes('markPullRequestReadyForReview')),
      );
      // Said by the click's own failure when the question never comes.
      marked.catch(() => {});
      await page
        .getByRole('alertdialog', { name: 'Send for Review' })
        .getByRole('button', { name: 'Send for Review' })
        .click();
      await marked;
    }

    /** Save, then send the draft for review. */
    async function save(page: Page) {
      await pressSave(page);
      await sendForReview(page);
    }

    /** Does what makes the panel follow a commit, until the panel says `text`; the page's clock paused meanwhile. */
    const follows = (page: Page, act: () => Promise<void>, text: RegExp) =>
      followed(live, page, act, () => status(page).filter({ hasText: text }).waitFor());

    /** Pastes a new token into the panel's box and signs in again with it; GitHub now takes only that one. */
    async function signInAgain(page: Page, token: string) {
      scene.token = token;
      await liveSite(page).getByLabel('New access token').fill(token);
      await liveSite(page).getByRole('button', { name: 'Sign in again' }).click();
    }

    /** What a save left: the branch's file holds `typed`, in `commits` commits; one pull request, with the CMS's label. */
    function assertSaved(branch: string, file: string, typed: string, commits = 1) {
      const repository = scene.repository!;
      const head = repository.resolve(branch);
      assert.ok(head, `the branch ${branch} exists`);
      assert.ok(repository.text(head, file)?.includes(typed), `what was typed (${typed}) is on ${branch}`);
      assert.equal(
        commitsSinceMain(repository, branch).length,
        commits,
        `${commits} commit(s) on ${branch}, none twice`,
      );
      const pulls = repository.pulls.filter((pull) => pull.head === branch);
      assert.equal(pulls.length, 1, `one pull request from ${branch}`);
      assert.equal(pulls[0]!.state, 'open');
      assert.deepEqual(
        pulls[0]!.labels.filter((label) => label.startsWith('sveltia-cms/')),
        ['sveltia-cms/pending_review'],
        'the pull request carries the CMS’s status label, so the Workflow tab shows it',
      );
    }

    const askedFor = (pattern: RegExp) =>
      live.standIn!.asked.filter((asked) => pattern.test(`${asked.request} ${asked.operation ?? ''}`)).length;

    test(
      'signing in with a token: the CMS lists the collections',
      telling(() => signInWithToken(admin!.page, env.url('/admin/'), TOKEN)),
    );

    test(
      'a token revoked while the editor is open: the save says so and how to sign in again, nothing is lost; signed in again, the same changes save without retyping, and the check is followed on after a second revocation',
      telling(async () => {
        const { page, problems } = admin!;
        const branch = 'cms/news/2023-06-01-newer-example';
        await typeInTitle(page, 'news/entries/2023-06-01-newer-example', ' (revoked)');
        // The token is revoked on GitHub (or has expired): GitHub now answers it 401 "Bad credentials".
        scene.token = 'a token that is no more';
        await pressSave(page);
        await said(
          page,
          /^Not saved: GitHub no longer accepts your sign-in: its token has expired or was revoked, and will not work again\. Your changes are still here, as typed\. Make a new token on GitHub \(your picture → Settings → Developer settings → Personal access tokens → Fine-grained tokens → Generate new token/,
        ).waitFor();
        assert.match(await title(page).inputValue(), /\(revoked\)$/, 'what was typed is still in the form');
        assert.equal(scene.repository!.resolve(branch), undefined, 'nothing was written');
        // A new token, pasted in the panel: the same changes saved with it, nothing typed again.
        await signInAgain(page, RENEWED);
        await said(page, /^Signed in again as Mona Example \(octocat\)\. Press Save to save your changes/).waitFor();
        await follows(page, () => save(page), /being built/);
        assertSaved(branch, 'content/news/2023-06-01-newer-example.md', '(revoked)');
        // Revoked again while the panel follows the check: said, and followed on once signed in again.
        scene.token = 'revoked as well';
        await nextQuestion(page, WAITS[0]!);
        await status(page)
          .filter({
            hasText:
              /^Saved, but this panel cannot ask about the site’s check: GitHub no longer accepts your sign-in: its token has expired or was revoked/,
          })
          .waitFor();
        await signInAgain(page, RENEWED_AGAIN);
        await said(
          page,
          /^Signed in again as Mona Example \(octocat\)\. The panel asks about the site’s check again/,
        ).waitFor();
        live.standIn!.settleRun(scene.repository!.resolve(branch)!.sha, undefined);
        await nextQuestion(page, WAITS[1]!);
        await status(page)
          .filter({ hasText: /^✓ The site builds with this change/ })
          .waitFor();
        await page.clock.resume();
        assert.equal(await page.evaluate(() => document.documentElement.dataset.sawTryLater), undefined, TRY_LATER);
        // GitHub's refusals are all the page met: no error of a script's own.
        assert.deepEqual(problems.pageErrors, []);
        assert.deepEqual(problems.cspViolations, []);
      }),
    );

    test(
      'a token short of a permission (pull requests): the save says which permission, the branch is not left half-made; with a new token the same changes save as one commit and one pull request',
      telling(async () => {
        const { page } = admin!;
        const branch = 'cms/all-day-events/2020-01-10-older-example';
        scene.access = { lacking: { token: scene.token!, matches: (request) => request.endsWith('/pulls') } };
        await typeInTitle(page, 'all-day-events/entries/2020-01-10-older-example', ' (permission)');
        await pressSave(page);
        await said(
          page,
          /^Not saved: GitHub refuses this to your sign-in \(“Resource not accessible by personal access token”\): its token lacks a permission\. Your changes are still here, as typed\. Make a new token .* with Contents and Pull requests set to Read and write/,
        ).waitFor();
        assert.match(await title(page).inputValue(), /\(permission\)$/, 'what was typed is still in the form');
        await signInAgain(page, FULL);
        await said(page, /^Signed in again as Mona Example \(octocat\)/).waitFor();
        await follows(page, () => save(page), /being built/);
        await page.clock.resume();
        assertSaved(branch, 'content/news/2020-01-10-older-example.md', '(permission)');
        assert.equal(await page.evaluate(() => document.documentElement.dataset.sawTryLater), undefined, TRY_LATER);
      }),
    );

    test(
      'the connection cut as the commit is made (GitHub made it; its answer never came): the editor asks GitHub, says it is saved, and no second commit is made',
      telling(async () => {
        const { page } = admin!;
        const branch = 'cms/events/2030-03-01-spring-workshop';
        scene.access = { cutAfter: (_, operation) => operation === 'createCommitOnBranch' };
        await typeInTitle(page, 'events/entries/2030-03-01-spring-workshop', ' (cut at the commit)');
        await follows(page, () => save(page), /being built/);
        await said(
          page,
          /^Saved\. The connection to GitHub was lost during the save, and the editor asked GitHub: your change had arrived, and it is saved once, not twice\.$/,
        ).waitFor();
        await page.clock.resume();
        assert.equal(scene.access.cutAfter, undefined, 'the connection was cut');
        // The browser sent the commit again by itself over a new connection, and GitHub refused it: made once.
        assertSaved(branch, 'content/news/2030-03-01-spring-workshop.md', '(cut at the commit)');
        assert.equal(await page.evaluate(() => document.documentElement.dataset.sawTryLater), undefined, TRY_LATER);
      }),
    );

    test(
      'the connection cut as the pull request is made: the editor finds the pull request, takes it up and labels it as the CMS does; the next save adds to it, never “A pull request already exists”',
      telling(async () => {
        const { page } = admin!;
        const entry = 'events/entries/2030-04-01-online-seminar';
        const branch = 'cms/events/2030-04-01-online-seminar';
        const file = 'content/news/2030-04-01-online-seminar.md';
        scene.access = { cutAfter: (request) => request === 'POST /repos/example/site/pulls' };
        await typeInTitle(page, entry, ' (cut at the pull request)');
        await follows(page, () => save(page), /being built/);
        await said(
          page,
          /^Saved\. The connection to GitHub was lost as the save opened its pull request, and the editor asked GitHub: the pull request had been made, so the editor took it up \(one pull request, nothing made twice\)\.$/,
        ).waitFor();
        await page.clock.resume();
        assert.equal(scene.access.cutAfter, undefined, 'the connection was cut');
        assertSaved(branch, file, '(cut at the pull request)');
        // The entry saved again: a commit on the same branch, in the same pull request.
        const opened = askedFor(/^POST \/repos\/example\/site\/pulls /);
        await title(page).click();
        await page.keyboard.press('End');
        await page.keyboard.type(' again');
        await follows(page, () => pressSave(page), /being built/);
        await page.clock.resume();
        assert.equal(askedFor(/^POST \/repos\/example\/site\/pulls /), opened, 'no pull request is asked for again');
        assertSaved(branch, file, '(cut at the pull request) again', 2);
        assert.equal(await page.evaluate(() => document.documentElement.dataset.sawTryLater), undefined, TRY_LATER);
      }),
    );

    test(
      'a request of the save that never answers (the pull request’s creation): after a minute of the page’s clock the editor asks GitHub, finds nothing made, sends it once more, and says it is saved, once',
      telling(async () => {
        const { page } = admin!;
        const branch = 'cms/legal/privacy';
        await typeInTitle(page, 'legal/entries/privacy', ' (no answer)');
        // The creation waits unanswered, unseen by GitHub, until the test lets it through.
        const held = live.standIn!.holdNext((request) => request === 'POST /repos/example/site/pulls');
        await pressSave(page);
        await held.reached;
        await page.clock.runFor(ANSWER_WITHIN_MS);
        await sendForReview(page);
        await said(
          page,
          /^Saved\. The connection to GitHub was lost during the save before your change arrived; the editor sent it again once the connection was back \(saved once\)\.$/,
        ).waitFor();
        // The first request arrives at last: GitHub refuses a second pull request from the branch.
        held.release();
        await status(page)
          .filter({ hasText: /being built|Saved\./ })
          .first()
          .waitFor();
        assertSaved(branch, 'content/legal/privacy-policy.md', '(no answer)');
      }),
    );

    test(
      'the browser offline as Save is pressed: the editor says the save waits for the connection, and once it is back saves once',
      telling(async () => {
        const { page } = admin!;
        const branch = 'cms/legal/terms';
        await typeInTitle(page, 'legal/entries/terms', ' (offline)');
        await page.context().setOffline(true);
        await pressSave(page);
        await said(
          page,
          /^This computer is offline: the save waits for the connection to come back\. Your changes are kept; nothing will be saved twice\.$/,
        ).waitFor();
        assert.equal(scene.repository!.resolve(branch), undefined, 'nothing has reached GitHub');
        await page.context().setOffline(false);
        await sendForReview(page);
        await said(
          page,
          /^Saved\. The connection to GitHub was lost during the save before your change arrived; the editor sent it again/,
        ).waitFor();
        assertSaved(branch, 'content/legal/terms-of-service.md', '(offline)');
        assert.equal(await page.evaluate(() => document.documentElement.dataset.sawTryLater), undefined, TRY_LATER);
      }),
    );
  },
  { root: live.site },
);
