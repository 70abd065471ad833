import assert from 'node:assert/strict';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { before, test } from 'node:test';
import {
  assertNoProblems,
  browserSuite,
  mobile,
  notFoundFile,
  routePaths,
  unknownPath,
  type Session,
} from './helpers/browser.ts';
import { builtSite, temporaryFolder } from './helpers/site.ts';

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

browserSuite(
  'Content-Security-Policy',
  (env) => {
    let session: Session;
    before(async () => {
      session = await env.open(null, mobile);
    });

    test('every page is served with the strict policy as a header, and carries it as a <meta>', async () => {
      for (const path of pages) {
        const response = await fetch(env.url(path));
        const header = response.headers.get('content-security-policy') ?? '';
        assert.match(header, /(^|; )script-src 'self'(;|$)/, `${path}: CSP header ${header}`);
        assert.match(header, /(^|; )style-src 'self'(;|$)/, `${path}: CSP header ${header}`);
        assert.doesNotMatch(header, /unsafe-inline|unsafe-eval/, `${path}: CSP header`);
        const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(await response.text())?.[1]?.replace(/&#x27;/g, "'");
        assert.ok(meta && header.startsWith(meta), `${path}: the <meta> policy is the header's, without frame-ancestors: ${meta}`);
      }
    });

    // Every page, at 1280 and 375 px, is checked for violations by
    // browser-pages.test.ts, whose watch of each page includes them.
    test('the islands at work raise no CSP violation: menu, form, mail link, toast', async () => {
      const { page, problems } = session;
      problems.clear();
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
      // A violation is reported as an event after the fact; a round trip through the page lets it arrive.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      assert.deepEqual(problems.cspViolations, [], 'securitypolicyviolation events');
      assert.deepEqual(problems.cspConsoleMessages, [], 'CSP console messages');
      assertNoProblems(problems, 'islands at work');
    });

    test('the watch sees a violation: a page with an inline script and an inline style is blocked and reported', async () => {
      const { page, problems } = session;
      problems.clear();
      await page.goto(env.url('/csp-canary/'));
      await page.waitForFunction(() => document.readyState === 'complete');
      assert.notEqual(await page.title(), 'inline script ran', 'the inline script was blocked');
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      const directives = problems.cspViolations.map((violation) => violation.violatedDirective);
      assert.ok(directives.some((directive) => directive.startsWith('script-src')), `script violation reported: ${directives}`);
      assert.ok(directives.some((directive) => directive.startsWith('style-src')), `style violation reported: ${directives}`);
      assert.ok(problems.cspConsoleMessages.length > 0, 'the console reported it too');
    });
  },
  { root: siteWithCanary },
);
