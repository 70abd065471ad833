import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { site } from '../content/site.ts';
import { assertNoProblems, browserSuite, desktop, parseMailto } from './helpers/browser.ts';

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

browserSuite('contact form', (env) => {
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

    const toast = status.locator('.toast');
    await toast.waitFor();
    assert.equal((await toast.locator('.toast__title').innerText()).trim(), 'Email client opened');
    assert.equal((await toast.locator('.toast__description').innerText()).trim(), 'Please send the email in your mail application.');

    const texts = await page.evaluate(() => (window as unknown as { buttonTexts: string[] }).buttonTexts);
    assert.ok(texts.includes('Sending...'), `the button read "Sending..." while submitting: ${JSON.stringify(texts)}`);
    assert.equal(texts.at(-1), 'Send Message', 'and reads "Send Message" again afterwards');

    const mailLinks = navigations.filter((url) => url.startsWith('mailto:'));
    assert.equal(mailLinks.length, 1, `one mail link was opened: ${JSON.stringify(navigations)}`);
    const { to, fields } = parseMailto(mailLinks[0]!);
    assert.equal(to, site.contactEmail, 'addressed to the consortium mailbox');
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
}, { concurrency: 2 });
