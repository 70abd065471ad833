/**
 * A theme's citations without JavaScript, in real Chromium: the download
 * links serve the .bib and .ris files, every entry's BibTeX opens from the
 * keyboard and wraps on a phone instead of widening the page, and axe-core
 * finds nothing with the disclosures open.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import { axeViolations } from './helpers/browser/axe.ts';
import { mobile, themes } from './helpers/browser/fixture-site.ts';
import { assertNoProblems, browserSuite } from './helpers/browser/pool.ts';

const parse = (text: string) =>
  plugins.input.chain(text, { target: '@csl/list+object', generateGraph: false }) as {
    title?: string;
    author?: unknown[];
    editor?: unknown[];
  }[];

browserSuite('citations without JavaScript', (env) => {
  for (const theme of themes) {
    test(`/research/${theme.id}/ offers its citations to download and each entry's BibTeX`, async (t) => {
      const session = await env.open(t, { ...mobile, javaScriptEnabled: false, reducedMotion: 'reduce' });
      const { page } = session;
      await session.visit(`/research/${theme.id}/`);

      for (const [label, format] of [
        ['BibTeX (.bib)', 'bib'],
        ['RIS (.ris)', 'ris'],
      ] as const) {
        const link = page.getByRole('link', { name: label });
        const href = await link.getAttribute('href');
        assert.equal(href, `/research/${theme.id}/citations.${format}`);
        const response = await page.request.get(env.url(href!));
        assert.equal(response.status(), 200, `${href} is served`);
        const body = await response.text();
        assert.match(body, format === 'bib' ? /^@(article|misc)\{/ : /^TY {2}- /);
      }

      const summaries = page.locator('details.publication__bibtex > summary');
      const count = await summaries.count();
      assert.ok(count > 0);
      // From the keyboard: the first by Enter, the rest by click.
      await summaries.first().focus();
      await page.keyboard.press('Enter');
      for (let index = 1; index < count; index += 1) await summaries.nth(index).click();
      const open = await page.locator('details.publication__bibtex[open] code').allInnerTexts();
      assert.equal(open.length, count);
      // What a visitor copies is BibTeX a reference manager reads: one entry, with its title.
      for (const text of open) {
        const [entry, ...more] = parse(text);
        assert.equal(more.length, 0, text);
        // An edited book's names are its editors.
        assert.ok(entry?.title && (entry.author?.length || entry.editor?.length), text);
      }

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the open BibTeX widens the page by ${overflow} px`);
      assertNoProblems(session.problems, `/research/${theme.id}/`);
    });

    // axe-core runs on timers, which a page without JavaScript never fires: this check has scripts on.
    test(`/research/${theme.id}/ with every BibTeX open: axe-core finds nothing`, async (t) => {
      const session = await env.open(t, mobile);
      const { page } = session;
      await session.visit(`/research/${theme.id}/`);
      const summaries = page.locator('details.publication__bibtex > summary');
      for (let index = 0; index < (await summaries.count()); index += 1) await summaries.nth(index).click();
      const violations = await axeViolations(page);
      assert.deepEqual(violations, [], `axe-core found violations:\n${violations.join('\n')}`);
      assertNoProblems(session.problems, `/research/${theme.id}/`);
    });
  }
});
