/**
 * The browser of one test file: one Chromium and one static server serving a
 * site built into a temporary folder the way a static host does (with the
 * _headers CSP), and a pool of watched pages handed from test to test. Every
 * page is watched for the problems a visitor would notice: console errors,
 * uncaught exceptions, failed requests, error responses and CSP violations.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, type TestContext } from 'node:test';
import type { Browser, BrowserContext, ConsoleMessage, Page, Request } from 'playwright-core';
import { startStaticServer } from '../../../scripts/lib/static-server.ts';
import { builtSite } from '../site.ts';
import { launchChromium, withChromium } from './chromium.ts';
import { desktop } from './fixture-site.ts';

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

export interface SessionOptions {
  width?: number;
  height?: number;
  javaScriptEnabled?: boolean;
  /** 'no-preference' (smooth scrolling, the default) or 'reduce'. */
  reducedMotion?: 'reduce' | 'no-preference';
  /** The visitor's colour scheme (prefers-color-scheme): light unless asked. */
  colorScheme?: 'light' | 'dark';
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
  /**
   * Where a page waits between tests: a small file of the site (its robots.txt), or about:blank where the site has
   * none. Same-origin, so that the next test's page loads in the renderer process the last one used: from about:blank,
   * a page of the site starts a new renderer, which doubled Chromium's CPU time for a test's first page.
   */
  private restingUrl = 'about:blank';
  private closeServer?: () => Promise<void>;
  private sessions: PooledSession[] = [];
  private idle: PooledSession[] = [];

  constructor(private readonly executablePath: string) {}

  async start(root?: () => Promise<string>, basePath = '') {
    const [folder, browser] = await Promise.all([
      root ? root() : builtSite().then((site) => site.outDir),
      launchChromium(this.executablePath),
    ]);
    this.browser = browser;
    this.outDir = folder;
    const server = await startStaticServer({ root: folder, basePath });
    this.baseUrl = server.url;
    this.closeServer = server.close;
    if (existsSync(join(folder, 'robots.txt'))) this.restingUrl = this.url('/robots.txt');
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
   * at the viewport, motion preference and colour scheme asked for. Starting a browser
   * context (a renderer process) costs far more CPU than loading a page, so a
   * page a test has finished with goes back to a pool and is handed to the
   * next test that needs the same JavaScript setting (the one option a page
   * cannot change), reset: a document of nothing (restingUrl), the viewport, motion
   * preference and colour scheme set anew, empty problem lists. Nothing of the site survives
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
    await session.page.emulateMedia({
      reducedMotion: options.reducedMotion ?? 'no-preference',
      colorScheme: options.colorScheme ?? 'light',
      media: 'screen',
    });
    session.problems.clear();
    session.navigations.length = 0;
    t?.after(async () => {
      await session.page.goto(this.restingUrl);
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
 * Holds the islands' script back, as a slow network would, until the returned
 * function is called; the page keeps its built HTML meanwhile.
 */
export async function holdIslandsScript(page: Page, t: TestContext): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/islands-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  t.after(() => page.unrouteAll({ behavior: 'ignoreErrors' }));
  return release;
}

/**
 * Declares the test file's browser suite: one browser and one static server
 * for the whole file. Without a Chromium executable its tests are declared
 * skipped, except in CI (CI=true), where that is a failure (withChromium).
 */
export function browserSuite(
  name: string,
  body: (env: BrowserEnv) => void,
  options: { root?: () => Promise<string>; basePath?: string; concurrency?: number } = {},
) {
  withChromium(name, (executablePath) =>
    // Tests of a suite may share the browser concurrently: each has its own context.
    describe(name, { concurrency: options.concurrency ?? 1 }, () => {
      const env = new BrowserEnv(executablePath);
      before(() => env.start(options.root, options.basePath));
      after(() => env.stop());
      body(env);
    }),
  );
}

export function assertNoProblems(problems: PageProblems, where: string) {
  assert.deepEqual(problems.list(), [], `${where}: the page reported problems`);
}
