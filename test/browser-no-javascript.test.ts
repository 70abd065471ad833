import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countLabel, formatDate } from '../src/format.ts';
import type { Page } from 'playwright-core';
import {
  content,
  desktop,
  mobile,
  navChoices,
  notFoundFile,
  routePaths,
  themes,
} from './helpers/browser/fixture-site.ts';
import { assertNoProblems, browserSuite, type SessionOptions } from './helpers/browser/pool.ts';
import { assertSectionInView } from './helpers/browser/scroll.ts';

// A visitor without JavaScript; reduced motion only keeps the scrolling quick.
const noScript = (viewport: { width: number; height: number }): SessionOptions => ({
  ...viewport,
  javaScriptEnabled: false,
  reducedMotion: 'reduce',
});

/** Polls from here: a page without JavaScript runs no timers of its own. */
async function waitUntil(condition: () => boolean, timeout = 5000) {
  const started = performance.now();
  while (!condition()) {
    assert.ok(performance.now() - started < timeout, 'timed out');
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
}

const texts = async (page: Page, selector: string) =>
  (await page.locator(selector).allInnerTexts()).map((text) => text.trim());

const { site, directory } = content;
/** The newest announcement (an event's card gives its When instead of the day it was posted). */
const newest = [...content.news].sort((a, b) => (a.date < b.date ? 1 : -1)).find((item) => item.type !== 'Event')!;

browserSuite(
  'with JavaScript off',
  (env) => {
    test('the home page shows every section with its heading, the members and the form', async (t) => {
      const session = await env.open(t, noScript(desktop));
      const { page } = session;
      await session.visit('/');
      assert.equal((await page.getByRole('heading', { level: 1 }).innerText()).trim(), site.hero.title);
      for (const label of ['Our Research', 'Join Consortium']) {
        assert.ok(
          await page.locator('.hero').getByRole('link', { name: label, exact: true }).isVisible(),
          `hero button ${label}`,
        );
      }

      // The sections in the spec's order, each with its visible heading.
      const sections = await page
        .locator('main section[id]')
        .evaluateAll((elements) => elements.map((element) => element.id));
      assert.deepEqual(sections, ['about', 'research', 'news', 'team', 'publications', 'contact']);
      const headings: Record<string, string> = {
        about: site.about.heading,
        research: site.headings.research,
        news: site.headings.news,
        team: site.headings.team,
        publications: site.headings.contact,
        contact: site.headings.join,
      };
      for (const [id, heading] of Object.entries(headings)) {
        const h2 = page.locator(`#${id} h2`).first();
        assert.ok(await h2.isVisible(), `#${id} has a visible heading`);
        assert.equal((await h2.innerText()).trim(), heading);
      }

      // About: the founding year, the stats, the image and the Follow button.
      const about = page.locator('#about');
      assert.ok((await about.innerText()).includes(String(site.foundedYear)));
      assert.deepEqual(
        await texts(page, '#about .stats dd'),
        site.stats.map((stat) => stat.value),
      );
      assert.deepEqual(
        await texts(page, '#about .stats dt'),
        site.stats.map((stat) => stat.label),
      );
      assert.ok(await about.locator('img').isVisible(), 'the team image');
      assert.ok(await about.getByRole('link', { name: /^Follow/ }).isVisible(), 'the Follow button');

      // Research cards, and the news items with an announcement's type and day.
      assert.deepEqual(
        await texts(page, '#research .theme-card__title'),
        themes.map((theme) => theme.homeTitle),
      );
      const news = page.locator('#news article');
      assert.equal(await news.count(), content.news.length);
      const announcement = news.filter({ hasText: newest.title });
      assert.match(
        await announcement.innerText(),
        new RegExp(`^${newest.type}\\s+${formatDate(newest.date, 'short')}`),
      );
      assert.ok(await announcement.getByRole('link', { name: /^Read more/ }).isVisible(), 'Read more');
      // An event goes into a calendar by a plain link to its .ics, served as a calendar.
      const addToCalendar = news
        .filter({ hasText: 'Upcoming event' })
        .first()
        .getByRole('link', { name: /^Add to calendar/ });
      assert.ok(await addToCalendar.isVisible(), 'Add to calendar');
      const calendar = await page.request.get(new URL((await addToCalendar.getAttribute('href'))!, page.url()).href);
      assert.match(calendar.headers()['content-type'] ?? '', /^text\/calendar/);
      assert.match(await calendar.text(), /^BEGIN:VCALENDAR\r\n[\s\S]*BEGIN:VEVENT\r\n/);

      // Members, grouped by country in the order of the countries list.
      const countries = await texts(page, '#team .member-group h3');
      assert.ok(countries.length > 0, 'country groups');
      assert.deepEqual(
        countries,
        directory.countries.filter((country) => countries.includes(country)),
        `countries in the list's order: ${countries}`,
      );
      for (const country of countries) {
        const names = await texts(page, `#team section[aria-label="${country}"] .member-card h4`);
        assert.ok(names.length > 0 && names.every((name) => name.length > 0), `${country} lists its members`);
      }

      // The form, and the footer.
      for (const label of ['Name', 'Email', 'Message'])
        assert.ok(await page.getByLabel(label).isVisible(), `the ${label} field`);
      assert.ok(await page.getByRole('button', { name: 'Send Message' }).isVisible(), 'the send button');
      assert.ok(
        await page.locator('#contact').getByRole('link', { name: site.contactEmail }).isVisible(),
        'the mailbox beside the form',
      );
      const footer = page.locator('footer');
      assert.ok((await footer.innerText()).includes(`© ${site.footerYear} `));
      for (const label of ['Privacy Policy', 'Terms of Service'])
        assert.ok(await footer.getByRole('link', { name: label }).isVisible(), label);
      assertNoProblems(session.problems, 'home page without JavaScript');
    });

    test('without JavaScript the form cannot garble a message: it posts nowhere, its fields are disabled, and it shows the mailbox as a plain link', async (t) => {
      // Browsers garble a form they post to mailto: themselves (Chromium turns
      // "Zoë" into "ZoÃ«", & into a line break and + into a space), so the form
      // does not pretend to send until its script runs.
      const session = await env.open(t, noScript(desktop));
      const { page } = session;
      await session.visit('/#contact');
      const navigations = await session.recordNavigations();
      const form = page.locator('form.contact-form');
      const attributes = await page.locator('form').evaluateAll((forms: HTMLFormElement[]) =>
        forms.map((element) => ({
          action: element.getAttribute('action'),
          method: element.getAttribute('method'),
          enctype: element.getAttribute('enctype'),
        })),
      );
      assert.deepEqual(
        attributes,
        [{ action: null, method: null, enctype: null }],
        'the one form of the page posts nowhere',
      );

      // The spec's fields are there, as they will be once the form can send, but nothing can be typed into them.
      const field = (selector: string) =>
        form.locator(selector).evaluate((element: HTMLInputElement | HTMLTextAreaElement) => ({
          required: element.required,
          type: element.getAttribute('type'),
          rows: element.getAttribute('rows'),
          disabled: element.disabled,
        }));
      assert.deepEqual(await field('[name="name"]'), { required: true, type: 'text', rows: null, disabled: true });
      assert.deepEqual(await field('[name="email"]'), { required: true, type: 'email', rows: null, disabled: true });
      assert.deepEqual(await field('textarea[name="message"]'), {
        required: true,
        type: null,
        rows: '4',
        disabled: true,
      });
      for (const label of ['Name', 'Email', 'Message'])
        assert.equal(await page.getByLabel(label).isEditable(), false, `${label} cannot be typed into`);
      const send = form.getByRole('button', { name: 'Send Message' });
      assert.equal(await send.isDisabled(), true, 'Send Message is disabled');
      await send.click({ force: true });

      // The page says why, and where to write instead: the mailbox as a link that carries nothing typed.
      const note = form.locator('.contact-form__offline');
      assert.ok(await note.isVisible(), 'the note is visible');
      assert.equal(
        (await note.innerText()).trim(),
        content.site.contactForm.needsScript.replace('{mailbox}', site.contactEmail),
      );
      const link = note.getByRole('link', { name: site.contactEmail, exact: true });
      assert.equal(await link.getAttribute('href'), `mailto:${site.contactEmail}`);
      assert.deepEqual(navigations, [], 'the disabled Send Message did nothing');
      await link.click();
      await waitUntil(() => navigations.length > 0);
      assert.deepEqual(navigations, [`mailto:${site.contactEmail}`], 'the link opens the mailbox, nothing more');
      assertNoProblems(session.problems, 'form without JavaScript');
    });

    test('theme pages list their publications; /research/, legal and 404 pages show their content', async (t) => {
      const session = await env.open(t, noScript(desktop));
      const { page } = session;
      await session.visit('/research/');
      assert.deepEqual(
        await texts(page, '.theme-card__title'),
        themes.map((theme) => theme.title),
      );
      assert.deepEqual(
        await texts(page, '.theme-card__count'),
        themes.map((theme) => theme.count),
      );
      assert.ok(await page.getByRole('link', { name: 'Return to Homepage' }).isVisible());

      for (const theme of themes) {
        await session.visit(`/research/${theme.id}/`);
        assert.equal((await page.getByRole('heading', { level: 1 }).innerText()).trim(), theme.title);
        assert.ok(await page.getByRole('link', { name: 'Back to Research Areas' }).isVisible());
        const entries = page.locator('main ol li');
        assert.equal(
          countLabel(await entries.count(), 'publication'),
          theme.count,
          `${theme.id} lists as many publications as /research/ counts`,
        );
        for (const entry of await entries.all()) {
          assert.ok(await entry.isVisible());
          assert.match(await entry.innerText(), /\((\d{4}|in press|n\.d\.)\)\./, 'a citation with its year');
        }
        assert.ok(
          (await page
            .locator('main ol')
            .getByRole('link', { name: /^View article/ })
            .count()) > 0,
          'View article links',
        );
      }

      for (const path of ['/privacy-policy/', '/terms-of-service/']) {
        await session.visit(path);
        assert.ok(await page.getByRole('heading', { level: 1 }).isVisible(), `${path} heading`);
        assert.ok(
          (await page.locator('main').innerText()).includes(`Last updated: ${formatDate(site.legalUpdated, 'long')}`),
        );
        assert.ok(
          await page.locator('main').getByRole('link', { name: /Home/ }).isVisible(),
          `${path} links back home`,
        );
        assert.ok(await page.locator('footer').isVisible(), `${path} footer`);
      }

      await session.visit(notFoundFile);
      assert.equal((await page.getByRole('heading', { level: 1 }).innerText()).trim(), 'Page not found');
      assertNoProblems(session.problems, 'content without JavaScript');
    });

    for (const viewport of [desktop, mobile]) {
      const narrow = viewport.width < 960;
      test(`at ${viewport.width} px the header's ${narrow ? 'menu disclosure opens links that' : 'plain links are visible and'} reach their sections`, async (t) => {
        const session = await env.open(t, noScript(viewport));
        const { page } = session;
        // Wide: the plain links. Narrow: the built page's menu, a disclosure that works without script.
        const nav = page.getByRole('navigation', { name: narrow ? 'Menu' : 'Main' });
        const openMenu = async () => {
          if (!narrow) return;
          const summary = page.locator('summary.menu-button');
          assert.ok(await summary.isVisible(), 'the menu control is visible');
          if (
            !(await page.locator('details.menu-disclosure').evaluate((details) => (details as HTMLDetailsElement).open))
          )
            await summary.click();
        };
        await session.visit('/');
        // The page really runs without JavaScript: the menu island stays as built, a disclosure and no button.
        assert.equal(await page.locator('button.menu-button').count(), 0, 'no menu button: it would do nothing');
        assert.equal(
          await page.getByRole('navigation', { name: 'Main' }).isVisible(),
          !narrow,
          `the plain links show ${narrow ? 'only on wide screens' : 'on wide screens'}`,
        );
        for (const { label, section } of navChoices) {
          await openMenu();
          const link = nav.getByRole('link', { name: label, exact: true });
          assert.ok(await link.isVisible(), `${label} is visible`);
          await link.click();
          await assertSectionInView(page, section, `"${label}" without JavaScript at ${viewport.width} px`);
        }
        // And from another page.
        await session.visit('/research/');
        await openMenu();
        await nav.getByRole('link', { name: 'Members', exact: true }).click();
        await page.waitForURL(env.url('/#team'));
        await assertSectionInView(page, 'team', `"Members" from /research/ without JavaScript at ${viewport.width} px`);
        assertNoProblems(session.problems, `navigation without JavaScript at ${viewport.width} px`);
      });
    }

    test('no page scrolls sideways at 375 px without JavaScript', async (t) => {
      const session = await env.open(t, noScript(mobile));
      for (const path of [...routePaths, notFoundFile]) {
        await session.visit(path);
        const width = await session.page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= mobile.width, `${path} is ${width} px wide`);
      }
    });
  },
  { concurrency: 2 },
);
