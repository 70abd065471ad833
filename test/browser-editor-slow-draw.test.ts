/**
 * The editor at /admin/ on a computer slow to draw, in Chromium, on a copy of
 * the real content's shape (test/fixtures/real-shape/): a member added gets
 * the focus in their name field whenever the CMS draws it, not within a fixed
 * wait. The page runs thirty times slower here, so this one test takes about
 * twenty seconds on two cores; it has its file to itself so that the places
 * tests (browser-editor-places.test.ts) and it each stay within a file's
 * budget, and its wait goes on beside other files in npm test.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'yaml';
import { patience, withChromium } from './helpers/browser/chromium.ts';
import {
  type AdminPage,
  click,
  type EditorSession,
  leaveEntry,
  openEntry,
  signInLocally,
  startEditorSession,
} from './helpers/editor-session.ts';
import { type Directory, realShape } from './editor-real-shape.ts';

withChromium('the editor on a computer slow to draw', (executablePath) =>
  describe('the editor on a computer slow to draw', () => {
    let session: EditorSession;
    let admin: AdminPage;

    before(async () => {
      session = await startEditorSession(executablePath, { prepare: realShape });
      admin = await session.openAdmin();
      await signInLocally(session, admin);
      // A step waits for what a person would see; one that never comes fails within a minute here (the editor's
      // cold load above waits longer).
      admin.page.setDefaultTimeout(60_000);
    });
    after(() => session?.stop());

    const directory = async () => parse(await session.onDisk('content/members.yml')) as Directory;

    test('on a computer slow to draw, a member added gets the focus in their name field when drawn, seconds after the click', async () => {
      const { page } = admin;
      const added = (await directory()).members.length;
      await openEntry(page, 'settings/entries/members', admin);
      const members = page.getByRole('group', { name: /Members\W*Field/ });
      const add = members.getByRole('button', { name: /^Add\W*Member\W*$/ });
      await add.scrollIntoViewIfNeeded();
      // The page's processor thirty times slower, as an old laptop's on battery: the CMS draws the new item seconds
      // after the click, later than the two seconds the editor once waited for it.
      const devtools = await page.context().newCDPSession(page);
      await devtools.send('Emulation.setCPUThrottlingRate', { rate: 30 });
      try {
        await click(admin, add);
        await page.waitForFunction(
          (at) => document.activeElement?.closest('section')?.dataset.keyPath === `members.${at}.name`,
          added,
          { timeout: patience },
        );
      } finally {
        await devtools.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        await devtools.detach();
      }
      // Typed at once, without a click: the name is where it was typed.
      await page.keyboard.type('Example Person');
      assert.equal(
        await page.locator(`section[data-key-path="members.${added}.name"] input`).inputValue(),
        'Example Person',
      );
      await leaveEntry(page);
    });
  }),
);
