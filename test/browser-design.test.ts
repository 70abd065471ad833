/**
 * What the design promises a visitor, checked in Chromium: the phone header
 * before the menu island has loaded, focus after a menu choice, print, the
 * footer of short pages, card rows, the current page's marker and the header
 * in short (zoomed) windows (the heading font: browser-pages.test.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { content, desktop, mobile, notFoundFile } from './helpers/browser/fixture-site.ts';
import { assertNoProblems, browserSuite, holdIslandsScript } from './helpers/browser/pool.ts';

/** A theme page of the fixture site with two entries, the length of a typical theme page. */
const twoEntryTheme = content.themes.find((theme) => content.publications[theme.id]!.length === 2)!.id;

/** The header's shape and whether anything scrolls sideways, at the current moment. */
const headerState = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector('.site-header')!;
    const nav = header.querySelector<HTMLElement>('nav.site-nav')!;
    const control = header.querySelector<HTMLElement>('.menu-button');
    // No named helper functions in here: the test runner's compiler would wrap them in a helper the page lacks.
    const [navShown, controlShown] = [nav, control].map(
      (element) => element !== null && element.offsetParent !== null && element.getBoundingClientRect().width > 0,
    );
    return {
      height: header.getBoundingClientRect().height,
      pageWidth: document.documentElement.scrollWidth,
      headerScrolls: [header, ...header.querySelectorAll('*')].some(
        (element) =>
          element.scrollWidth > element.clientWidth + 1 &&
          ['auto', 'scroll'].includes(getComputedStyle(element).overflowX),
      ),
      plainLinksShown: navShown,
      control: control
        ? { tag: control.tagName.toLowerCase(), visible: controlShown, text: control.textContent?.trim() }
        : null,
    };
  });

/** Cards grouped into rows by their top edge. */
const rowsOf = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const rows = new Map<number, number[]>();
    for (const card of document.querySelectorAll(selector)) {
      const box = card.getBoundingClientRect();
      const top = Math.round(box.top + window.scrollY);
      rows.set(top, [...(rows.get(top) ?? []), Math.round(box.height * 10) / 10]);
    }
    return [...rows.values()];
  }, selector);

browserSuite(
  'design',
  (env) => {
    describe('the phone header', { concurrency: 2 }, () => {
      test('before the menu island has loaded, the 375 px header has its menu control and no sideways strip of links', async (t) => {
        const session = await env.open(t, mobile);
        const { page } = session;
        // The islands' script held back, as a slow network would.
        const release = await holdIslandsScript(page, t);
        await page.goto(env.url('/'), { waitUntil: 'domcontentloaded' });
        await page.locator('.menu-button').waitFor();
        const before = await headerState(page);
        assert.equal(
          before.control?.tag,
          'summary',
          `the built page's menu is a disclosure: ${JSON.stringify(before)}`,
        );
        assert.ok(before.control.visible, 'the menu control shows before any script has run');
        assert.equal(before.plainLinksShown, false, 'no strip of links beside the logo');
        assert.equal(before.headerScrolls, false, 'nothing in the header scrolls sideways');
        assert.ok(before.pageWidth <= mobile.width, `the page is ${before.pageWidth} px wide`);

        // The disclosure works on its own: it opens the links, which lead to their section.
        await page.locator('summary.menu-button').click();
        const menu = page.getByRole('navigation', { name: 'Menu' });
        await menu.getByRole('link', { name: 'Members', exact: true }).click();
        await page.waitForURL(env.url('/#team'));

        // Then the island arrives: a button of the same size takes the disclosure's place.
        release();
        await page.locator('button.menu-button').waitFor();
        const after = await headerState(page);
        assert.equal(after.control?.text, 'Menu');
        assert.ok(
          Math.abs(after.height - before.height) < 0.5,
          `the header keeps its height: ${before.height} → ${after.height} px`,
        );
        assert.equal(after.plainLinksShown, false);
      });

      test("after a choice in the menu, the focus is on the chosen section's heading and Tab goes on from there", async (t) => {
        const session = await env.open(t, { ...mobile, reducedMotion: 'reduce' });
        const { page } = session;
        await session.visit('/');
        for (const { label, section } of [
          { label: 'Members', section: 'team' },
          { label: 'News', section: 'news' },
        ]) {
          await page.getByRole('button', { name: 'Menu', exact: true }).click();
          const dialog = page.getByRole('dialog', { name: 'Menu' });
          await dialog.getByRole('link', { name: label, exact: true }).click();
          await dialog.waitFor({ state: 'hidden' });
          await page.waitForFunction((id) => document.activeElement === document.querySelector(`#${id} h2`), section);
          await page.keyboard.press('Tab');
          const next = await page.evaluate((id) => {
            const heading = document.querySelector(`#${id} h2`)!;
            const active = document.activeElement!;
            return {
              follows: Boolean(heading.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING),
              text: active.textContent?.trim().slice(0, 40),
              top: active.getBoundingClientRect().top,
            };
          }, section);
          assert.ok(
            next.follows,
            `after "${label}", Tab reaches a control after the section's heading, not "${next.text}"`,
          );
          assert.ok(
            next.top >= 0 && next.top < mobile.height,
            `the control Tab reached is on screen: ${JSON.stringify(next)}`,
          );
        }
        assertNoProblems(session.problems, 'focus after a menu choice');
      });
    });

    test('print: no header, menu or buttons; the DOI printed once, at the end of the reference; entries kept whole; the footer as one line', async (t) => {
      const session = await env.open(t, desktop);
      const { page } = session;
      await session.visit(`/research/${twoEntryTheme}/`);
      await page.emulateMedia({ media: 'print' });
      t.after(() => page.emulateMedia({ media: null }));
      const printed = await page.evaluate(() => {
        const [header, menu, ...buttons] = [
          document.querySelector('.site-header'),
          document.querySelector('.menu-button'),
          ...document.querySelectorAll('.button, .back-link'),
        ].map(
          (element) =>
            element !== null &&
            getComputedStyle(element).display !== 'none' &&
            element.getBoundingClientRect().height > 0,
        );
        const link = document.querySelector<HTMLAnchorElement>('.publication__citation a[href^="http"]')!;
        const viewLink = document.querySelector('.publication__link')!;
        const footer = document.querySelector('.site-footer')!;
        return {
          header,
          menu,
          buttons: Array.from(document.querySelectorAll('.button, .back-link'))
            .filter((_, index) => buttons[index])
            .map((button) => button.textContent?.trim()),
          linkText: link.textContent,
          href: link.getAttribute('href'),
          viewLinkShown: getComputedStyle(viewLink).display !== 'none',
          breakInside: Array.from(
            document.querySelectorAll('.publication'),
            (entry) => getComputedStyle(entry).breakInside,
          ),
          footerText: (footer as HTMLElement).innerText.trim(),
          footerLines: Math.round(
            footer.getBoundingClientRect().height / parseFloat(getComputedStyle(footer.querySelector('p')!).lineHeight),
          ),
          footerBackground: getComputedStyle(footer).backgroundColor,
        };
      });
      assert.equal(printed.header, false, 'the header is not printed');
      assert.equal(printed.menu, false, 'the menu is not printed');
      assert.deepEqual(printed.buttons, [], 'no buttons are printed');
      // The reference ends with its DOI as an address (APA 7), so "View article" is not printed beside it.
      assert.match(printed.linkText ?? '', /^https:\/\/doi\.org\/10\./, 'the DOI, printed in the reference');
      assert.equal(printed.linkText?.replace(/ \(opens in a new tab\)$/, ''), printed.href);
      assert.equal(printed.viewLinkShown, false, '"View article" is not printed');
      assert.ok(
        printed.breakInside.length > 0 && printed.breakInside.every((value) => value === 'avoid'),
        `entries are not split: ${printed.breakInside}`,
      );
      assert.match(
        printed.footerText,
        /^© \d{4} .*All rights reserved\.$/,
        'the footer prints its copyright line alone',
      );
      assert.ok(printed.footerLines <= 2, `the footer is one quiet line, not ${printed.footerLines}`);
      assert.equal(printed.footerBackground, 'rgba(0, 0, 0, 0)', 'no dark footer band on paper');
      // Two entries and a title fit one sheet: nothing spills onto a near-empty page.
      const pdf = await page.pdf({ format: 'A4' });
      const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
      assert.equal(pages, 1, `/research/${twoEntryTheme}/ prints on ${pages} pages`);
    });

    test('the footer ends at the bottom of a tall window on short pages', async (t) => {
      const session = await env.open(t, { width: 1280, height: 1600 });
      for (const path of [notFoundFile, '/privacy-policy/', '/terms-of-service/']) {
        await session.visit(path);
        const geometry = await session.page.evaluate(() => ({
          footerBottom: document.querySelector('.site-footer')!.getBoundingClientRect().bottom,
          windowHeight: window.innerHeight,
          pageHeight: document.documentElement.scrollHeight,
        }));
        assert.ok(Math.abs(geometry.footerBottom - geometry.windowHeight) <= 1, `${path}: ${JSON.stringify(geometry)}`);
      }
    });

    test('cards of a row are equally tall; research cards form 2 × 2 at 1024 px and one row at 1280 px', async (t) => {
      const session = await env.open(t, desktop);
      const { page } = session;
      for (const width of [375, 768, 1024, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await session.visit('/');
        for (const selector of ['.member-card', '#research .theme-card']) {
          for (const row of await rowsOf(page, selector)) {
            assert.ok(Math.max(...row) - Math.min(...row) < 1, `${selector} at ${width} px: heights ${row.join(', ')}`);
          }
        }
        const research = await rowsOf(page, '#research .theme-card');
        const perRow = research.map((row) => row.length);
        const cards = perRow.reduce((sum, count) => sum + count, 0);
        if (width === 1024)
          assert.ok(
            perRow.every((count) => count === 2 || (count === 1 && cards % 2 === 1)),
            `2 per row at 1024 px: ${perRow}`,
          );
        if (width === 1280 && cards <= 4) assert.deepEqual(perRow, [cards], `one row at 1280 px: ${perRow}`);
        if (width === 375)
          assert.ok(
            perRow.every((count) => count === 1),
            `one per row at 375 px: ${perRow}`,
          );
      }
    });

    test('the navigation marks the current part of the site (aria-current) with a visible marker', async (t) => {
      const session = await env.open(t, desktop);
      const { page } = session;
      const marked = () =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll('nav.site-nav a, .site-footer a'), (link) => ({
            text: link.textContent?.trim(),
            current: link.getAttribute('aria-current'),
            marker: `${getComputedStyle(link).boxShadow} ${getComputedStyle(link).fontWeight} ${getComputedStyle(link).textDecorationThickness}`,
          })),
        );
      await session.visit('/');
      assert.deepEqual(
        (await marked()).filter((link) => link.current),
        [],
        'on the home page no page link is current',
      );
      for (const path of ['/research/', `/research/${twoEntryTheme}/`]) {
        await session.visit(path);
        const links = await marked();
        const current = links.filter((link) => link.current);
        assert.deepEqual(
          current.map((link) => [link.text, link.current]),
          [['Our Research', 'page']],
          path,
        );
        const other = links.find((link) => link.text === 'News')!;
        assert.notEqual(current[0]!.marker, other.marker, `${path}: the current link looks different`);
      }
      for (const [path, label] of [
        ['/privacy-policy/', 'Privacy Policy'],
        ['/terms-of-service/', 'Terms of Service'],
      ] as const) {
        await session.visit(path);
        const links = await marked();
        const current = links.filter((link) => link.current);
        assert.deepEqual(
          current.map((link) => [link.text, link.current]),
          [[label, 'page']],
          path,
        );
        const other = links.find(
          (link) => link.text !== label && link.text?.match(/^(Privacy Policy|Terms of Service)$/),
        )!;
        assert.notEqual(current[0]!.marker, other.marker, `${path}: the current link looks different`);
      }
    });

    test('a jump lands the section exactly under the sticky header; in a short (zoomed) window the header does not stick', async (t) => {
      const session = await env.open(t, { ...desktop, reducedMotion: 'reduce' });
      const { page } = session;
      await session.visit('/');
      for (const id of ['news', 'team']) {
        await page.evaluate((id) => (location.hash = id), id);
        await page
          .waitForFunction(
            (id) =>
              Math.abs(
                document.getElementById(id)!.getBoundingClientRect().top -
                  document.querySelector('.site-header')!.getBoundingClientRect().bottom,
              ) < 1.5,
            id,
            { timeout: 5000 },
          )
          .catch(() => undefined);
        const gap = await page.evaluate(
          (id) =>
            document.getElementById(id)!.getBoundingClientRect().top -
            document.querySelector('.site-header')!.getBoundingClientRect().bottom,
          id,
        );
        assert.ok(Math.abs(gap) < 1.5, `#${id} starts ${gap} px from the header's bottom edge`);
      }
      // 1280 × 800 at 400 % zoom is a 320 × 200 CSS-pixel window; 200 % is 640 × 400.
      for (const viewport of [
        { width: 320, height: 200 },
        { width: 640, height: 400 },
      ]) {
        await page.setViewportSize(viewport);
        const position = await page.evaluate(() => getComputedStyle(document.querySelector('.site-header')!).position);
        assert.ok(
          !['sticky', 'fixed'].includes(position),
          `at ${viewport.width} × ${viewport.height} the header is ${position}`,
        );
      }
      await page.setViewportSize(desktop);
      assert.equal(
        await page.evaluate(() => getComputedStyle(document.querySelector('.site-header')!).position),
        'sticky',
      );
    });

    // That headings are set in the self-hosted, preloaded serif is checked on every page in browser-pages.test.ts,
    // which loads every page at 1280 px anyway.
  },
  { concurrency: 2 },
);
