/**
 * Shared machinery of the browser tests: finds Debian's Chromium (never
 * downloads one), serves a site built into a temporary folder the way a static
 * host does (with the _headers CSP), launches one browser per test file, and
 * watches every page for the problems a visitor would notice: console errors,
 * uncaught exceptions, failed requests, error responses and CSP violations.
 */
import assert from 'node:assert/strict';
import { accessSync, constants, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test, type TestContext } from 'node:test';
import type * as Axe from 'axe-core';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
} from 'playwright-core';
import { startStaticServer } from '../../scripts/lib/static-server.ts';
import { countLabel } from '../../src/format.ts';
import { routes } from '../../src/routes.tsx';
import { builtSite, fixtureContent } from './site.ts';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The content the browser tests' site is built from: test/fixtures/content. */
export const content = await fixtureContent();

/** Every route of that site, as the link policy writes them (trailing slash). */
export const routePaths = routes(content).map((route) => (route.path === '/' ? '/' : `${route.path}/`));

/** The 404 page as a file, and an unknown path the server answers with it (status 404). */
export const notFoundFile = '/404.html';
export const unknownPath = '/no-such-page/';

/** The research themes, in card order, with the count /research/ shows for each. */
export const themes = content.themes.map((theme) => ({
  id: theme.id,
  title: theme.title,
  homeTitle: theme.homeTitle ?? theme.title,
  count: countLabel(content.publications[theme.id]!.length, 'publication'),
}));

/** The navigation's choices and the home page section each one leads to. */
export const navChoices = [
  { label: 'About', section: 'about' },
  { label: 'Our Research', section: 'research' },
  { label: 'News', section: 'news' },
  { label: 'Members', section: 'team' },
  { label: 'Contacts', section: 'publications' },
  { label: 'Join', section: 'contact' },
] as const;

export const desktop = { width: 1280, height: 800 } as const;
export const mobile = { width: 375, height: 812 } as const;

// ---------------------------------------------------------------------------
// Finding the browser

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** CHROMIUM_PATH when set, otherwise Debian's /usr/bin/chromium. */
export function findChromium(): { executablePath?: string; looked: string[] } {
  const candidates = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return { executablePath: candidates.find(isExecutable), looked: candidates };
}

// ---------------------------------------------------------------------------
// Watching a page

export interface CspViolation {
  documentURI: string;
  violatedDirective: string;
  blockedURI: string;
  sample: string;
}

/** Everything that went wrong in one browser context, as readable lines. */
export class PageProblems {
  readonly consoleErrors: string[] = [];
  readonly cspConsoleMessages: string[] = [];
  readonly pageErrors: string[] = [];
  readonly failedRequests: string[] = [];
  /** Aborted requests; those abandoned because their page navigated away do not count. */
  readonly abortedRequests: { line: string; abandoned: () => boolean }[] = [];
  readonly errorResponses: string[] = [];
  readonly cspViolations: CspViolation[] = [];
  /** Requests to mailto: links: the browser hands them to the mail application and reports them as aborted. */
  readonly mailtoRequests: string[] = [];
  /** Documents deliberately answered with 404 (the not-found page for an unknown path). */
  private readonly expected404 = new Set<string>();

  /** Forgets everything seen so far, for a page that is reused by the next test. */
  clear() {
    for (const list of [
      this.consoleErrors,
      this.cspConsoleMessages,
      this.pageErrors,
      this.failedRequests,
      this.errorResponses,
      this.cspViolations,
      this.mailtoRequests,
      this.abortedRequests,
    ]) {
      list.length = 0;
    }
  }

  expectNotFound(url: string) {
    this.expected404.add(url);
  }

  onConsole(message: ConsoleMessage) {
    const text = message.text();
    if (/Content[- ]Security[- ]Policy/i.test(text)) this.cspConsoleMessages.push(`${message.type()}: ${text}`);
    if (message.type() !== 'error') return;
    const where = message.location().url;
    if (this.expected404.has(where) && /status of 404/.test(text)) return;
    this.consoleErrors.push(`${text} (at ${where})`);
  }

  /** Every problem except those a test expects, one line each; [] when the page was clean. */
  list(): string[] {
    return [
      ...this.consoleErrors.map((line) => `console error: ${line}`),
      ...this.cspConsoleMessages
        .filter((line) => !line.startsWith('error:'))
        .map((line) => `CSP console message: ${line}`),
      ...this.pageErrors.map((line) => `uncaught exception: ${line}`),
      ...this.failedRequests.map((line) => `failed request: ${line}`),
      ...this.abortedRequests
        .filter((request) => !request.abandoned())
        .map((request) => `failed request: ${request.line}`),
      ...this.errorResponses.map((line) => `error response: ${line}`),
      ...this.cspViolations.map(
        (v) =>
          `CSP violation: ${v.violatedDirective} blocked ${v.blockedURI || '(inline)'} on ${v.documentURI} ${v.sample}`,
      ),
    ];
  }

  isExpected404(url: string) {
    return this.expected404.has(url);
  }
}

async function watch(context: BrowserContext, problems: PageProblems) {
  // Both run through the DevTools protocol, not as page scripts, so the
  // page's CSP does not apply to them (and they cannot cause a violation).
  await context.exposeBinding('__reportCspViolation', (_source, violation: CspViolation) => {
    problems.cspViolations.push(violation);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __reportCspViolation: (violation: object) => void }).__reportCspViolation;
    window.addEventListener(
      'securitypolicyviolation',
      (event) => {
        report({
          documentURI: event.documentURI,
          violatedDirective: event.violatedDirective,
          blockedURI: event.blockedURI,
          sample: event.sample,
        });
      },
      true,
    );
  });
  context.on('console', (message) => problems.onConsole(message));
  context.on('weberror', (error) => problems.pageErrors.push(String(error.error())));
  // A request the browser abandons because its page navigated away (the
  // favicon, when a link is followed at once) is no failure a visitor sees.
  const navigations = new WeakMap<Page, number>();
  const startedAt = new WeakMap<Request, number>();
  context.on('page', (page) => {
    navigations.set(page, 0);
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.set(page, (navigations.get(page) ?? 0) + 1);
    });
  });
  const navigationCount = (request: Request) => {
    const page = request.frame().page();
    return navigations.get(page) ?? 0;
  };
  context.on('request', (request) => startedAt.set(request, navigationCount(request)));
  context.on('requestfailed', (request) => {
    if (request.url().startsWith('mailto:')) {
      problems.mailtoRequests.push(request.url());
      return;
    }
    const error = request.failure()?.errorText ?? '';
    const line = `${request.method()} ${request.url()}: ${error}`;
    if (error !== 'net::ERR_ABORTED' || request.resourceType() === 'document') {
      problems.failedRequests.push(line);
      return;
    }
    // Judged when the problems are listed: by then the page has navigated away, or it has not.
    const started = startedAt.get(request);
    problems.abortedRequests.push({ line, abandoned: () => navigationCount(request) !== started });
  });
  context.on('response', (response) => {
    if (response.status() < 400) return;
    if (
      response.status() === 404 &&
      response.request().resourceType() === 'document' &&
      problems.isExpected404(response.url())
    )
      return;
    problems.errorResponses.push(`${response.status()} ${response.url()}`);
  });
}

// ---------------------------------------------------------------------------
// The browser of one test file

export interface SessionOptions {
  width?: number;
  height?: number;
  javaScriptEnabled?: boolean;
  /** 'no-preference' (smooth scrolling, the default) or 'reduce'. */
  reducedMotion?: 'reduce' | 'no-preference';
}

export interface Session {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
  /** Loads a site path ('/research/') and waits until its islands have started. */
  visit(path: string, options?: { status?: number }): Promise<void>;
  /**
   * The navigations the page has asked for since the test began, recorded
   * through the DevTools protocol: a mailto: link never loads in the page, the
   * browser hands it to the mail application ("Launched external handler"), so
   * page.url() cannot show it.
   */
  recordNavigations(): Promise<string[]>;
}

interface PooledSession extends Session {
  javaScriptEnabled: boolean;
  navigations: string[];
}

export class BrowserEnv {
  browser!: Browser;
  baseUrl!: string;
  outDir!: string;
  private closeServer?: () => Promise<void>;
  private sessions: PooledSession[] = [];
  private idle: PooledSession[] = [];

  constructor(private readonly executablePath: string) {}

  async start(root?: () => Promise<string>, basePath = '') {
    const [folder, browser] = await Promise.all([
      root ? root() : builtSite().then((site) => site.outDir),
      chromium.launch({ executablePath: this.executablePath, args: chromiumArgs }),
    ]);
    this.browser = browser;
    this.outDir = folder;
    const server = await startStaticServer({ root: folder, basePath });
    this.baseUrl = server.url;
    this.closeServer = server.close;
  }

  async stop() {
    await Promise.all(this.sessions.splice(0).map((session) => session.context.close()));
    await this.browser?.close();
    await this.closeServer?.();
  }

  /** A site path ('/research/') as a URL under the served site, base path included. */
  url(path: string): string {
    return new URL(path.replace(/^\//, ''), this.baseUrl).href;
  }

  /**
   * A watched page for the test `t` (for the whole suite when `t` is null),
   * at the viewport and motion preference asked for. Starting a browser
   * context (a renderer process) costs far more CPU than loading a page, so a
   * page a test has finished with goes back to a pool and is handed to the
   * next test that needs the same JavaScript setting (the one option a page
   * cannot change), reset: a blank document, the viewport and motion
   * preference set anew, empty problem lists. Nothing of the site survives
   * that: it keeps no cookies or storage, and every test begins by loading a
   * page.
   */
  async open(t: TestContext | null, options: SessionOptions = {}): Promise<Session> {
    const javaScriptEnabled = options.javaScriptEnabled ?? true;
    const reused = this.idle.findIndex((session) => session.javaScriptEnabled === javaScriptEnabled);
    const session = reused === -1 ? await this.create(javaScriptEnabled) : this.idle.splice(reused, 1)[0]!;
    await session.page.setViewportSize({
      width: options.width ?? desktop.width,
      height: options.height ?? desktop.height,
    });
    await session.page.emulateMedia({ reducedMotion: options.reducedMotion ?? 'no-preference' });
    session.problems.clear();
    session.navigations.length = 0;
    t?.after(async () => {
      await session.page.goto('about:blank');
      this.idle.push(session);
    });
    return session;
  }

  private async create(javaScriptEnabled: boolean): Promise<PooledSession> {
    const context = await this.browser.newContext({ javaScriptEnabled });
    const problems = new PageProblems();
    await watch(context, problems);
    const page = await context.newPage();
    const navigations: string[] = [];
    let recording: Promise<void> | undefined;
    const session: PooledSession = {
      javaScriptEnabled,
      context,
      page,
      problems,
      navigations,
      visit: async (path, { status = 200 } = {}) => {
        const url = this.url(path);
        if (status === 404) problems.expectNotFound(url);
        const response = await page.goto(url);
        assert.equal(response?.status(), status, `${path} answered ${response?.status()}`);
        if (javaScriptEnabled) await islandsStarted(page);
      },
      recordNavigations: async () => {
        recording ??= (async () => {
          const cdp = await context.newCDPSession(page);
          await cdp.send('Page.enable');
          cdp.on('Page.frameRequestedNavigation', (event) => navigations.push(event.url));
        })();
        await recording;
        return navigations;
      },
    };
    this.sessions.push(session);
    return session;
  }
}

/**
 * The islands load after the first paint (src/islands/boot.ts) and hydrate a
 * moment later: the menu island then puts its button in place of the built
 * page's disclosure, in a layout effect, and the contact form enables its
 * fields in an effect, which may run a frame later still.
 * Waits for both, or for an island's error in its place.
 */
export async function islandsStarted(page: Page) {
  // No named function inside: tsx would wrap it in a helper the page does not have.
  await page.waitForFunction(() =>
    [
      ['MobileMenu', 'button.menu-button'],
      ['ContactForm', 'button[type="submit"]:enabled'],
    ].every(([name, ready]) => {
      const island = document.querySelector(`[data-island="${name}"]`);
      return !island || island.querySelector(ready!) !== null || island.querySelector('.island-error') !== null;
    }),
  );
}

/**
 * Declares the test file's browser suite: one browser and one static server
 * for the whole file. Without a Chromium executable the suite is skipped with a
 * loud reason, except in CI (CI=true), where that is a failure.
 */
export function browserSuite(
  name: string,
  body: (env: BrowserEnv) => void,
  options: { root?: () => Promise<string>; basePath?: string; concurrency?: number } = {},
) {
  const { executablePath, looked } = findChromium();
  if (!executablePath) {
    const reason = `no Chromium executable found (looked at ${looked.join(', ')}; set CHROMIUM_PATH). Browser tests NOT run.`;
    if (process.env.CI === 'true') {
      test(`${name}: a Chromium executable is required in CI`, () => assert.fail(reason));
    } else {
      process.stderr.write(`\n!!! SKIPPING browser tests "${name}": ${reason}\n\n`);
      test(name, { skip: reason }, () => {});
    }
    return;
  }
  // Tests of a suite may share the browser concurrently: each has its own context.
  describe(name, { concurrency: options.concurrency ?? 1 }, () => {
    const env = new BrowserEnv(executablePath);
    before(() => env.start(options.root, options.basePath));
    after(() => env.stop());
    body(env);
  });
}

// ---------------------------------------------------------------------------
// Checks shared by several files

export function assertNoProblems(problems: PageProblems, where: string) {
  assert.deepEqual(problems.list(), [], `${where}: the page reported problems`);
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/**
 * Runs axe-core in the page and returns its violations as readable lines. The
 * source is evaluated through the DevTools protocol, which the page's CSP does
 * not govern, so no inline script is added and the CSP stays as strict as ever.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof Axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`)
        .join('\n'),
  );
}

export interface SectionGeometry {
  id: string;
  found: boolean;
  inView: boolean;
  scrollY: number;
  sectionTop: number;
  /** How far down the sticky header covers the viewport (0 when it does not stick). */
  coveredTo: number;
  headingTop: number;
  headingBottom: number;
  viewportHeight: number;
  hash: string;
  path: string;
}

/** Where a section is, measured once (synchronously: pages without JavaScript run no timers or frames). */
const measureSection = (page: Page, id: string): Promise<SectionGeometry> =>
  page.evaluate((id) => {
    const section = document.getElementById(id);
    const header = document.querySelector('.site-header');
    const headerPosition = header ? getComputedStyle(header).position : '';
    const headerBottom = header ? header.getBoundingClientRect().bottom : 0;
    const sticks = headerPosition === 'sticky' || headerPosition === 'fixed';
    const coveredTo = sticks && headerBottom > 0 ? headerBottom : 0;
    const box = section?.getBoundingClientRect();
    const heading = section?.querySelector('h1, h2, h3')?.getBoundingClientRect();
    const margin = section ? parseFloat(getComputedStyle(section).scrollMarginTop) || 0 : 0;
    const atEnd = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
    const belowHeader = box !== undefined && box.top >= coveredTo - 2;
    const nearTop = box !== undefined && box.top <= Math.max(coveredTo, margin) + 8;
    const onScreen = box !== undefined && box.top < window.innerHeight;
    const headingVisible = heading !== undefined && heading.top >= coveredTo && heading.bottom <= window.innerHeight;
    return {
      id,
      found: section !== null,
      inView: belowHeader && (nearTop || (atEnd && onScreen)) && headingVisible,
      scrollY: window.scrollY,
      sectionTop: box ? Math.round(box.top) : NaN,
      coveredTo,
      headingTop: heading ? Math.round(heading.top) : NaN,
      headingBottom: heading ? Math.round(heading.bottom) : NaN,
      viewportHeight: window.innerHeight,
      hash: location.hash,
      path: location.pathname,
    };
  }, id);

/**
 * Polls `measure` until scrolling has settled (scrollY the same for several
 * polls over at least 48 ms) and `done` holds, or until the timeout; returns
 * the last measurement either way, for the assertion's message. The polling
 * runs here, not in the page, because a page without JavaScript runs no
 * requestAnimationFrame or setTimeout callbacks.
 */
async function settle<T extends { scrollY: number }>(
  measure: () => Promise<T>,
  done: (value: T) => boolean,
  timeout = 5000,
): Promise<T> {
  const started = performance.now();
  let stillSince = performance.now();
  let last = await measure();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 16));
    const current = await measure();
    if (current.scrollY !== last.scrollY) stillSince = performance.now();
    last = current;
    const still = performance.now() - stillSince >= 48;
    if ((still && done(current)) || performance.now() - started > timeout) return current;
  }
}

/**
 * Waits for scrolling to settle with the section in view: its top just below
 * the sticky header (where the section's scroll-margin puts it), or the page
 * scrolled to its end with the section on screen; and its heading fully
 * visible. Returns the last measurement, in view or not.
 */
export function settledSection(page: Page, id: string, timeout = 5000): Promise<SectionGeometry> {
  return settle(
    () => measureSection(page, id),
    (geometry) => geometry.inView,
    timeout,
  );
}

export async function assertSectionInView(page: Page, id: string, what: string) {
  const geometry = await settledSection(page, id);
  assert.ok(geometry.found, `${what}: there is no #${id} on ${geometry.path}`);
  assert.ok(geometry.inView, `${what}: #${id} did not end up in view: ${JSON.stringify(geometry)}`);
  assert.equal(geometry.path, '/', `${what}: ended on ${geometry.path}, not the home page`);
  assert.equal(geometry.hash, `#${id}`, `${what}: the address should end in #${id}`);
}

/** Waits until scrolling has stopped (at `expected`, when given) and returns scrollY. */
export async function settledScrollY(page: Page, expected?: number, timeout = 5000): Promise<number> {
  const measure = async () => ({ scrollY: await page.evaluate(() => window.scrollY) });
  const { scrollY } = await settle(
    measure,
    ({ scrollY }) => expected === undefined || Math.abs(scrollY - expected) < 1,
    timeout,
  );
  return scrollY;
}

/** Splits a mailto: link the way a mail application reads it (RFC 6068: '+' is a plus sign). */
export function parseMailto(link: string): { to: string; fields: Map<string, string> } {
  assert.ok(link.startsWith('mailto:'), `${link} is a mailto: link`);
  const rest = link.slice('mailto:'.length);
  const queryAt = rest.indexOf('?');
  const to = decodeURIComponent(queryAt === -1 ? rest : rest.slice(0, queryAt));
  const fields = new Map<string, string>();
  if (queryAt !== -1) {
    for (const pair of rest.slice(queryAt + 1).split('&')) {
      const equals = pair.indexOf('=');
      assert.ok(equals > 0, `"${pair}" is a name=value pair of ${link}`);
      const name = decodeURIComponent(pair.slice(0, equals)).toLowerCase();
      assert.ok(!fields.has(name), `${name} appears once in ${link}`);
      fields.set(name, decodeURIComponent(pair.slice(equals + 1)));
    }
  }
  return { to, fields };
}
