import assert from 'node:assert/strict';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { escapeHtml } from '../src/escape.ts';
import { axeViolations } from './helpers/browser/axe.ts';
import { content, desktop, mobile, themes } from './helpers/browser/fixture-site.ts';
import { parseMailto } from './helpers/browser/mailto.ts';
import { assertNoProblems, browserSuite, type Session } from './helpers/browser/pool.ts';
import { assertSectionInView } from './helpers/browser/scroll.ts';
import { builtSite, temporaryFolder } from './helpers/site.ts';

/** The home page with one island's data-props replaced. */
function withIslandProps(html: string, island: string, props: string): string {
  const pattern = new RegExp(`(data-island="${island}" data-props=")[^"]*(")`);
  assert.match(html, pattern, `the built home page has the ${island} island`);
  return html.replace(pattern, `$1${escapeHtml(props)}$2`);
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
  assert.ok(
    (await page.locator(`a[href="/research/${themes[0]!.id}/"]`).count()) > 0,
    'the research links are present',
  );
  assert.ok(
    await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).isVisible(),
    'the footer links are present',
  );
}

/** Submits the contact form and checks that the mail link and the toast come. */
async function assertFormSubmits(session: Session) {
  const { page } = session;
  const navigations = await session.recordNavigations();
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example.org');
  await page.getByLabel('Message').fill('Hello');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await toastStatus(page).getByText('Email client opened').waitFor();
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

const formEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { formEvents: { submit: number; invalid: number } }).formEvents);

/** Two animation frames and a task: longer than the form takes to show its toast after a real submit. */
const letThePageReact = (page: Page) =>
  page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

/** The toast's live region, and the one that announces what to do with a message too long for a mail link. */
const toastStatus = (page: Page) => page.locator('.toast-region').getByRole('status');
const notice = (page: Page) => page.locator('.contact-notice[role="status"]');

/** A notice's words as the page shows them, the mailbox link in place of "{mailbox}". */
const noticeText = (text: string) => text.replace('{mailbox}', content.site.contactEmail);

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
        await page.waitForFunction(
          () => (window as unknown as { formEvents: { invalid: number } }).formEvents.invalid > 0,
        );
        await letThePageReact(page);
        assert.equal((await formEvents(page)).submit, 0, `${what}: the form was submitted`);
        assert.equal(
          await page.locator('form.contact-form').evaluate((form: HTMLFormElement) => form.checkValidity()),
          false,
          `${what}: checkValidity()`,
        );
        assert.equal(await page.locator('.toast').count(), 0, `${what}: a toast appeared`);
        assert.deepEqual(navigations, [], `${what}: the page navigated`);
        assert.equal(page.url(), env.url('/#contact'));
      }

      const invalidFields = (page: Page) =>
        page
          .locator('form.contact-form')
          .evaluate((form) => [...form.querySelectorAll(':invalid')].map((field) => field.getAttribute('name')));

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
        assert.ok(
          await page.getByLabel('Email').evaluate((input: HTMLInputElement) => input.validity.typeMismatch),
          'a type mismatch',
        );
        assertNoProblems(problems, 'bad e-mail submit');
      });

      test('a valid submit opens a mail link with exactly what was typed, says "Sending..." and shows the toast', async (t) => {
        const { page, navigations, problems } = await openForm(t);
        const name = "Zoë Ødegård-Łukasz & O'Brien #1 ?x=y";
        const email = 'zoe+test@example.org';
        const message = 'Dear ECCroN, 100% agreed & a=b?\r\nSecond line + more 🧠 #end\nÅse, ŁÓDŹ, Ærø';

        // Once the island runs, the form no longer points away from itself.
        await page.locator('.contact-form__offline').waitFor({ state: 'detached' });

        // The live region exists before anything is announced in it.
        const status = toastStatus(page);
        assert.equal(await status.count(), 1, 'one status region for the toast');
        assert.equal((await status.innerText()).trim(), '', 'the status region starts empty');

        await page.getByLabel('Name').fill(name);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Message').fill(message);
        await page.locator('form.contact-form button[type="submit"]').evaluate((button) => {
          const seen: string[] = [];
          (window as unknown as { buttonTexts: string[] }).buttonTexts = seen;
          new MutationObserver(() => seen.push(button.textContent ?? '')).observe(button, {
            childList: true,
            characterData: true,
            subtree: true,
          });
        });
        await sendButton(page).click();

        // Title and description are announced through the live region; the Dismiss button is beside it, not read as part of it.
        await page.locator('.toast').waitFor();
        assert.equal(
          navigations.filter((url) => url.startsWith('mailto:')).length,
          1,
          'the toast came after the mail link was opened',
        );
        assert.equal((await status.locator('.toast__title').innerText()).trim(), 'Email client opened');
        assert.equal(
          (await status.locator('.toast__description').innerText()).trim(),
          'Please send the email in your mail application.',
        );
        assert.equal(await status.getByRole('button').count(), 0, 'no button inside the live region');
        await page.locator('.toast').getByRole('button', { name: 'Dismiss' }).click();
        assert.equal(await page.locator('.toast').count(), 0, 'Dismiss closes the toast');
        assert.equal((await status.innerText()).trim(), '', 'and empties the live region');

        const texts = await page.evaluate(() => (window as unknown as { buttonTexts: string[] }).buttonTexts);
        assert.ok(
          texts.includes('Sending...'),
          `the button read "Sending..." while submitting: ${JSON.stringify(texts)}`,
        );
        assert.equal(texts.at(-1), 'Send Message', 'and reads "Send Message" again afterwards');

        const mailLinks = navigations.filter((url) => url.startsWith('mailto:'));
        assert.equal(mailLinks.length, 1, `one mail link was opened: ${JSON.stringify(navigations)}`);
        const { to, fields } = parseMailto(mailLinks[0]!);
        assert.equal(to, content.site.contactEmail, 'addressed to the consortium mailbox');
        assert.deepEqual([...fields.keys()].sort(), ['body', 'subject']);
        assert.equal(
          fields.get('subject'),
          `Website contact from ${name}`,
          'the subject says where the message came from and names the sender exactly',
        );
        // A text field keeps a typed line break as LF; the link carries it as typed, nothing else changes.
        const typed = message.replace(/\r\n/g, '\n');
        assert.equal(
          fields.get('body'),
          `Name: ${name}\nEmail: ${email}\n\nMessage:\n${typed}`,
          'the body has name, e-mail and message exactly as typed',
        );

        // The visitor stays on the page: the link went to the mail application.
        assert.equal(page.url(), env.url('/#contact'));
        assertNoProblems(problems, 'valid submit');
      });

      test('until its script has run, the form says it cannot send yet and shows the mailbox; axe finds nothing', async (t) => {
        // The state every visitor sees first, and the only one without JavaScript. axe-core needs
        // JavaScript in the page, so the state is reached by blocking the islands' script instead.
        const context = await env.browser.newContext({ viewport: desktop });
        t.after(() => context.close());
        await context.route('**/assets/islands-*.js', (route) => route.abort());
        const page = await context.newPage();
        const blocked = page.waitForEvent('requestfailed', (request) => /\/islands-[^/]+\.js$/.test(request.url()));
        await page.goto(env.url('/#contact'));
        await blocked;
        const note = page.locator('form.contact-form .contact-form__offline');
        assert.ok(await note.isVisible(), 'the note is visible');
        assert.equal(
          await note.getByRole('link', { name: content.site.contactEmail, exact: true }).getAttribute('href'),
          `mailto:${content.site.contactEmail}`,
        );
        for (const label of ['Name', 'Email', 'Message'])
          assert.equal(await page.getByLabel(label).isDisabled(), true, `${label} is disabled`);
        assert.equal(await sendButton(page).isDisabled(), true, 'Send Message is disabled');
        const violations = await axeViolations(page);
        assert.deepEqual(violations, [], `axe-core found violations in the form as built:\n${violations.join('\n')}`);
      });

      const longMessages = {
        ASCII: 'Dear ECCroN, I would like to join the consortium. '.repeat(200),
        'non-ASCII': 'Zoë Ødegård-Łukasz & co + 🧠 100% sure\r\n'.repeat(250),
      };

      /**
       * Fills the form with a message too long for a mail link, submits it,
       * and checks that nothing was handed to a mail application, that nothing
       * claims it was, and that the notice says what to do instead.
       */
      async function submitLongMessage(page: Page, navigations: string[], message: string) {
        assert.equal(message.length, 10_000);
        await page.getByLabel('Name').fill('Zoë Ødegård-Łukasz');
        await page.getByLabel('Email').fill('zoe+test@example.org');
        await page.getByLabel('Message').fill(message);
        await sendButton(page).click();
        await notice(page).locator('p').or(page.locator('.toast')).waitFor();
        await letThePageReact(page);
        const opened = navigations.map((url) => `${url.slice(0, 50)}... (${url.length} characters)`);
        assert.deepEqual(opened, [], 'no mail link was opened');
        assert.equal(
          await page.getByText('Email client opened').count(),
          0,
          'no toast says the mail application opened',
        );
        assert.equal((await notice(page).innerText()).trim(), noticeText(content.site.contactForm.tooLong));
        assert.equal(await sendButton(page).isEnabled(), true, 'the form can be sent again');
      }

      // Both copy into the browser's one clipboard: side by side, one read back what the other wrote (seen once).
      describe('copying a long message', { concurrency: 1 }, () => {
        for (const [kind, message] of Object.entries(longMessages)) {
          test(`a 10,000-character ${kind} message opens no cut mail link and no toast: it is offered for copying, with the mailbox shown`, async (t) => {
            const { page, context, navigations, problems } = await openForm(t);
            await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.baseUrl });
            t.after(() => context.clearPermissions());
            await submitLongMessage(page, navigations, message);

            // The mailbox, with the subject filled in, for the visitor to write to.
            const mailbox = notice(page).getByRole('link', { name: content.site.contactEmail, exact: true });
            const { to, fields } = parseMailto((await mailbox.getAttribute('href'))!);
            assert.equal(to, content.site.contactEmail);
            assert.deepEqual([...fields.entries()], [['subject', 'Website contact from Zoë Ødegård-Łukasz']]);

            // Copying hands over the whole message, every character as typed.
            await page.getByRole('button', { name: content.site.contactForm.copy }).click();
            await notice(page).getByText(noticeText(content.site.contactForm.copied)).waitFor();
            const copied = await page.evaluate(() => navigator.clipboard.readText());
            assert.equal(
              copied,
              `Name: Zoë Ødegård-Łukasz\nEmail: zoe+test@example.org\n\nMessage:\n${message.replace(/\r\n/g, '\n')}`,
            );

            const violations = await axeViolations(page);
            assert.deepEqual(
              violations,
              [],
              `axe-core found violations with the long-message notice:\n${violations.join('\n')}`,
            );
            assertNoProblems(problems, `long ${kind} message`);
          });
        }
      });

      test('when the browser refuses to copy, the message is selected in its box and the notice says to copy it by hand', async (t) => {
        const { page, navigations, problems } = await openForm(t);
        await submitLongMessage(page, navigations, longMessages['non-ASCII']);
        await page.evaluate(() => {
          navigator.clipboard.writeText = () =>
            Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
        });
        await page.getByRole('button', { name: content.site.contactForm.copy }).click();
        await notice(page).getByText(noticeText(content.site.contactForm.copyFailed)).waitFor();
        const selection = await page.getByLabel('Message').evaluate((box: HTMLTextAreaElement) => ({
          focused: document.activeElement === box,
          selected: box.value.slice(box.selectionStart, box.selectionEnd),
          value: box.value,
        }));
        assert.ok(selection.focused, 'the Message box has the focus');
        assert.equal(selection.value, longMessages['non-ASCII'].replace(/\r\n/g, '\n'), 'the message is as typed');
        assert.equal(selection.selected, selection.value, 'the whole message is selected');
        assert.deepEqual(navigations, [], 'no mail link was opened');
        assertNoProblems(problems, 'refused copy');
      });

      test('a shorter message after a long one opens the mail link and clears the notice', async (t) => {
        const { page, navigations, problems } = await openForm(t);
        await submitLongMessage(page, navigations, longMessages.ASCII);
        await page.getByLabel('Message').fill('A short note instead.');
        await sendButton(page).click();
        await toastStatus(page).getByText('Email client opened').waitFor();
        assert.equal((await notice(page).innerText()).trim(), '', 'the long-message notice is gone');
        assert.equal(
          await page.getByRole('button', { name: content.site.contactForm.copy }).count(),
          0,
          'and so is the copy button',
        );
        const mailLinks = navigations.filter((url) => url.startsWith('mailto:'));
        assert.equal(mailLinks.length, 1);
        assert.match(parseMailto(mailLinks[0]!).fields.get('body')!, /\nA short note instead\.$/);
        assertNoProblems(problems, 'short after long');
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
          await page
            .locator('#contact')
            .evaluate((section) => section.querySelector('[data-island="ContactForm"] [role="alert"]') !== null),
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
