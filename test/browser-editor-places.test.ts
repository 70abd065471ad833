/**
 * The places of list items in the editor at /admin/, in Chromium, on a copy
 * of the real content's shape (test/fixtures/real-shape/: fourteen countries,
 * seventeen members, every theme), as a clinician uses them: add, then look
 * at the preview; choose a place, then read the list and the file. The CMS
 * draws a long list's items only as they come into view, so the choice must
 * count the whole list, move the item it belongs to and read its new place;
 * a member's place is the page's, within their country. The preview shows
 * what the page will show after each action, never a name of the CMS's own.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { parse } from 'yaml';
import { withChromium } from './helpers/browser/chromium.ts';
import {
  type AdminPage,
  choose,
  click,
  type EditorSession,
  type Effort,
  fieldSection,
  openEntry,
  reopenWithFolder,
  save,
  signInLocally,
  startEditorSession,
} from './helpers/editor-session.ts';
import { type Directory, internalWords, pane, paneText, realShape } from './editor-real-shape.ts';

/** The texts of the options of a choice, and the one chosen. */
async function choiceOf(choice: Locator) {
  return choice.evaluate((select: HTMLSelectElement) => ({
    options: [...select.options].map((option) => option.text),
    chosen: select.selectedOptions[0]?.text,
    focused: document.activeElement === select,
  }));
}

/** Scrolls the form, as a person does, until `target` is drawn (the CMS draws a long list as it comes into view). */
async function scrolledTo(page: Page, target: Locator) {
  for (let turn = 0; turn < 60 && (await target.count()) === 0; turn++) {
    await page.mouse.move(400, 500);
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
  }
  return target;
}

const since = (admin: AdminPage, from: Effort): Effort => ({
  clicks: admin.effort.clicks - from.clicks,
  keys: admin.effort.keys - from.keys,
});

withChromium('places in the lists of the editor, on the real content’s shape', (executablePath) =>
  describe('places in the lists of the editor, on the real content’s shape', () => {
    let session: EditorSession;
    let admin: AdminPage;
    const efforts: Record<string, Effort> = {};

    before(async () => {
      session = await startEditorSession(executablePath, { prepare: realShape });
      admin = await session.openAdmin();
      await signInLocally(session, admin);
      // A step waits for what a person would see; one that never comes fails within a minute here (the editor's
      // cold load above waits longer).
      admin.page.setDefaultTimeout(60_000);
    });
    after(async () => {
      process.stdout.write(`# clicks and keys: ${JSON.stringify(efforts)}\n`);
      await session?.stop();
    });

    const directory = async () => parse(await session.onDisk('content/members.yml')) as Directory;

    test('a new country placed first: the choice counts all fifteen, moves the new one, then reads 1 of 15', async () => {
      const { page } = admin;
      const from = { ...admin.effort };
      const before = await directory();
      assert.equal(before.countries.length, 14, 'the real shape has fourteen countries');
      await openEntry(page, 'settings/entries/members', admin);
      const countries = page.getByRole('group', { name: /Countries\W*Field/ });
      await click(admin, countries.getByRole('button', { name: /^Add\W*Country\W*$/ }));
      await page.waitForFunction(() => document.activeElement?.closest('section')?.dataset.keyPath === 'countries.14');
      await page.keyboard.type('Belgium');
      admin.effort.keys += 'Belgium'.length;
      const choice = countries.getByRole('combobox', { name: 'Move item 15 to place' });
      const offered = await choiceOf(choice);
      assert.deepEqual(
        offered.options,
        Array.from({ length: 15 }, (_, place) => `${place + 1} of 15`),
      );
      assert.equal(offered.chosen, '15 of 15');
      assert.doesNotMatch(await paneText(page), internalWords);

      await choice.selectOption({ label: '1 of 15' });
      admin.effort.clicks += 2;
      // The choice moved its own item, and reads its new place, with the focus.
      const moved = countries.getByRole('combobox', { name: 'Move item 1 to place' });
      await page.waitForFunction(
        () =>
          document.activeElement?.getAttribute('aria-label') === 'Move item 1 to place' &&
          (document.activeElement as HTMLSelectElement | null)?.selectedOptions?.[0]?.text === '1 of 15' &&
          (
            document.activeElement
              ?.closest('.item-wrapper')
              ?.querySelector('section[data-key-path] input') as HTMLInputElement | null
          )?.value === 'Belgium',
      );
      assert.deepEqual(await choiceOf(moved), { ...(await choiceOf(moved)), chosen: '1 of 15', focused: true });
      assert.doesNotMatch(await paneText(page), internalWords);

      const saved = await save(admin, 'content/members.yml');
      assert.equal(saved.verdict, 'passed', saved.panel);
      assert.deepEqual((await directory()).countries, ['Belgium', ...before.countries]);
      efforts['a new country placed first'] = since(admin, from);
    });

    test('a new member placed third in their country: the choice offers the page’s places, the preview and the file agree', async () => {
      const { page } = admin;
      const from = { ...admin.effort };
      const before = await directory();
      const dutch = before.members.filter((member) => member.country === 'Netherlands').map((member) => member.name);
      assert.equal(dutch.length, 4);
      const members = page.getByRole('group', { name: /Members\W*Field/ });
      await click(admin, members.getByRole('button', { name: /^Add\W*Member\W*$/ }));
      const added = before.members.length;
      await page.waitForFunction(
        (at) => document.activeElement?.closest('section')?.dataset.keyPath === `members.${at}.name`,
        added,
      );
      // Being filled in: the page as it will be, and no name of the CMS's own.
      assert.doesNotMatch(await paneText(page), internalWords);
      await page.keyboard.type('Example Person');
      admin.effort.keys += 'Example Person'.length;
      await choose(admin, await fieldSection(page, 'Country', members), 'Netherlands');
      const choice = members.getByRole('combobox', { name: `Move item ${added + 1} to place` });
      await page.waitForFunction(
        (select) => (select as HTMLSelectElement).selectedOptions[0]?.text === '5 of 5 in Netherlands',
        await choice.elementHandle(),
      );
      assert.deepEqual(
        (await choiceOf(choice)).options,
        [1, 2, 3, 4, 5].map((n) => `${n} of 5 in Netherlands`),
      );
      await choice.selectOption({ label: '3 of 5 in Netherlands' });
      admin.effort.clicks += 2;
      await page.waitForFunction(
        () =>
          (document.activeElement as HTMLSelectElement | null)?.selectedOptions?.[0]?.text === '3 of 5 in Netherlands',
      );
      const shown = pane(page).locator('section.member-group[aria-label="Netherlands"] .member-card__name');
      await shown.nth(2).filter({ hasText: 'Example Person' }).waitFor();
      assert.deepEqual(await shown.allInnerTexts(), [...dutch.slice(0, 2), 'Example Person', ...dutch.slice(2)]);
      assert.doesNotMatch(await paneText(page), internalWords);

      const saved = await save(admin, 'content/members.yml');
      assert.equal(saved.verdict, 'passed', saved.panel);
      const after = await directory();
      assert.deepEqual(
        after.members.filter((member) => member.country === 'Netherlands').map((member) => member.name),
        [...dutch.slice(0, 2), 'Example Person', ...dutch.slice(2)],
      );
      // Saved where it was placed: the form shows it there still.
      const place = after.members.findIndex((member) => member.name === 'Example Person');
      assert.equal(
        await page.locator(`section[data-key-path="members.${place}.name"] input`).inputValue(),
        'Example Person',
      );
      // Reported with the country's own effort, when the test before counted it.
      const country = efforts['a new country placed first'];
      if (country)
        efforts['a new country and a member placed third in it'] = {
          clicks: country.clicks + since(admin, from).clicks,
          keys: country.keys + since(admin, from).keys,
        };
    });

    test('after a save that puts a new member with their country, the item open is still that member', async () => {
      const { page } = admin;
      const before = await directory();
      const members = page.getByRole('group', { name: /Members\W*Field/ });
      await click(admin, members.getByRole('button', { name: /^Add\W*Member\W*$/ }));
      await page.waitForFunction(
        (at) => document.activeElement?.closest('section')?.dataset.keyPath === `members.${at}.name`,
        before.members.length,
      );
      await page.keyboard.type('Second Example');
      await choose(admin, await fieldSection(page, 'Country', members), before.countries[1]!);
      const saved = await save(admin, 'content/members.yml');
      assert.equal(saved.verdict, 'passed', saved.panel);
      const after = await directory();
      const place = after.members.findIndex((member) => member.name === 'Second Example');
      assert.ok(place < before.members.length, 'the file put the new member with their country, not last');
      // The item in view and in focus is the one the person was filling in, at the place the file gave it.
      await page.waitForFunction(
        () =>
          (
            document.activeElement
              ?.closest('.item-wrapper')
              ?.querySelector('section[data-key-path$=".name"] input') as HTMLInputElement | null
          )?.value === 'Second Example',
      );
      assert.equal(
        await page.locator('select.eccron-position:focus').getAttribute('aria-label'),
        `Move item ${place + 1} to place`,
      );
    });

    test('a member moved within their country: last of Spain made first, the whole list counted', async () => {
      const { page } = admin;
      const from = { ...admin.effort };
      const before = await directory();
      const spanish = before.members.flatMap((member, at) => (member.country === 'Spain' ? [at] : []));
      const last = spanish.at(-1)!;
      const members = page.getByRole('group', { name: /Members\W*Field/ });
      const choice = await scrolledTo(page, members.getByRole('combobox', { name: `Move item ${last + 1} to place` }));
      assert.deepEqual(
        (await choiceOf(choice)).options,
        [1, 2, 3, 4].map((n) => `${n} of 4 in Spain`),
      );
      await choice.selectOption({ label: '1 of 4 in Spain' });
      admin.effort.clicks += 2;
      await page.waitForFunction(
        () => (document.activeElement as HTMLSelectElement | null)?.selectedOptions?.[0]?.text === '1 of 4 in Spain',
      );
      // The pane follows: the member is in its view, at their new place in Spain.
      const moved = before.members[last]!.name;
      await pane(page).locator(`.eccron-preview[data-follows="members.${spanish[0]}"]`).waitFor();
      const card = pane(page).locator('section.member-group[aria-label="Spain"] .member-card').first();
      assert.equal(await card.locator('.member-card__name').innerText(), moved);
      assert.ok(
        await card.evaluate((element) => {
          const { top, bottom } = element.getBoundingClientRect();
          return top >= 0 && bottom <= window.innerHeight;
        }),
        'the member is in the pane’s view',
      );
      const saved = await save(admin, 'content/members.yml');
      assert.equal(saved.verdict, 'passed', saved.panel);
      const names = (list: Directory) => list.members.filter((m) => m.country === 'Spain').map((m) => m.name);
      const expected = names(before);
      assert.deepEqual(names(await directory()), [expected.at(-1), ...expected.slice(0, -1)]);
      assert.equal((await directory()).members.length, before.members.length);
      efforts['a member moved within their country'] = since(admin, from);
    });

    test('in a list of 60, the choice offers 60 places, moves its own item from the last to the first and reads its new place; the pane and the file agree', async () => {
      const { page } = admin;
      // A list of 60 as the person's folder holds it (the CMS lists what the folder gives it), a country with
      // members last: the folder written with it and /admin/ loaded again, instead of 45 presses of Add Country.
      const before = await directory();
      const mover = before.countries.findLast((country) =>
        before.members.some((member) => member.country === country),
      )!;
      const fillers = Array.from({ length: 60 - before.countries.length }, (_, at) => `Country ${at + 1}`);
      const sixty = [...before.countries.filter((country) => country !== mover), ...fillers, mover];
      const text = await session.onDisk('content/members.yml');
      const longer = text.replace(
        /^countries:\n(?: {2}- .*\n)+/m,
        `countries:\n${sixty.map((country) => `  - ${country}\n`).join('')}`,
      );
      assert.deepEqual((parse(longer) as Directory).countries, sixty);
      assert.equal(sixty.length, 60);
      await reopenWithFolder(session, admin, { 'content/members.yml': longer });
      await openEntry(page, 'settings/entries/members');
      const countries = page.getByRole('group', { name: /Countries\W*Field/ });
      // The last item brought into view (the CMS draws a long list's items as they come into view), as a person's
      // scrollbar takes them there at once.
      await countries
        .locator('.item-list')
        .first()
        .locator(':scope > .item-wrapper')
        .nth(59)
        .evaluate((last) => last.scrollIntoView({ block: 'center' }));
      const choice = countries.getByRole('combobox', { name: 'Move item 60 to place' });
      await choice.waitFor();
      const offered = await choiceOf(choice);
      assert.deepEqual(
        offered.options,
        Array.from({ length: 60 }, (_, place) => `${place + 1} of 60`),
      );
      assert.equal(offered.chosen, '60 of 60');
      await choice.selectOption({ label: '1 of 60' });
      await page.waitForFunction(
        (country) =>
          document.activeElement?.getAttribute('aria-label') === 'Move item 1 to place' &&
          (document.activeElement as HTMLSelectElement | null)?.selectedOptions?.[0]?.text === '1 of 60' &&
          (
            document.activeElement
              ?.closest('.item-wrapper')
              ?.querySelector('section[data-key-path] input') as HTMLInputElement | null
          )?.value === country,
        mover,
      );
      assert.equal(await page.locator('section[data-key-path="countries.0"] input').inputValue(), mover);
      // The pane shows the page as it will be: that country's members first.
      await pane(page).locator(`section.member-group:first-of-type[aria-label="${mover}"]`).waitFor();
      assert.doesNotMatch(await paneText(page), internalWords);
      const saved = await save(admin, 'content/members.yml');
      assert.equal(saved.verdict, 'passed', saved.panel);
      assert.deepEqual((await directory()).countries, [mover, ...sixty.slice(0, -1)]);
    });
  }),
);
