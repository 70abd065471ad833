/**
 * Two editors, one file, on the live site (issue 50, case 1), in Chromium,
 * through the CMS itself in GitHub mode with its editorial workflow, against
 * the loopback stand-in of GitHub's API (test/helpers/github-stand-in.ts:
 * GraphQL executed against GitHub's published schema, which refuses a commit
 * whose expected head is not the branch's, and REST answers as GitHub
 * documents them, which refuse a second pull request from one branch).
 *
 * Two browser contexts are two people, each signed in, each with Members open
 * before either saves. The first saves one member; the second, a minute
 * later, another: both changes end on the entry's branch and, once
 * published, on main, each in one step, with the second told that someone
 * else changed the list and what each changed; one pull request. Then both
 * open Research themes afresh and change the same theme: nothing of the first
 * is overwritten or committed over, the second is told, shown both, keeps the
 * typing, chooses, and saves in the same pull request. Last, a save of
 * Publications that someone else's published change overtakes on its way to
 * GitHub: refused by GitHub, said, and saved on top with Save again. A
 * news item's two cases are in browser-editor-live-conflict-pages.test.ts
 * (the two would pass 40 s together).
 *
 * No real second is waited: each step waits for what the person sees. The
 * panel's questions about the site's check go on by the page's clock, paused
 * once a save is followed (the first person's as its first question is asked,
 * as in the other GitHub-mode files; the second's once their save is shown);
 * the runs are never settled here.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { parse, stringify } from 'yaml';
import { MOVED_WORDS } from '../scripts/admin/editor/commit-base.ts';
import { axeResults, describeViolation } from './helpers/browser/axe.ts';
import { assertNoProblems, browserSuite } from './helpers/browser/pool.ts';
import { openEntry } from './helpers/editor-session.ts';
import { liveSiteStandIn, STEP, signInWithToken } from './helpers/github-mode.ts';
import { liveStatus, saveOnce, saveRefused, twoEditors } from './helpers/two-editors.ts';

/** A fine-grained personal access token, as GitHub writes them (made up). */
const TOKEN = 'github_pat_11AEXAMPLE0fixture0token0for0the0conflict0test';
const live = liveSiteStandIn(TOKEN);
const { scene } = live;
const MEMBERS = 'content/members.yml';
const BRANCH = 'cms/settings/members';
const THEMES = 'content/themes.yml';
const THEMES_BRANCH = 'cms/settings/themes';
const PUBLICATIONS = 'content/publications.yml';
const PUBLICATIONS_BRANCH = 'cms/settings/publications';

browserSuite(
  'two editors, one file, in /admin/ on the live site',
  (env) => {
    after(() => live.standIn?.close());

    const editors = twoEditors(env, live);
    const { telling, openAfresh, commitsOn, saveAndSend, publish } = editors;
    /** The two people, each in a browser of their own. */
    let first: Awaited<ReturnType<typeof editors.open>>[0];
    let second: typeof first;
    before(async () => {
      [first, second] = await editors.open();
    });

    /** The file on a branch of the stand-in's repository. */
    const fileOn = (branch: string, file = MEMBERS) => editors.fileOn(branch, file);

    /** Opens the `index`-th item of the list (0 first) and types `text` into its field `field`, in place of what it held. */
    async function changeItem(page: Page, index: number, field: string, text: string) {
      await page.getByRole('button', { name: 'Expand', exact: true }).nth(index).click();
      await page.getByRole('textbox', { name: field, exact: true }).fill(text);
    }

    test(
      'both people sign in with a token, and each opens Members before either saves',
      telling(async () => {
        // Two people at once, as they would be.
        await Promise.all(
          [first, second].map(async ({ page }) => {
            await signInWithToken(page, env.url('/admin/'), TOKEN);
            await openEntry(page, 'settings/entries/members');
          }),
        );
      }),
    );

    test(
      'two people save Members, different members: both changes on the branch in one step each, said to the second; one pull request; both on main once published',
      telling(async () => {
        await changeItem(first.page, 1, 'Institution', 'Sample Institute of Memory');
        await saveAndSend(first.page);
        await first.page.clock.resume();
        assert.match(fileOn(BRANCH), /institution: Sample Institute of Memory/);

        // A minute later, the second, who opened Members before the first saved, changes another member and saves.
        await changeItem(second.page, 3, 'Position', 'Senior example researcher');
        await saveOnce(second.page, liveStatus(second.page).filter({ hasText: /being built/ }));
        const told = (await second.page.locator('.eccron-merged').innerText()).replace(/\s+/g, ' ');
        assert.equal(
          told,
          'Someone else changed this list since you opened it. Theirs: Members: “Ben Sample” changed. Yours: Members: “Dan Demo” changed. They did not touch the same items, so both are kept: yours is saved on top of theirs.',
        );

        // The second's form shows the list as saved: the first person's change in it too.
        await second.page.getByRole('button', { name: 'Expand', exact: true }).nth(1).click();
        assert.ok(
          (
            await second.page
              .getByRole('textbox', { name: 'Institution', exact: true })
              .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value))
          ).includes('Sample Institute of Memory'),
          'the form shows the other person’s change',
        );

        const onBranch = fileOn(BRANCH);
        assert.match(onBranch, /institution: Sample Institute of Memory/, 'the first person’s change is kept');
        assert.match(onBranch, /position: Senior example researcher/, 'the second person’s change is saved');
        assert.equal(commitsOn(BRANCH).length, 2, 'one commit each');
        const pulls = scene.repository!.pulls.filter((pull) => pull.head === BRANCH);
        assert.equal(pulls.length, 1, 'one pull request for the entry');

        // The second publishes: the list on main has both.
        await publish(second.page);
        const onMain = fileOn('main');
        assert.match(onMain, /institution: Sample Institute of Memory/);
        assert.match(onMain, /position: Senior example researcher/);
        assert.equal(scene.repository!.pulls.length, 1, 'no second pull request');
        assertNoProblems(first.problems, 'the first person’s /admin/');
        assertNoProblems(second.problems, 'the second person’s /admin/');
      }),
    );

    test(
      'two people change the same theme of Research themes: nothing of the first overwritten, the second told and shown both, chooses, and saves',
      telling(async () => {
        // Another list, opened afresh by both: this case owes nothing to the one before.
        await Promise.all([first, second].map(({ page }) => openAfresh(page, 'settings/entries/themes')));
        await changeItem(first.page, 1, 'Description', 'Two made-up publications now, one in press.');
        await saveAndSend(first.page);
        await first.page.clock.resume();
        const firstSaved = fileOn(THEMES_BRANCH, THEMES);
        assert.match(firstSaved, /description: Two made-up publications now, one in press\./);

        await changeItem(second.page, 1, 'Description', 'A made-up theme with one publication.');
        assert.match(
          await saveRefused(second.page),
          /^✗ Not saved \(at [\d:]+\): someone else changed this list since you opened it, and changed the same item you did\. Both are shown below: choose which to keep, then press Save again\. Nothing was written; your changes are still in the form\.$/,
        );
        const clash = second.page.getByRole('region', { name: /: “The Second Example Theme”$/ });
        assert.match(
          await clash.locator('.eccron-clash-theirs pre').innerText(),
          /description: Two made-up publications now, one in press\./,
        );
        assert.match(
          await clash.locator('.eccron-clash-ours pre').innerText(),
          /description: A made-up theme with one publication\./,
        );
        assert.equal(fileOn(THEMES_BRANCH, THEMES), firstSaved, 'nothing written over the first person’s change');
        // What axe finds in the two versions shown and their choices: nothing.
        const violations = await axeResults(second.page);
        const inClash = await Promise.all(
          violations.map((violation) =>
            second.page.evaluate(
              (targets) => targets.some((target) => document.querySelector(target)?.closest('#eccron-check-details')),
              violation.nodes.map((node) => String(node.target[0])),
            ),
          ),
        );
        assert.deepEqual(violations.filter((_, index) => inClash[index]).map(describeViolation), []);
        assert.equal(commitsOn(THEMES_BRANCH).length, 1, 'nothing committed by the second');
        assert.equal(
          await second.page.getByRole('textbox', { name: 'Description', exact: true }).inputValue(),
          'A made-up theme with one publication.',
          'the typing is kept',
        );

        // The second, having seen both, keeps their own and saves: one more commit, on top, in the same pull request.
        await clash.getByRole('button', { name: 'Keep yours' }).click();
        await clash.getByRole('status').filter({ hasText: 'Chosen: yours.' }).waitFor();
        await saveOnce(second.page, liveStatus(second.page).filter({ hasText: /being built/ }));
        await second.page.clock.resume();
        assert.match(fileOn(THEMES_BRANCH, THEMES), /description: A made-up theme with one publication\./);
        assert.equal(commitsOn(THEMES_BRANCH).length, 2, 'one commit each');
        assert.equal(
          scene.repository!.pulls.filter((pull) => pull.head === THEMES_BRANCH).length,
          1,
          'one pull request',
        );
        assertNoProblems(first.problems, 'the first person’s /admin/');
        assertNoProblems(second.problems, 'the second person’s /admin/');
      }),
    );

    test(
      'a third save lands while a person’s save of Publications is on its way: GitHub refuses the commit, the person is told, nothing overwritten; Save again keeps both',
      telling(async () => {
        // The first person, on a list no test before has saved: this case owes nothing to those before.
        const { page, problems } = first;
        await openAfresh(page, 'settings/entries/publications');
        await changeItem(page, 0, 'Title', 'An example study with every field of a citation, revised');
        // The CMS asks where to start the entry's branch just before committing; meanwhile someone publishes a
        // change to Publications from elsewhere.
        const held = live.standIn!.holdNext(
          (request, body) => request === 'POST /api/graphql' && String(body.query).includes('fork: repository'),
        );
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        // A step that waits in vain fails within STEP, as the page's own waits do.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          held.reached,
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('the CMS never asked where to start the entry’s branch')), STEP);
          }),
        ]).finally(() => clearTimeout(timer));
        const repository = scene.repository!;
        const main = repository.resolve('main')!;
        // The second theme's publication, retitled by someone else.
        const lists = parse(repository.text(main, PUBLICATIONS)!) as Record<string, Record<string, unknown>[]>;
        lists['second-example']![0]!.title = 'A study whose year is still not known';
        const made = repository.commitOnBranch('main', main.sha, {
          changes: { [PUBLICATIONS]: stringify(lists) },
          deletions: [],
          message: 'From elsewhere',
        });
        assert.ok(made);
        held.release();
        const error = page.getByRole('alertdialog');
        await error.waitFor();
        assert.ok(
          (await error.innerText()).replace(/\s+/g, ' ').includes(MOVED_WORDS),
          `the CMS says why, in the editor’s words (it said: ${await error.innerText()})`,
        );
        assert.match(
          fileOn('main', PUBLICATIONS),
          /title: A study whose year is still not known/,
          'the change from elsewhere is kept',
        );
        assert.equal(
          repository.pulls.filter((pull) => pull.head === PUBLICATIONS_BRANCH).length,
          0,
          'nothing of the save was opened for review',
        );
        await error.getByRole('button', { name: 'OK' }).click();

        await saveAndSend(page);
        await page.clock.resume();
        const onBranch = fileOn(PUBLICATIONS_BRANCH, PUBLICATIONS);
        assert.match(
          onBranch,
          /title: An example study with every field of a citation, revised/,
          'the person’s change is saved',
        );
        assert.match(onBranch, /title: A study whose year is still not known/, 'on top of the change from elsewhere');
        assert.equal(commitsOn(PUBLICATIONS_BRANCH).length, 1);
        assert.equal(repository.pulls.filter((pull) => pull.head === PUBLICATIONS_BRANCH).length, 1);
        // The CMS logs the refusal it showed (its console.error of a failed save): that line, and no other problem.
        const logged = problems.consoleErrors.findIndex((line) => line.includes(MOVED_WORDS.slice(0, 50)));
        assert.notEqual(logged, -1, 'the refusal is the one logged');
        problems.consoleErrors.splice(logged, 1);
        assertNoProblems(problems, 'the first person’s /admin/');
      }),
    );
  },
  { root: () => live.site() },
);
