/**
 * Two editors, one page, on the live site (issue 50, case 1, for a Markdown
 * file: a news item, merged field by field, its body as a whole), in
 * Chromium, through the CMS itself in GitHub mode with its editorial
 * workflow, against the loopback stand-in of GitHub's API; the lists' cases
 * are in browser-editor-live-conflict.test.ts, with whose helpers
 * (helpers/two-editors.ts) this file drives the two people.
 *
 * Two browser contexts are two people, each signed in, each with the same
 * news item open before either saves. The first changes its title and
 * empties its link; the second, who changes its summary, is told that
 * someone else changed the page, and both changes end on the entry's branch,
 * one commit each, one pull request, then on main once published. Then both
 * open it afresh and change the summary: the second's save writes nothing,
 * shows both texts, keeps the typing, and after the choice saves in the same
 * pull request.
 *
 * No real second is waited: each step waits for what the person sees; the
 * panel's questions about the site's check go on by the page's clock, paused
 * once a save is followed; the runs are never settled here.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoProblems, browserSuite } from './helpers/browser/pool.ts';
import { openEntry } from './helpers/editor-session.ts';
import { liveSiteStandIn, signInWithToken } from './helpers/github-mode.ts';
import { liveStatus, saveOnce, saveRefused, twoEditors } from './helpers/two-editors.ts';

/** A fine-grained personal access token, as GitHub writes them (made up). */
const TOKEN = 'github_pat_11AEXAMPLE0fixture0token0for0the0pages0test0';
const live = liveSiteStandIn(TOKEN);
const { scene } = live;
/** The news item both change: field by field, then, once published, its summary. */
const NEWS = {
  entry: 'news/entries/2023-06-01-newer-example',
  file: 'content/news/2023-06-01-newer-example.md',
  branch: 'cms/news/2023-06-01-newer-example',
};

browserSuite(
  'two editors, one news item, in /admin/ on the live site',
  (env) => {
    after(() => live.standIn?.close());
    const editors = twoEditors(env, live);
    const { telling, openAfresh, fileOn, commitsOn, saveAndSend, publish } = editors;
    let first: Awaited<ReturnType<typeof editors.open>>[0];
    let second: typeof first;
    before(async () => {
      [first, second] = await editors.open();
    });

    /** Types `words` at the end of the field named `field` (a text field, or the Markdown editor of the summary). */
    async function typeAtEnd(page: Page, field: string, words: string) {
      await page.getByRole('textbox', { name: field }).first().click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(words);
    }

    test(
      'both sign in and open a news item; they save different fields: both on the branch in one step each, said to the second; both on main once published',
      telling(async () => {
        await Promise.all(
          [first, second].map(async ({ page }) => {
            await signInWithToken(page, env.url('/admin/'), TOKEN);
            await openEntry(page, NEWS.entry);
          }),
        );
        await typeAtEnd(first.page, 'Title', ', revised');
        // The first also empties the link: the second's save must not bring it back.
        await first.page.getByRole('textbox', { name: 'Read more link', exact: true }).fill('');
        await saveAndSend(first.page);
        await first.page.clock.resume();
        assert.match(fileOn(NEWS.branch, NEWS.file), /^title: A newer example update, revised$/m);
        assert.doesNotMatch(fileOn(NEWS.branch, NEWS.file), /^link:/m);

        await typeAtEnd(second.page, 'Summary', ' Its date is now known.');
        await saveOnce(second.page, liveStatus(second.page).filter({ hasText: /being built/ }));
        assert.equal(
          (await second.page.locator('.eccron-merged').innerText()).replace(/\s+/g, ' '),
          'Someone else changed this page since you opened it. Theirs: Title, Read more link changed. Yours: Summary changed. They did not touch the same fields, so both are kept: yours is saved on top of theirs.',
        );
        const onBranch = fileOn(NEWS.branch, NEWS.file);
        assert.match(onBranch, /^title: A newer example update, revised$/m, 'the first person’s change is kept');
        assert.doesNotMatch(onBranch, /^link:/m, 'the link the first person emptied stays empty');
        assert.match(onBranch, /stays text\. Its date is now known\.\n$/, 'the second person’s change is saved');
        assert.equal(commitsOn(NEWS.branch).length, 2, 'one commit each');
        assert.equal(scene.repository!.pulls.filter((pull) => pull.head === NEWS.branch).length, 1, 'one pull request');
        // The second publishes: the news item on main has both.
        await publish(second.page);
        assert.match(fileOn('main', NEWS.file), /^title: A newer example update, revised$/m);
        assert.match(fileOn('main', NEWS.file), /Its date is now known\.\n$/);
        assertNoProblems(first.problems, 'the first person’s /admin/');
        assertNoProblems(second.problems, 'the second person’s /admin/');
      }),
    );

    test(
      'both open the news item afresh and change its summary: nothing of the first overwritten, the second shown both texts, chooses, and saves',
      telling(async () => {
        await Promise.all([first, second].map(({ page }) => openAfresh(page, NEWS.entry)));
        await typeAtEnd(first.page, 'Summary', ' Doors open at nine.');
        await saveAndSend(first.page);
        await first.page.clock.resume();
        const firstSaved = fileOn(NEWS.branch, NEWS.file);
        assert.match(firstSaved, /Its date is now known\. Doors open at nine\.\n$/);

        await typeAtEnd(second.page, 'Summary', ' Doors open at ten.');
        assert.match(
          await saveRefused(second.page),
          /^✗ Not saved \(at [\d:]+\): someone else changed this page since you opened it, and changed the same field you did\. Both are shown below: choose which to keep, then press Save again\. Nothing was written; your changes are still in the form\.$/,
        );
        const clash = second.page.getByRole('region', { name: 'Summary', exact: true });
        assert.match(await clash.locator('.eccron-clash-theirs pre').innerText(), /Doors open at nine\.$/);
        assert.match(await clash.locator('.eccron-clash-ours pre').innerText(), /Doors open at ten\.$/);
        assert.equal(fileOn(NEWS.branch, NEWS.file), firstSaved, 'nothing written over the first person’s change');
        assert.equal(commitsOn(NEWS.branch).length, 1, 'nothing committed by the second');
        assert.match(
          await second.page.getByRole('textbox', { name: 'Summary' }).first().innerText(),
          /Doors open at ten\./,
          'the typing is kept',
        );

        await clash.getByRole('button', { name: 'Keep yours' }).click();
        await clash.getByRole('status').filter({ hasText: 'Chosen: yours.' }).waitFor();
        await saveOnce(second.page, liveStatus(second.page).filter({ hasText: /being built/ }));
        await second.page.clock.resume();
        const saved = fileOn(NEWS.branch, NEWS.file);
        assert.match(saved, /Doors open at ten\.\n$/);
        assert.doesNotMatch(saved, /Doors open at nine/);
        assert.equal(commitsOn(NEWS.branch).length, 2, 'one commit more');
        assert.equal(
          scene.repository!.pulls.filter((pull) => pull.head === NEWS.branch && pull.state === 'open').length,
          1,
          'one pull request open',
        );
        assertNoProblems(first.problems, 'the first person’s /admin/');
        assertNoProblems(second.problems, 'the second person’s /admin/');
      }),
    );
  },
  { root: () => live.site() },
);
