/**
 * Two editors, one file, on the live site (issue 50, case 1): the two people
 * of the browser tests that drive it, each in a browser context of their own,
 * signed in to the stand-in of GitHub's API, and what the tests do and read
 * of them (test/browser-editor-live-conflict*.test.ts).
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { BrowserEnv } from './browser/pool.ts';
import { filesOf } from './cms-folder.ts';
import { openEntry } from './editor-session.ts';
import { Repository } from './github/repository.ts';
import {
  commitsSinceMain,
  followed,
  lastAsked,
  type liveSiteStandIn,
  pauseClock,
  readyToPublish,
  STEP,
  tellingOnFailure,
} from './github-mode.ts';
import { fixtureContentDir } from './site.ts';

type Person = Awaited<ReturnType<BrowserEnv['open']>>;
type LiveSite = ReturnType<typeof liveSiteStandIn>;

const panelCheck = (page: Page) => page.locator('#eccron-check-status');
export const liveStatus = (page: Page) => page.getByRole('region', { name: 'On the live site' }).getByRole('status');

/** The file `file` on a branch of the stand-in's repository. */
const fileOn = (repository: Repository, branch: string, file: string) => {
  const head = repository.resolve(branch);
  assert.ok(head, `the branch ${branch} exists`);
  return repository.text(head, file) ?? '';
};

/**
 * Presses Save once, as the second person does (their entry's pull request is open already: no question follows),
 * until `shown` or the CMS's error is on screen; then no error, and the page's clock paused (the panel's questions
 * about the check wait for the test from then on).
 */
export async function saveOnce(page: Page, shown: Locator) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const error = page.getByRole('alertdialog');
  await shown.or(error).first().waitFor();
  if (await error.count()) assert.fail(`the CMS said: ${(await error.innerText()).replace(/\s+/g, ' ')}`);
  await pauseClock(page);
}

/** Presses Save, when the save is to be refused: what the panel then says (a dialog of the CMS's fails it). */
export async function saveRefused(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // What the person sees next: the panel's verdict, or a dialog of the CMS's.
  await panelCheck(page)
    .filter({ hasText: /^✗ Not saved/ })
    .or(page.getByRole('alertdialog'))
    .first()
    .waitFor();
  return (await panelCheck(page).innerText()).replace(/\s+/g, ' ');
}

/** Saves, as the first save of an entry goes: Save, then Send for Review, until the panel follows its check. */
const saveAndSend = (live: LiveSite, page: Page) =>
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

/** Publishes the entry open in `page`, its save followed, until the panel says it is publishing. */
async function publish(live: LiveSite, page: Page) {
  await page.clock.resume();
  const ready = await readyToPublish(page);
  await followed(live, page, ready, () =>
    liveStatus(page)
      .filter({ hasText: /Publishing/ })
      .waitFor(),
  );
  await page.clock.resume();
}

/** The two people of `live`'s scene, in `env`'s browser, and what a test does with them. */
export function twoEditors(env: BrowserEnv, live: LiveSite) {
  const { scene } = live;
  const people: Person[] = [];

  /** The fixture's content in the repository; the two people, each with the page's clock from its first script. */
  async function open(): Promise<[Person, Person]> {
    scene.repository = new Repository('example', 'site', 'main', await filesOf(fixtureContentDir, 'content/'));
    for (let index = 0; index < 2; index++) {
      // Less motion asked for, as openAdmin asks (editor-session.ts): no fade at each hover and focus.
      const person = await env.open(null, { width: 1400, height: 900, reducedMotion: 'reduce' });
      person.page.setDefaultTimeout(STEP);
      // Its timers wait for the test, never for real seconds.
      await person.page.clock.install();
      people.push(person);
    }
    return [people[0]!, people[1]!];
  }

  /** A test's body, whose failure says what each panel said and what GitHub was last asked. */
  const telling = tellingOnFailure(async () => {
    const said = await Promise.all(
      people.map((one) =>
        one.page
          .locator('#eccron-build')
          .innerText({ timeout: 1000 })
          .catch(() => '(no panel)'),
      ),
    );
    return `\n\nThe first's panel said: ${said[0]}\nThe second's: ${said[1]}\nGitHub was last asked:\n${lastAsked(live)}`;
  });

  /** Opens an entry afresh, /admin/ loaded again: the CMS reads the repository as it is now. */
  async function openAfresh(page: Page, hash: string) {
    await page.goto(env.url('/admin/'));
    await page
      .getByRole('status')
      .filter({ hasText: /now viewing/ })
      .waitFor();
    await openEntry(page, hash);
  }

  return {
    open,
    telling,
    openAfresh,
    saveAndSend: (page: Page) => saveAndSend(live, page),
    publish: (page: Page) => publish(live, page),
    fileOn: (branch: string, file: string) => fileOn(scene.repository!, branch, file),
    commitsOn: (branch: string) => commitsSinceMain(scene.repository!, branch),
  };
}
