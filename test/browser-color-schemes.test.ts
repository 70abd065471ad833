/**
 * The dark colour scheme (prefers-color-scheme: dark), and the light one
 * beside it: every page is light text on a dark page at a phone's width (at
 * the desktop's, browser-accessibility.test.ts checks it on the page it loads
 * for axe-core, in both schemes, with every focus ring's contrast); the scheme
 * needs no script; print stays black on white.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { bodyColours } from './helpers/browser/colours.ts';
import { desktop, mobile, notFoundFile, routePaths } from './helpers/browser/fixture-site.ts';
import { assertNoProblems, browserSuite, type Session } from './helpers/browser/pool.ts';

const pages = [...routePaths, notFoundFile];

browserSuite('colour schemes', (env) => {
  let darkNarrow: Session;
  before(async () => {
    darkNarrow = await env.open(null, { ...mobile, reducedMotion: 'reduce', colorScheme: 'dark' });
  });

  // axe-core checks every page in the dark scheme too, and at 1280 px that it is light text on a dark page, and the
  // focus rings' contrast in both schemes, in browser-accessibility.test.ts, on the pages it loads anyway.
  describe('dark: light text on a dark page, at 375 px', () => {
    for (const path of pages) {
      test(path, async () => {
        const session = darkNarrow;
        const where = `${path} at ${mobile.width} px, dark`;
        session.problems.clear();
        await session.visit(path);
        const { background, text } = await bodyColours(session.page);
        assert.ok(background < 0.05 && text > 0.6, `${where}: light text on a dark page (${background}, ${text})`);
        assertNoProblems(session.problems, where);
      });
    }
  });

  test('the scheme is the stylesheet alone: dark without JavaScript too, and the light scheme light', async (t) => {
    const noScript = await env.open(t, { ...desktop, javaScriptEnabled: false, colorScheme: 'dark' });
    await noScript.visit('/');
    assert.ok((await bodyColours(noScript.page)).background < 0.05, 'dark without JavaScript');
    const light = await env.open(t, { ...desktop, colorScheme: 'light' });
    await light.visit('/');
    assert.ok((await bodyColours(light.page)).background > 0.9, 'the light scheme is light');
  });

  test('printed in the dark scheme, a page is black on white', async (t) => {
    const session = await env.open(t, { ...desktop, colorScheme: 'dark' });
    for (const path of ['/', routePaths.find((route) => route.startsWith('/research/') && route !== '/research/')!]) {
      await session.visit(path);
      await session.page.emulateMedia({ media: 'print', colorScheme: 'dark' });
      const { background, text } = await bodyColours(session.page);
      assert.ok(background > 0.9 && text < 0.05, `${path} printed: ${background}, ${text}`);
      await session.page.emulateMedia({ media: 'screen' });
    }
  });
});
