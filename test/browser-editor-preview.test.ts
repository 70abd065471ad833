/**
 * The preview pane of /admin/, in Chromium, on the fixture site (local mode,
 * the fixture content in the folder the CMS opens): the entry being edited
 * is shown beside its form as the site shows it. Read against the built site
 * itself: each publication's citation in the pane is the text of its theme
 * page (the one citation function, src/citation.ts, on both sides), an
 * event's time line is the home page's, and a change typed in the form
 * reaches the pane; an item just added to a list is shown as the page will
 * show it so far, in the form's words. axe-core checks what the pane draws,
 * and nothing of /admin/ leaves the site. /admin/ is opened once for the file; each test
 * leaves the entry before it as a person does.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Axe from 'axe-core';
import type { Frame, Page } from 'playwright-core';
import { describeViolation } from './helpers/browser/axe.ts';
import { test } from 'node:test';
import { assertNoProblems, browserSuite, type Session } from './helpers/browser/pool.ts';
import { leaveEntry, offsitePattern, openEntry } from './helpers/editor-session.ts';
import { answerFolderPicker, filesOf, seedFolder } from './helpers/cms-folder.ts';
import { fixtureContent, fixtureContentDir } from './helpers/site.ts';
import { internalWords, pane, paneText } from './editor-real-shape.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

browserSuite('the preview pane of /admin/', (env) => {
  /**
   * The file's one watched page on /admin/ in its local mode, on the fixture content, opened on first use; whatever
   * would leave the site is noted. Each test starts from the collection's list: an entry left open before is left
   * without saving.
   */
  let editor: (Session & { offsite: string[] }) | undefined;
  async function openEditor() {
    if (editor) {
      await leaveEntry(editor.page);
      return editor;
    }
    // Less motion asked for, as openAdmin asks (editor-session.ts): no fade at each hover and focus.
    const session = await env.open(null, { width: 1400, height: 900, reducedMotion: 'reduce' });
    const offsite: string[] = [];
    await session.context.route(offsitePattern(new URL(env.baseUrl).host), (route) => {
      offsite.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    await answerFolderPicker(session.context);
    await session.page.goto(env.url('/admin/'));
    await seedFolder(session.page, await filesOf(fixtureContentDir, 'content/'));
    await session.page.getByRole('button', { name: 'Work with Local Repository' }).click();
    await session.page
      .getByRole('status')
      .filter({ hasText: /now viewing/ })
      .waitFor();
    editor = { ...session, offsite };
    return editor;
  }

  /** Opens an entry's form and waits for the pane beside it to draw the entry (its box counts its drawings). */
  async function openDrawn(page: Page, hash: string): Promise<Frame> {
    await openEntry(page, hash);
    const frame = page.frameLocator('iframe[title="Content Preview"]');
    await frame.locator('.eccron-preview[data-drawn]').waitFor();
    const handle = await page.locator('iframe[title="Content Preview"]').elementHandle();
    return (await handle!.contentFrame())!;
  }

  /** The text of each element a selector finds, as a reader copies it (white space as written collapsed). */
  const texts = (where: Page | Frame, selector: string) =>
    where
      .locator(selector)
      .evaluateAll((nodes) => nodes.map((node) => (node.textContent ?? '').replace(/\s+/g, ' ').trim()));

  async function axeOfPane(frame: Frame): Promise<string[]> {
    await frame.evaluate(axeSource);
    const results = await frame.evaluate(() => (window as unknown as { axe: typeof Axe }).axe.run(document));
    return results.violations.map(describeViolation);
  }

  test('each publication is cited in the pane exactly as its theme page cites it, every kind of the test content', async (t) => {
    const content = await fixtureContent();
    const { page, problems, offsite } = await openEditor();
    const pane = await openDrawn(page, 'settings/entries/publications');
    // Beside the form, not over it.
    const [form, frame] = await Promise.all([
      // The CMS isolates the list's name in its label ("Add ⁨Publication⁩").
      page
        .getByRole('button', { name: /Add\W+Publication/ })
        .first()
        .boundingBox(),
      page.locator('iframe[title="Content Preview"]').boundingBox(),
    ]);
    assert.ok(form && frame && form.x + form.width <= frame.x, 'the pane is beside the form');

    const previewed: string[] = [];
    const cited: string[] = [];
    for (const theme of content.themes) {
      const section = `section[aria-label="${theme.title}"] .publication__citation`;
      previewed.push(...(await texts(pane, section)));
      const themePage = await env.open(t);
      await themePage.visit(`/research/${theme.id}/`);
      cited.push(...(await texts(themePage.page, '.publication__citation')));
    }
    const all = Object.values(content.publications).flat();
    assert.equal(cited.length, all.length, 'the theme pages cite every publication of the test content');
    assert.deepEqual(previewed, cited);
    const kinds = new Set(all.map((publication) => publication.type ?? 'article'));
    assert.ok(kinds.size >= 8, `every kind of the test content is among them (${[...kinds].join(', ')})`);

    assert.deepEqual(await axeOfPane(pane), [], 'axe finds nothing in the pane');
    assertNoProblems(problems, '/admin/');
    assert.deepEqual(offsite, [], 'nothing of /admin/ leaves the site');
  });

  test("an event's time line in the pane is the home page's, and what is typed in its form reaches the pane", async (t) => {
    const { page, offsite } = await openEditor();
    const pane = await openDrawn(page, 'events/entries/2030-04-01-online-seminar');
    const home = await env.open(t);
    await home.visit('/');
    const event = home.page.locator('.news-entry').filter({ has: home.page.locator('.event-details') });
    const title = (await pane.locator('.news-entry__title').textContent())!;
    const onHome = event.filter({ hasText: title });
    assert.equal(await onHome.count(), 1, `the home page shows "${title}"`);
    const [paneTime] = await texts(pane, '.event-details');
    const [homeTime] = await texts(home.page, `.news-entry:has(.event-details):has-text("${title}") .event-details`);
    assert.match(paneTime!, /EDT|UTC−04:00|New York/, 'the time line names the event’s zone');
    assert.equal(paneTime, homeTime);

    // A person types a new title: the pane shows it, as the news section will.
    const box = page.getByRole('textbox', { name: 'Title' });
    await box.fill('Seminar on test norms, in two languages');
    await pane.locator('.news-entry__title', { hasText: 'Seminar on test norms, in two languages' }).waitFor();
    assert.deepEqual(await axeOfPane(pane), [], 'axe finds nothing in the pane');
    assert.deepEqual(offsite, [], 'nothing of /admin/ leaves the site');
  });

  test('the members directory and the accessibility statement are drawn as their pages draw them, and axe finds nothing in them', async (t) => {
    const { page } = await openEditor();
    const members = await openDrawn(page, 'settings/entries/members');
    const home = await env.open(t);
    await home.visit('/');
    assert.deepEqual(await texts(members, '.member-card'), await texts(home.page, '.member-card'));
    assert.deepEqual(await axeOfPane(members), [], 'axe finds nothing in the directory');

    const statement = await openDrawn(page, 'accessibility/entries/statement');
    const page2 = await env.open(t);
    await page2.visit('/accessibility/');
    const main = (where: Page | Frame) => texts(where, 'main h1, main h2, main dl');
    assert.deepEqual(await main(statement), await main(page2.page));
    assert.deepEqual(await axeOfPane(statement), [], 'axe finds nothing in the statement');
  });

  test('an item added to the other previewed lists is shown as the page will show it so far, in the form’s words', async () => {
    const content = await fixtureContent();
    const { page } = await openEditor();
    await openDrawn(page, 'settings/entries/publications');
    await page
      .getByRole('button', { name: /Add\W+Publication/ })
      .first()
      .click();
    const [theme] = content.themes;
    const note = `Publication ${content.publications[theme!.id]!.length + 1} of ${theme!.title} is shown once`;
    await pane(page).getByText(note).waitFor();
    assert.doesNotMatch(await paneText(page), internalWords);
    // The other publications are still cited, as their theme pages cite them.
    assert.equal(
      await pane(page).locator('.publication__citation').count(),
      Object.values(content.publications).flat().length,
    );
    await leaveEntry(page);

    await openDrawn(page, 'accessibility/entries/statement');
    const issues = page.getByRole('group', { name: /Known issues\W*Field/ });
    await issues
      .getByRole('button', { name: /^Add\W/ })
      .first()
      .click();
    await pane(page)
      .getByText(/^Known issue \d+ is shown once .+ filled in\.$/)
      .waitFor();
    assert.doesNotMatch(await paneText(page), internalWords);
    assert.equal(await pane(page).locator('main h1').count(), 1, 'the statement’s page is shown around it');
    await leaveEntry(page);

    await openDrawn(page, 'events/new');
    assert.match(await paneText(page), /^This event is shown once Title, Date and Summary are filled in\.$/);
  });
});
