/**
 * /admin/ on the live site, as its browser tests drive it: the site built for the repository example/site on the
 * stand-in of GitHub's API, and the page's clock moved by the test while the panel follows a commit's run.
 */
import type { TestContext } from 'node:test';
import type { Page } from 'playwright-core';
import type { BrowserEnv } from './browser/pool.ts';
import { filesOf } from './cms-folder.ts';
import { type Commit, Repository } from './github/repository.ts';
import { type GitHubScene, startGitHubStandIn } from './github-stand-in.ts';
import { buildIntoTemporaryFolder, fixtureContentDir } from './site.ts';

/**
 * How long one step may wait for what a person would see before the test fails, saying what was on screen: a
 * minute, for a machine busy with other runs (the browser's own default, five minutes a step, would let a stuck test
 * hold the whole file for far longer).
 */
export const STEP = 60_000;

/** The stand-in and the scene it plays, for one test file, signed in with `token`. */
export function liveSiteStandIn(token: string) {
  const scene: GitHubScene = { heads: new Map(), runs: new Map(), files: new Map(), token };
  const live = {
    scene,
    standIn: undefined as Awaited<ReturnType<typeof startGitHubStandIn>> | undefined,
    /** The site, built for example/site on the stand-in, told its API's root as a build option; its folder. */
    async site(): Promise<string> {
      const standIn = await startGitHubStandIn(scene);
      live.standIn = standIn;
      scene.viewer = {
        login: 'octocat',
        name: 'Mona Example',
        email: 'mona@fixture.example',
        databaseId: 1,
        avatarUrl: `${standIn.url}/avatars/u/1`,
      };
      const backend = { repo: 'example/site', branch: 'main', apiRoot: standIn.api };
      const { outDir } = await buildIntoTemporaryFolder({ cms: { backend, from: 'CMS_REPO, CMS_API_ROOT' } });
      return outDir;
    },
  };
  return live;
}

/**
 * Pauses the page's clock, and returns the time it stands at. Every frame has a clock of its own (the preview's
 * too), each paused at the same time, which must be ahead of each: ten seconds after the latest (the clocks run on
 * meanwhile), as if the person had looked away that long.
 */
export async function pauseClock(page: Page): Promise<number> {
  const times = await Promise.all(page.frames().map((frame) => frame.evaluate(() => Date.now()).catch(() => 0)));
  const paused = Math.max(...times) + 10_000;
  await page.clock.pauseAt(paused);
  return paused;
}

/** GitHub asked for the Site workflow's runs of a commit. */
export const runQuestion = /\/actions\/workflows\/site\.yml\/runs\?/;

/**
 * Does what makes the panel follow a commit (a save, a publish); pauses the page's clock as GitHub is first asked
 * about its run, before the answer comes, and returns once the panel shows what `shown` waits for and waits for its
 * next question. From then on only the test moves the page's time. Returns the time it was paused at (the page's
 * Date.now()), from which the panel's first pause is counted.
 */
export async function followed(
  live: ReturnType<typeof liveSiteStandIn>,
  page: Page,
  act: () => Promise<void>,
  shown: () => Promise<void>,
): Promise<number> {
  const held = live.standIn!.holdNext((request) => runQuestion.test(request));
  await act();
  await held.reached;
  const paused = await pauseClock(page);
  held.release();
  await shown();
  await page.locator('#eccron-deploy-status[data-asked]').waitFor();
  return paused;
}

/** Moves the page's clock on by `seconds`, and waits until the panel has asked again and waits once more, or has settled. */
export async function nextQuestion(page: Page, seconds: number) {
  const asked = Number(await page.locator('#eccron-deploy-status').getAttribute('data-asked'));
  await page.clock.runFor(seconds * 1000);
  await page
    .locator(
      `#eccron-deploy-status[data-asked="${asked + 1}"], #eccron-deploy-status:is([data-state="passed"], [data-state="failed"], [data-state="unverified"], [data-state="refused"])`,
    )
    .first()
    .waitFor();
}

/** Marks the open entry Ready and presses Publish Entry, as the CMS's workflow asks; returns the press that confirms. */
export async function readyToPublish(page: Page): Promise<() => Promise<void>> {
  await page.getByRole('button', { name: /^Status:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Ready' }).click();
  await page.getByRole('button', { name: 'Publish Entry' }).click();
  return () =>
    page.getByRole('alertdialog', { name: 'Publish Entry' }).getByRole('button', { name: 'Publish' }).click();
}

/** The commits a branch of the stand-in's repository holds that its site's branch (main) does not, newest first. */
export function commitsSinceMain(repository: Repository, branch: string): Commit[] {
  const main = new Set<string>();
  for (let commit = repository.resolve('main'); commit; commit = repository.commits.get(commit.parent ?? ''))
    main.add(commit.sha);
  const made: Commit[] = [];
  for (let commit = repository.resolve(branch); commit && !main.has(commit.sha); ) {
    made.push(commit);
    commit = repository.commits.get(commit.parent ?? '');
  }
  return made;
}

/** The panel's part for the live site. */
export const liveSitePart = (page: Page) => page.getByRole('region', { name: 'On the live site' });

/**
 * A test's body, whose failure ends with what `told` says of that moment (what was on screen, what GitHub was
 * asked). Node prints the stack, which holds the message as it was thrown, so both are told.
 */
export const tellingOnFailure =
  (told: () => Promise<string>) =>
  (body: (t: TestContext) => Promise<void>) =>
  async (t: TestContext): Promise<void> => {
    try {
      await body(t);
    } catch (error) {
      if (error instanceof Error) {
        const more = await told();
        error.message += more;
        error.stack = `${error.stack ?? ''}${more}`;
      }
      throw error;
    }
  };

/** What the stand-in of GitHub was last asked: each request, its answer's status and a GraphQL answer's errors. */
export const lastAsked = (live: ReturnType<typeof liveSiteStandIn>) =>
  (live.standIn?.asked ?? [])
    .slice(-12)
    .map(
      ({ request, status, operation, errors }) =>
        `  ${request} ${operation ?? ''} → ${status ?? 'no answer'} ${errors?.join('; ') ?? ''}`,
    )
    .join('\n');

/** A test's body, whose failure says what the panel's part for the live site said and what GitHub was last asked. */
export const tellingTheLiveSite = (live: ReturnType<typeof liveSiteStandIn>, page: () => Page | undefined) =>
  tellingOnFailure(async () => {
    const shown = page();
    const panel = shown
      ? await liveSitePart(shown)
          .textContent({ timeout: 1000 })
          .catch(() => '(no panel)')
      : '(no page)';
    const dialogs = shown ? await shown.getByRole('alertdialog').allTextContents() : [];
    return `\n\nThe panel said: ${panel}\nOpen dialogs: ${dialogs.join(' | ') || 'none'}\nGitHub was last asked:\n${lastAsked(live)}`;
  });

/** Signs in at /admin/ (`address`) with a token, as a person does, until the CMS lists the collections. */
export async function signInWithToken(page: Page, address: string, token: string) {
  await page.goto(address);
  await page.getByRole('button', { name: 'Sign In Using Access Token' }).click();
  await page.getByRole('textbox', { name: 'Personal Access Token' }).fill(token);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /now viewing/ })
    .waitFor();
}

/**
 * /admin/ in a page of its own, the stand-in's repository holding the fixture content, its clock driven by the tests
 * from its first script on: its timers wait for the test, never for real seconds.
 */
export async function openLiveAdmin(env: BrowserEnv, scene: GitHubScene) {
  scene.repository = new Repository('example', 'site', 'main', await filesOf(fixtureContentDir, 'content/'));
  // Less motion asked for, as openAdmin asks (editor-session.ts): no fade at each hover and focus.
  const admin = await env.open(null, { width: 1400, height: 900, reducedMotion: 'reduce' });
  admin.page.setDefaultTimeout(STEP);
  await admin.page.clock.install();
  return admin;
}
