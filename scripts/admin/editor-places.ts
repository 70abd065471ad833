/**
 * Where a problem of the build is in the editor at /admin/: the build names a
 * file, a line and a path of keys ("content/publications.yml:16:10 ›
 * first-example[2] › doi"); an editor knows the same place as a collection,
 * an entry and a field ("Publications › The First Example Theme › item 3 ›
 * DOI"), reached by a link to the entry. Made from the CMS's configuration, so
 * the words are the form's own.
 */
import path from 'node:path';
import type { Problem } from '../lib/problems.ts';
import type { CmsField } from './schema-fields.ts';

/** The parts of the configuration this reads: each collection's name, label, and files or folder and fields. */
interface Collection {
  name: string;
  label: string;
  folder?: string;
  filter?: { field: string; value?: string[]; pattern?: string };
  files?: { name: string; label: string; file: string; fields: CmsField[] }[];
  fields?: CmsField[];
}

/** A problem with its place in the editor, when the build's place is in a file the editor edits. */
export type PlacedProblem = Problem & { place?: { label: string; hash: string } };

/** "first-example[2] "The title…"" → the key and the index, as the build's trail writes an entry. */
const step = (part: string) => /^([^[\s]+)(?:\[(\d+)\])?/.exec(part);

/** The labels of the fields a trail of keys goes through, in the form's words. */
function fieldLabels(fields: CmsField[] | undefined, trail: string[]): string[] {
  const labels: string[] = [];
  let current = fields;
  for (const part of trail) {
    const [, key, index] = step(part) ?? [];
    const field = current?.find((candidate) => candidate.name === key);
    if (!field) break;
    const root = field.root && labels.length === 0;
    if (!root) labels.push(field.label);
    if (index !== undefined) labels.push(`item ${Number(index) + 1}`);
    current = field.fields ?? (field.field ? [field.field] : undefined);
  }
  return labels;
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
 * The place in the editor of each problem in a content file. `file` is the problem's file relative to the
 * repository (content/news/2031-….md); `frontMatter` reads a news item's front matter, to know its view.
 */
export function placeInEditor(
  problem: Problem,
  file: string,
  collections: Collection[],
  frontMatter: () => Record<string, unknown>,
): PlacedProblem {
  const trail = problem.where.split(' › ').slice(1);
  for (const collection of collections) {
    const entry = collection.files?.find((candidate) => candidate.file === file);
    if (!entry) continue;
    const label = [collection.label, entry.label, ...fieldLabels(entry.fields, trail)].join(' › ');
    return { ...problem, place: { label, hash: `#/collections/${collection.name}/entries/${entry.name}` } };
  }
  const news = /^(.*)\/([^/]+)\.md$/.exec(file);
  const view = news
    ? newsView(
        collections.filter((c) => c.folder === news[1]),
        frontMatter(),
      )
    : undefined;
  if (!news || !view) return problem;
  const label = [view.label, news[2]!, ...fieldLabels(view.fields, trail)].join(' › ');
  return { ...problem, place: { label, hash: `#/collections/${view.name}/entries/${news[2]}` } };
}

/** The file a problem names, relative to the repository (the folder that holds content/), with forward slashes. */
export function problemFile(problem: Problem, cwd: string, repository: string): string | undefined {
  const file = /^(.+?)(?::\d+(?::\d+)?)?(?: › |$)/.exec(problem.where)?.[1];
  if (!file) return undefined;
  const relative = path.relative(repository, path.resolve(cwd, file));
  return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep).join('/');
}
