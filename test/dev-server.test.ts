/**
 * npm run dev (scripts/dev/: server.ts, worker.ts, client.ts), started as a child
 * process. Tests that edit src/ run it in a temporary copy of the project
 * (src/, scripts/, public/ and a link to node_modules), never in this one.
 *
 * Two servers, each started once for the file: one on this project for the
 * tests that edit content, one on a copy for those that edit src/; each test
 * puts back the files it changed and waits until the server has built them,
 * so that the next finds the server as it started. A test waits on the build
 * whose verdict names the file it changed (buildOf), on an error, or on a
 * stylesheet swap, never on whichever reload comes next, which a build left
 * over from the test before could send. The atomic saves, whose every reload
 * is awaited in turn, have a server of their own.
 */
import assert from 'node:assert/strict';
import { cp, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import type { Page } from 'playwright-core';
import { launchChromium, withChromium } from './helpers/browser/chromium.ts';
import { startRecordedResolver } from './fixtures/doi/recorded-resolver.ts';
import { heardAgain, remember, type Stamps } from '../scripts/dev/heard.ts';
import { whenSettled } from '../scripts/dev/settle.ts';
import { DrivenClock } from './helpers/clock.ts';
import { type DevServer, startDevServer } from './helpers/dev-server.ts';
import { projectCopy, temporaryFolder } from './helpers/site.ts';

/** Where the screenshots for the docs go (ECCRON_CMS_SCREENSHOTS=<folder>); none are taken otherwise. */
const screenshots = process.env.ECCRON_CMS_SCREENSHOTS;

type Dev = DevServer & { contentDir: string };

/** Starts the dev server of `project` on a copy of the fixture content and waits for its first build. */
async function startDev(project = path.resolve('.'), env: Record<string, string> = {}): Promise<Dev> {
  const folder = await temporaryFolder();
  const contentDir = path.join(folder, 'content');
  await cp(path.resolve('test/fixtures/content'), contentDir, { recursive: true });
  const dev = await startDevServer({ contentDir, outDir: path.join(folder, 'dist'), project, env });
  return { ...dev, contentDir };
}

/** A server of this test's own, stopped when the test ends. */
async function startOwnDev(): Promise<Dev> {
  const dev = await startDev();
  after(dev.stop);
  return dev;
}

let onContent: Promise<Dev> | undefined;
let onSource: Promise<Dev & { project: string }> | undefined;
let resolver: Awaited<ReturnType<typeof startRecordedResolver>> | undefined;
// Here, not in the test that starts them: a hook added inside a test runs when that test ends.
after(async () => {
  for (const started of [onContent, onSource]) (await started?.catch(() => undefined))?.stop();
  await resolver?.close();
});

/** The dev server of this project, asking the recorded registry answers for a fill; started by the first test that asks. */
function contentServer(): Promise<Dev> {
  onContent ??= (async () => {
    resolver = await startRecordedResolver();
    return startDev(path.resolve('.'), { DOI_RESOLVER: resolver.url });
  })();
  return onContent;
}

/** The dev server of a copy of this project, for the tests that edit src/. */
function sourceServer(): Promise<Dev & { project: string }> {
  onSource ??= (async () => {
    const project = await projectCopy();
    return { ...(await startDev(project)), project };
  })();
  return onSource;
}

/**
 * Runs `body` on `dev` with `files` as they are, then writes back those it changed and waits until the server has
 * built them (each file as the verdicts name it, under `root`: the content folder's parent, or the project).
 */
async function keeping(dev: Dev, files: string[], root: string, body: () => Promise<void>) {
  const kept = await Promise.all(files.map((file) => readFile(file, 'utf8')));
  try {
    await body();
  } finally {
    const from = dev.events().length;
    const changed: string[] = [];
    for (const [index, file] of files.entries())
      if ((await readFile(file, 'utf8')) !== kept[index]) {
        await writeFile(file, kept[index]!);
        changed.push(path.relative(root, file).split(path.sep).join('/'));
      }
    if (changed.length > 0) await dev.builtSince(from, changed);
  }
}

/** The same, for files of the content folder. */
const keepingContent = (dev: Dev, files: string[], body: () => Promise<void>) =>
  keeping(dev, files, path.dirname(dev.contentDir), body);

/** The news item the tests edit, and its name in the verdicts. */
const newsItem = 'news/2023-06-01-newer-example.md';
const newsInVerdicts = `content/${newsItem}`;

test('npm run dev rebuilds on a content edit, shows a content error on the page and keeps serving', async () => {
  const dev = await contentServer();
  const { url, contentDir, nextEvent } = dev;
  // What the server printed during this test.
  const from = dev.output().length;
  const newsFile = path.join(contentDir, newsItem);
  await keepingContent(dev, [newsFile], async () => {
    const home = await (await fetch(url)).text();
    assert.match(
      home,
      /<script type="module" src="\/__dev\/client\.js"><\/script><\/head>/,
      'pages get the reload script',
    );

    const news = await readFile(newsFile, 'utf8');
    const next = nextEvent('error');
    await writeFile(newsFile, news.replace('date: 2023-06-01', 'date: 2023-06-99'));
    assert.match(
      await next,
      /news\/2023-06-01-newer-example\.md:3:7 › date: expected a real calendar date: June 2023 has 30 days, found "2023-06-99"/,
    );
    // The terminal shows it too: printed ahead of the event, on another channel, so it may be read after it.
    await dev.printed(from, /news\/2023-06-01-newer-example\.md:3:7 › date/);
    assert.equal((await fetch(url)).status, 200, 'the server still serves the last good build');

    const before = dev.events().length;
    await writeFile(
      newsFile,
      news.replace('title: A newer example update', 'title: An update edited while the server runs'),
    );
    // The build of the mistaken save may still end after `before` (a save the watcher heard twice, under load):
    // the open pages reload once the mended save is built.
    const mended = await dev.buildOf<Verdict>(before, newsInVerdicts, ['reload']);
    assert.equal(mended.verdict.ok, true, 'the mended save builds');
    assert.match(await (await fetch(url)).text(), /An update edited while the server runs/);
    await dev.printed(from, /rebuilt in \d+ ms \(content and pages only\)/);
  });
});

/** A verdict as the dev server sends it (scripts/dev/verdicts.ts). */
interface Verdict {
  ok: boolean;
  files: string[];
  problems: { where: string; message: string; place?: { label: string; hash: string } }[];
  pending: { where: string; message: string; place?: { label: string; hash: string; keyPath?: string } }[];
}

/** The fixture's publications with a paper typed as its DOI alone under first-example, as the CMS saves it. */
async function addDoiOnly(contentDir: string) {
  const file = path.join(contentDir, 'publications.yml');
  const text = await readFile(file, 'utf8');
  const at = text.indexOf('\nsecond-example:');
  await writeFile(file, `${text.slice(0, at)}\n  - doi: 10.1126/science.169.3946.635\n${text.slice(at)}`);
  return { file, line: text.slice(0, at).split('\n').length + 1 };
}

test('npm run dev shows a publication that holds only a DOI as pending, names it in one line with the command that fills it, and keeps building', async () => {
  const dev = await contentServer();
  const { url, contentDir } = dev;
  const from = dev.output().length;
  const output = () => dev.output().slice(from);
  const newsFile = path.join(contentDir, newsItem);
  await keepingContent(dev, [path.join(contentDir, 'publications.yml'), newsFile], async () => {
    const asked = dev.events().length;
    const { line } = await addDoiOnly(contentDir);
    const { verdict, end } = await dev.buildOf<Verdict>(asked, 'content/publications.yml');
    const { ok, files, pending } = verdict;
    assert.equal(end, 'reload', 'the open pages reload');
    assert.equal(ok, true, 'the preview builds');
    assert.deepEqual(files, ['content/publications.yml'], 'the verdict names the file whose change started the build');
    assert.equal(pending.length, 1);
    assert.match(pending[0]!.where, new RegExp(`publications\\.yml:${line}:10 › first-example\\[2\\] › doi$`));
    assert.match(pending[0]!.message, /^holds only a DOI: shown as pending in this preview; npm run build refuses it/);
    assert.deepEqual(pending[0]!.place, {
      label: 'Site and lists › Publications › The First Example Theme › “10.1126/science.169.3946.635” › DOI',
      hash: '#/collections/settings/entries/publications',
      keyPath: 'first-example.2.doi',
    });
    const page = await (await fetch(new URL('/research/first-example/', url))).text();
    assert.match(
      page,
      /Details to be filled in from the DOI<\/p><a href="https:\/\/doi\.org\/10\.1126\/science\.169\.3946\.635"/,
    );
    // Printed ahead of the build's "rebuilt in" line, on the terminal, which may be read after the build's event.
    await dev.printed(from, /Only a DOI, not yet a citation:[^\n]*\n[\s\S]*rebuilt in/);
    // One line in the build that named it; a save the watcher hears again once that build has begun is built (and
    // named) again, which two test runs on two cores made happen.
    const named = (printed: string) => printed.includes('Only a DOI, not yet a citation:');
    const build = output()
      .split(/^.*rebuilt in.*$/m)
      .find(named);
    const lines = (build ?? '').split('\n').filter(named);
    assert.equal(lines.length, 1, output());
    assert.ok(lines[0]!.includes(`:${line}:10 › first-example[2] › doi; fill it with npm run cite -- fill`), lines[0]);
    // A later edit still reaches the preview.
    const before = dev.events().length;
    await writeFile(
      newsFile,
      (await readFile(newsFile, 'utf8')).replace(
        'title: A newer example update',
        'title: Edited beside the pending DOI',
      ),
    );
    assert.equal((await dev.buildOf(before, newsInVerdicts)).end, 'reload');
    assert.match(await (await fetch(url)).text(), /Edited beside the pending DOI/);
  });
});

test('npm run dev keeps seeing a content file that is replaced by rename (an atomic save, a checkout), save after save', async () => {
  const { url, contentDir, nextEvent } = await startOwnDev();
  const newsFile = path.join(contentDir, 'news', '2023-06-01-newer-example.md');
  const news = await readFile(newsFile, 'utf8');
  // Written beside the content folder and renamed over the file, as editors and git do: the file's inode changes every time.
  const aside = path.join(path.dirname(contentDir), 'saving.tmp');
  const saves: [string, () => Promise<void>][] = ['First', 'Second', 'Third'].map((word) => [
    `${word} atomic save`,
    async () => {
      await writeFile(aside, news.replace('title: A newer example update', `title: ${word} atomic save`));
      await rename(aside, newsFile);
    },
  ]);
  saves.push([
    'A plain write afterwards',
    () => writeFile(newsFile, news.replace('title: A newer example update', 'title: A plain write afterwards')),
  ]);
  for (const [title, save] of saves) {
    const next = nextEvent('reload');
    await save();
    await next;
    assert.match(await (await fetch(url)).text(), new RegExp(title), `${title} is on the page`);
  }
});

test('a save made in several steps starts one build, once no change has come for 40 ms (on a driven clock)', () => {
  const clock = new DrivenClock();
  let builds = 0;
  const changed = whenSettled(() => (builds += 1), { clock });
  // An editor's save: a temporary file, its rename, then the file touched again, 30 ms apart.
  changed();
  clock.advance(30);
  changed();
  clock.advance(30);
  changed();
  clock.advance(39);
  assert.equal(builds, 0, 'no build while the changes keep coming');
  clock.advance(1);
  assert.equal(builds, 1, 'the build starts 40 ms after the last change');
  clock.advance(60_000);
  assert.equal(builds, 1, 'one build for the one save');
  changed();
  clock.advance(40);
  assert.equal(builds, 2, 'the next save, the next build');
});

test('a save the watcher hears twice is built once; any write since the build began, even of the same length at the same moment, is built again', async () => {
  const folder = await temporaryFolder();
  const file = path.join(folder, 'members.yml');
  const stamps: Stamps = new Map();
  // A whole second, which utimes() sets exactly, so that the bytes alone tell the next write apart.
  const moment = new Date('2026-11-29T06:00:00Z');
  await writeFile(file, 'members:\n  - Cleo Trial\n');
  await utimes(file, moment, moment);
  assert.equal(heardAgain([file], stamps), false, 'a file no build has named is built');
  remember([file], stamps);
  assert.equal(heardAgain([file], stamps), true, 'the same save heard again is not built again');

  await writeFile(file, 'members:\n  - Cleo Trail\n');
  await utimes(file, moment, moment);
  assert.equal(heardAgain([file], stamps), false, 'new bytes of the same length, with the same time, are built');
  remember([file], stamps);
  await writeFile(file, 'members:\n  - Cleo Trail\n');
  await utimes(file, moment, new Date(moment.getTime() + 1000));
  assert.equal(heardAgain([file], stamps), false, 'the same bytes written again, at a later time, are built');

  const other = path.join(folder, 'events.yml');
  await writeFile(other, 'events: []\n');
  remember([file], stamps);
  assert.equal(heardAgain([file, other], stamps), false, 'a save of two files, one of them new, is built');
  remember([file, other], stamps);
  await rm(other);
  assert.equal(heardAgain([file, other], stamps), false, 'a file removed since is built');
  remember([other], stamps);
  assert.equal(heardAgain([other], stamps), true, 'its removal heard twice is built once');
  assert.equal(heardAgain([], stamps), false, 'nothing heard, nothing skipped');
});

/** The Chromium the tests below launch; without one they are skipped (in CI they fail), and the tests above still run. */
let executablePath = '';

/** The file's one Chromium, launched by the first test that opens a page; each test opens a page of its own in it. */
let browser: ReturnType<typeof launchChromium> | undefined;
after(async () => (await browser)?.close());

/** A page of the dev server in Chromium, its event stream connected. */
async function openPage(url: string) {
  browser ??= launchChromium(executablePath);
  const page = await (await browser).newPage();
  after(() => page.close());
  // The page's event stream is connected once the server has answered it: the server registers the page before it
  // answers, so a change made after this reaches the page.
  const connected = page.waitForResponse((response) => new URL(response.url()).pathname === '/__dev/events');
  await page.goto(url);
  await page.waitForFunction(() => document.readyState === 'complete');
  await connected;
  return page;
}

const setMarker = (page: Page, value: number) =>
  page.evaluate((value) => ((window as unknown as { marker: number }).marker = value), value);
const marker = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker);

withChromium('the dev server in the browser', (found) => {
  executablePath = found;

  test('a pending publication is shown on its page with the fill offered, and the fill (against recorded registry answers) turns it into its citation', async () => {
    const dev = await contentServer();
    const { url, contentDir } = dev;
    await keepingContent(dev, [path.join(contentDir, 'publications.yml')], async () => {
      const before = dev.events().length;
      const { file } = await addDoiOnly(contentDir);
      assert.equal((await dev.buildOf(before, 'content/publications.yml')).end, 'reload');
      const page = await openPage(new URL('/research/first-example/', url).href);
      assert.match(await page.locator('.publication').last().innerText(), /^Details to be filled in from the DOI/);
      const notice = page.getByRole('complementary', { name: 'Publications waiting for their details' });
      await notice.waitFor();
      assert.match(await notice.innerText(), /first-example\[2\] › doi/);
      if (screenshots) {
        await page
          .locator('.publication')
          .last()
          .evaluate((entry) => entry.scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: path.join(screenshots, '2-doi-pending.png') });
      }
      // The button reads at the size of the notice's words, not at the browser's default 13px.
      const fillButton = notice.getByRole('button', { name: 'Fill in from the DOI' });
      assert.deepEqual(
        await fillButton.evaluate((button) => [
          getComputedStyle(button).fontSize,
          getComputedStyle(button.parentElement!).fontSize,
        ]),
        ['14px', '14px'],
      );
      // As a person does: one press of the button, then the page shows the citation once the fill is saved and built.
      await fillButton.click();
      await page
        .getByText('Frank, H. S. (1970). The Structure of Ordinary Water', { exact: false })
        .waitFor({ timeout: 60_000 });
      assert.match(
        await readFile(file, 'utf8'),
        /- doi: 10\.1126\/science\.169\.3946\.635\n {4}authors: Frank, H\. S\.\n {4}year: 1970\n/,
      );
      assert.equal(
        await page.getByRole('complementary', { name: 'Publications waiting for their details' }).count(),
        0,
      );
    });
  });

  test('the build error overlay has a close button that has the focus, and Escape closes it', async () => {
    const dev = await contentServer();
    const { url, contentDir, nextEvent } = dev;
    const newsFile = path.join(contentDir, 'news', '2023-06-01-newer-example.md');
    await keepingContent(dev, [newsFile], async () => {
      const page = await openPage(url);
      const news = await readFile(newsFile, 'utf8');
      const overlay = page.locator('#dev-build-error');
      for (const how of ['button', 'Escape'] as const) {
        const next = nextEvent('error');
        await writeFile(
          newsFile,
          news.replace('date: 2023-06-01', how === 'button' ? 'date: 2023-06-99' : 'date: 2023-06-98'),
        );
        await next;
        await overlay.waitFor({ state: 'visible', timeout: 60_000 });
        assert.match(await overlay.innerText(), /2023-06-9\d/);
        const close = overlay.getByRole('button', { name: /close/i });
        assert.equal(
          await close.evaluate((button) => button === document.activeElement, undefined, { timeout: 5000 }),
          true,
          'the close button has the focus',
        );
        if (how === 'button') await page.keyboard.press('Enter');
        else await page.keyboard.press('Escape');
        await overlay.waitFor({ state: 'detached', timeout: 5000 });
      }
    });
  });

  test('a stylesheet edit swaps the stylesheet in place, without reloading the page', async () => {
    const dev = await sourceServer();
    const { url, nextEvent, project } = dev;
    const cssFile = path.join(project, 'src', 'styles', 'site.css');
    await keeping(dev, [cssFile], project, async () => {
      const page = await openPage(url);
      await setMarker(page, 2);
      const next = nextEvent('css');
      await writeFile(cssFile, `${await readFile(cssFile, 'utf8')}\nbody { outline: 7px solid rgb(1, 2, 3); }\n`);
      assert.match(await next, /^\/assets\/site-[^/]+\.css$/);
      await page.waitForFunction(() => getComputedStyle(document.body).outlineWidth === '7px', undefined, {
        timeout: 60_000,
      });
      assert.equal(await marker(page), 2, 'the page was not loaded again');
      await page.waitForFunction(() => document.querySelectorAll('link[rel="stylesheet"]').length === 1, undefined, {
        timeout: 5000,
      });
      assert.match(
        (await page.locator('link[rel="stylesheet"]').getAttribute('href'))!,
        /\?v=\d+$/,
        'a cache-busting query on the new link',
      );
    });
  });

  test('a syntax error in src/ shows as the overlay, the server keeps serving, and the fixed file recovers', async () => {
    const dev = await sourceServer();
    const { url, nextEvent, project } = dev;
    const from = dev.output().length;
    const formatFile = path.join(project, 'src', 'format.ts');
    await keeping(dev, [formatFile], project, async () => {
      const page = await openPage(url);
      // A syntax error in a module every page imports.
      const format = await readFile(formatFile, 'utf8');
      const next = nextEvent('error');
      await writeFile(formatFile, `${format}\nexport const broken = ;\n`);
      assert.match(await next, /format\.ts/, 'the error names the file');
      const overlay = page.locator('#dev-build-error');
      await overlay.waitFor({ state: 'visible', timeout: 60_000 });
      assert.match(await overlay.innerText(), /format\.ts/);
      assert.equal((await fetch(url)).status, 200, 'the server still serves the last good build');

      // Fixed: a fresh build process builds again and the page reloads.
      await setMarker(page, 1);
      const before = dev.events().length;
      await writeFile(formatFile, format);
      assert.equal((await dev.buildOf(before, 'src/format.ts')).end, 'reload');
      await page.waitForFunction(() => !(window as unknown as { marker?: number }).marker, undefined, {
        timeout: 60_000,
      });
      await page.waitForFunction(() => document.readyState === 'complete');
      assert.equal(await overlay.count(), 0, 'the reloaded page has no overlay');
      await dev.printed(from, /rebuilt in \d+ ms \(full build\)/);
    });
  });
});
