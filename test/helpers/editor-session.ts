/**
 * The editor at /admin/ as a person uses it, for the browser tests of the
 * editor (test/browser-admin.test.ts, test/browser-editor-*.test.ts):
 * `npm run dev` started as a child process on a copy of the fixture content
 * written as the CMS writes it, /admin/ in its local mode, and the person's
 * clicks and key presses counted.
 *
 * The local mode works on a folder the browser opens (File System Access
 * API). A test cannot click through the operating system's folder picker, so
 * the page is handed a folder of the browser's own private file system (the
 * same kind of handle) holding the content, and each file the CMS writes
 * there is written to the dev server's content folder the moment the CMS
 * closes it, as a folder picked on disk would be.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Locator, Page, Route } from 'playwright-core';
import type { RecordedResolver } from '../fixtures/doi/recorded-resolver.ts';
import { parse } from 'yaml';
import { launchChromium, patience } from './browser/chromium.ts';
import { filesOf, seedFolder } from './cms-folder.ts';
import { type DevServer, startDevServer } from './dev-server.ts';
import { writeAsTheEditorDoes } from './editor-style.ts';
import { fixtureContentDir, temporaryFolder } from './site.ts';
import { writeFileAtomic } from '../../scripts/lib/atomic-write.js';
import { escapeRegExp } from '../../src/escape.ts';

/**
 * The page's side of the folder: the picker answers with the private folder "repository", and each file the CMS
 * writes is handed to the test once the CMS closes it. Given as source text: tsx would wrap a named function in a
 * helper the page does not have.
 */
const folderScript = `(() => {
  const root = async () => (await navigator.storage.getDirectory()).getDirectoryHandle('repository', { create: true });
  window.showDirectoryPicker = root;
  const createWritable = FileSystemFileHandle.prototype.createWritable;
  FileSystemFileHandle.prototype.createWritable = async function (...options) {
    const stream = await createWritable.apply(this, options);
    const handle = this;
    const close = stream.close.bind(stream);
    stream.close = async () => {
      await close();
      const parts = await (await root()).resolve(handle);
      // Not the files a test puts in the folder as the person picks it (cms-folder.ts): those are on disk already.
      if (parts && window.__written && !window.__seeding)
        await window.__written(parts.join('/'), await (await handle.getFile()).text());
    };
    return stream;
  };
  // The CMS writes a temporary file and moves it into place: the move is the save.
  const move = FileSystemFileHandle.prototype.move;
  FileSystemFileHandle.prototype.move = async function (...target) {
    const from = await (await root()).resolve(this);
    await move.apply(this, target);
    const to = await (await root()).resolve(this);
    if (from && window.__removed) await window.__removed(from.join('/'));
    if (to && window.__written) await window.__written(to.join('/'), await (await this.getFile()).text());
  };
})();`;

/** What a person did: each click (or tap) and each key pressed, counted as they happen. */
export interface Effort {
  clicks: number;
  keys: number;
}

/** An open /admin/ page, with what it would have sent elsewhere, its policy violations and its errors. */
export interface AdminPage {
  context: BrowserContext;
  page: Page;
  violations: string[];
  errors: string[];
  /** What the person did on this page so far. */
  effort: Effort;
}

export interface EditorSession {
  dev: DevServer;
  browser: Browser;
  /** The repository folder the dev server works on (content/ inside it), named as a checkout is. */
  repository: string;
  /** Requests that left for another host, answered by nobody unless a test's route answered them. */
  offsite: string[];
  onDisk: (file: string) => Promise<string>;
  adminUrl: (hash?: string) => string;
  /**
   * A fresh page at /admin/ in a context of its own (its locale and time zone as given), for a person who asks for
   * less motion unless `motion` says otherwise: the CMS then draws no 200 ms fade at each hover and focus, frames a
   * test would pay for and look at nothing of (test/browser-admin.test.ts keeps the motion most people see).
   */
  openAdmin: (options?: AdminOptions) => Promise<AdminPage>;
  stop: () => Promise<void>;
}

interface AdminOptions {
  locale?: string;
  timezoneId?: string;
  routes?: OffsiteRoute[];
  motion?: 'reduce' | 'no-preference';
}

/** A request to another host that a test answers itself (a stand-in), instead of refusing it. */
export interface OffsiteRoute {
  matches: (url: URL) => boolean;
  answer: (route: Route) => Promise<void>;
}

export interface SessionOptions {
  /** Changes the content copy before the dev server starts (as the CMS writes it already). */
  prepare?: (contentDir: string) => Promise<void>;
}

/** The content without a zone for every event: each timed event names its own. */
export async function noSiteZone(contentDir: string) {
  const site = path.join(contentDir, 'site.yml');
  await writeFile(site, (await readFile(site, 'utf8')).replace(/^timezone: .*\n/m, ''));
  const event = path.join(contentDir, 'news', '2030-03-01-spring-workshop.md');
  await writeFile(
    event,
    (await readFile(event, 'utf8')).replace(/^end: (.*)$/m, 'end: $1\ntimezone: Europe/Amsterdam'),
  );
}

/** Starts the dev server on a copy of the fixture content, and a browser. */
export async function startEditorSession(executablePath: string, options: SessionOptions = {}): Promise<EditorSession> {
  const repository = path.join(await temporaryFolder('eccron-cms-'), 'eccron-site');
  const contentDir = path.join(repository, 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  await rm(path.join(contentDir, 'README.md'), { force: true });
  await options.prepare?.(contentDir);
  await writeAsTheEditorDoes(contentDir);
  const [dev, browser] = await Promise.all([
    startDevServer({ contentDir, outDir: path.join(repository, '..', 'dist') }),
    launchChromium(executablePath),
  ]);
  const offsite: string[] = [];
  const session: EditorSession = {
    dev,
    browser,
    repository,
    offsite,
    onDisk: (file) => readFile(path.join(repository, file), 'utf8'),
    adminUrl: (hash = '') => new URL(`admin/${hash}`, dev.url).href,
    openAdmin: (settings = {}) => openAdmin(session, settings),
    stop: async () => {
      await browser.close();
      dev.stop();
    },
  };
  return session;
}

/**
 * Every address on a host other than `host` (but data: and blob:), as a pattern for `route`, which Playwright matches
 * on its own side: given a function instead, it asks the test about each of the page's requests, the CMS's own files
 * among them, and waits for the answer.
 */
export const offsitePattern = (host: string) => new RegExp(`^(?!(?:data|blob):|https?://${escapeRegExp(host)}/)`);

async function openAdmin(
  session: EditorSession,
  { locale = 'en-US', timezoneId, routes = [], motion = 'reduce' }: AdminOptions,
): Promise<AdminPage> {
  const context = await session.browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: motion,
    locale,
    ...(timezoneId ? { timezoneId } : {}),
  });
  const violations: string[] = [];
  const errors: string[] = [];
  // Offline: whatever would leave for another host is noted and answered by nobody, unless a stand-in answers it.
  await context.route(offsitePattern(new URL(session.dev.url).host), (route) => {
    const url = new URL(route.request().url());
    session.offsite.push(url.href);
    const standIn = routes.find((candidate) => candidate.matches(url));
    return standIn ? standIn.answer(route) : route.abort('internetdisconnected');
  });
  await context.exposeBinding('__cspViolation', (_source, line: string) => violations.push(line));
  // Into place at once, as the browser's own save does (a temporary file moved over the file when the CMS closes it):
  // a file written in two steps, its truncation first, could be built empty by a busy dev server.
  await context.exposeBinding('__written', (_source, file: string, text: string) => {
    assert.ok(file.startsWith('content/'), `the CMS writes inside content/ only, not ${file}`);
    writeFileAtomic(path.join(session.repository, file), text);
  });
  await context.exposeBinding('__removed', (_source, file: string) =>
    rm(path.join(session.repository, file), { force: true }),
  );
  await context.addInitScript(() => {
    const report = (window as unknown as { __cspViolation: (line: string) => void }).__cspViolation;
    window.addEventListener('securitypolicyviolation', (event) =>
      report(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} ${event.sample}`),
    );
  });
  await context.addInitScript(folderScript);
  context.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(String(error)));
  keepHistory(page);
  return { context, page, violations, errors, effort: { clicks: 0, keys: 0 } };
}

/**
 * What the page's main frame loaded and when (each document, each address within one), so that a step that fails
 * because the page went elsewhere says where and when.
 */
const histories = new WeakMap<Page, { opened: number; events: string[] }>();
const secondsSince = (opened: number) => `${((Date.now() - opened) / 1000).toFixed(1)} s`;
function keepHistory(page: Page) {
  const history = { opened: Date.now(), events: [] as string[] };
  const note = (what: string) => history.events.push(`${secondsSince(history.opened)}: ${what}`);
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`at ${frame.url()}`);
  });
  page.on('load', () => note('a document loaded'));
  page.on('crash', () => note('the page crashed'));
  histories.set(page, history);
}

/** What went wrong while waiting for `what`, with what the page last did (from its opening). */
function failedWaiting(page: Page, what: string, error: unknown): Error {
  const history = histories.get(page);
  const last = history ? `; the page, at ${secondsSince(history.opened)}: ${history.events.slice(-8).join(', ')}` : '';
  return new Error(`${(error as Error).message}, waiting for ${what}${last}`, { cause: error });
}

const zoneSessions = new WeakMap<Page, CDPSession>();

/**
 * The browser's time zone from now on, for a page already open ('' for the machine's own), as if the person's computer
 * moved to it: the page's dates read it at once. (Set through DevTools, whose session is kept: its override lasts
 * while it is attached.)
 */
export async function setTimeZone(page: Page, timezoneId: string) {
  let devtools = zoneSessions.get(page);
  if (!devtools) {
    devtools = await page.context().newCDPSession(page);
    zoneSessions.set(page, devtools);
  }
  await devtools.send('Emulation.setTimezoneOverride', { timezoneId });
}

/** Loads /admin/ with the dev server's content in the page's folder, and picks it: the first screen's one button. */
export async function signInLocally(session: EditorSession, { page, effort }: AdminPage) {
  await page.goto(session.adminUrl());
  await seedFolder(page, await filesOf(path.join(session.repository, 'content'), 'content/'));
  await page.getByRole('button', { name: 'Work with Local Repository' }).click();
  effort.clicks += 1;
  await collectionListed(page);
}

/**
 * /admin/ loaded again on a checkout whose files `changed` replaces, once the dev server has built them: what a
 * person whose checkout holds those files sees on opening the editor. For content a test would otherwise spend
 * minutes typing (a list of 60). The entry open, if any, is left first.
 */
export async function reopenWithFolder(session: EditorSession, { page }: AdminPage, changed: Record<string, string>) {
  await leaveEntry(page);
  const checkout = await filesOf(path.join(session.repository, 'content'), 'content/');
  const differing = Object.keys(changed).filter((file) => checkout[file] !== changed[file]);
  // Built before the page opens, as it would be: a build still running would end in the middle of the test, its
  // verdict naming these files as if it were the verdict on the test's own save.
  const from = session.dev.events().length;
  for (const file of differing) writeFileAtomic(path.join(session.repository, file), changed[file]!);
  if (differing.length > 0) await session.dev.builtSince(from, differing);
  await seedFolder(page, { ...checkout, ...changed });
  // The CMS keeps the folder it was given and reads it again as it loads.
  await page.reload();
  await collectionListed(page);
}

/** The CMS's status line says it lists a collection. */
export const collectionListed = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /now viewing/ })
    .waitFor();

/**
 * Back at a collection's list, the entry open (if any) left without saving as a person leaves it: its back arrow,
 * then "Leave without saving" if the editor asks. For a page shared by a file's tests: the next test opens its entry
 * as the files are. Returns whether an entry was open.
 */
export async function leaveEntry(page: Page): Promise<boolean> {
  const back = page.getByRole('button', { name: 'Cancel Editing' });
  if ((await back.count()) === 0) return false;
  // A list of choices left open (by a test that failed mid-choice) takes every click outside it: closed first, as
  // a person would, so that one failure does not make each next test wait out its patience on the back arrow.
  const choices = page.getByRole('listbox').first();
  if (await choices.isVisible()) {
    await page.keyboard.press('Escape');
    await choices.waitFor({ state: 'hidden' });
  }
  await back.click();
  const question = page.getByRole('dialog', { name: 'Leave without saving?' });
  const listed = page.getByRole('status').filter({ hasText: /now viewing/ });
  await question.or(listed).first().waitFor();
  if (await question.isVisible()) await question.getByRole('button', { name: 'Leave without saving' }).click();
  await listed.waitFor();
  return true;
}

/**
 * Opens an entry by its address, and waits for the CMS to say it is editing it. With `admin`, as a person goes
 * there: back from an entry open to its list first (the back arrow, a click), then the two clicks of the list (the
 * collection, the entry) counted. (Opened by its address straight from another entry kept open after a save, the
 * CMS 0.221.1 draws an empty form: a person goes through the list.)
 */
export async function openEntry(page: Page, hash: string, admin?: AdminPage) {
  const back = page.getByRole('button', { name: 'Cancel Editing' });
  if (admin && (await back.count()) > 0) {
    await click(admin, back);
    await collectionListed(page);
  }
  if (admin) admin.effort.clicks += 2;
  await page.evaluate((target) => {
    window.location.hash = target;
  }, `#/collections/${hash}`);
  await page
    .getByRole('status')
    .filter({ hasText: /now (editing|creating)/ })
    .waitFor();
}

/**
 * Scrolls down, as a person does, until `target` is drawn: the CMS draws a long form's fields only as they come
 * into view. Nothing is clicked or typed.
 */
async function scrolledTo(page: Page, target: Locator) {
  for (let turn = 0; turn < 40 && (await target.count()) === 0; turn++) {
    await page.mouse.move(400, 500);
    await page.mouse.wheel(0, 300);
    // Two frames drawn after the wheel: the page has scrolled, and the CMS has drawn what came into view.
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
  }
}

/** The field section labelled `label` (the last one: a list item just added), drawn. */
export async function fieldSection(page: Page, label: string, within: Page | Locator = page) {
  const section = within.getByRole('group', { name: new RegExp(`^\\W*${label}\\W*Field$`) }).last();
  await scrolledTo(page, section);
  return section;
}

/**
 * Picks `option` in a choice field's section, as the form draws it: radio buttons for a few choices (one click), a
 * drop-down for many (two clicks). Waits until the form shows it chosen.
 */
export async function choose(admin: AdminPage, section: Locator, option: string) {
  const radios = section.getByRole('radiogroup');
  const box = section.getByRole('combobox');
  await radios.or(box).first().waitFor();
  if ((await radios.count()) > 0) {
    const radio = radios.getByRole('radio', { name: option, exact: true });
    await radio.check();
    admin.effort.clicks += 1;
    return;
  }
  await click(admin, box);
  await click(admin, admin.page.getByRole('option', { name: option, exact: true }));
  await box.filter({ hasText: option }).waitFor();
}

/**
 * A click, counted, aimed as a person aims: once the target is in view and the form around it is drawn. The CMS
 * draws a list's items and their fields only as they come into view (a 64 px placeholder until then), and after a
 * save it draws the list anew: in the moment after a scroll, the items coming into view grow and push what is below
 * them down, so a click aimed then presses on one spot and is let go on another (the Add button moved 181 px
 * between the two, under load, and no item was added).
 */
export async function click(admin: AdminPage, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await whenShown(
    admin.page,
    'the parts of the form in view drawn',
    () => {
      const form = document.querySelector('[data-entry-draft-root]');
      // A placeholder in view as the CMS sees it (an IntersectionObserver): within the window and every scrolling
      // box around it. (No named functions here: the predicate is sent to the page as its source text.)
      return (
        !form ||
        ![...form.querySelectorAll('div.placeholder:empty')].some((element) => {
          let { top, bottom } = element.getBoundingClientRect();
          for (let box = element.parentElement; box && bottom > top; box = box.parentElement) {
            if (getComputedStyle(box).overflowY === 'visible') continue;
            const edges = box.getBoundingClientRect();
            top = Math.max(top, edges.top);
            bottom = Math.min(bottom, edges.bottom);
          }
          return bottom > Math.max(top, 0) && top < innerHeight;
        })
      );
    },
    undefined,
  );
  await target.click();
  admin.effort.clicks += 1;
}

/** Text typed key by key into `box` (a click into it first), each key counted. */
export async function type(admin: AdminPage, box: Locator, text: string) {
  await click(admin, box);
  await box.pressSequentially(text);
  admin.effort.keys += [...text].length;
}

/** One key, counted. */
export async function press(admin: AdminPage, key: string) {
  await admin.page.keyboard.press(key);
  admin.effort.keys += 1;
}

/** The verdicts the Site build panel has shown so far. */
const verdictsShown = async (page: Page) =>
  Number((await page.locator('#eccron-build-status').getAttribute('data-verdicts')) ?? 0);

/**
 * The page's side of whenShown(): `predicate(arg)` checked at once and again at each change of the document, until
 * it is truthy. Source text, as folderScript is.
 */
const observedScript = `(predicate, arg) => new Promise((resolve) => {
  const observer = new MutationObserver(() => check());
  const check = () => {
    const value = predicate(arg);
    if (!value) return false;
    observer.disconnect();
    resolve(value);
    return true;
  };
  if (!check()) observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})`;

/**
 * The first truthy value of `predicate(arg)` in the page (which reads the document only), checked as the document
 * changes: an event, where waitForFunction checks at every frame and so keeps the page drawing frames, with the GPU
 * process, for as long as the wait lasts (a build of the site, seconds under load). Fails with `what` after `timeout`.
 */
async function whenShown<A, R>(
  page: Page,
  what: string,
  predicate: (arg: A) => R,
  arg: A,
  timeout = patience,
): Promise<Exclude<R, false | undefined | null | 0 | ''>> {
  let guard: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    guard = setTimeout(() => reject(new Error(`not shown within ${timeout / 1000} s`)), timeout);
  });
  try {
    const shown = page.evaluate(`(${observedScript})(${predicate.toString()}, ${JSON.stringify(arg) ?? 'undefined'})`);
    return (await Promise.race([shown, late])) as Exclude<R, false | undefined | null | 0 | ''>;
  } catch (error) {
    throw failedWaiting(page, what, error);
  } finally {
    clearTimeout(guard);
  }
}

/**
 * What was said of a save, once it was said: the site's check passed or refused it (its panel says so), or the
 * CMS's own form refused it first ("form": a field's own alert, such as a required field left empty).
 */
async function checkSaid(page: Page): Promise<string> {
  return whenShown(
    page,
    "the site's check or the form saying something of the save",
    () => {
      const check = document.getElementById('eccron-check-status')?.dataset.check;
      if (check !== undefined && check !== 'checking') return check;
      // A field's own alert, or the CMS's notice that fields have errors (a field out of view is not drawn); not one
      // shown before this save (marked by save()).
      const fieldAlerts = [
        ...document.querySelectorAll<HTMLElement>('[data-entry-draft-root] section [role="alert"]'),
      ].filter((alert) => !alert.dataset.seenBefore);
      const notices = [...document.querySelectorAll<HTMLElement>('[role="alert"]')].filter(
        (alert) => !alert.dataset.seenBefore && /fields? (has|have) an? ?errors?/i.test(alert.textContent ?? ''),
      );
      return fieldAlerts.some((alert) => alert.textContent?.trim()) || notices.length > 0 ? 'form' : false;
    },
    undefined,
  );
}

/**
 * Presses Save once (a click, counted) and waits for what the person sees: the site's check refusing it (the
 * panel says so), or the file written and the build's next verdict naming it. Returns the check's word, the
 * build's verdict (when it passed), and how long from the click to the build's verdict (a product figure, for the
 * report, never asserted).
 */
export async function save(
  admin: AdminPage,
  file: string,
): Promise<{ check: string; verdict?: string; panel: string; milliseconds?: number }> {
  const { page } = admin;
  const shown = await verdictsShown(page);
  await page.locator('#eccron-check-status').evaluate((status) => {
    (status as HTMLElement).dataset.check = 'checking';
    for (const alert of document.querySelectorAll<HTMLElement>('[role="alert"]')) alert.dataset.seenBefore = 'true';
  });
  const started = Date.now();
  await click(admin, page.getByRole('button', { name: 'Save', exact: true }));
  const check = await checkSaid(page);
  const panel = page.getByRole('complementary', { name: /Site build/ });
  if (check !== 'passed') return { check, panel: await panel.innerText() };
  // The verdict as it is the moment it names the file: read afterwards, it can be the next build's "checking" (the
  // dev server hearing one save twice under load starts a second build of it; seen once, with two suites at once).
  const verdict = await whenShown(
    page,
    `the build's verdict on ${file}`,
    ({ shown, file }) => {
      const status = document.getElementById('eccron-build-status');
      const named =
        Number(status?.dataset.verdicts ?? 0) > shown &&
        status?.dataset.verdict !== 'checking' &&
        Boolean(status?.textContent?.includes(file));
      return named ? status?.dataset.verdict : undefined;
    },
    { shown, file },
    60_000,
  );
  const milliseconds = Date.now() - started;
  return { check, verdict, panel: await panel.innerText(), milliseconds };
}

/** The messages the site's check shows at the fields, in order. */
export const fieldMessages = (page: Page) => page.locator('.eccron-field-problem').allInnerTexts();

/** The Access-Control-Allow-Origin Crossref answered the recorded request with (the habanero cassette). */
const recordedOrigin = () => {
  const cassette = parse(
    readFileSync('test/fixtures/doi/recorded/habanero-test_content_negotiation_citeproc_json.yaml', 'utf8'),
  ) as { interactions: { response: { headers: Record<string, string[]> } }[] };
  return cassette.interactions.at(-1)!.response.headers['access-control-allow-origin']![0]!;
};

/** The registries' hosts, answered by the recorded resolver: the DOI is the path's, whatever the registry. */
export function registriesPlayedBy(resolver: RecordedResolver, unreachable: Set<string>): OffsiteRoute {
  const origin = recordedOrigin();
  return {
    matches: (url) => url.host === 'api.crossref.org' || url.host === 'api.datacite.org',
    answer: async (route) => {
      const url = new URL(route.request().url());
      const doi = decodeURIComponent(url.pathname.replace(/^\/(works|dois)\//, '').replace(/\/transform\/.*$/, ''));
      if (unreachable.has(doi)) return route.abort('internetdisconnected');
      const answer = await fetch(`${resolver.url}/${doi}`);
      return route.fulfill({
        status: answer.status,
        headers: {
          'content-type': answer.headers.get('content-type') ?? 'text/plain',
          'access-control-allow-origin': origin,
        },
        body: await answer.text(),
      });
    },
  };
}
