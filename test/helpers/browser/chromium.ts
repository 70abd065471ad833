/**
 * Finding the Chromium the browser tests drive (scripts/lib/chromium.ts). A
 * browser is never downloaded. Without one, under scripts/test.ts, every
 * browser test is declared skipped with the reason, so that the runner counts
 * each test that did not run, and scripts/test.ts ends with a banner saying
 * how many; in CI (CI=true) a missing browser is a failure instead.
 */
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { test } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { chromiumArgs, findChromium, skippedBrowserTestsLog } from '../../../scripts/lib/chromium.ts';
import { sharedBrowserVariable } from '../../../scripts/lib/test-run.ts';

/**
 * How long a step may wait for what it waits for (a page's load, an element,
 * a function's result) before the test fails, instead of Playwright's 30 s:
 * a step waits for an event, and a busy machine (two test runs and more on two
 * cores) took longer than 30 s to load /admin/ and its 2 MB of script. A step
 * still waiting after five minutes is stuck on any machine.
 */
export const patience = 5 * 60_000;

/** The browser, every context and page it makes waiting as long as `patience` by default. */
function patient(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(patience);
    return context;
  };
  browser.newPage = async (options) => {
    const page = await newPage(options);
    page.context().setDefaultTimeout(patience);
    page.setDefaultTimeout(patience);
    return page;
  };
  return browser;
}

/**
 * The Chromium of the whole run (scripts/test.ts starts one for every test
 * file), or, in a file run alone, one launched for it. Each caller gets a
 * browser of its own to make contexts in; close() closes those and, for a
 * browser launched here, the browser.
 */
export async function launchChromium(executablePath: string): Promise<Browser> {
  const shared = process.env[sharedBrowserVariable];
  return patient(await (shared ? chromium.connect(shared) : chromium.launch({ executablePath, args: chromiumArgs })));
}

/** What without-browser.ts shares with withChromium(), on globalThis under this key. */
export const withoutBrowserKey = Symbol.for('eccron.without-browser');
export interface WithoutBrowser {
  /** Set while withChromium() declares tests that cannot run. */
  reason?: string;
  /** Tests declared skipped so far. */
  count: number;
}

/**
 * Declares the browser tests of `declare`, which get the Chromium to launch.
 * Without one, they are declared each skipped with the reason when
 * scripts/test.ts preloaded without-browser.ts, else stand in one skipped
 * test; in CI one failing test says that a browser is required.
 */
export function withChromium(name: string, declare: (executablePath: string) => void): void {
  const { executablePath, problem = '' } = findChromium();
  if (executablePath) {
    declare(executablePath);
    return;
  }
  if (process.env.CI === 'true') {
    test(`${name}: a Chromium executable is required in CI`, () => assert.fail(problem));
    return;
  }
  const withoutBrowser = (globalThis as { [withoutBrowserKey]?: WithoutBrowser })[withoutBrowserKey];
  const log = process.env[skippedBrowserTestsLog];
  if (!withoutBrowser || !log) {
    process.stderr.write(`\n!!! SKIPPING browser tests "${name}": ${problem}\n\n`);
    test(name, { skip: problem }, () => {});
    return;
  }
  const before = withoutBrowser.count;
  withoutBrowser.reason = `no browser: ${problem}`;
  try {
    declare('');
  } finally {
    withoutBrowser.reason = undefined;
  }
  appendFileSync(log, `${JSON.stringify({ name, count: withoutBrowser.count - before, problem })}\n`);
}
