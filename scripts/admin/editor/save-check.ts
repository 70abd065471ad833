/**
 * Refused before it writes: every save goes through the CMS's preSave hook,
 * where the site's script runs the build's own content check (check.ts) on the
 * entry about to be written, with the other files of content/ as the site has
 * them. A save that brings a problem writes nothing, in local and GitHub mode
 * alike: the hook throws before the CMS writes or commits, each problem is
 * shown at its field in the form's words, and the panel lists them with links
 * to their fields. A save that brings none goes ahead.
 */
import { parse } from 'yaml';
import { bareDoi, sameDoi } from '../../../src/doi.ts';
import type { Problem } from '../../lib/problems.ts';
import type { Origins } from '../../stages/content/markdown-links.ts';
import { type Collection, type PlacedProblem, placeOfField } from '../editor-places.ts';
import { type ContentCheck, type ContentTexts, checkFiles, checkSave, fileOf } from './check.ts';
import { entryFile, withoutEmpty } from './entry-file.ts';
import { applyChanges, type SaveChanges, saveChanges } from './save-changes.ts';
import { clearFieldProblems, goToField, showAtField } from './field-problems.ts';
import { type BuildPanel, buildMark, checkingEntry, mark, panel, problemList, timeOfDay } from './build-panel.ts';
import { noteSaving } from './changed-page.ts';
import { saveReachedTheCheck } from './form-refusals.ts';
import { SAVED } from './saved.ts';
import { cmsApi, cmsConfiguration, type ImmutableMap } from './page.ts';
import { ensureTimeZoneData } from './time-zone-data.ts';
import { type OthersChange, othersChange, showClashes, tellMerged } from './save-merge.ts';
// The thrown error's message the CMS leaves quietly to this script (admin-stage.ts, quietRefusal).
import { REFUSED } from '../deploy/github-requests.ts';

/** The files the check reads: content/ as the site has it, and what they say without the save. */
interface CheckContext {
  files: ContentTexts;
  before: ContentCheck;
}

let kept: { text: string; context: CheckContext } | undefined;

/** admin/content.json, asked again at each save (under npm run dev it changes with every save), and the tz data. */
async function checkContext(): Promise<CheckContext> {
  const [content] = await Promise.all([
    fetch('content.json', { cache: 'no-cache' }).then((answer) => (answer.ok ? answer.text() : Promise.reject())),
    ensureTimeZoneData(),
  ]);
  if (kept?.text !== content) {
    const { files } = JSON.parse(content) as { files: ContentTexts };
    kept = { text: content, context: { files, before: checkFiles(files) } };
  }
  return kept.context;
}

/** Where a DOI is on the site already: "“The title”, publication 2 of The First Example Theme"; else undefined. */
export async function whereListed(typed: string): Promise<string | undefined> {
  const doi = bareDoi(typed);
  const { files } = await checkContext();
  const publications = parse(files['content/publications.yml'] ?? '') as Record<string, unknown[]> | null;
  const themes = (parse(files['content/themes.yml'] ?? '') ?? []) as { id?: string; title?: string }[];
  for (const [theme, items] of Object.entries(publications ?? {}))
    for (const [index, item] of (Array.isArray(items) ? items : []).entries()) {
      const { doi: listed, title } = (item ?? {}) as { doi?: unknown; title?: unknown };
      if (doi && typeof listed === 'string' && sameDoi(listed, doi)) {
        const named = themes.find((candidate) => candidate.id === theme)?.title ?? theme;
        return `${typeof title === 'string' ? `“${title}”, ` : ''}publication ${index + 1} of ${named}`;
      }
    }
  return undefined;
}

/** The site's root, where its pages are: /admin/ is a folder of it. */
const siteRoot = () => new URL('..', location.href);
const pages = new Map<string, Promise<boolean>>();

/**
 * The links of the saved file to the site's own pages (a site path, or an address on the site's own domain) that
 * the site does not have: asked of the site itself, which has every page the build makes.
 */
async function missingPages(origins: Origins, path: string): Promise<Problem[]> {
  const links = [...origins].flatMap(([sitePath, places]) =>
    places.map((place) => ({ sitePath, place: place() })).filter(({ place }) => fileOf(place as Problem) === path),
  );
  const found = await Promise.all(
    links.map(({ sitePath }) => {
      if (!pages.has(sitePath)) {
        const asked = fetch(new URL(sitePath.replace(/^\//, ''), siteRoot()), { method: 'HEAD', cache: 'no-cache' });
        pages.set(
          sitePath,
          asked.then((answer) => answer.ok).catch(() => true),
        );
      }
      return pages.get(sitePath)!;
    }),
  );
  return links
    .filter((_, index) => !found[index])
    .map(({ sitePath, place }) => ({
      ...place,
      field: (place as Problem).field ?? { file: path, keys: [path.endsWith('.md') ? 'body' : ''] },
      message: `links to ${sitePath}, which the build does not produce`,
      plain: `links to ${sitePath}, a page this site does not have; check the address, or link to the page it should be`,
    }));
}

/** The form's fields of the file or view `collectionName` holds `path` in. */
function formOf(collections: Collection[], collectionName: string, path: string) {
  const collection = collections.find((candidate) => candidate.name === collectionName);
  return collection?.files?.find((file) => file.file === path)?.fields ?? collection?.fields ?? [];
}

/** The field a file that is a list at its top (themes.yml) is held in by the form; none for the others. */
async function rootFieldOf(entry: ImmutableMap): Promise<string | undefined> {
  const { collections } = await cmsConfiguration();
  const fields = formOf(collections, String(entry.get('collection')), String(entry.get('path')));
  return fields.length === 1 && fields[0]!.root ? fields[0]!.name : undefined;
}

/** A list of the entry's form by its label ("Members"), for the words of two editors' saves. */
async function labelsOf(entry: ImmutableMap): Promise<(keys: (string | number)[]) => string> {
  const { collections } = await cmsConfiguration();
  const fields = formOf(collections, String(entry.get('collection')), String(entry.get('path')));
  return (keys) => fields.find((field) => field.name === keys[0])?.label ?? String(keys[0] ?? 'The file');
}

/**
 * Someone else's save of the same file since this one opened it (save-merge.ts): their change merged in, or, where
 * both changed the same item, nothing written and both shown to choose from.
 */
async function withOthersChange(entry: ImmutableMap, view: BuildPanel): Promise<OthersChange | undefined> {
  const others = await othersChange(entry, (entry.get('data') as ImmutableMap).toJS(), await rootFieldOf(entry)).catch(
    (error: unknown) => {
      // A save already ended and said (save-merge.ts) stays ended; GitHub's file that could not be read as a list
      // (not YAML) lets the save go ahead as before, and the check reads it.
      if (error instanceof Error && error.message === REFUSED) throw error;
      return undefined;
    },
  );
  if (others?.clashes.length) {
    showClashes(view, others, await labelsOf(entry));
    throw new Error(REFUSED);
  }
  return others;
}

/**
 * The entry with `data` in place of its own: each field set to its value, as the CMS takes a hook's answer, and a
 * field `data` leaves out (someone else emptied it) emptied, so that the save does not bring it back.
 */
function withData(entry: ImmutableMap, data: Record<string, unknown>): ImmutableMap {
  let changed = entry;
  for (const [key, value] of Object.entries(data)) changed = changed.setIn(['data', key], value);
  // Marks and empty fields left out, as the file holds them.
  const held = withoutEmpty((entry.get('data') as ImmutableMap).toJS()) as Record<string, unknown>;
  for (const [key, value] of Object.entries(held))
    if (!(key in data)) changed = changed.setIn(['data', key], Array.isArray(value) ? [] : '');
  return changed;
}

/** What the site's check says of the entry about to be saved, with what the site's script adds to it. */
async function checkEntry(
  entry: ImmutableMap,
  merged?: Record<string, unknown>,
): Promise<{ problems: PlacedProblem[]; warnings: PlacedProblem[]; changes: SaveChanges }> {
  const path = String(entry.get('path'));
  const [context, { collections }] = await Promise.all([checkContext(), cmsConfiguration()]);
  const changes = saveChanges(path, merged ?? (entry.get('data') as ImmutableMap).toJS(), context.files[path]);
  const { data } = changes;
  const rootField = await rootFieldOf(entry);
  const text = entryFile(path, data, rootField);
  const result = checkSave(context.files, { path, text }, context.before);
  const problems = [...result.problems, ...(result.problems.length ? [] : await missingPages(result.origins, path))];
  const place = (problem: Problem): PlacedProblem => {
    const file = fileOf(problem);
    const keys = problem.field?.keys ?? [];
    const held = file === path ? data : undefined;
    // A line of the file being saved is a line of the text the save would write, not of the file as it is: the
    // field's link is its place, and no line is given that the file does not have.
    const where = file === path ? problem.where.replace(/^(.+?):\d+(?::\d+)?(?= › |$)/, '$1') : problem.where;
    const found = placeOfField(collections, file, keys, () => held ?? {});
    return found ? { ...problem, where, place: found } : { ...problem, where };
  };
  return { problems: problems.map(place), warnings: result.warnings.map(place), changes };
}

async function refuse(view: BuildPanel, problems: PlacedProblem[]) {
  view.check.dataset.check = 'refused';
  mark('refused');
  view.check.textContent = `✗ Not saved (at ${timeOfDay()}): ${problems.length === 1 ? '1 problem' : `${problems.length} problems`} to put right first, each shown at its field. Nothing was written.`;
  view.checkDetails.replaceChildren(problemList(problems));
  const shown = await Promise.all(
    problems.map((problem) =>
      problem.place?.keyPath ? showAtField(problem.place.keyPath, problem.plain ?? problem.message) : null,
    ),
  );
  const first = problems.find((_, index) => shown[index]);
  if (first?.place?.keyPath) await goToField(first.place.keyPath);
}

async function preSave(entry: ImmutableMap): Promise<ImmutableMap | undefined> {
  saveReachedTheCheck();
  const view = panel();
  clearFieldProblems();
  checkingEntry();
  view.check.dataset.check = 'checking';
  mark('checking');
  view.check.textContent = 'Checking the entry before saving it…';
  view.checkDetails.replaceChildren();
  const others = await withOthersChange(entry, view);
  let result: Awaited<ReturnType<typeof checkEntry>>;
  try {
    result = await checkEntry(entry, others?.data);
  } catch {
    // The check could not be made (the site's files did not come): the save goes ahead, and the build checks it.
    view.check.dataset.check = 'unchecked';
    mark(buildMark());
    view.check.textContent =
      'The entry could not be checked before saving (the site’s files did not load); the build checks it.';
    // Someone else's change merged in is saved all the same: never written over.
    return others ? withData(entry, others.data) : undefined;
  }
  if (result.problems.length > 0) {
    await refuse(view, result.problems);
    throw new Error(REFUSED);
  }
  noteSaving({
    collection: String(entry.get('collection')),
    slug: String(entry.get('slug') ?? ''),
    path: String(entry.get('path')),
    after: result.changes.data,
    files: (await checkContext()).files,
  });
  view.check.dataset.check = 'passed';
  // The save's own verdict is the build's, which follows the save (under npm run dev, "…" as it starts).
  mark(buildMark());
  view.check.textContent = `✓ Checked before saving (at ${timeOfDay()}): nothing the build refuses.`;
  // Notes in the form's words alone (a paper that holds only its DOI); the others are the build's, for the terminal.
  const notes = result.warnings.filter((warning) => warning.plain);
  if (notes.length > 0) view.checkDetails.replaceChildren(problemList(notes));
  if (others) {
    tellMerged(view, others, await labelsOf(entry));
    // Saved with the other's change: every field as merged (and as the site's script places it).
    return withData(entry, result.changes.data);
  }
  return result.changes.changes.length > 0 ? applyChanges(entry, result.changes) : undefined;
}

/** Every save of the CMS checked first; each one written told to the page (SAVED). */
export function checkBeforeSave() {
  cmsApi()?.registerEventListener({ name: 'preSave', handler: ({ entry }) => preSave(entry) });
  cmsApi()?.registerEventListener({
    name: 'postSave',
    handler: ({ entry }) => {
      window.dispatchEvent(new CustomEvent(SAVED, { detail: entry }));
    },
  });
}
