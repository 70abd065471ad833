import assert from 'node:assert/strict';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { desktop, mobile, notFoundFile, routePaths, unknownPath } from './helpers/browser/fixture-site.ts';
import { assertNoProblems, browserSuite, type Session } from './helpers/browser/pool.ts';
import { builtSite, temporaryFolder } from './helpers/site.ts';

/** Brings every image into view (below-the-fold ones load lazily) and reports whether it loaded. */
const loadEveryImage = (page: Page) =>
  page.evaluate(async () => {
    const results: { src: string; complete: boolean; naturalWidth: number }[] = [];
    for (const image of Array.from(document.images)) {
      image.scrollIntoView({ block: 'center', behavior: 'instant' });
      // decode() settles once the image has loaded or failed; the timer only bounds a hang.
      await Promise.race([image.decode().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5000))]);
      results.push({ src: image.currentSrc || image.src, complete: image.complete, naturalWidth: image.naturalWidth });
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return results;
  });

const externalLinks = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href^="http"]'), (link) => ({
      href: link.getAttribute('href')!,
      target: link.getAttribute('target'),
      rel: (link.getAttribute('rel') ?? '').split(/\s+/),
    })),
  );

/**
 * The built site, plus /csp-canary/: the home page with an inline script and
 * an inline style attribute, which the policy must block. It proves that the
 * violation watch of these tests would see a violation if a page had one.
 */
async function siteWithCanary(): Promise<string> {
  const { outDir } = await builtSite();
  const folder = path.join(await temporaryFolder('eccron-csp-'), 'site');
  await cp(outDir, folder, { recursive: true });
  const home = await readFile(path.join(folder, 'index.html'), 'utf8');
  const canary = home
    .replace('</body>', '<script>document.title = "inline script ran";</script></body>')
    .replace('<h1 ', '<h1 style="color: red" ');
  assert.notEqual(canary, home);
  await mkdir(path.join(folder, 'csp-canary'));
  await writeFile(path.join(folder, 'csp-canary', 'index.html'), canary);
  return folder;
}

const pages = [...routePaths, notFoundFile, unknownPath];

/** The heading font as the page has it: the font it preloads, whether the serif loaded, and the h1's family. */
const headingFont = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    const preload = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="font"]');
    const face = [...document.fonts].find(
      (candidate) => candidate.family.replace(/"/g, '') === 'Source Serif 4' && candidate.status === 'loaded',
    );
    return {
      preload: preload
        ? { href: new URL(preload.href).pathname, type: preload.type, crossOrigin: preload.crossOrigin }
        : null,
      loaded: face !== undefined,
      family: getComputedStyle(document.querySelector('h1')!).fontFamily,
    };
  });

/** Everything a visitor would notice on one page at one width. */
async function checkPage(session: Session, route: string, viewport: { width: number; height: number }) {
  const { page } = session;
  const where = `${route} at ${viewport.width} px`;
  const status = route === unknownPath ? 404 : 200;
  session.problems.clear();
  await session.visit(route, { status });

  const links = await externalLinks(page);
  for (const link of links) {
    assert.equal(link.target, '_blank', `${where}: ${link.href} opens in a new tab`);
    assert.ok(link.rel.includes('noopener'), `${where}: ${link.href} has rel="noopener" (rel="${link.rel.join(' ')}")`);
  }

  const images = await loadEveryImage(page);
  assert.ok(images.length > 0, `${where}: the page has images (the logo at least)`);
  for (const image of images) {
    assert.ok(image.complete && image.naturalWidth > 0, `${where}: ${image.src} did not load`);
  }

  // axe-core checks every page, in both colour schemes, in browser-accessibility.test.ts.

  if (viewport.width === desktop.width) {
    // Headings are set in the self-hosted, preloaded serif.
    const font = await headingFont(page);
    assert.match(font.preload?.href ?? '', /^\/assets\/[^/]+\.woff2$/, `${where} preloads the font`);
    assert.equal(font.preload?.type, 'font/woff2');
    assert.equal(font.preload?.crossOrigin, 'anonymous');
    assert.ok(font.loaded, `${where}: the heading font loaded`);
    assert.match(font.family, /^"Source Serif 4"/);
  }

  if (viewport.width === mobile.width) {
    // Nothing scrolls sideways on a phone, with the menu closed or open.
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok((await width()) <= mobile.width, `${where}: the page is ${await width()} px wide`);
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await menu.waitFor({ state: 'visible' });
    assert.ok((await width()) <= mobile.width, `${where}: with the menu open the page is ${await width()} px wide`);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  }

  // The page ran under its Content-Security-Policy without a violation. A
  // violation is reported as an event after the fact; a round trip through the
  // page lets it arrive.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  assert.deepEqual(session.problems.cspViolations, [], `${where}: securitypolicyviolation events`);
  assert.deepEqual(session.problems.cspConsoleMessages, [], `${where}: CSP console messages`);
  assertNoProblems(session.problems, where);
}

browserSuite(
  'every page',
  (env) => {
    // One page per width, reused from route to route (starting a renderer
    // costs more than the checks themselves); the two widths are checked side
    // by side.
    let wide: Session;
    let narrow: Session;
    before(async () => {
      wide = await env.open(null, { ...desktop, reducedMotion: 'reduce' });
      narrow = await env.open(null, { ...mobile, reducedMotion: 'reduce' });
    });

    describe('console, requests, links, images, heading font, width, CSP', () => {
      for (const path of pages) {
        test(`${path}${path === unknownPath ? ' (answered with the 404 page)' : ''} at 1280 and 375 px`, async () => {
          await Promise.all([checkPage(wide, path, desktop), checkPage(narrow, path, mobile)]);
        });
      }

      test('the home page has external links, and they all open safely in a new tab', async () => {
        // Guards the check above against passing on a page that has no external link at all.
        await wide.visit('/');
        const links = await externalLinks(wide.page);
        assert.ok(links.length >= 3, `position statement, Follow and Read more at least: ${links.length}`);
      });
    });

    describe('Content-Security-Policy', () => {
      test('every page is served with the strict policy as a header, and carries it as a <meta>', async () => {
        for (const path of pages) {
          const response = await fetch(env.url(path));
          const header = response.headers.get('content-security-policy') ?? '';
          assert.match(header, /(^|; )script-src 'self'(;|$)/, `${path}: CSP header ${header}`);
          assert.match(header, /(^|; )style-src 'self'(;|$)/, `${path}: CSP header ${header}`);
          assert.doesNotMatch(header, /unsafe-inline|unsafe-eval/, `${path}: CSP header`);
          const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/
            .exec(await response.text())?.[1]
            ?.replace(/&#x27;/g, "'");
          assert.ok(
            meta && header.startsWith(meta),
            `${path}: the <meta> policy is the header's, without frame-ancestors: ${meta}`,
          );
        }
      });

      // Every page at both widths is watched for violations by the tests above.
      test('the islands at work raise no CSP violation: menu, form, mail link, toast', async () => {
        const session = narrow;
        const { page, problems } = session;
        problems.clear();
        await page.emulateMedia({ reducedMotion: 'no-preference' });
        await session.visit('/');
        // The menu: showModal(), the slide-in transition, Escape.
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
        await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'visible' });
        await page.keyboard.press('Escape');
        await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
        // The form: its mail link and its toast.
        await page.getByLabel('Name').fill('Ada');
        await page.getByLabel('Email').fill('ada@example.org');
        await page.getByLabel('Message').fill('Hello');
        await page.getByRole('button', { name: 'Send Message' }).click();
        await page.getByRole('status').getByText('Email client opened').waitFor();
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
        assert.deepEqual(problems.cspViolations, [], 'securitypolicyviolation events');
        assert.deepEqual(problems.cspConsoleMessages, [], 'CSP console messages');
        assertNoProblems(problems, 'islands at work');
      });

      test('the watch sees a violation: a page with an inline script and an inline style is blocked and reported', async () => {
        const { page, problems } = wide;
        problems.clear();
        await page.goto(env.url('/csp-canary/'));
        assert.notEqual(await page.title(), 'inline script ran', 'the inline script was blocked');
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
        const directives = problems.cspViolations.map((violation) => violation.violatedDirective);
        assert.ok(
          directives.some((directive) => directive.startsWith('script-src')),
          `script violation reported: ${directives}`,
        );
        assert.ok(
          directives.some((directive) => directive.startsWith('style-src')),
          `style violation reported: ${directives}`,
        );
        assert.ok(problems.cspConsoleMessages.length > 0, 'the console reported it too');
      });
    });
  },
  { root: siteWithCanary },
);
