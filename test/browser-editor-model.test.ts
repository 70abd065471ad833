/**
 * The editor's lists against a model, in Chromium, on the real content's
 * shape (test/fixtures/real-shape/): fast-check generates sequences of what a
 * person does in the members entry (add, remove, rename and move countries;
 * duplicate, remove, move within their country and edit members; save; leave
 * without saving) and, after each step, the preview pane shows what the page
 * will show of the form as the model holds it, with no name of the CMS's own
 * and no schema message; after each save the file is the model's and the
 * pane's directory is the built home page's. Each run starts from the file as
 * the last run left the form and the file (the model goes on too), so
 * /admin/ is opened once.
 *
 * PROPERTY_RUNS sets how many sequences where more than 8, EDITOR_MODEL_SEED
 * the seed (printed with a failing sequence, to replay it).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { Frame, Page } from 'playwright-core';
import { parse } from 'yaml';
import { withChromium } from './helpers/browser/chromium.ts';
import { propertyRuns } from './helpers/property-runs.ts';
import {
  type AdminPage,
  type EditorSession,
  click,
  openEntry,
  save,
  signInLocally,
  startEditorSession,
} from './helpers/editor-session.ts';
import { type Directory, internalWords, paneFrame, realShape } from './editor-real-shape.ts';

const RUNS = propertyRuns(8);
const SEED = Number(process.env.EDITOR_MODEL_SEED ?? 47);
const FILE = 'content/members.yml';

interface Model {
  /** The file as saved. */
  saved: Directory;
  /** The form. */
  draft: Directory;
}

interface Real {
  admin: AdminPage;
  session: EditorSession;
}

type Groups = string[][];

/** The directory as the page shows it: each country with members, its heading then its members' names. */
const groupsOf = ({ countries, members }: Directory): Groups =>
  countries
    .map((country) => [country, ...members.filter((member) => member.country === country).map((m) => m.name)])
    .filter((group) => group.length > 1);

/** The directory the pane shows, read as `groupsOf` reads a model. */
const shownGroups = (frame: Frame) =>
  frame.evaluate(() =>
    [...document.querySelectorAll('.member-group')].map((group) => [
      group.querySelector('.member-group__country')?.textContent ?? '',
      ...[...group.querySelectorAll('.member-card__name')].map((name) => name.textContent ?? ''),
    ]),
  );

/** After each step: the pane shows the model's form as the page will, and nothing of the CMS's own. */
async function paneAgrees(page: Page, model: Model) {
  const expected = groupsOf(model.draft);
  const frame = await paneFrame(page);
  await frame
    .waitForFunction(
      (want) => {
        const shown = [...document.querySelectorAll('.member-group')].map((group) => [
          group.querySelector('.member-group__country')?.textContent ?? '',
          ...[...group.querySelectorAll('.member-card__name')].map((name) => name.textContent ?? ''),
        ]);
        return JSON.stringify(shown) === JSON.stringify(want);
      },
      expected,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  assert.deepEqual(await shownGroups(frame), expected, 'the pane shows the directory the page will show');
  assert.doesNotMatch(await frame.locator('.eccron-preview').innerText(), internalWords);
}

const clone = (directory: Directory): Directory => structuredClone(directory);
const withoutMembers = (d: Directory) => d.countries.filter((c) => !d.members.some((m) => m.country === c));

/** The list's item at `index`, brought into view and drawn (the CMS draws a long list as it comes into view). */
async function item(page: Page, list: 'countries' | 'members', index: number) {
  const wrapper = page
    .locator(`section[data-key-path="${list}"] .item-list`)
    .first()
    .locator(':scope > .item-wrapper')
    .nth(index);
  await wrapper.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const drawn = wrapper.locator('[role="group"][draggable]').first();
  await drawn.waitFor();
  return drawn;
}

/** Chooses a place in an item's choice and waits until it reads its new place, with the focus. */
async function choosePlace(page: Page, list: 'countries' | 'members', index: number, value: number, words: string) {
  const choice = (await item(page, list, index)).locator('select.eccron-position').first();
  await choice.selectOption(String(value));
  await page
    .waitForFunction(
      (words) => (document.activeElement as HTMLSelectElement | null)?.selectedOptions?.[0]?.text === words,
      words,
    )
    .catch(async (error) => {
      const seen = await page.evaluate(() => {
        const select = document.activeElement as HTMLSelectElement | null;
        return `${select?.tagName} ${select?.getAttribute('aria-label')} chosen "${select?.selectedOptions?.[0]?.text}" of ${[...(select?.options ?? [])].map((o) => o.text).join(' | ')}`;
      });
      throw new Error(`the choice was to read "${words}"; the focus is on ${seen}`, { cause: error });
    });
}

/** The editor asks before a list item is removed: the person says Remove. */
const confirmRemoval = (page: Page) =>
  page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();

const NAMES = ['Arcadia', 'Borduria', 'Carpania', 'Dorado', 'Elbonia', 'Florin', 'Genovia', 'Hyrkania'];

class AddCountry implements fc.AsyncCommand<Model, Real> {
  constructor(readonly name: string) {}
  check = (m: Readonly<Model>) => !m.draft.countries.includes(this.name) && m.draft.countries.length < 20;
  async run(m: Model, { admin }: Real) {
    const { page } = admin;
    const countries = page.getByRole('group', { name: /Countries\W*Field/ });
    await click(admin, countries.getByRole('button', { name: /^Add\W*Country\W*$/ }));
    const at = m.draft.countries.length;
    await page.waitForFunction(
      (at) => document.activeElement?.closest('section')?.dataset.keyPath === `countries.${at}`,
      at,
    );
    await page.keyboard.type(this.name);
    m.draft.countries.push(this.name);
    await paneAgrees(page, m);
  }
  toString = () => `add country ${this.name}`;
}

class RemoveCountry implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => withoutMembers(m.draft).length > 0;
  async run(m: Model, { admin }: Real) {
    const { page } = admin;
    const free = withoutMembers(m.draft);
    const index = m.draft.countries.indexOf(free[this.pick % free.length]!);
    await click(admin, (await item(page, 'countries', index)).getByRole('button', { name: 'Remove' }).first());
    await confirmRemoval(page);
    m.draft.countries.splice(index, 1);
    await paneAgrees(page, m);
  }
  toString = () => `remove a country without members (${this.pick})`;
}

class RenameCountry implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly name: string,
  ) {}
  check = (m: Readonly<Model>) => withoutMembers(m.draft).length > 0 && !m.draft.countries.includes(this.name);
  async run(m: Model, { admin: { page } }: Real) {
    const free = withoutMembers(m.draft);
    const index = m.draft.countries.indexOf(free[this.pick % free.length]!);
    await (await item(page, 'countries', index)).locator('input').first().fill(this.name);
    m.draft.countries[index] = this.name;
    await paneAgrees(page, m);
  }
  toString = () => `rename a country without members (${this.pick}) to ${this.name}`;
}

class MoveCountry implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly from: number,
    readonly to: number,
  ) {}
  check = () => true;
  async run(m: Model, { admin: { page } }: Real) {
    const n = m.draft.countries.length;
    const [from, to] = [this.from % n, this.to % n];
    await choosePlace(page, 'countries', from, to, `${to + 1} of ${n}`);
    m.draft.countries.splice(to, 0, ...m.draft.countries.splice(from, 1));
    await paneAgrees(page, m);
  }
  toString = () => `move country ${this.from} to place ${this.to}`;
}

class MoveMember implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly place: number,
  ) {}
  check = (m: Readonly<Model>) => m.draft.members.length > 0;
  async run(m: Model, { admin: { page } }: Real) {
    const members = m.draft.members;
    const from = this.pick % members.length;
    const country = members[from]!.country;
    const group = members.flatMap((member, at) => (member.country === country ? [at] : []));
    const place = this.place % group.length;
    await choosePlace(page, 'members', from, group[place]!, `${place + 1} of ${group.length} in ${country}`);
    members.splice(group[place]!, 0, ...members.splice(from, 1));
    await paneAgrees(page, m);
  }
  toString = () => `move member ${this.pick} to place ${this.place} in their country`;
}

class EditMember implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly position: string,
  ) {}
  check = (m: Readonly<Model>) => m.draft.members.length > 0;
  async run(m: Model, { admin }: Real) {
    const { page } = admin;
    const index = this.pick % m.draft.members.length;
    await opened(admin, index);
    await page.locator(`section[data-key-path="members.${index}.position"] input`).fill(this.position);
    const member = m.draft.members[index]!;
    if (this.position) member.position = this.position;
    else delete member.position;
    await paneAgrees(page, m);
    const frame = await paneFrame(page);
    if (this.position)
      await frame.locator('.member-card__position', { hasText: this.position }).first().waitFor({ timeout: 15_000 });
  }
  toString = () => `set member ${this.pick}'s position to "${this.position}"`;
}

/** A member's item, opened (a member is shown collapsed, as its name and country), as a person does. */
async function opened(admin: AdminPage, index: number) {
  const shown = await item(admin.page, 'members', index);
  // The item's own Expand or Collapse (not one of a field inside it).
  const toggle = shown.locator(':scope > .header button[aria-controls$="-body"]');
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await click(admin, toggle);
  return shown;
}

/** A colleague added by duplicating a member (same country and institution), then given their own name. */
class DuplicateMember implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly name: string,
  ) {}
  check = (m: Readonly<Model>) =>
    m.draft.members.length > 0 && m.draft.members.length < 22 && !m.draft.members.some((x) => x.name === this.name);
  async run(m: Model, { admin }: Real) {
    const { page } = admin;
    const index = this.pick % m.draft.members.length;
    await click(admin, (await item(page, 'members', index)).getByRole('button', { name: 'List Item Options' }).first());
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    const copy = structuredClone(m.draft.members[index]!);
    m.draft.members.splice(index + 1, 0, copy);
    await paneAgrees(page, m);
    await opened(admin, index + 1);
    await page.locator(`section[data-key-path="members.${index + 1}.name"] input`).fill(this.name);
    copy.name = this.name;
    await paneAgrees(page, m);
  }
  toString = () => `duplicate member ${this.pick} as ${this.name}`;
}

class RemoveMember implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.draft.members.length > 12;
  async run(m: Model, { admin }: Real) {
    const { page } = admin;
    const index = this.pick % m.draft.members.length;
    await click(admin, (await item(page, 'members', index)).getByRole('button', { name: 'Remove' }).first());
    await confirmRemoval(page);
    m.draft.members.splice(index, 1);
    await paneAgrees(page, m);
  }
  toString = () => `remove member ${this.pick}`;
}

const same = (a: Directory, b: Directory) => JSON.stringify(a) === JSON.stringify(b);

class Save implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => !same(m.saved, m.draft);
  async run(m: Model, { admin, session }: Real) {
    const saved = await save(admin, FILE);
    assert.equal(saved.verdict, 'passed', saved.panel);
    m.saved = clone(m.draft);
    assert.deepEqual(parse(await session.onDisk(FILE)), m.saved, 'the file is the model');
    await paneAgrees(admin.page, m);
    // The pane's directory is the built home page's, card by card.
    const cards = (where: Frame) =>
      where.evaluate(() =>
        [...document.querySelectorAll('.member-group')].map((group) =>
          (group.textContent ?? '').replace(/\s+/g, ' ').trim(),
        ),
      );
    const home = await admin.page.evaluate(async (url) => {
      const page = new DOMParser().parseFromString(await (await fetch(url)).text(), 'text/html');
      return [...page.querySelectorAll('.member-group')].map((group) =>
        (group.textContent ?? '').replace(/\s+/g, ' ').trim(),
      );
    }, session.dev.url);
    assert.deepEqual(await cards(await paneFrame(admin.page)), home);
  }
  toString = () => 'save';
}

class Leave implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => !same(m.saved, m.draft);
  async run(m: Model, { admin }: Real) {
    const { page } = admin;
    await page.getByRole('button', { name: 'Cancel Editing' }).click();
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /now viewing/ })
      .waitFor();
    await openEntry(page, 'settings/entries/members');
    m.draft = clone(m.saved);
    await paneAgrees(page, m);
  }
  toString = () => 'leave without saving, then open the members again';
}

/** How many times each action was taken over the run, printed at its end. */
const tally: Record<string, number> = {};
/** Every action taken in this run, in order: a sequence goes on from the state the ones before it left. */
const history: string[] = [];
for (const action of [
  AddCountry,
  RemoveCountry,
  RenameCountry,
  MoveCountry,
  MoveMember,
  EditMember,
  DuplicateMember,
  RemoveMember,
  Save,
  Leave,
]) {
  const run = action.prototype.run;
  action.prototype.run = function (this: fc.AsyncCommand<Model, Real>, ...args: [Model, Real]) {
    tally[action.name] = (tally[action.name] ?? 0) + 1;
    history.push(String(this));
    return run.apply(this, args);
  } as typeof run;
}

const name = fc.constantFrom(...NAMES);
const commands = fc.commands(
  [
    name.map((n) => new AddCountry(n)),
    fc.nat(30).map((p) => new RemoveCountry(p)),
    fc.tuple(fc.nat(30), name).map(([p, n]) => new RenameCountry(p, `${n}ia`)),
    fc.tuple(fc.nat(30), fc.nat(30)).map(([a, b]) => new MoveCountry(a, b)),
    fc.tuple(fc.nat(30), fc.nat(5)).map(([a, b]) => new MoveMember(a, b)),
    fc
      .tuple(fc.nat(30), fc.constantFrom('', 'Neuropsychologist', 'Research nurse, MSc'))
      .map(([p, text]) => new EditMember(p, text)),
    fc
      .tuple(fc.nat(30), fc.integer({ min: 1, max: 9 }))
      .map(([p, n]) => new DuplicateMember(p, `Example Colleague ${n}`)),
    fc.nat(30).map((p) => new RemoveMember(p)),
    // Saved more often than any one edit: each save is where the file and the built page are checked.
    fc.constant(new Save()),
    fc.constant(new Save()),
    fc.constant(new Save()),
    fc.constant(new Leave()),
  ],
  { maxCommands: 5 },
);

withChromium('the editor’s lists against a model', (executablePath) =>
  describe('the editor’s lists against a model', () => {
    let session: EditorSession;
    let admin: AdminPage;
    let model: Model | undefined;

    before(async () => {
      session = await startEditorSession(executablePath, { prepare: realShape });
      admin = await session.openAdmin();
      await signInLocally(session, admin);
      await openEntry(admin.page, 'settings/entries/members');
      // Each action's wait, once the editor is open (its cold load, seconds more on a busy machine, waits longer).
      admin.page.setDefaultTimeout(20_000);
    });
    after(async () => {
      process.stdout.write(`# actions taken: ${JSON.stringify(tally)}\n`);
      await session?.stop();
    });

    test(`${RUNS} sequences of actions in the members entry: the pane is the page, the file the model (seed ${SEED})`, async () => {
      // A failing sequence is replayed from the start of the run (the seed), so every action taken is printed.
      await fc
        .assert(
          fc.asyncProperty(commands, async (sequence) => {
            // Each sequence goes on from where the last one left the form and the file: no reload between them.
            if (!model) {
              const saved = parse(await session.onDisk(FILE)) as Directory;
              model = { saved, draft: clone(saved) };
            }
            const current = model;
            await fc.asyncModelRun(() => ({ model: current, real: { admin, session } }), sequence);
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true, includeErrorInReport: true },
        )
        .catch((error: Error) => {
          throw new Error(`${error.message}\nEvery action of the run, in order:\n${history.join('\n')}`);
        });
    });
  }),
);
