import assert from 'node:assert/strict';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  assertNoProblems,
  assertSectionInView,
  browserSuite,
  desktop,
  mobile,
  parseMailto,
  type Session,
  content,
  themes,
} from './helpers/browser.ts';
import { builtSite, temporaryFolder } from './helpers/site.ts';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The home page with one island's data-props replaced. */
function withIslandProps(html: string, island: string, props: string): string {
  const pattern = new RegExp(`(data-island="${island}" data-props=")[^"]*(")`);
  assert.match(html, pattern, `the built home page has the ${island} island`);
  return html.replace(pattern, `$1${escapeAttribute(props)}$2`);
}

/**
 * A copy of the built site with two crafted pages beside the real ones:
 * /broken-menu/ (the menu island gets links: null, so links.map throws) and
 * /broken-form/ (the contact form's props are not JSON).
 */
async function siteWithBrokenIslands(): Promise<string> {
  const { outDir } = await builtSite();
  const folder = path.join(await temporaryFolder('eccron-islands-'), 'site');
  await cp(outDir, folder, { recursive: true });
  const home = await readFile(path.join(folder, 'index.html'), 'utf8');
  const pages = {
    'broken-menu': withIslandProps(home, 'MobileMenu', '{"links":null,"join":null}'),
    'broken-form': withIslandProps(home, 'ContactForm', '{"mailbox": oops'),
  };
  for (const [name, html] of Object.entries(pages)) {
    await mkdir(path.join(folder, name));
    await writeFile(path.join(folder, name, 'index.html'), html);
  }
  return folder;
}

const errorIn = (page: Page, island: string) => page.locator(`[data-island="${island}"] [role="alert"]`);

/** What must hold on a page whatever one island does: its headings and links are there. */
async function assertPageIntact(page: Page) {
  assert.equal((await page.getByRole('heading', { level: 1 }).innerText()).trim(), content.site.hero.title);
  const headings = (await page.locator('main h2').allInnerTexts()).map((text) => text.trim());
  for (const heading of Object.values(content.site.headings)) {
    assert.ok(headings.includes(heading), `heading "${heading}" is present: ${headings.join(' | ')}`);
  }
  assert.ok((await page.locator(`a[href="/research/${themes[0]!.id}/"]`).count()) > 0, 'the research links are present');
  assert.ok(await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).isVisible(), 'the footer links are present');
}

/** Submits the contact form and checks that the mail link and the toast come. */
async function assertFormSubmits(session: Session) {
  const { page } = session;
  const navigations = await session.recordNavigations();
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example.org');
  await page.getByLabel('Message').fill('Hello');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('status').getByText('Email client opened').waitFor();
  const mailLinks = navigations.filter((url) => url.startsWith('mailto:'));
  assert.equal(mailLinks.length, 1, `the form opened one mail link: ${JSON.stringify(navigations)}`);
  assert.equal(parseMailto(mailLinks[0]!).to, content.site.contactEmail);
}

/** Counts submit and invalid events from before the click on, so a test can wait for the browser's verdict. */
const countFormEvents = (page: Page) =>
  page.evaluate(() => {
    const form = document.querySelector('form.contact-form')!;
    const counts = { submit: 0, invalid: 0 };
    (window as unknown as { formEvents: typeof counts }).formEvents = counts;
    form.addEventListener('submit', () => counts.submit++, true);
    form.addEventListener('invalid', () => counts.invalid++, true);
  });

const formEvents = (page: Page) => page.evaluate(() => (window as unknown as { formEvents: { submit: number; invalid: number } }).formEvents);

/** Two animation frames and a task: longer than the form takes to show its toast after a real submit. */
const letThePageReact = (page: Page) =>
  page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

const sendButton = (page: Page) => page.locator('form.contact-form').getByRole('button', { name: 'Send Message' });

browserSuite(
  'islands',
  (env) => {
    describe('contact form', { concurrency: 2 }, () => {
      const openForm = async (t: Parameters<typeof env.open>[0]) => {
        const session = await env.open(t, { ...desktop, reducedMotion: 'reduce' });
        await session.visit('/#contact');
        const navigations = await session.recordNavigations();
        return { ...session, navigations };
      };

      async function assertBlocked(page: Page, navigations: string[], what: string) {
        await countFormEvents(page);
        await sendButton(page).click();
        await page.waitForFunction(() => (window as unknown as { formEvents: { invalid: number } }).formEvents.invalid > 0);
        await letThePageReact(page);
        assert.equal((await formEvents(page)).submit, 0, `${what}: the form was submitted`);
        assert.equal(await page.locator('form.contact-form').evaluate((form: HTMLFormElement) => form.checkValidity()), false, `${what}: checkValidity()`);
        assert.equal(await page.locator('.toast').count(), 0, `${what}: a toast appeared`);
        assert.deepEqual(navigations, [], `${what}: the page navigated`);
        assert.equal(page.url(), env.url('/#contact'));
      }

      const invalidFields = (page: Page) =>
        page.locator('form.contact-form').evaluate((form) => [...form.querySelectorAll(':invalid')].map((field) => field.getAttribute('name')));

      test('an empty form is blocked by the browser: every field is invalid, no toast, no mail link', async (t) => {
        const { page, navigations, problems } = await openForm(t);
        await assertBlocked(page, navigations, 'empty form');
        assert.deepEqual(await invalidFields(page), ['name', 'email', 'message']);
        // The focus goes to the first field to fix.
        assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'name');
        assertNoProblems(problems, 'empty submit');
      });

      test('a malformed e-mail address is blocked by the browser', async (t) => {
        const { page, navigations, problems } = await openForm(t);
        await page.getByLabel('Name').fill('Ada Lovelace');
        await page.getByLabel('Email').fill('ada.example.org');
        await page.getByLabel('Message').fill('Hello');
        await assertBlocked(page, navigations, 'bad e-mail');
        assert.deepEqual(await invalidFields(page), ['email']);
        assert.ok(await page.getByLabel('Email').evaluate((input: HTMLInputElement) => input.validity.typeMismatch), 'a type mismatch');
        assertNoProblems(problems, 'bad e-mail submit');
      });

      test('a valid submit opens a mail link with exactly what was typed, says "Sending..." and shows the toast', async (t) => {
        const { page, navigations, problems } = await openForm(t);
        const name = "Zoë & O'Brien #1 ?x=y";
        const email = 'zoe+test@example.org';
        const message = 'Dear ECCroN, 100% agreed & a=b?\nSecond line + more 🧠 #end';

        // The live region exists before anything is announced in it.
        const status = page.getByRole('status');
        assert.equal(await status.count(), 1, 'one status region');
        assert.equal((await status.innerText()).trim(), '', 'the status region starts empty');

        await page.getByLabel('Name').fill(name);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Message').fill(message);
        await page.locator('form.contact-form button[type="submit"]').evaluate((button) => {
          const seen: string[] = [];
          (window as unknown as { buttonTexts: string[] }).buttonTexts = seen;
          new MutationObserver(() => seen.push(button.textContent ?? '')).observe(button, { childList: true, characterData: true, subtree: true });
        });
        await sendButton(page).click();

        // Title and description are announced through the live region; the Dismiss button is beside it, not read as part of it.
        await page.locator('.toast').waitFor();
        assert.equal((await status.locator('.toast__title').innerText()).trim(), 'Email client opened');
        assert.equal((await status.locator('.toast__description').innerText()).trim(), 'Please send the email in your mail application.');
        assert.equal(await status.getByRole('button').count(), 0, 'no button inside the live region');
        await page.locator('.toast').getByRole('button', { name: 'Dismiss' }).click();
        assert.equal(await page.locator('.toast').count(), 0, 'Dismiss closes the toast');
        assert.equal((await status.innerText()).trim(), '', 'and empties the live region');

        const texts = await page.evaluate(() => (window as unknown as { buttonTexts: string[] }).buttonTexts);
        assert.ok(texts.includes('Sending...'), `the button read "Sending..." while submitting: ${JSON.stringify(texts)}`);
        assert.equal(texts.at(-1), 'Send Message', 'and reads "Send Message" again afterwards');

        const mailLinks = navigations.filter((url) => url.startsWith('mailto:'));
        assert.equal(mailLinks.length, 1, `one mail link was opened: ${JSON.stringify(navigations)}`);
        const { to, fields } = parseMailto(mailLinks[0]!);
        assert.equal(to, content.site.contactEmail, 'addressed to the consortium mailbox');
        const subject = fields.get('subject') ?? '';
        const body = (fields.get('body') ?? '').replace(/\r\n/g, '\n');
        assert.match(subject, /website/i, 'the subject says the message came from the website');
        assert.ok(subject.includes(name), `the subject has the name exactly: ${JSON.stringify(subject)}`);
        for (const [label, typed] of [
          ['name', name],
          ['email', email],
          ['message', message],
        ]) {
          assert.ok(body.includes(typed!), `the body has the ${label} exactly as typed: ${JSON.stringify(body)}`);
        }
        assert.deepEqual([...fields.keys()].sort(), ['body', 'subject']);

        // The visitor stays on the page: the link went to the mail application.
        assert.equal(page.url(), env.url('/#contact'));
        assertNoProblems(problems, 'valid submit');
      });
    });

    describe('an island that fails in the browser', { concurrency: 2 }, () => {
      test('the menu island fails: the error shows in its place, the header links and the contact form still work', async (t) => {
        const session = await env.open(t, { ...mobile, reducedMotion: 'reduce' });
        const { page, problems } = session;
        await session.visit('/broken-menu/');
        const error = errorIn(page, 'MobileMenu');
        await error.waitFor();
        assert.match(await error.innerText(), /Unexpected Application Error!/);
        assert.ok(await error.isVisible(), 'the error message is visible in the header');
        assert.equal(await page.locator('.menu-button').count(), 0, 'no menu button is left');
        assert.deepEqual(problems.pageErrors, [], 'the error stayed inside the island');

        // The header falls back to its plain links, which still lead to their sections.
        const nav = page.getByRole('navigation', { name: 'Main' });
        const shown = await nav.waitFor({ state: 'visible', timeout: 5000 }).then(
          () => true,
          () => false,
        );
        const navState = await page.locator('nav.site-nav').evaluate((element) => ({
          display: getComputedStyle(element).display,
          box: element.getBoundingClientRect().toJSON(),
          island: element.closest('header')?.querySelector('[data-island]')?.innerHTML.slice(0, 200),
        }));
        assert.ok(shown, `the header shows its plain links: ${JSON.stringify(navState)}`);
        await nav.getByRole('link', { name: 'Members', exact: true }).click();
        await assertSectionInView(page, 'team', 'header link beside a failed menu');

        await assertPageIntact(page);
        // The other island hydrated on its own and works.
        await assertFormSubmits(session);
        assertNoProblems(problems, 'page with a failing menu');
      });

      test('the contact form island fails: the error shows in its place, the menu still works', async (t) => {
        const session = await env.open(t, { ...desktop, reducedMotion: 'reduce' });
        const { page, problems } = session;
        await session.visit('/broken-form/');
        const error = errorIn(page, 'ContactForm');
        await error.waitFor();
        assert.match(await error.innerText(), /Unexpected Application Error!/);
        assert.ok(await error.isVisible(), 'the error message is visible where the form was');
        assert.ok(
          await page.locator('#contact').evaluate((section) => section.querySelector('[data-island="ContactForm"] [role="alert"]') !== null),
          'the error is inside the Join section',
        );
        assert.deepEqual(problems.pageErrors, [], 'the error stayed inside the island');
        await assertPageIntact(page);

        // The menu island on the same page still opens and closes.
        await page.setViewportSize(mobile);
        const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
        await menuButton.click();
        await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'visible' });
        assert.equal(await menuButton.getAttribute('aria-expanded'), 'true');
        await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'News', exact: true }).click();
        await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
        await assertSectionInView(page, 'news', 'menu beside a failed form');
        assertNoProblems(problems, 'page with a failing form');
      });

      test('the unmodified copy of the page hydrates both islands without an error', async (t) => {
        // The control: the crafted pages differ from the real one only in the props.
        const session = await env.open(t, { ...mobile, reducedMotion: 'reduce' });
        await session.visit('/');
        assert.equal(await session.page.getByText('Unexpected Application Error!').count(), 0);
        assert.ok(await session.page.getByRole('button', { name: 'Menu', exact: true }).isVisible());
        await assertFormSubmits(session);
        assertNoProblems(session.problems, 'unmodified page');
      });
    });
  },
  { root: siteWithBrokenIslands },
);
