/**
 * Two editors, one file, on the live site: before a save is checked, the file
 * as someone else saved it since this editor opened the entry (on the entry's
 * branch while its pull request is open, else on the site's branch) is merged
 * with what this editor is saving, by list item, against the entry as opened
 * (list-merge.ts). Where the two changed different items, the save goes ahead
 * with both, theirs kept and this editor's on top, and the panel says so;
 * where they changed the same item, nothing is written, the panel shows both
 * and the person chooses, for each, which to keep, then saves again. A page
 * (a news item, a legal page, the accessibility statement: a Markdown file)
 * is merged field by field of its front matter, its body as a whole.
 *
 * The entry as opened is the CMS's own (admin-stage.ts puts the draft's entry
 * on globalThis.eccronOpened as its preSave hook is called); the file now is
 * asked of GitHub's GraphQL API in one question, with the editor's sign-in.
 */
import { parse, stringify } from 'yaml';
import { signedInToken } from '../deploy/deploy-status.ts';
import { REFUSED } from '../deploy/github-requests.ts';
import { type BuildPanel, mark, timeOfDay } from './build-panel.ts';
import { lexMarkdown } from '../../../src/markdown.tsx';
import { parseSource } from '../../stages/content/source.ts';
import { withoutEmpty } from './entry-file.ts';
import { expectCommitOn } from './commit-base.ts';
import { type Change, type Clash, type Keys, mergeByField, mergeByItem, sameMeaning } from './list-merge.ts';
import { cmsConfiguration, type ImmutableMap, mode } from './page.ts';

type Data = Record<string, unknown>;

/** What the merge made of a save: the data to save with someone else's change, or the clashes to choose in. */
export interface OthersChange {
  data: Data;
  /** What the file is to the person (Members is a list, Site settings are settings, a news item a page): said so. */
  kind: Kind;
  clashes: Clash[];
  theirs: Change[];
  ours: Change[];
}

type Kind = 'list' | 'settings' | 'page';

/** The words of each kind of file: it, its parts, how they are named. */
const WORDS = {
  list: { what: 'this list', them: 'it', part: 'item' },
  settings: { what: 'these settings', them: 'them', part: 'setting' },
  page: { what: 'this page', them: 'it', part: 'field' },
} as const;

/** The side chosen for each clash shown, by its id: kept until the entry is saved. */
const chosen = new Map<string, 'ours' | 'theirs'>();

/** An entry as the CMS holds it: each locale's content, flattened ("members.0.name"). */
interface CmsEntry {
  locales?: Record<string, { path?: string; content?: Record<string, unknown> }>;
}

/** A flattened content ("members.0.name": …) as the nested data it stands for. */
function unflatten(flat: Record<string, unknown>): Data {
  const data: Data = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let at: Record<string, unknown> | unknown[] = data;
    for (const [index, part] of parts.entries()) {
      const last = index === parts.length - 1;
      const slot = at as Record<string, unknown>;
      if (last) slot[part] = value;
      else {
        slot[part] ??= /^\d+$/.test(parts[index + 1]!) ? [] : {};
        at = slot[part] as Record<string, unknown>;
      }
    }
  }
  return data;
}

/** The entry as this editor opened it, when the CMS said (never for a new entry). */
function opened(path: string): Data | undefined {
  const entry = (globalThis as { eccronOpened?: CmsEntry }).eccronOpened;
  const locale = Object.values(entry?.locales ?? {}).find((candidate) => candidate.path === path);
  return locale?.content ? unflatten(locale.content) : undefined;
}

const QUERY = `query($owner: String!, $name: String!, $branch: String!, $branchRef: String!, $mainRef: String!, $onBranch: String!, $onMain: String!) {
  repository(owner: $owner, name: $name) {
    pullRequests(headRefName: $branch, states: OPEN, first: 1) { totalCount }
    branchHead: ref(qualifiedName: $branchRef) { target { oid } }
    mainHead: ref(qualifiedName: $mainRef) { target { oid } }
    onBranch: object(expression: $onBranch) { ... on Blob { text } }
    onMain: object(expression: $onMain) { ... on Blob { text } }
  }
}`;

interface Answer {
  data?: {
    repository?: {
      pullRequests: { totalCount: number };
      branchHead: { target: { oid: string } } | null;
      mainHead: { target: { oid: string } } | null;
      onBranch: { text?: string } | null;
      onMain: { text?: string } | null;
    } | null;
  };
}

/** GitHub's GraphQL API beside the REST API the build was told of (GitHub Enterprise Server's /api/v3 → /api/graphql). */
const graphqlOf = (api: string | undefined) =>
  !api ? 'https://api.github.com/graphql' : api.replace(/\/api\/v3\/?$/, '/api/graphql').replace(/\/$/, '');

/**
 * The file `path` as it is on GitHub now: on the entry's branch while a pull request is open from it (someone's
 * change not yet published), else on the site's branch; undefined when it could not be asked.
 */
async function fileNow(collection: string, slug: string, path: string): Promise<string | undefined> {
  const { backend } = (await cmsConfiguration()) as { backend?: { repo?: string; branch?: string; api_root?: string } };
  const token = signedInToken();
  const [owner, name] = backend?.repo?.split('/') ?? [];
  if (!token || !owner || !name) return undefined;
  const branch = `cms/${collection}/${slug}`;
  const main = backend?.branch ?? 'main';
  const answer = await fetch(graphqlOf(backend?.api_root), {
    method: 'POST',
    headers: { Authorization: `token ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      query: QUERY,
      variables: {
        owner,
        name,
        branch,
        branchRef: `refs/heads/${branch}`,
        mainRef: `refs/heads/${main}`,
        onBranch: `${branch}:${path}`,
        onMain: `${main}:${path}`,
      },
    }),
  });
  if (!answer.ok) return undefined;
  const repository = ((await answer.json()) as Answer).data?.repository;
  if (!repository) return undefined;
  const open = repository.pullRequests.totalCount > 0 && repository.onBranch?.text !== undefined;
  // The save's commit must go on top of the commit this file was read from, or be refused (commit-base.ts).
  const head = (open ? repository.branchHead : repository.mainHead)?.target.oid;
  if (head) expectCommitOn(branch, head, WORDS[path.endsWith('.md') ? 'page' : 'list'].what);
  return open ? repository.onBranch?.text : repository.onMain?.text;
}

/** A page's text as the form holds it: its front matter's fields and its `body`, trimmed as the CMS writes it. */
function pageData(path: string, text: string): Data {
  const { source, problems } = parseSource(path, new TextEncoder().encode(text), true, 'a page');
  // A file the build cannot read is left to the check, which says where it is wrong.
  if (problems.length > 0) throw new Error(problems[0]!.message);
  return { ...((source.doc.toJS() ?? {}) as Data), body: source.body?.text ?? '' };
}

/** A page's body compared as the CMS writes it: without the blank lines around it. */
const trimmedBody = (data: Data): Data => (typeof data.body === 'string' ? { ...data, body: data.body.trim() } : data);

/**
 * A body's meaning: its Markdown as the site reads it, not how it is written. The CMS writes a body it saves its own
 * way (*emphasis* as _emphasis_), untouched or not: that alone is no change.
 */
function bodyMeaning(body: unknown): string {
  // What each token is, without its text as written: `raw`, and a `text` its own tokens say again.
  return JSON.stringify(
    lexMarkdown(typeof body === 'string' ? body : ''),
    function (this: object, key, value: unknown) {
      return key === 'raw' || (key === 'text' && 'tokens' in this) ? undefined : value;
    },
  );
}

/** A side's page with its body as opened where it means the same: a body only written anew is not changed. */
const bodyAsOpened = (side: Data, before: Data): Data =>
  side.body !== before.body && bodyMeaning(side.body) === bodyMeaning(before.body)
    ? { ...side, body: before.body }
    : side;

/** What the person sees of the file at `path`, held whole (`rootField`) or not. */
function kindOf(path: string, theirs: Data, rootField?: string): Kind {
  if (path.endsWith('.md')) return 'page';
  return rootField || Object.values(theirs).some(Array.isArray) ? 'list' : 'settings';
}

/**
 * Someone else's change to the entry being saved since it was opened, merged with this editor's (`ours`); undefined
 * when there is none (or it could not be asked: the save goes ahead as before). A YAML file (a list, the settings)
 * is merged by list item; a Markdown file (a page) field by field, its body as a whole.
 */
export async function othersChange(
  entry: ImmutableMap,
  ours: Data,
  rootField?: string,
): Promise<OthersChange | undefined> {
  const path = String(entry.get('path'));
  const page = path.endsWith('.md');
  if (mode() === 'local' || !(page || path.endsWith('.yml'))) return undefined;
  const base = opened(path);
  if (!base) return undefined;
  const text = await fileNow(String(entry.get('collection')), String(entry.get('slug')), path).catch(
    (error: unknown) => {
      // A save the interception of GitHub's requests has ended, and said why (a sign-in GitHub no longer takes, the
      // connection lost), stays ended: the CMS's own write would only meet the same refusal, said in its words.
      if (error instanceof Error && error.message === REFUSED) throw error;
      return undefined;
    },
  );
  if (text === undefined) return undefined;
  const parsed = page ? pageData(path, text) : (parse(text) as unknown);
  const read = (data: unknown) => trimmedBody(withoutEmpty(data) as Data);
  const theirs = read(rootField ? { [rootField]: parsed ?? [] } : (parsed ?? {}));
  const before = read(base);
  if (sameMeaning(before, theirs)) return undefined;
  const choose = (clash: Clash) => chosen.get(clash.id);
  const merged = page
    ? mergeByField(before, bodyAsOpened(read(ours), before), bodyAsOpened(theirs, before), choose)
    : mergeByItem(before, read(ours), theirs, choose);
  const kind = kindOf(path, theirs, rootField);
  return { data: merged.value as Data, kind, clashes: merged.clashes, theirs: merged.theirs, ours: merged.ours };
}

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, properties: Partial<HTMLElementTagNameMap[K]> = {}) =>
  Object.assign(document.createElement(tag), properties);

/** An item as a person names it: its name or title, else its text, else its place. */
function itemName(item: unknown): string {
  if (typeof item === 'string' || typeof item === 'number') return `“${item}”`;
  const fields = (item ?? {}) as Data;
  const named = [fields.name, fields.title, fields.doi, fields.id].find((value) => typeof value === 'string');
  return named ? `“${named as string}”` : 'an item';
}

/** Where a change is, in the form's words: its list's label ("Members"), else the file's. */
type Label = (keys: Keys) => string;

/** One side's changes in words: "Members: “Ben Sample” changed; “Eve New” added", or a page's "Title, Summary changed". */
function changesInWords(changes: Change[], label: Label, kind: Kind): string {
  if (kind === 'page') return `${changes.map(({ keys }) => label(keys)).join(', ')} changed`;
  return changes
    .map(({ keys, before, after }) => {
      const names = (items: unknown[]) => items.map(itemName);
      const was = new Set(names(before));
      const now = new Set(names(after));
      const said = [
        ...[...now].filter((name) => was.has(name)).map((name) => `${name} changed`),
        ...[...now].filter((name) => !was.has(name)).map((name) => `${name} added`),
        ...[...was].filter((name) => !now.has(name)).map((name) => `${name} removed`),
      ];
      return `${label(keys)}: ${said.join(', ') || 'changed'}`;
    })
    .join('; ');
}

/** A save with someone else's change merged in: said above the check's verdict, with both changes. */
export function tellMerged(view: BuildPanel, merged: OthersChange, label: Label) {
  view.check.dataset.merged = 'true';
  const note = element('p', { className: 'eccron-merged' });
  const { what, them, part } = WORDS[merged.kind];
  note.textContent = `Someone else changed ${what} since you opened ${them}. Theirs: ${changesInWords(merged.theirs, label, merged.kind)}. Yours: ${changesInWords(merged.ours, label, merged.kind)}. They did not touch the same ${part}s, so both are kept: yours is saved on top of theirs.`;
  view.checkDetails.prepend(note);
  // The choices made are spent once the entry is saved with them.
  chosen.clear();
}

/** An item's fields in the order `model` (the other version of it) has them, the others after: read side by side. */
function inOrderOf(item: unknown, model: unknown): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  const order = typeof model === 'object' && model !== null ? Object.keys(model) : [];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.fromEntries(Object.entries(item).sort(([one], [other]) => rank(one) - rank(other)));
}

/**
 * An item or value shown as the file holds it, its fields in the order of `models` (the other version's items); a
 * text (a page's body, a field) as it reads.
 */
const shownAs = (items: unknown[], models: unknown[] = []) =>
  items.length === 0
    ? '(removed)'
    : items.length === 1 && typeof items[0] === 'string'
      ? items[0]
      : items
          .map((item, index) => stringify(inOrderOf(item, models[index] ?? models[0]), { lineWidth: 0 }).trim())
          .join('\n\n');

/** One clash: both versions side by side, and a choice of each. A page's clash is named by its field alone. */
function clashView(clash: Clash, label: Label, index: number, kind: Kind): HTMLElement {
  const section = element('section', { className: 'eccron-clash' });
  const names = [...new Set([...clash.theirs, ...clash.ours, ...clash.base].map(itemName))].join(', ');
  const heading = element('h3', {
    id: `eccron-clash-${index}`,
    textContent: kind === 'page' ? label(clash.keys) : `${label(clash.keys)}: ${names}`,
  });
  section.setAttribute('aria-labelledby', heading.id);
  const said = element('p', { className: 'eccron-clash-chosen' });
  said.setAttribute('role', 'status');
  const side = (which: 'theirs' | 'ours', title: string, items: unknown[], keep: string, models?: unknown[]) => {
    const part = element('div', { className: `eccron-clash-${which}` });
    const button = element('button', { type: 'button', textContent: keep });
    button.setAttribute('aria-pressed', String(chosen.get(clash.id) === which));
    button.addEventListener('click', () => {
      chosen.set(clash.id, which);
      for (const other of section.querySelectorAll('button'))
        other.setAttribute('aria-pressed', String(other === button));
      said.textContent = `Chosen: ${which === 'theirs' ? 'theirs' : 'yours'}. Press Save to save ${kind === 'page' ? 'the page' : 'the list'} with it.`;
    });
    part.append(element('h4', { textContent: title }), element('pre', { textContent: shownAs(items, models) }), button);
    return part;
  };
  section.append(
    heading,
    side('theirs', 'Saved by someone else since you opened it', clash.theirs, 'Keep theirs'),
    side('ours', 'Yours, not saved', clash.ours, 'Keep yours', clash.theirs.length ? clash.theirs : clash.base),
    said,
  );
  return section;
}

/** A save that would overwrite someone else's change to the same item: nothing written, both shown to choose from. */
export function showClashes(view: BuildPanel, merged: OthersChange, label: Label) {
  view.check.dataset.check = 'conflict';
  mark('refused');
  const count = merged.clashes.length;
  const { what, them, part } = WORDS[merged.kind];
  view.check.textContent = `✗ Not saved (at ${timeOfDay()}): someone else changed ${what} since you opened ${them}, and changed ${count === 1 ? `the same ${part}` : `the same ${count} ${part}s`} you did. Both are shown below: choose which to keep, then press Save again. Nothing was written; your changes are still in the form.`;
  view.checkDetails.replaceChildren(
    ...merged.clashes.map((clash, index) => clashView(clash, label, index, merged.kind)),
  );
}
