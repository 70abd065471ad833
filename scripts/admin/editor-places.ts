/**
 * Where a problem of the content is in the editor at /admin/: the build names
 * a file, a line and a path of keys ("content/publications.yml:16:10 ›
 * first-example[2] › doi"); an editor knows the same place as a collection,
 * an entry and a field ("Publications › The First Example Theme › “An example
 * study” › DOI"), reached by a link to the entry that opens the field. Made
 * from the CMS's configuration, so the words are the form's own. It reads
 * nothing: the dev server (dev-admin.ts) and the site's script in the browser
 * give it the files' data.
 */
import type { Problem } from '../lib/problems.ts';
import type { CmsField } from './schema-fields.ts';

/** The parts of the configuration this reads: each collection's name, label, and files or folder and fields. */
export interface Collection {
  name: string;
  label: string;
  folder?: string;
  filter?: { field: string; value?: string[]; pattern?: string };
  files?: { name: string; label: string; file: string; fields: CmsField[] }[];
  fields?: CmsField[];
}

/** Where in the editor: the words, the entry's address, and the field's key path in the form (first-example.2.doi). */
export interface Place {
  label: string;
  hash: string;
  keyPath?: string;
}

/** A problem with its place in the editor, when the build's place is in a file the editor edits. */
export type PlacedProblem = Problem & { place?: Place };

type Keys = (string | number)[];

/** "first-example[2] "The title…"" → the key and the index, as the build's trail writes an entry. */
const step = (part: string) => /^([^[\s]+)(?:\[(\d+)\])?/.exec(part);

/** The build's trail of keys ("first-example[2] "The title…" › doi") as keys: ["first-example", 2, "doi"]. */
function trailKeys(where: string): Keys {
  return where
    .split(' › ')
    .slice(1)
    .flatMap((part) => {
      const [, key, index] = step(part) ?? [];
      if (key === undefined) return [];
      return index === undefined ? [/^\d+$/.test(key) ? Number(key) : key] : [key, Number(index)];
    });
}

const short = (text: string) => (text.length > 50 ? `${text.slice(0, 50)}…` : text);

/** How a list item is known in the form: its title, name or DOI, as its summary shows it; else its place. */
function itemName(item: unknown, index: number): string {
  const value = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
  const name = [value.title, value.name, value.doi, item].find((part) => typeof part === 'string' && part.trim());
  return typeof name === 'string' ? `“${short(name.trim())}”` : `item ${index + 1}`;
}

/** The labels of the fields `keys` go through, in the form's words, each list item by its name in `data`. */
function fieldLabels(fields: CmsField[] | undefined, keys: Keys, data: unknown): string[] {
  const labels: string[] = [];
  let current = fields;
  let value = data;
  const at = (key: string | number) =>
    typeof value === 'object' && value !== null ? (value as Record<string | number, unknown>)[key] : undefined;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index]!;
    const field = current?.find((candidate) => candidate.name === key);
    if (!field) break;
    if (!(field.root && labels.length === 0)) labels.push(field.label);
    value = at(key);
    const item = keys[index + 1];
    if (typeof item === 'number') {
      labels.push(itemName(at(item), item));
      value = at(item);
      index += 1;
    }
    current = field.fields ?? (field.field ? [field.field] : undefined);
  }
  return labels;
}

/** The form's key path of a field: a list at a file's top is the form's field; a news item's summary is its body. */
function keyPathOf(fields: CmsField[] | undefined, keys: Keys): string {
  const root = fields?.length === 1 && fields[0]!.root ? [fields[0]!.name] : [];
  const named = keys.map((key) => (key === 'summary' && keys.length === 1 ? 'body' : key));
  return [...root, ...named].join('.');
}

/** The news view an item is in, by its start as written (see cms-config.ts): its filter, read as the CMS reads it. */
function newsView(collections: Collection[], frontMatter: Record<string, unknown>): Collection | undefined {
  return collections.find(({ filter, folder }) => {
    if (!folder || !filter) return false;
    const value = frontMatter[filter.field];
    if (filter.value) return filter.value.includes(String(value));
    return typeof value === 'string' && new RegExp(filter.pattern ?? '$^').test(value);
  });
}

/**
 * The place in the editor of a field of a content file. `file` is relative to the repository
 * (content/news/2031-….md); `data` reads what the file holds (a news item's front matter), for its view and the names
 * of its list items. Undefined for a file the editor does not edit.
 */
export function placeOfField(
  collections: Collection[],
  file: string,
  keys: Keys,
  data: () => unknown,
): Place | undefined {
  for (const collection of collections) {
    const entry = collection.files?.find((candidate) => candidate.file === file);
    if (!entry) continue;
    const label = [collection.label, entry.label, ...fieldLabels(entry.fields, keys, data())].join(' › ');
    return {
      label,
      hash: `#/collections/${collection.name}/entries/${entry.name}`,
      ...(keys.length > 0 ? { keyPath: keyPathOf(entry.fields, keys) } : {}),
    };
  }
  const news = /^(.*)\/([^/]+)\.md$/.exec(file);
  const held = news ? data() : undefined;
  const frontMatter = typeof held === 'object' && held !== null ? (held as Record<string, unknown>) : {};
  const view = news
    ? newsView(
        collections.filter((c) => c.folder === news[1]),
        frontMatter,
      )
    : undefined;
  if (!news || !view) return undefined;
  const title = typeof frontMatter.title === 'string' ? `“${short(frontMatter.title)}”` : news[2]!;
  const fields = keys.map((key) => (key === 'summary' ? 'body' : key));
  return {
    label: [view.label, title, ...fieldLabels(view.fields, fields, frontMatter)].join(' › '),
    hash: `#/collections/${view.name}/entries/${news[2]}`,
    ...(keys.length > 0 ? { keyPath: keyPathOf(view.fields, keys) } : {}),
  };
}

/** A problem in the content file `file` (relative to the repository) with its place in the editor, when it has one. */
export function placeInEditor(
  problem: Problem,
  file: string,
  collections: Collection[],
  data: () => unknown,
): PlacedProblem {
  const keys = problem.field?.keys ?? trailKeys(problem.where);
  const place = placeOfField(collections, file, keys, data);
  return place ? { ...problem, place } : problem;
}
