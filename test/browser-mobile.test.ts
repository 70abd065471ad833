import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  assertNoProblems,
  assertSectionInView,
  browserSuite,
  mobile,
  navChoices,
} from './helpers/browser.ts';

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

/** Where the focus is, in the open menu or not. */
const focusInMenu = (page: Page) =>
  page.evaluate(() => {
    const dialog = document.querySelector('dialog');
    const active = document.activeElement;
    return { inside: dialog !== null && active !== null && dialog.contains(active), label: active?.textContent?.trim() ?? '' };
  });

browserSuite('mobile (375x812)', (env) => {
  test('the menu button has an accessible name and reports whether the menu is open', async (t) => {
    const session = await env.open(t, mobile);
    const { page } = session;
    await session.visit('/');
    // The header's plain links give way to the menu button once the island runs.
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false, 'the inline links are folded away');
    const button = menuButton(page);
    assert.ok(await button.isVisible(), 'a visible button named "Menu"');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(await menu(page).isVisible(), false, 'the menu starts closed');

    await button.click();
    await menu(page).waitFor({ state: 'visible' });
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    assert.ok(await page.locator('dialog').evaluate((dialog) => dialog.matches(':modal')), 'the menu is a modal dialog');
    const links = menu(page).getByRole('link');
    assert.deepEqual(
      (await links.allInnerTexts()).map((text) => text.trim()),
      navChoices.map((choice) => choice.label),
    );
    for (const link of await links.all()) assert.ok(await link.isVisible(), `${await link.innerText()} is visible`);
    // Once it has slid in, the panel ends inside the viewport, at its right edge.
    await menu(page).evaluate((dialog) => Promise.all(dialog.getAnimations().map((animation) => animation.finished)));
    const box = (await menu(page).boundingBox())!;
    assert.ok(box.x >= 0 && Math.abs(box.x + box.width - mobile.width) < 1, `the panel sits at the right edge: ${JSON.stringify(box)}`);
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
    await session.visit('/research/interpreter-mediated/');
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
    for (const { label } of navChoices) assert.ok(forward.includes(label), `Tab reached "${label}": ${forward.join(' | ')}`);
    assert.equal(forward[stops], forward[0], `Tab wraps round: ${forward.join(' | ')}`);
    for (let index = 0; index < stops * 2 + 1; index++) {
      await page.keyboard.press('Shift+Tab');
      const focus = await focusInMenu(page);
      assert.ok(focus.inside, `after ${index + 1} Shift+Tab presses the focus left the menu (on "${focus.label}")`);
    }
    assert.ok(await menu(page).isVisible(), 'the menu is still open');
    assertNoProblems(session.problems, 'focus in the menu');
  });

  // That no page scrolls sideways at 375 px, with the menu closed and open, is
  // checked page by page in browser-pages.test.ts, which loads every page at
  // that width anyway.
}, { concurrency: 2 });
