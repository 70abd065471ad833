/**
 * The CMS at /admin/, end to end in Chromium and offline: in its local mode
 * (the one `npm run dev` offers), a maintainer adds a member in a new
 * country, a news item with accented Markdown, a publication under a theme
 * and a new theme through the forms and saves; the build then runs on the
 * files the CMS wrote and the new things are on the site. The local mode
 * works on a folder the browser opens (File System Access API); a test cannot
 * click through the operating system's folder picker, so the page is handed
 * a folder of the browser's own private file system (the same kind of
 * handle) holding a copy of the fixture content, and the files are read back
 * from it after saving.
 */
import assert from 'node:assert/strict';
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { localAdmin } from '../scripts/admin/dev-admin.ts';
import { buildSite } from '../scripts/build-site.ts';
import { runCite } from '../scripts/cite.ts';
import { BuildError } from '../scripts/lib/problems.ts';
import { startStaticServer } from '../scripts/lib/static-server.ts';
import { startRecordedResolver } from './fixtures/doi/recorded-resolver.ts';
import { axeViolations } from './helpers/browser/axe.ts';
import { chromiumArgs, withChromium } from './helpers/browser/chromium.ts';
import { buildIntoTemporaryFolder, fixtureContentDir, readPage, temporaryFolder } from './helpers/site.ts';

/** Every file of a folder, by path relative to it (forward slashes), as text. */
async function filesOf(folder: string, prefix = ''): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    const name = `${prefix}${entry.name}`;
    if (entry.isDirectory()) Object.assign(files, await filesOf(full, `${name}/`));
    else files[name] = await readFile(full, 'utf8');
  }
  return files;
}

/** Puts files into the page's private folder "repository" (with an empty .git, as a checkout has). */
const seedFolder = (page: Page, files: Record<string, string>) =>
  page.evaluate(async (files) => {
    const storage = await navigator.storage.getDirectory();
    await storage.removeEntry('repository', { recursive: true }).catch(() => {});
    const root = await storage.getDirectoryHandle('repository', { create: true });
    await root.getDirectoryHandle('.git', { create: true });
    for (const [file, text] of Object.entries(files)) {
      const parts = file.split('/');
      let folder = root;
      for (const part of parts.slice(0, -1)) folder = await folder.getDirectoryHandle(part, { create: true });
      const writable = await (await folder.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
      await writable.write(text);
      await writable.close();
    }
  }, files);

/**
 * Every file of the page's private folder, as the CMS left it (.git aside).
 * Given as source text: tsx would wrap a named function in a helper the page does not have.
 */
const folderFiles = (page: Page): Promise<Record<string, string>> =>
  page.evaluate(`(async () => {
    const files = {};
    const walk = async (folder, prefix) => {
      for await (const [name, handle] of folder.entries()) {
        if (name === '.git') continue;
        if (handle.kind === 'directory') await walk(handle, prefix + name + '/');
        else files[prefix + name] = await (await handle.getFile()).text();
      }
    };
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle('repository'), '');
    return files;
  })()`);

/** "content/publications.yml:<line>:<column>" of the first line of `text` holding `what`, as the build names it. */
const lineOf = (text: string, what: string) => {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => line.includes(what));
  return `content/publications.yml:${index + 1}:${lines[index]!.indexOf(what) + 1}`;
};

/** The changed and new files of `after` against `before`, as "+file" / "~file" lines. */
const changes = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(after)
    .filter((file) => before[file] !== after[file])
    .map((file) => `${file in before ? '~' : '+'}${file}`)
    .sort();

withChromium('the CMS at /admin/', (executablePath) =>
  describe('the CMS at /admin/', () => {
    let browser: Browser;
    let baseUrl: string;
    let closeServer: () => Promise<void>;
    /** The content the CMS's configuration is made from while the tests run: the files it saved, as on disk. */
    let liveContent: string;
    let fixtureFiles: Record<string, string>;
    const offsite: string[] = [];
    const screenshots = process.env.ECCRON_CMS_SCREENSHOTS;

    before(async () => {
      fixtureFiles = await filesOf(fixtureContentDir, 'content/');
      delete fixtureFiles['content/README.md'];
      liveContent = path.join(await temporaryFolder('eccron-cms-'), 'content');
      await cp(fixtureContentDir, liveContent, { recursive: true });
      const [{ outDir }, launched] = await Promise.all([
        buildIntoTemporaryFolder(),
        chromium.launch({ executablePath, args: chromiumArgs }),
      ]);
      browser = launched;
      // As `npm run dev` serves it: the configuration made from the files as they are now.
      const server = await startStaticServer({
        root: outDir,
        intercept: localAdmin({ contentDir: liveContent, outDir }),
      });
      baseUrl = server.url;
      closeServer = server.close;
    });
    after(async () => {
      await browser?.close();
      await closeServer?.();
    });

    /** A page of a fresh context that reaches nothing beyond this machine, with its CSP violations and errors watched. */
    async function openAdmin(locale = 'en-US'): Promise<{
      context: BrowserContext;
      page: Page;
      violations: string[];
      errors: string[];
    }> {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
      const violations: string[] = [];
      const errors: string[] = [];
      // Offline: whatever would leave this machine is noted and answered by nobody.
      await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => {
        offsite.push(route.request().url());
        return route.abort('internetdisconnected');
      });
      await context.exposeBinding('__cspViolation', (_source, line: string) => violations.push(line));
      await context.addInitScript(() => {
        const report = (window as unknown as { __cspViolation: (line: string) => void }).__cspViolation;
        window.addEventListener('securitypolicyviolation', (event) =>
          report(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} ${event.sample}`),
        );
        // The folder picker, answered with the browser's private folder "repository".
        (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker =
          async () => (await navigator.storage.getDirectory()).getDirectoryHandle('repository', { create: true });
      });
      context.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(String(error)));
      return { context, page, violations, errors };
    }

    const adminUrl = (hash = '') => new URL(`admin/${hash}`, baseUrl).href;

    async function signInLocally(page: Page, files: Record<string, string>) {
      entered = [];
      await page.goto(adminUrl());
      await seedFolder(page, files);
      await page.getByRole('button', { name: 'Work with Local Repository' }).click();
      await page
        .getByRole('link', { name: /Site and lists/ })
        .or(page.getByText('Site and lists').first())
        .waitFor();
    }

    const shoot = async (page: Page, name: string) => {
      if (screenshots) await page.screenshot({ path: path.join(screenshots, `${name}.png`) });
    };

    async function openEntry(page: Page, hash: string) {
      await page.evaluate((target) => {
        window.location.hash = target;
      }, `#/collections/${hash}`);
      await page
        .getByRole('status')
        .filter({ hasText: /now (editing|creating)/ })
        .waitFor();
    }

    /**
     * What was typed or chosen in the form since the last save, each with a way
     * to see that the form still shows it: save() looks them over first, as a
     * person does, and fails if one is gone (it never enters anything again).
     */
    let entered: { what: string; holds: () => Promise<boolean> }[] = [];

    /** Types `text` into `box` (and remembers it, for save() to look over). */
    async function enter(box: Locator, label: string, text: string) {
      await box.fill(text);
      entered.push({ what: `"${label}"`, holds: async () => (await box.inputValue()) === text });
    }

    /** Types `text` into the field labelled `label`, the last one (a list item just added). */
    const typeInto = async (page: Page, label: string, text: string, within: Page | Locator = page) =>
      enter(await field(page, label, within), label, text);

    /**
     * Saves once: the form must still show everything entered, then Save is
     * clicked once and the CMS either closes the editor (saved) or says beside
     * each field concerned why it refused, which fails the test with those words.
     */
    async function save(page: Page) {
      const items = entered;
      entered = [];
      const lost: string[] = [];
      for (const item of items) if (!(await item.holds())) lost.push(item.what);
      assert.deepEqual(lost, [], 'the form no longer shows what was entered');
      const refusals = page
        .getByRole('group')
        .filter({ has: page.getByRole('alert').filter({ hasText: /field|expected/i }) });
      await page.getByRole('button', { name: 'Save' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /now viewing/ })
        .or(refusals)
        .first()
        .waitFor();
      const refused = await refusals.evaluateAll((groups) =>
        // The innermost groups: the fields themselves, not the lists and the form around them.
        groups
          .filter((group) => !groups.some((other) => other !== group && group.contains(other)))
          .map((group) => {
            const label =
              group.getAttribute('aria-label') ??
              (group.getAttribute('aria-labelledby') ?? '')
                .split(' ')
                .map((id) => document.getElementById(id)?.textContent?.trim())
                .join(' ');
            return `${label}: ${group.querySelector('[role="alert"]')?.textContent?.trim()}`;
          }),
      );
      assert.deepEqual(refused, [], 'the CMS refused to save');
      await collectionListed(page);
    }

    /** The editor is closed and a collection is listed: the CMS's status line says it. */
    const collectionListed = (page: Page) =>
      page
        .getByRole('status')
        .filter({ hasText: /now viewing/ })
        .waitFor();

    /** Loads /admin/ again (on the same folder), as a person does with the browser's reload button. */
    async function reloadAdmin(page: Page) {
      await page.reload();
      await collectionListed(page);
    }

    /**
     * Presses "Add <item>" once, from the keyboard, and waits for the new item's first field. Not a pointer click: the
     * CMS draws a long list's items only as they come into view, so the button can still move down under the pointer
     * after it has been scrolled to, and a click then lands beside it (seen under a busy core: "Add Publication" below
     * a theme of ten entries added nothing). A person sees the button move and aims again; a key press on the focused
     * button cannot miss, and is how a keyboard user adds an item.
     */
    async function addItem(within: Page | Locator, item: string, firstField: string) {
      const fields = within.getByRole('textbox', { name: firstField, exact: true });
      const before = await fields.count();
      await within.getByRole('button', { name: new RegExp(`^Add\\W*${item}\\W*$`) }).press('Enter');
      await scrolledTo('page' in within ? within.page() : within, fields.nth(before));
      await fields.nth(before).waitFor();
    }

    /**
     * Scrolls down, as a person does, until `target` is drawn: the CMS draws a long form's fields only as they come
     * into view. Nothing is clicked or typed again.
     */
    async function scrolledTo(page: Page, target: Locator) {
      for (let turn = 0; turn < 40 && (await target.count()) === 0; turn++) {
        await page.mouse.move(400, 500);
        await page.mouse.wheel(0, 300);
        await page.waitForTimeout(50);
      }
    }

    /** Picks `option` in the choice field labelled `label`: radio buttons for a few choices, a drop-down for many. */
    async function choose(page: Page, label: string, option: string, within: Page | Locator = page) {
      const what = `"${label}" (${option})`;
      const radios = within.getByRole('radiogroup', { name: label, exact: true }).last();
      if ((await radios.count()) > 0) {
        // check(), not click(): it also waits until the form shows the choice as made.
        const radio = radios.getByRole('radio', { name: option, exact: true });
        await radio.check();
        entered.push({ what, holds: () => radio.isChecked() });
        return;
      }
      const box = within.getByRole('combobox', { name: label, exact: true }).last();
      await box.click();
      await page.getByRole('option', { name: option, exact: true }).click();
      // The drop-down closes and shows the choice: what a person waits for before going on.
      await box.filter({ hasText: option }).waitFor();
      entered.push({ what, holds: async () => (await box.innerText()).includes(option) });
    }

    /** The text box of the field labelled `label`, the last one on the page (a list item just added). */
    async function field(page: Page, label: string, within: Page | Locator = page) {
      const box = within.getByRole('textbox', { name: label, exact: true }).last();
      await scrolledTo(page, box);
      return box;
    }

    test('the login page: axe finds nothing, and its CSP holds without a violation', async () => {
      const { context, page, violations, errors } = await openAdmin();
      try {
        // The CMS's check for a newer version, asked of the site itself.
        const versionCheck = page.waitForResponse((answer) => answer.url().endsWith('/admin/sveltia-cms/package.json'));
        const response = await page.goto(adminUrl());
        assert.match(
          response!.headers()['content-security-policy'] ?? '',
          /connect-src 'self'[^;]*https:\/\/api\.github\.com/,
        );
        assert.equal(response!.headers()['x-robots-tag'], 'noindex, nofollow');
        await page.getByRole('button', { name: 'Work with Local Repository' }).waitFor();
        assert.equal((await versionCheck).status(), 200);
        await shoot(page, '1-login');
        assert.deepEqual(await axeViolations(page), []);
        assert.deepEqual(violations, [], 'no CSP violation on /admin/');
        assert.deepEqual(errors, []);
        assert.equal(
          await page.evaluate(() => document.querySelector('meta[name="robots"]')?.getAttribute('content')),
          'noindex, nofollow',
        );
      } finally {
        await context.close();
      }
    });

    test('a member in a new country, a news item, a publication and a theme, saved through the forms, build and show on the site', async (t) => {
      const { context, page, violations, errors } = await openAdmin();
      try {
        await signInLocally(page, fixtureFiles);
        const sync = async () => {
          const files = await folderFiles(page);
          for (const [file, text] of Object.entries(files)) {
            if (!file.startsWith('content/')) continue;
            await mkdir(path.dirname(path.join(liveContent, '..', file)), { recursive: true });
            await writeFile(path.join(liveContent, '..', file), text);
          }
          return files;
        };

        // A new country, saved first: the member's country is chosen from the saved list.
        await openEntry(page, 'settings/entries/members');
        await addItem(page, 'Country', 'Country');
        await typeInto(page, 'Country', 'Ruritania');
        await save(page);
        // In the same sitting, without loading /admin/ again: the new country is one of the member's choices at once.
        await openEntry(page, 'settings/entries/members');
        await addItem(page, 'Member', 'Name');
        await typeInto(page, 'Name', 'Zoë Ćosić-Example');
        await choose(page, 'Country', 'Ruritania');
        await typeInto(page, 'Institution', 'Université d’Exemple');
        await shoot(page, '2-member');
        await save(page);

        // A news item with accented Markdown.
        await openEntry(page, 'news/new');
        await typeInto(page, 'Title', 'Réunion à Zürich');
        await enter(page.getByLabel('Date').last(), 'Date', '2031-05-04');
        await typeInto(page, 'Link', 'https://example.org/réunion');
        await choose(page, 'Type', 'Event');
        await page.getByRole('textbox', { name: 'Summary' }).click();
        await page.keyboard.type('Les membres se retrouvent à **Zürich** pour l’atelier « Évaluation ».');
        await shoot(page, '3-news');
        await save(page);

        // A new theme.
        await openEntry(page, 'settings/entries/themes');
        await addItem(page, 'Theme', 'ID');
        await typeInto(page, 'ID', 'bilingual-testing');
        await typeInto(page, 'Title', 'Bilingual Testing');
        await typeInto(page, 'Description', 'Testing people in both of their languages.');
        await choose(page, 'Icon', 'book');
        await choose(page, 'Color', 'violet');
        await shoot(page, '4-theme');
        await save(page);
        await sync();
        await reloadAdmin(page);

        // Its publications list appears once /admin/ is loaded again. Under a theme of before, a paper as its DOI alone
        // (one the loopback resolver has a recorded Crossref answer for); under the new theme, one without a DOI, typed.
        await openEntry(page, 'settings/entries/publications');
        const firstTheme = page.getByRole('group', { name: /The First Example Theme\W*Field/ });
        await addItem(firstTheme, 'Publication', 'Authors');
        await typeInto(page, 'DOI', '10.1126/science.169.3946.635', firstTheme);
        const newTheme = page.getByRole('group', { name: /Bilingual Testing\W*Field/ });
        await addItem(newTheme, 'Publication', 'Authors');
        await typeInto(page, 'Authors', 'Example, A.', newTheme);
        await choose(page, 'Year', '2030', newTheme);
        await typeInto(page, 'Title', 'Made-up findings in two languages', newTheme);
        await typeInto(page, 'Web address', 'https://example.org/two-languages', newTheme);
        await shoot(page, '5-publications');
        await save(page);

        const written = await sync();
        t.diagnostic(`files the CMS saved: ${changes(fixtureFiles, written).join(' ')}`);
        if (screenshots) {
          for (const file of changes(fixtureFiles, written)) {
            const name = file.slice(1).replaceAll('/', '_');
            await writeFile(path.join(screenshots, `${name}.before`), fixtureFiles[file.slice(1)] ?? '');
            await writeFile(path.join(screenshots, `${name}.after`), written[file.slice(1)]!);
          }
        }
        assert.deepEqual(violations, [], 'no CSP violation while editing');
        assert.deepEqual(errors, []);

        // The build runs on exactly what the CMS wrote: it refuses the paper saved as its DOI alone, with the command
        // that fills it in, and nothing else.
        const outDir = path.join(await temporaryFolder(), 'dist');
        const refused = await buildSite({ contentDir: liveContent, outDir }).then(
          () => [],
          (error: unknown) => (error instanceof BuildError ? error.problems : Promise.reject(error)),
        );
        assert.deepEqual(
          refused.map((problem) => `${problem.where.replace(/^.*content\//, 'content/')}: ${problem.message}`),
          [
            `${lineOf(written['content/publications.yml']!, '10.1126/science.169.3946.635')} › first-example[2] › doi: holds only a DOI, not yet a citation: run npm run cite -- fill to fill in its authors, year, title and the rest from the DOI (on the live site, the pull request's "Fill publications" check does it)`,
          ],
        );
        // cite fill, as a maintainer runs it (or the pull request's check does), against the loopback resolver.
        const resolver = await startRecordedResolver();
        try {
          const printed: string[] = [];
          const code = await runCite(['fill', '--content', liveContent], {
            print: (line) => printed.push(line),
            resolver: { resolver: resolver.url, backoffMs: 10, timeoutMs: 5_000 },
          });
          assert.equal(code, 0, printed.join('\n'));
        } finally {
          await resolver.close();
        }
        // Then it builds, and the new things are on the site.
        await buildSite({ contentDir: liveContent, outDir });
        const home = await readPage(outDir, '/');
        assert.ok(home.includes('Zoë Ćosić-Example'), 'the new member is in the directory');
        assert.ok(home.includes('Ruritania'), 'under the new country');
        assert.ok(home.includes('Réunion à Zürich'), 'the news item is on the home page');
        assert.ok(home.includes('<strong>Zürich</strong>'), 'its Markdown is rendered');
        const theme = await readPage(outDir, '/research/bilingual-testing');
        assert.ok(theme.includes('Bilingual Testing') && theme.includes('Made-up findings in two languages'));
        const first = (await readPage(outDir, '/research/first-example')).replace(/<[^>]+>/g, '');
        assert.ok(
          first.includes(
            'Frank, H. S. (1970). The Structure of Ordinary Water: New data and interpretations are yielding new insights into this fascinating substance. Science, 169(3946), 635–641.',
          ),
          'the paper saved as its DOI shows as its full citation under its theme',
        );
      } catch (error) {
        await shoot(page, 'failure');
        if (process.env.ECCRON_CMS_DEBUG) console.log(await page.locator('body').ariaSnapshot());
        throw error;
      } finally {
        await context.close();
      }
    });

    test('a required field left empty: the CMS refuses to save, and no file is written', async () => {
      const { context, page } = await openAdmin();
      try {
        await signInLocally(page, fixtureFiles);
        await openEntry(page, 'news/new');
        await typeInto(page, 'Link', 'https://example.org/');
        await choose(page, 'Type', 'Event');
        await page.getByRole('button', { name: 'Save' }).click();
        // The title (and the date, and the summary) are required: the CMS says so beside the field and stays in the form.
        const title = page.getByRole('group', { name: /\WTitle\W*Field/ });
        await title.getByRole('alert').filter({ hasText: 'This field is required.' }).waitFor();
        await shoot(page, '6-required');
        assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 1, 'still editing');
        assert.deepEqual(changes(fixtureFiles, await folderFiles(page)), [], 'nothing was saved');
      } finally {
        await context.close();
      }
    });

    test('in a French browser the CMS speaks French, its translation served by the site', async () => {
      const { context, page, violations, errors } = await openAdmin('fr-FR');
      try {
        await page.goto(adminUrl());
        await page.getByRole('button', { name: 'Travailler avec un dépôt local' }).waitFor();
        assert.deepEqual(violations, []);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });

    test('no request left for another origin than GitHub’s while the tests above loaded and used /admin/', () => {
      // GitHub's own: its API and sign-in, its status page, its avatars and raw files.
      const github = /^(?:github\.com|api\.github\.com|www\.githubstatus\.com|[a-z]+\.githubusercontent\.com)$/;
      const elsewhere = offsite.filter((url) => !github.test(new URL(url).host));
      assert.deepEqual(elsewhere, []);
    });
  }),
);
