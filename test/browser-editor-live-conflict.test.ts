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
 * GitHub: refused by GitHub, said, and saved on top with Save again. Then a
 * news item (a Markdown page, merged field by field, its body as a whole):
 * the first changes its title, the second its summary, both kept and
 * published; then both change the summary: the second is shown both texts,
 * chooses, and saves, nothing of the first overwritten meanwhile.
 *
 * No real second is waited: each step waits for what the person sees. The
 * panel's questions about the site's check go on by the page's clock, paused
 * once a save is followed (the first person's as its first question is asked,
 * as in the other GitHub-mode files; the second's once their save is shown);
 * the runs are never settled here.
 */
import assert from 'node:assert/strict';
import { after, before, type TestContext, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { parse, stringify } from 'yaml';
import { MOVED_WORDS } from '../scripts/admin/editor/commit-base.ts';
import { axeResults, describeViolation } from './helpers/browser/axe.ts';
import { assertNoProblems, type BrowserEnv, browserSuite } from './helpers/browser/pool.ts';
import { filesOf } from './helpers/cms-folder.ts';
import { type Commit, Repository } from './helpers/github/repository.ts';
import { openEntry } from './helpers/editor-session.ts';
import { followed, liveSiteStandIn, pauseClock, readyToPublish, STEP, signInWithToken } from './helpers/github-mode.ts';
import { fixtureContentDir } from './helpers/site.ts';

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
/** The news item both change: field by field, then, once published, its summary. */
const NEWS = {
  entry: 'news/entries/2023-06-01-newer-example',
  file: 'content/news/2023-06-01-newer-example.md',
  branch: 'cms/news/2023-06-01-newer-example',
};

browserSuite(
  'two editors, one file, in /admin/ on the live site',
  (env) => {
    after(() => live.standIn?.close());

    /** The two people, each in a browser of their own. */
    let first: Awaited<ReturnType<BrowserEnv['open']>>;
    let second: Awaited<ReturnType<BrowserEnv['open']>>;

    /** A test's body, whose failure says what each panel said and what GitHub was last asked. */
    const telling =
      (body: (t: TestContext) => Promise<void>) =>
      async (t: TestContext): Promise<void> => {
        try {
          await body(t);
        } catch (error) {
          if (error instanceof Error) {
            const said = await Promise.all(
              [first, second].map((one) =>
                one.page
                  .locator('#eccron-build')
                  .innerText({ timeout: 1000 })
                  .catch(() => '(no panel)'),
              ),
            );
            const asked = (live.standIn?.asked ?? [])
              .slice(-12)
              .map(
                ({ request, operation, status, errors }) =>
                  `  ${request} ${operation ?? ''} → ${status} ${errors ?? ''}`,
              );
            error.message += `\n\nThe first's panel said: ${said[0]}\nThe second's: ${said[1]}\nGitHub was last asked:\n${asked.join('\n')}`;
          }
          throw error;
        }
      };

    before(async () => {
      scene.repository = new Repository('example', 'site', 'main', await filesOf(fixtureContentDir, 'content/'));
      first = await env.open(null, { width: 1400, height: 900 });
      second = await env.open(null, { width: 1400, height: 900 });
      for (const { page } of [first, second]) {
        page.setDefaultTimeout(STEP);
        // The page's clock, from its first script on: its timers wait for the test, never for real seconds.
        await page.clock.install();
      }
    });

    const panelCheck = (page: Page) => page.locator('#eccron-check-status');
    const liveStatus = (page: Page) => page.getByRole('region', { name: 'On the live site' }).getByRole('status');

    /** Opens an entry afresh, /admin/ loaded again: the CMS reads the repository as it is now. */
    async function openAfresh(page: Page, hash: string) {
      await page.goto(env.url('/admin/'));
      await page
        .getByRole('status')
        .filter({ hasText: /now viewing/ })
        .waitFor();
      await openEntry(page, hash);
    }

    /** Opens the `index`-th item of the list (0 first) and types `text` into its field `field`, in place of what it held. */
    async function changeItem(page: Page, index: number, field: string, text: string) {
      await page.getByRole('button', { name: 'Expand', exact: true }).nth(index).click();
      await page.getByRole('textbox', { name: field, exact: true }).fill(text);
    }

    /** The file on a branch of the stand-in's repository. */
    const fileOn = (branch: string, file = MEMBERS) => {
      const repository = scene.repository!;
      const head = repository.resolve(branch);
      assert.ok(head, `the branch ${branch} exists`);
      return repository.text(head, file) ?? '';
    };

    /** The commits on `branch` since it left main. */
    const commitsOn = (branch: string) => {
      const repository = scene.repository!;
      const main = new Set<string>();
      for (
        let commit = repository.resolve('main');
        commit;
        commit = commit.parent ? repository.commits.get(commit.parent) : undefined
      )
        main.add(commit.sha);
      const made: Commit[] = [];
      for (let commit = repository.resolve(branch); commit && !main.has(commit.sha); ) {
        made.push(commit);
        commit = commit.parent ? repository.commits.get(commit.parent) : undefined;
      }
      return made;
    };

    /** Saves, as the first save of an entry goes: Save, then Send for Review, until the panel follows its check. */
    const saveAndSend = (page: Page) =>
      followed(
        live,
        page,
        async () => {
          await page.getByRole('button', { name: 'Save', exact: true }).click();
          await page
            .getByRole('alertdialog', { name: 'Send for Review' })
            .getByRole('button', { name: 'Send for Review' })
            .click();
        },
        () =>
          liveStatus(page)
            .filter({ hasText: /being built/ })
            .waitFor(),
      );

    /**
     * Presses Save once, as the second person does (their entry's pull request is open already: no question follows),
     * until `shown` or the CMS's error is on screen; then no error, and the page's clock paused (the panel's questions
     * about the check wait for the test from then on).
     */
    async function saveOnce(page: Page, shown: Locator) {
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const error = page.getByRole('alertdialog');
      await shown.or(error).first().waitFor();
      if (await error.count()) assert.fail(`the CMS said: ${(await error.innerText()).replace(/\s+/g, ' ')}`);
      await pauseClock(page);
    }

    /** Presses Save, when the save is to be refused: what the panel then says (a dialog of the CMS's fails it). */
    async function saveRefused(page: Page): Promise<string> {
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      // What the person sees next: the panel's verdict, or a dialog of the CMS's.
      await panelCheck(page)
        .filter({ hasText: /^✗ Not saved/ })
        .or(page.getByRole('alertdialog'))
        .first()
        .waitFor();
      return (await panelCheck(page).innerText()).replace(/\s+/g, ' ');
    }

    /** Publishes the entry open in `page`, its save followed, until the panel says it is publishing. */
    async function publish(page: Page) {
      await page.clock.resume();
      const ready = await readyToPublish(page);
      await followed(live, page, ready, () =>
        liveStatus(page)
          .filter({ hasText: /Publishing/ })
          .waitFor(),
      );
      await page.clock.resume();
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

    /** Types `words` at the end of the field named `field` (a text field, or the Markdown editor of the summary). */
    async function typeAtEnd(page: Page, field: string, words: string) {
      await page.getByRole('textbox', { name: field }).first().click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(words);
    }

    test(
      'two people save a news item, different fields: both on the branch in one step each, said to the second; both on main once published',
      telling(async () => {
        // A news item, opened afresh by both: this case owes nothing to those before.
        await Promise.all([first, second].map(({ page }) => openAfresh(page, NEWS.entry)));
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
