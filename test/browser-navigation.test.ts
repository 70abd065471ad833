import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { content, desktop, mobile, navChoices, themes } from './helpers/browser/fixture-site.ts';
import {
  assertNoProblems,
  browserSuite,
  holdIslandsScript,
  islandsStarted,
  type Session,
  type SessionOptions,
} from './helpers/browser/pool.ts';
import { assertSectionInView, settledScrollY } from './helpers/browser/scroll.ts';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const footerNav = (page: Page) => page.getByRole('navigation', { name: 'Footer' });
const logo = (page: Page) => page.getByRole('link', { name: new RegExp(`^${content.site.acronym} .*home$`) });

// Smooth scrolling is the default. Where a test only needs to know where a
// choice lands, it runs as a visitor who prefers reduced motion (the site then
// jumps to the section, see site.css): that covers the preference too and keeps
// the suite fast.
const smooth: SessionOptions = { ...desktop };
const reduced: SessionOptions = { ...desktop, reducedMotion: 'reduce' };

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

/** Where the focus is, in the open menu or not. */
const focusInMenu = (page: Page) =>
  page.evaluate(() => {
    const dialog = document.querySelector('dialog');
    const active = document.activeElement;
    return {
      inside: dialog !== null && active !== null && dialog.contains(active),
      label: active?.textContent?.trim() ?? '',
    };
  });

/** The islands' script, which the menu island comes in. */
const islandsScript = /\/assets\/islands-[^/]+\.js$/;

/**
 * Where the menu control is, once it shows: the same spot before and after the
 * island starts. Not before the first paint: a person taps what they see, and
 * until the stylesheet has arrived a layout read by script puts the control
 * somewhere else (a tap there, seen once in CI, misses it).
 */
async function menuControl(page: Page): Promise<{ x: number; y: number; tag: string }> {
  const control = await page.waitForFunction(() => {
    if (performance.getEntriesByName('first-contentful-paint').length === 0) return null;
    const element = document.querySelector('.menu-button');
    const box = element?.getBoundingClientRect();
    if (!element || !box || box.width === 0) return null;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2, tag: element.tagName.toLowerCase() };
  });
  return (await control.jsonValue())!;
}

/** A finger's tap: down, held while the page draws a frame (and, given, until `beforeUp` is done), up. */
async function tap(page: Page, { x, y }: { x: number; y: number }, beforeUp?: () => Promise<void>) {
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  await beforeUp?.();
  await page.mouse.up();
}

interface StartUpMoment {
  /** The islands' script held back, as a slow network would, until the tap. */
  hold?: boolean;
  /** With hold: the press begins before the script arrives and ends once the islands have started. */
  releaseAfterStart?: boolean;
  /** The tap as soon as the islands' script has arrived, while it runs. */
  onArrival?: boolean;
  /** The tap once the islands have started. */
  afterStart?: boolean;
  /**
   * On a CPU slowed six times, a slow phone's: the islands' script then runs long enough for a tap to fall while it
   * runs. Only for the moment that needs it: Chromium slows a page by spinning, half a core's CPU time while on.
   */
  slowCpu?: boolean;
}

/**
 * Loads the home page and taps the menu control at one moment of the start-up,
 * each an event of the page. Returns what the tap fell on ("summary" of the
 * built disclosure, or the island's "button"), or "lost" when the menu was not
 * open once the islands had started.
 */
async function tapAtStartUp(page: Page, url: string, moment: StartUpMoment): Promise<string> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    if (moment.hold) await held;
    await route.continue().catch(() => undefined);
  };
  await page.route(islandsScript, handler);
  try {
    const arrived =
      moment.onArrival && page.waitForEvent('requestfinished', (request) => islandsScript.test(request.url()));
    await page.goto(url, { waitUntil: 'commit' });
    if (arrived) await arrived;
    if (moment.afterStart) await islandsStarted(page);
    const control = await menuControl(page);
    // The contact form's effect runs after the menu island's layout effect: once its button is enabled, the
    // islands have hydrated under the finger still on the disclosure.
    const startUnderTheFinger = async () => {
      release();
      await page.locator('button[type="submit"]:enabled').waitFor();
    };
    await tap(page, control, moment.releaseAfterStart ? startUnderTheFinger : undefined);
    release();
    await islandsStarted(page);
    const open = await page
      .waitForFunction(() => document.querySelector<HTMLDialogElement>('dialog#site-menu')?.open === true, null, {
        timeout: 2000,
      })
      .then(() => true)
      .catch(() => false);
    return open ? control.tag : 'lost';
  } finally {
    release();
    await page.unroute(islandsScript, handler);
  }
}

browserSuite('navigation', (env) => {
  const open = async (t: TestContext, path: string, options: SessionOptions): Promise<Session> => {
    const session = await env.open(t, options);
    await session.visit(path);
    return session;
  };

  describe('desktop 1280x800', { concurrency: 2 }, () => {
    test('on the home page every navigation choice smooth-scrolls its section into view', async (t) => {
      const { page, problems } = await open(t, '/', smooth);
      for (const { label, section } of navChoices) {
        const link = mainNav(page).getByRole('link', { name: label, exact: true });
        assert.equal(await link.getAttribute('href'), `/#${section}`, `${label} link`);
        await link.click();
        await assertSectionInView(page, section, `nav "${label}" on /`);
        assert.equal(page.url(), env.url(`/#${section}`));
      }
      assertNoProblems(problems, 'home page navigation');
    });

    for (const from of [`/research/${themes[1]!.id}/`, '/privacy-policy/']) {
      test(`from ${from} every navigation choice lands on the home page with its section in view`, async (t) => {
        const session = await env.open(t, reduced);
        const { page, problems } = session;
        for (const { label, section } of navChoices) {
          await session.visit(from);
          await mainNav(page).getByRole('link', { name: label, exact: true }).click();
          await page.waitForURL(env.url(`/#${section}`));
          await assertSectionInView(page, section, `nav "${label}" from ${from}`);
        }
        assertNoProblems(problems, `navigation from ${from}`);
      });
    }

    test('the logo leads to the top of the home page, from a scrolled home page and from another page', async (t) => {
      const session = await open(t, '/', smooth);
      const { page } = session;
      await page.evaluate(() => document.getElementById('team')!.scrollIntoView({ behavior: 'instant' }));
      assert.ok((await settledScrollY(page)) > 1000, 'the page was scrolled down first');
      assert.equal(await logo(page).getAttribute('href'), '/#top');
      await logo(page).click();
      assert.equal(await settledScrollY(page, 0), 0, 'scrollY after choosing the logo');
      assert.equal(new URL(page.url()).pathname, '/');

      await session.visit('/research/');
      await logo(page).click();
      await page.waitForURL(env.url('/#top'));
      assert.equal(await settledScrollY(page, 0), 0, 'scrollY after choosing the logo on /research/');
      assertNoProblems(session.problems, 'logo');
    });

    test('the hero buttons scroll to Our Research and to the contact form', async (t) => {
      const session = await open(t, '/', reduced);
      const { page } = session;
      const hero = page.locator('.hero');
      await hero.getByRole('link', { name: 'Our Research', exact: true }).click();
      await assertSectionInView(page, 'research', 'hero "Our Research"');
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await hero.getByRole('link', { name: 'Join Consortium', exact: true }).click();
      await assertSectionInView(page, 'contact', 'hero "Join Consortium"');
      assertNoProblems(session.problems, 'hero buttons');
    });

    test('the footer buttons reach About, Research and Contact, on the home page and from another page', async (t) => {
      const session = await env.open(t, reduced);
      const { page } = session;
      await session.visit('/');
      for (const [label, section] of [
        ['About us', 'about'],
        ['Research', 'research'],
        ['Contact', 'contact'],
      ] as const) {
        await footerNav(page).getByRole('link', { name: label, exact: true }).click();
        await assertSectionInView(page, section, `footer "${label}" on /`);
      }
      await session.visit(`/research/${themes[0]!.id}/`);
      await footerNav(page).getByRole('link', { name: 'Research', exact: true }).click();
      await page.waitForURL(env.url('/#research'));
      await assertSectionInView(page, 'research', 'footer "Research" from a theme page');
      assertNoProblems(session.problems, 'footer buttons');
    });

    test('"Return to Homepage" on /research/ goes to the home page', async (t) => {
      const session = await open(t, '/research/', reduced);
      const { page } = session;
      await page.getByRole('link', { name: 'Return to Homepage' }).click();
      await page.waitForURL(env.url('/'));
      await page.getByRole('heading', { level: 1, name: content.site.hero.title }).waitFor();
      assertNoProblems(session.problems, 'Return to Homepage');
    });

    test('each research card on the home page opens its theme page, whose "Back to Research Areas" returns to the cards', async (t) => {
      const session = await open(t, '/', reduced);
      const { page } = session;
      const cards = page.locator('#research .theme-card');
      assert.equal(await cards.count(), themes.length, 'four cards');
      assert.deepEqual(
        (await cards.getByRole('heading').allInnerTexts()).map((text) => text.trim()),
        themes.map((theme) => theme.homeTitle),
        'the card titles; the fourth says "More"',
      );
      for (const [index, theme] of themes.entries()) {
        const link = cards.nth(index).getByRole('link', { name: /^View publications/ });
        assert.match(await link.innerText(), /^View publications[\s\S]*→$/);
        await link.click();
        await page.waitForURL(env.url(`/research/${theme.id}/`));
        assert.equal((await page.getByRole('heading', { level: 1 }).innerText()).trim(), theme.title);
        await page.getByRole('link', { name: 'Back to Research Areas' }).click();
        await page.waitForURL(env.url('/#research'));
        await assertSectionInView(page, 'research', `"Back to Research Areas" on /research/${theme.id}/`);
      }
      assertNoProblems(session.problems, 'research cards and back links');
    });

    test('every card on /research/ shows its title and publication count and opens its theme page', async (t) => {
      const session = await env.open(t, reduced);
      const { page } = session;
      await session.visit('/research/');
      assert.equal((await page.getByRole('heading', { level: 1 }).innerText()).trim(), 'Research Themes');
      assert.deepEqual(
        (await page.locator('.theme-card').getByRole('heading').allInnerTexts()).map((text) => text.trim()),
        themes.map((theme) => theme.title),
      );
      assert.deepEqual(
        (await page.locator('.theme-card .theme-card__count').allInnerTexts()).map((text) => text.trim()),
        themes.map((theme) => theme.count),
      );
      for (const [index, theme] of themes.entries()) {
        if (index > 0) await session.visit('/research/');
        await page
          .locator('.theme-card')
          .nth(index)
          .getByRole('link', { name: /^View publications/ })
          .click();
        await page.waitForURL(env.url(`/research/${theme.id}/`));
        assert.equal((await page.getByRole('heading', { level: 1 }).innerText()).trim(), theme.title);
      }
      assertNoProblems(session.problems, '/research/ cards');
    });
  });

  describe('mobile menu 375x812', { concurrency: 2 }, () => {
    test('the menu button has an accessible name and reports whether the menu is open', async (t) => {
      const session = await env.open(t, mobile);
      const { page } = session;
      await session.visit('/');
      // The header's plain links give way to the menu button once the island runs.
      assert.equal(
        await page.getByRole('navigation', { name: 'Main' }).isVisible(),
        false,
        'the inline links are folded away',
      );
      const button = menuButton(page);
      assert.ok(await button.isVisible(), 'a visible button named "Menu"');
      assert.equal(await button.getAttribute('aria-expanded'), 'false');
      assert.equal(await menu(page).isVisible(), false, 'the menu starts closed');

      await button.click();
      await menu(page).waitFor({ state: 'visible' });
      assert.equal(await button.getAttribute('aria-expanded'), 'true');
      assert.ok(
        await page.locator('dialog').evaluate((dialog) => dialog.matches(':modal')),
        'the menu is a modal dialog',
      );
      const links = menu(page).getByRole('link');
      assert.deepEqual(
        (await links.allInnerTexts()).map((text) => text.trim()),
        navChoices.map((choice) => choice.label),
      );
      for (const link of await links.all()) assert.ok(await link.isVisible(), `${await link.innerText()} is visible`);
      // Once it has slid in, the panel ends inside the viewport, at its right edge.
      await menu(page).evaluate((dialog) => Promise.all(dialog.getAnimations().map((animation) => animation.finished)));
      const box = (await menu(page).boundingBox())!;
      assert.ok(
        box.x >= 0 && Math.abs(box.x + box.width - mobile.width) < 1,
        `the panel sits at the right edge: ${JSON.stringify(box)}`,
      );
      assertNoProblems(session.problems, 'opening the menu');
    });

    test('choosing a link in the menu closes it and reaches the section (every link, reduced motion)', async (t) => {
      const session = await env.open(t, { ...mobile, reducedMotion: 'reduce' });
      const { page } = session;
      await session.visit('/');
      for (const { label, section } of navChoices) {
        await menuButton(page).click();
        await menu(page).waitFor({ state: 'visible' });
        await menu(page).getByRole('link', { name: label, exact: true }).click();
        await menu(page).waitFor({ state: 'hidden' });
        assert.equal(await menuButton(page).getAttribute('aria-expanded'), 'false', `after "${label}"`);
        await assertSectionInView(page, section, `menu "${label}"`);
      }
      assertNoProblems(session.problems, 'menu links');
    });

    test('with smooth scrolling, a menu choice still scrolls all the way to its section', async (t) => {
      const session = await env.open(t, mobile);
      const { page } = session;
      await session.visit('/');
      await menuButton(page).click();
      await menu(page).getByRole('link', { name: 'Join', exact: true }).click();
      await menu(page).waitFor({ state: 'hidden' });
      await assertSectionInView(page, 'contact', 'menu "Join", smooth');
      assertNoProblems(session.problems, 'smooth menu link');
    });

    test('a menu link on another page leads to the home page section', async (t) => {
      const session = await env.open(t, mobile);
      const { page } = session;
      await session.visit(`/research/${themes.at(-1)!.id}/`);
      await menuButton(page).click();
      await menu(page).getByRole('link', { name: 'Members', exact: true }).click();
      await page.waitForURL(env.url('/#team'));
      await assertSectionInView(page, 'team', 'menu "Members" from a theme page');
      assertNoProblems(session.problems, 'menu link from another page');
    });

    test('Escape and the close button close the menu and return focus to the menu button', async (t) => {
      const session = await env.open(t, { ...mobile, reducedMotion: 'reduce' });
      const { page } = session;
      await session.visit('/research/');
      for (const close of ['Escape', 'close button'] as const) {
        await menuButton(page).click();
        await menu(page).waitFor({ state: 'visible' });
        if (close === 'Escape') await page.keyboard.press('Escape');
        else await menu(page).getByRole('button', { name: 'Close menu' }).click();
        await menu(page).waitFor({ state: 'hidden' });
        assert.equal(await menuButton(page).getAttribute('aria-expanded'), 'false', `after ${close}`);
        assert.ok(
          await menuButton(page).evaluate((button) => document.activeElement === button),
          `after ${close} the focus is back on the menu button`,
        );
      }
      assertNoProblems(session.problems, 'closing the menu');
    });

    test('Tab and Shift+Tab keep the focus inside the open menu', async (t) => {
      const session = await env.open(t, { ...mobile, reducedMotion: 'reduce' });
      const { page } = session;
      await session.visit('/');
      await menuButton(page).focus();
      await page.keyboard.press('Enter');
      await menu(page).waitFor({ state: 'visible' });
      const stops = 1 + navChoices.length; // the close button, then the links
      const forward: string[] = [];
      for (let index = 0; index < stops * 2 + 1; index++) {
        const focus = await focusInMenu(page);
        assert.ok(focus.inside, `after ${index} Tab presses the focus left the menu (on "${focus.label}")`);
        forward.push(focus.label);
        await page.keyboard.press('Tab');
      }
      // Every stop was visited, and Tab from the last one came back round.
      for (const { label } of navChoices)
        assert.ok(forward.includes(label), `Tab reached "${label}": ${forward.join(' | ')}`);
      assert.equal(forward[stops], forward[0], `Tab wraps round: ${forward.join(' | ')}`);
      for (let index = 0; index < stops * 2 + 1; index++) {
        await page.keyboard.press('Shift+Tab');
        const focus = await focusInMenu(page);
        assert.ok(focus.inside, `after ${index + 1} Shift+Tab presses the focus left the menu (on "${focus.label}")`);
      }
      assert.ok(await menu(page).isVisible(), 'the menu is still open');
      assertNoProblems(session.problems, 'focus in the menu');
    });

    test('a tap on the menu while the page starts up is never lost (as the islands arrive: CPU slowed six times)', async (t) => {
      const session = await env.open(t, mobile);
      const { page } = session;
      const cdp = await session.context.newCDPSession(page);
      // Each moment of the start-up is an event of the page, and each is tapped once, on a fresh load. The islands'
      // script held back, or the islands waited for, makes a moment of its own; as the script arrives, a slow phone
      // does: its script takes long enough to start that a tap falls while it runs.
      const moments: [string, StartUpMoment][] = [
        ['before the islands arrive', { hold: true }],
        ['pressed before the islands arrive, released after they started', { hold: true, releaseAfterStart: true }],
        ['as the islands arrive', { onArrival: true, slowCpu: true }],
        ['after the islands started', { afterStart: true }],
      ];
      const tapped: Record<string, string> = {};
      try {
        for (const [name, moment] of moments) {
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: moment.slowCpu ? 6 : 1 });
          tapped[name] = await tapAtStartUp(page, env.url('/'), moment);
        }
      } finally {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        await cdp.detach();
      }
      // Taps fell on the built disclosure as well as on the island's button (the one as the islands arrive on
      // either, as the machine's speed has it), and none was lost.
      assert.deepEqual(
        Object.entries(tapped).map(([name, tag]) => (name === 'as the islands arrive' ? tag !== 'lost' : tag)),
        ['summary', 'summary', true, 'button'],
        `what each tap fell on ("lost": the menu was not open once the islands had started): ${JSON.stringify(tapped)}`,
      );
      assertNoProblems(session.problems, 'taps during start-up');
    });

    test('the island takes over the open disclosure: the menu stays open and the focus stays on its link', async (t) => {
      const session = await env.open(t, mobile);
      const { page } = session;
      // The islands' script held back, as a slow network would, while the visitor uses the built menu.
      const release = await holdIslandsScript(page, t);
      await page.goto(env.url('/'), { waitUntil: 'domcontentloaded' });
      await page.locator('summary.menu-button').focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      const focusedBefore = await page.evaluate(() => document.activeElement?.textContent?.trim());
      assert.equal(focusedBefore, navChoices[1].label, 'the second link of the built menu has the focus');

      release();
      await islandsStarted(page);
      await menu(page).waitFor({ state: 'visible' });
      assert.equal(await menuButton(page).getAttribute('aria-expanded'), 'true', 'the menu is still open');
      const focus = await focusInMenu(page);
      assert.ok(focus.inside, `the focus is in the open menu, on "${focus.label}"`);
      assert.equal(focus.label, focusedBefore, 'on the same link');
      assertNoProblems(session.problems, 'taking over the disclosure');
    });

    // That no page scrolls sideways at 375 px, with the menu closed and open, is
    // checked page by page in browser-pages.test.ts, which loads every page at
    // that width anyway.
  });
});
