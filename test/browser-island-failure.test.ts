import assert from 'node:assert/strict';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { site } from '../content/site.ts';
import {
  assertNoProblems,
  assertSectionInView,
  browserSuite,
  desktop,
  mobile,
  parseMailto,
  type Session,
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
  assert.equal((await page.getByRole('heading', { level: 1 }).innerText()).trim(), 'European Consortium on Cross-Cultural Neuropsychology');
  const headings = (await page.locator('main h2').allInnerTexts()).map((text) => text.trim());
  for (const heading of ['Our Research', 'News', 'Our Members', 'Contact Us', 'Join Our Consortium']) {
    assert.ok(headings.includes(heading), `heading "${heading}" is present: ${headings.join(' | ')}`);
  }
  assert.ok((await page.locator('a[href="/research/caregiver/"]').count()) > 0, 'the research links are present');
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
  assert.equal(parseMailto(mailLinks[0]!).to, site.contactEmail);
}

browserSuite(
  'an island that fails in the browser',
  (env) => {
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
      const navState = await page.locator('nav.site-nav').evaluate((element) => ({
        display: getComputedStyle(element).display,
        box: element.getBoundingClientRect().toJSON(),
        island: element.closest('header')?.querySelector('[data-island]')?.innerHTML.slice(0, 200),
      }));
      assert.ok(await nav.isVisible(), `the header shows its plain links: ${JSON.stringify(navState)}`);
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
  },
  { root: siteWithBrokenIslands, concurrency: 2 },
);
