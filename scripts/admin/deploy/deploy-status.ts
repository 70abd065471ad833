/**
 * On the live site (the CMS's GitHub mode), the site workflow's verdict on
 * each save, inside the editor: after a save (a commit on the entry's branch
 * of the editorial workflow) and after a publish (the merge onto the site's
 * branch), it follows that commit's run of the Site workflow and says
 * "building", "passed" or, once published, "published" with the link to the
 * page that changed; or "refused", each problem at its field, with a link that
 * opens the entry. It asks GitHub's API with the editor's own sign-in (the
 * token the CMS keeps), waiting longer between each question (and as long as
 * GitHub asks), until the run is settled or another save starts: the CMS
 * goes back to the list after a save, and the verdict, which names the entry
 * it is about, is shown wherever the person is.
 */
import { createUrls } from '../../../src/urls.ts';
import type { PlacedProblem } from '../editor-places.ts';
import { changedPages } from './entry-page.ts';
import type { placeProblem } from './problem-place.ts';
import { onExpectedHead } from '../editor/commit-base.ts';
import { mark, markOf } from '../editor/build-panel.ts';
import { githubRequests } from './github-requests.ts';
import {
  connectionLost,
  type Follow,
  type FollowContext,
  type LostAnswer,
  rateLimited,
  type Shown,
  shownOf,
  signInStopped,
} from './live-words.ts';
import { recoverLostAnswers } from './lost-answers.ts';
import { watchSignIn } from './sign-in-again.ts';
import { branchHead, GitHubAnswer, siteRun } from './site-run.ts';

/** An Immutable.js map, as the CMS hands entries to event hooks. */
interface ImmutableMap {
  get(key: string): unknown;
  toJS(): unknown;
}

type SavedData = (collection: string, slug: string) => Promise<Record<string, unknown> | undefined>;

/** A collection of the CMS's configuration, as far as naming an entry goes. */
interface CollectionNames {
  name: string;
  label?: string;
  label_singular?: string;
  files?: { name: string; label?: string }[];
}

interface Config {
  /** api_root: GitHub Enterprise Server's REST API, where the build was told the repository is (CMS_API_ROOT). */
  backend?: { repo?: string; branch?: string; api_root?: string; graphql_api_root?: string };
  site_url?: string;
  collections?: Parameters<typeof placeProblem>[2] & CollectionNames[];
}

/** The seconds between two questions about one run: soon at first, then at most a minute. */
export const WAITS = [5, 10, 15, 30, 60];
/** How long a run is followed before the panel says to look again later. */
const FOLLOW_FOR_MS = 30 * 60_000;

/** The GitHub token the CMS keeps for the signed-in editor (Sveltia CMS: localStorage "sveltia-cms.user"). */
export function signedInToken(): string | undefined {
  try {
    const user = JSON.parse(localStorage.getItem('sveltia-cms.user') ?? 'null') as {
      backendName?: string;
      token?: string;
    } | null;
    return user?.backendName === 'github' ? user.token : undefined;
  } catch {
    return undefined;
  }
}

/** The panel's part for the live site: a heading, the entry it is about, a status line, and the problems. */
function section(): { entry: HTMLElement; status: HTMLElement; details: HTMLElement } {
  const existing = document.getElementById('eccron-deploy');
  if (existing)
    return {
      entry: existing.querySelector('#eccron-deploy-entry')!,
      status: existing.querySelector('[role="status"]')!,
      details: existing.querySelector('div')!,
    };
  const part = document.createElement('section');
  part.id = 'eccron-deploy';
  part.setAttribute('aria-labelledby', 'eccron-deploy-title');
  const title = Object.assign(document.createElement('h3'), {
    id: 'eccron-deploy-title',
    textContent: 'On the live site',
  });
  const entry = Object.assign(document.createElement('p'), { id: 'eccron-deploy-entry' });
  const status = Object.assign(document.createElement('p'), { id: 'eccron-deploy-status' });
  status.setAttribute('role', 'status');
  const details = document.createElement('div');
  part.append(title, entry, status, details);
  const panel = document.getElementById('eccron-build-body');
  if (panel) panel.append(part);
  else {
    const aside = document.createElement('aside');
    aside.id = 'eccron-deploy-panel';
    aside.setAttribute('aria-label', 'Site build');
    aside.append(part);
    document.body.append(aside);
  }
  return { entry, status, details };
}

const link = (href: string, text: string) => Object.assign(document.createElement('a'), { href, textContent: text });

function problemList(problems: PlacedProblem[]): HTMLUListElement {
  const list = document.createElement('ul');
  for (const problem of problems) {
    const item = document.createElement('li');
    if (problem.place) item.append(link(problem.place.hash, problem.place.label), ': ');
    else item.append(`${problem.where.split(' › ')[0]}: `);
    item.append(problem.message);
    list.append(item);
  }
  return list;
}

function show(view: ReturnType<typeof section>, shown: Shown) {
  view.status.dataset.state = shown.state;
  mark(markOf(shown.state));
  view.status.textContent = shown.text;
  view.details.replaceChildren();
  if (shown.pages?.length) {
    const pages = document.createElement('p');
    for (const [index, page] of shown.pages.entries()) pages.append(index ? ' · ' : '', link(page.href, page.text));
    view.details.append(pages);
  }
  if (shown.problems?.length) view.details.append(problemList(shown.problems));
  if (shown.run) {
    const run = document.createElement('p');
    run.append(link(shown.run, 'The check on GitHub'));
    view.details.append(run);
  }
  if (shown.settings) {
    const settings = document.createElement('p');
    settings.append(link(shown.settings.href, shown.settings.text));
    view.details.append(settings);
  }
}

const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** The sign-in refused while following (401, or 403 that is no rate limit): which, or none. */
const refusedSignIn = (error: unknown) =>
  error instanceof GitHubAnswer && error.waitSeconds === undefined
    ? error.status === 401
      ? ('expired' as const)
      : error.status === 403
        ? ('permission' as const)
        : undefined
    : undefined;

/**
 * Follows one commit's run until it is settled, the person leaves the entry, or another save starts a new follow;
 * `signedOut` offers a new sign-in when GitHub refuses the editor's.
 */
async function follow(what: Follow, context: FollowContext, isCurrent: () => boolean, signedOut: () => void) {
  const view = section();
  view.entry.replaceChildren(`${what.kind === 'save' ? 'Saved' : 'Published'}: `, link(what.hash, what.label));
  show(view, {
    state: 'asking',
    text:
      what.kind === 'save'
        ? 'Saved. Asking GitHub for the site’s check…'
        : 'Published. Asking GitHub for the site’s build…',
  });
  const started = Date.now();
  let deadline = started + FOLLOW_FOR_MS;
  let sha: string | undefined;
  let last: Shown | undefined;
  for (let round = 0; isCurrent() && Date.now() < deadline; round += 1) {
    let wait = WAITS[Math.min(round, WAITS.length - 1)]!;
    try {
      sha ??= await branchHead(context.access, what.branch);
      const verdict = await siteRun(context.access, sha);
      if (!isCurrent()) return;
      last = await shownOf(verdict, what, context, sha, Date.now() - started);
      show(view, last);
      if (!['waiting', 'queued', 'building'].includes(verdict.state)) return;
    } catch (error) {
      if (error instanceof GitHubAnswer && error.waitSeconds !== undefined) {
        // A rate limit: asked again once the wait GitHub asks for is over, even past the usual time of following.
        wait = Math.max(wait, error.waitSeconds);
        deadline = Math.max(deadline, Date.now() + wait * 1000 + 1);
        show(view, rateLimited(what, wait, last?.run));
      } else if (refusedSignIn(error)) {
        show(view, { state: 'signed-out', text: signInStopped(refusedSignIn(error)!, 'follow') });
        signedOut();
      } else if (!(error instanceof GitHubAnswer))
        show(view, {
          state: 'unknown',
          text: 'GitHub cannot be reached from this browser just now; asking again shortly…',
        });
    }
    // How many questions it has asked and is waiting after, unseen: a test's clock moves on from here.
    view.status.dataset.asked = String(round + 1);
    await pause(wait);
  }
  // No check at all is said as such to the end; a run still going is left to GitHub's page.
  if (isCurrent() && last?.state !== 'no-check')
    show(view, {
      state: 'unknown',
      ...(last?.run ? { run: last.run } : {}),
      text: 'The site’s check is taking long: open this entry again later to see its verdict.',
    });
}

/**
 * The repository's Actions settings page on GitHub, or on the GitHub Enterprise Server whose API the build was told
 * (https://HOSTNAME/api/v3 → https://HOSTNAME).
 */
export function actionsSettings(repo: string, api: string | undefined): string {
  const web =
    api && !/^https:\/\/api\.github\.com\/?$/.test(api) ? api.replace(/\/api\/v3\/?$/, '') : 'https://github.com';
  return `${web}/${repo}/settings/actions`;
}

/** An entry's name in the editor: its file's label ("Publications"), or its collection's and its title. */
function entryLabel(collections: CollectionNames[], collection: string, slug: string, data: Record<string, unknown>) {
  const where = collections.find((candidate) => candidate.name === collection);
  const file = where?.files?.find((candidate) => candidate.name === slug);
  if (file) return file.label ?? slug;
  const title = typeof data.title === 'string' && data.title.trim() ? data.title.trim() : slug;
  return `${where?.label_singular ?? where?.label ?? collection}: ${title}`;
}

/** The entry an event of the CMS is about, and its address in the editor. */
function entryOf(entry: ImmutableMap) {
  const collection = String(entry.get('collection') ?? '');
  const slug = String(entry.get('slug') ?? '');
  const data = ((entry.get('data') as ImmutableMap | undefined)?.toJS() ?? {}) as Record<string, unknown>;
  return { collection, slug, data, hash: `#/collections/${collection}/entries/${slug}` };
}

/** The panel's part for the live site, made if need be. */
function livePart(): HTMLElement {
  section();
  return document.getElementById('eccron-deploy')!;
}

/** Says how a save that lost its connection ended (lost-answers.ts), above the check's status. */
function sayLost(outcome: LostAnswer | undefined) {
  const part = livePart();
  let note = part.querySelector<HTMLElement>('#eccron-save-note');
  if (!outcome) return note?.remove();
  if (!note) {
    note = Object.assign(document.createElement('p'), { id: 'eccron-save-note' });
    note.setAttribute('role', 'alert');
    part.querySelector('#eccron-deploy-entry')!.after(note);
  }
  note.dataset.outcome = outcome;
  note.textContent = connectionLost(outcome);
}

/**
 * The CMS's saves as they go to GitHub (github-requests.ts): a commit put on the head its file was merged with
 * (editor/commit-base.ts), a sign-in GitHub refuses (sign-in-again.ts) and an
 * answer lost to the network (lost-answers.ts) said in the panel, each save marked from its preSave to its postSave.
 */
function watchSaves(config: Config) {
  const requests = githubRequests(config.backend?.api_root, config.backend?.graphql_api_root);
  // First, so that the handlers after it see the commit as it is sent.
  requests.use(onExpectedHead);
  const signIn = watchSignIn(requests, livePart);
  const recovered = recoverLostAnswers(requests, sayLost);
  return {
    signedOut: signIn.followRefused,
    lost: {
      started() {
        requests.saving = true;
        recovered.started();
        sayLost(undefined);
        // A sign-in renewed since: its words go with the save they were about.
        const renewed = document.getElementById('eccron-sign-in-again');
        if (renewed && !renewed.querySelector('form')) renewed.remove();
      },
      done() {
        requests.saving = false;
        sayLost(recovered.done());
      },
    },
  };
}

/**
 * Follows each save and publish in the CMS's GitHub mode. `saved` reads an entry as the CMS last saved it (the
 * preview's access to the CMS's copy), for the pages a list of publications changes.
 */
export async function followTheLiveSite(
  cms: {
    registerEventListener(listener: { name: string; handler: (event: { entry: ImmutableMap }) => unknown }): void;
  },
  saved: SavedData,
) {
  const config = (await (await fetch('config.json')).json()) as Config;
  const repo = config.backend?.repo;
  if (!repo) return;
  const site = new URL(config.site_url ?? location.origin);
  const urls = createUrls(site.pathname, site.origin);
  const themes = async () => {
    const data = await saved('settings', 'themes');
    return ((Array.isArray(data) ? data : data?.themes) ?? []) as Parameters<typeof changedPages>[1];
  };
  const before = new Map<string, Record<string, unknown> | undefined>();
  let current = 0;
  const { signedOut, lost } = watchSaves(config);
  const start = async (kind: Follow['kind'], entry: ImmutableMap) => {
    const token = signedInToken();
    if (!token) return;
    const { collection, slug, data, hash } = entryOf(entry);
    const pages = changedPages({ collection, slug, before: before.get(hash), after: data }, await themes());
    const branch = kind === 'save' ? `cms/${collection}/${slug}` : (config.backend?.branch ?? 'main');
    const turn = ++current;
    const context: FollowContext = {
      access: { repo, token, ...(config.backend?.api_root ? { api: config.backend.api_root } : {}) },
      actionsSettings: {
        href: actionsSettings(repo, config.backend?.api_root),
        text: 'The repository’s Actions settings',
      },
      collections: config.collections ?? [],
      absolute: urls.absolute,
    };
    const label = entryLabel(config.collections ?? [], collection, slug, data);
    // Followed wherever the person goes (the CMS leaves the entry once saved), until a newer save or publish.
    await follow({ kind, branch, hash, label, pages }, context, () => turn === current, signedOut);
  };
  cms.registerEventListener({
    name: 'preSave',
    handler: async ({ entry }) => {
      lost.started();
      const { collection, slug, hash } = entryOf(entry);
      before.set(hash, await saved(collection, slug));
    },
  });
  cms.registerEventListener({
    name: 'postSave',
    handler: ({ entry }) => {
      lost.done();
      void start('save', entry);
    },
  });
  cms.registerEventListener({ name: 'postPublish', handler: ({ entry }) => void start('publish', entry) });
}
