/**
 * One voice, one current verdict (issue 47, items 3 to 6, 8 and 9): in
 * Chromium, in local mode under `npm run dev`, as a clinician uses the
 * editor. The Site build panel covers no control of the CMS at 1280 and
 * 1366 px (bounding boxes measured); a refusal of the CMS's own form
 * replaces an earlier "✓ Checked before saving" and is said in the panel as
 * the site's check says its own, and the mark beside the panel's title
 * follows the last verdict shown; what was said of an entry goes when it is
 * left, and the mark is the build's again; leaving after a refused save asks, and "Leave without saving" leaves
 * no backup to restore; removing a list item asks first; a pasted ORCID or
 * DOI address is cleaned to the identifier, and an address without https://
 * is offered with it in one click; authors pasted one to a line become the
 * APA list; Ends with its day empty is on the start's day; after a save, the
 * changed page of the dev site is linked.
 *
 * One /admin/ page for the file: each test starts from the entry list and
 * leaves it as it found it (without saving, or saving what the next tests
 * expect). site.yml names no zone here, so that a timed event needs one of
 * its own, as the build requires.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { withChromium } from './helpers/browser/chromium.ts';
import {
  type AdminPage,
  click,
  collectionListed,
  type EditorSession,
  fieldSection,
  openEntry,
  press,
  save,
  signInLocally,
  startEditorSession,
  type,
  noSiteZone,
} from './helpers/editor-session.ts';

const EVENT = 'content/news/2030-03-01-spring-workshop.md';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Each control's box, by its name, and whether the panel covers it or it lies outside the window. */
async function covered(page: Page, controls: Locator[]): Promise<string[]> {
  const panel = (await page.locator('#eccron-build').boundingBox())!;
  const width = page.viewportSize()!.width;
  const wrong: string[] = [];
  for (const control of controls) {
    await control.waitFor();
    const box = (await control.boundingBox())!;
    const name = (await control.getAttribute('aria-label')) ?? (await control.innerText());
    if (overlaps(box, panel) || box.x + box.width > width)
      wrong.push(`${name} at ${Math.round(box.x)}–${Math.round(box.x + box.width)} px, the panel from ${panel.x} px`);
  }
  return wrong;
}

/** The Site build panel's line about the last save of this entry. */
const checkLine = (page: Page) => page.locator('#eccron-check-status');
/** The mark beside the panel's title, seen when the panel is hidden too. */
const titleMark = (page: Page) => page.locator('#eccron-build-mark').textContent();

withChromium('one voice, one current verdict', (executablePath) =>
  describe('one voice, one current verdict', () => {
    let session: EditorSession;
    let admin: AdminPage;
    let page: Page;
    before(async () => {
      session = await startEditorSession(executablePath, { prepare: noSiteZone });
      admin = await session.openAdmin();
      page = admin.page;
      await signInLocally(session, admin);
      // A wait that does not end says where, within the file's time (the editor's cold load above waits longer).
      page.setDefaultTimeout(30_000);
    });
    after(() => session?.stop());
    // Each test starts from an entry list, whatever the last one left open.
    beforeEach(() => backToTheList());

    /** Back to the entry list, leaving without saving if the entry has changes (or a new one: the CMS counts it). */
    async function backToTheList() {
      const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
      const back = page.getByRole('button', { name: 'Cancel Editing' });
      if (!(await leave.isVisible())) {
        if ((await back.count()) === 0) return;
        await back.click();
        await leave
          .or(page.getByRole('status').filter({ hasText: /now viewing/ }))
          .first()
          .waitFor();
      }
      if (await leave.isVisible()) await leave.getByRole('button', { name: 'Leave without saving' }).click();
      await collectionListed(page);
    }

    test('the Site build panel covers no control of the CMS at 1280 and 1366 px, shown or hidden', async () => {
      /** The controls not covered, with the panel shown and then hidden (Hide, then Show again). */
      async function shownAndHidden(where: string, controls: Locator[]) {
        for (const hidden of [false, true]) {
          if (hidden) await page.getByRole('button', { name: 'Hide', exact: true }).click();
          assert.deepEqual(await covered(page, controls), [], `${where}, the panel ${hidden ? 'hidden' : 'shown'}`);
        }
        await page.getByRole('button', { name: 'Show', exact: true }).click();
      }
      for (const width of [1280, 1366]) {
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate(() => {
          location.hash = '#/collections/events';
        });
        await shownAndHidden(`the list at ${width} px`, [
          page.getByRole('button', { name: 'Create New Entry' }),
          page.getByRole('button', { name: 'Create Entry or Assets' }),
          page.getByRole('button', { name: 'Show Account Menu' }),
        ]);
        await openEntry(page, 'events/entries/2030-03-01-spring-workshop');
        await shownAndHidden(`the entry at ${width} px`, [
          page.getByRole('button', { name: 'Cancel Editing' }),
          page.getByRole('button', { name: 'Save', exact: true }),
          page.locator('.content-editor [role="toolbar"]').first().getByRole('button').last(),
        ]);
        await backToTheList();
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    test('a refusal of the form replaces an earlier ✓; leaving after a refused save asks, and leaves no backup; Ends without a day is the start’s day; the changed page is linked', async () => {
      const before = await session.onDisk(EVENT);
      await openEntry(page, 'events/entries/2030-03-01-spring-workshop', admin);
      // Ends typed as a time alone: the hint says it is the start's day, and the save agrees.
      const ends = await fieldSection(page, 'Ends');
      assert.match(await ends.innerText(), /left empty, it is the start’s day/);
      const [endDay, endTime] = [
        ends.getByRole('textbox', { name: /Day/ }),
        ends.getByRole('textbox', { name: /Time/ }),
      ];
      assert.equal(await endDay.getAttribute('placeholder'), 'the start’s day');
      assert.equal(await endTime.getAttribute('placeholder'), 'hh:mm');
      await endDay.fill('');
      await endTime.fill('');
      await type(admin, endTime, '17:00');
      const saved = await save(admin, EVENT);
      assert.equal(saved.check, 'passed', saved.panel);
      assert.equal(saved.verdict, 'passed', saved.panel);
      assert.match(await session.onDisk(EVENT), /^end: 2031-05-19 17:00$/m);
      await checkLine(page).filter({ hasText: '✓ Checked before saving' }).waitFor();
      assert.equal(await titleMark(page), '✓', 'the mark is the build’s verdict of the save');
      // Once the live site's check refuses what this one let through (its panel's status, as deploy-status.ts marks
      // it, stood in for here), no green ✓ stays above the red ✗.
      await page.evaluate(() => {
        const refused = Object.assign(document.createElement('p'), { id: 'eccron-deploy-status' });
        refused.dataset.state = 'refused';
        document.getElementById('eccron-build-body')!.append(refused);
      });
      assert.equal(await checkLine(page).isVisible(), false, 'the ✓ is not shown above the live site’s ✗');
      await page.evaluate(() => document.getElementById('eccron-deploy-status')!.remove());
      // Locally, the page that changed, on the dev site.
      const seeIt = page.getByRole('complementary', { name: /Site build/ }).getByRole('link', { name: '/#news' });
      assert.equal(await seeIt.getAttribute('href'), new URL('#news', session.dev.url).href);

      // The form refuses the next save: its refusal replaces the ✓, in the panel as the check says its own.
      const title = (await fieldSection(page, 'Title')).getByRole('textbox');
      await click(admin, title);
      await press(admin, 'ControlOrMeta+A');
      await press(admin, 'Backspace');
      assert.equal((await save(admin, EVENT)).check, 'form');
      assert.match(await checkLine(page).innerText(), /^✗ Not saved \(at \d\d:\d\d:\d\d\): 1 field to put right first/);
      assert.match(await page.locator('#eccron-check-details').innerText(), /^Title\W*: This field is required\.$/);
      assert.doesNotMatch(await page.locator('#eccron-build').innerText(), /✓ Checked before saving/);
      assert.equal(await titleMark(page), '✗', 'the mark is the refusal’s');

      // Leaving after the refused save asks; leaving drops the change and its backup, and what was said of it.
      await click(admin, page.getByRole('button', { name: 'Cancel Editing' }));
      const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
      await click(admin, leave.getByRole('button', { name: 'Leave without saving' }));
      await collectionListed(page);
      assert.equal(await checkLine(page).innerText(), '', 'nothing said of the entry left');
      assert.equal(await titleMark(page), '✓', 'the refusal’s ✗ went with its words: the mark is the build’s last ✓');
      // Loaded again, as the browser's reload does: the CMS opens the same folder again by itself.
      await page.reload();
      await collectionListed(page);
      await openEntry(page, 'events/entries/2030-03-01-spring-workshop', admin);
      await fieldSection(page, 'Title');
      assert.equal(await page.getByRole('dialog', { name: 'Restore Draft' }).count(), 0, 'no backup offered');
      assert.equal(
        await (await fieldSection(page, 'Title')).getByRole('textbox').inputValue(),
        'A made-up spring workshop',
      );

      // Put back as it was.
      const end = await fieldSection(page, 'Ends');
      await end.getByRole('textbox', { name: /Day/ }).fill('2031-05-19');
      await end.getByRole('textbox', { name: /Time/ }).fill('16:30');
      assert.equal((await save(admin, EVENT)).check, 'passed');
      assert.equal(await session.onDisk(EVENT), before);
      await backToTheList();
    });

    test('a refusal of the site’s check asks before leaving too; an address without https:// is offered with it, one click', async () => {
      await openEntry(page, 'events/entries/2030-03-01-spring-workshop', admin);
      const link = (await fieldSection(page, 'Read more link')).getByRole('textbox');
      await link.fill('news.fixture.example/workshop');
      assert.equal((await save(admin, EVENT)).check, 'refused');
      // Refused, the change is still unsaved: the back arrow asks.
      await click(admin, page.getByRole('button', { name: 'Cancel Editing' }));
      const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
      await click(admin, leave.getByRole('button', { name: 'Stay and keep editing' }));
      await leave.waitFor({ state: 'hidden' });
      const use = (await fieldSection(page, 'Read more link')).getByRole('button', {
        name: 'Use https://news.fixture.example/workshop',
      });
      await click(admin, use);
      assert.equal(await link.inputValue(), 'https://news.fixture.example/workshop');
      assert.equal(await page.locator('.eccron-field-problem').count(), 0, 'put right, the message goes');
      await backToTheList();
    });

    test('an ORCID iD and a DOI typed as their addresses are cleaned, with a note; authors pasted one to a line are one APA list', async () => {
      await openEntry(page, 'settings/entries/members', admin);
      const members = page.getByRole('group', { name: /Members\W*Field/ });
      await click(admin, members.getByRole('button', { name: 'Expand' }).nth(3));
      const orcidField = await fieldSection(page, 'ORCID iD', members);
      const orcid = orcidField.getByRole('textbox');
      await orcid.fill('');
      await type(admin, orcid, 'https://orcid.org/0000-0002-1825-0097');
      assert.equal(await orcid.inputValue(), '0000-0002-1825-0097');
      await orcidField.getByText(/the iD alone is kept/).waitFor();
      await backToTheList();

      await openEntry(page, 'settings/entries/publications', admin);
      const theme = page.getByRole('group', { name: /The Second Example Theme\W*Field/ });
      await click(admin, theme.getByRole('button', { name: /^Add\W*Publication\W*$/ }));
      const doi = theme.getByRole('textbox', { name: 'DOI', exact: true }).last();
      await type(admin, doi, 'https://doi.org/10.5555/fixture.1');
      assert.equal(await doi.inputValue(), '10.5555/fixture.1');
      const doiSection = (await fieldSection(page, 'DOI', theme)).last();
      await doiSection.getByText(/the DOI alone is kept/).waitFor();
      // Fill says it is on the site already; a changed DOI takes that away.
      await click(admin, doiSection.getByRole('button', { name: 'Fill from the DOI' }));
      const said = doiSection.getByRole('status');
      await said.filter({ hasText: 'is already on the site' }).waitFor();
      await type(admin, doi, '0');
      assert.doesNotMatch(await said.innerText(), /already on the site/);

      const authors = (await fieldSection(page, 'Authors', theme)).last().getByRole('textbox');
      await click(admin, authors);
      await authors.evaluate((box) => {
        const data = new DataTransfer();
        data.setData('text/plain', 'Franzen, S.\nvan den Berg, E.\nNielsen, T. R.\n');
        box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      });
      assert.equal(await authors.inputValue(), 'Franzen, S., van den Berg, E., & Nielsen, T. R.');
      await (await fieldSection(page, 'Authors', theme))
        .last()
        .getByText(/written as one list/)
        .waitFor();
      await backToTheList();
    });

    test('removing a list item asks first, naming it; keeping it keeps it', async () => {
      await openEntry(page, 'settings/entries/members', admin);
      const members = page.getByRole('group', { name: /Members\W*Field/ });
      const remove = members.getByRole('button', { name: 'Remove', exact: true }).first();
      await click(admin, remove);
      const question = page.getByRole('dialog', { name: /^Remove “.+”\?$/ });
      await question.waitFor();
      const name = /^Remove “(.+)”\?$/.exec(await question.getByRole('heading').innerText())![1]!;
      const item = members.getByText(name, { exact: true });
      assert.equal(await item.count(), 1, `the question names the item: ${name}`);
      await click(admin, question.getByRole('button', { name: 'Keep it' }));
      await question.waitFor({ state: 'hidden' });
      assert.equal(await item.count(), 1, 'kept');
      await click(admin, remove);
      await click(admin, question.getByRole('button', { name: 'Remove', exact: true }));
      await item.waitFor({ state: 'detached' });
      await backToTheList();
    });

    test('hints and placeholders agree with what a save takes: the time zone names no default the settings lack', async () => {
      await openEntry(page, 'events/new', admin);
      const zone = await fieldSection(page, 'Time zone');
      const hint = await zone.innerText();
      assert.doesNotMatch(hint, /without it|site settings['’]? (time )?zone/i);
      assert.match(hint, /Needed for every event at a time of day/);
      const starts = await fieldSection(page, 'Starts');
      assert.equal(await starts.getByRole('textbox', { name: /Day/ }).getAttribute('placeholder'), 'yyyy-mm-dd');
      assert.equal(await starts.getByRole('textbox', { name: /Time/ }).getAttribute('placeholder'), 'hh:mm');
    });
  }),
);
