/**
 * An entry as the CMS's form holds it, read as the build reads the file it
 * saves: an empty optional field left out (the CMS leaves it out when it
 * writes the file), the CMS's own marks on list items left out (it never
 * writes them), then checked by the file's own schema from src/content/,
 * which also gives the values their types. What is not finished yet is said
 * in the form's words: the labels its fields show (the schema's titles),
 * never the schema's message or a file's key.
 */
import * as v from 'valibot';
import { schemaAt } from '../../lib/schema-shape.ts';
import { labelOf, metadataOf, singular } from '../schema-fields.ts';

/** The CMS's own marks on list items (__sc_item_id, __sc_item_original_key_path), which it never writes. */
export const isCmsMark = (key: string) => key.startsWith('__sc_');

/** A value as the saved file would hold it: empty text, null, empty groups and the CMS's marks left out, recursively. */
export function asSaved(value: unknown): unknown {
  // A list keeps its places, as the form numbers them: an item left empty is there, with nothing in it yet.
  if (Array.isArray(value))
    return value.map((item) => asSaved(item) ?? (typeof item === 'object' && item !== null ? {} : undefined));
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([key]) => !isCmsMark(key))
      .map(([key, item]) => [key, asSaved(item)] as const)
      .filter(([, item]) => item !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return value === '' || value === null ? undefined : value;
}

type Keys = (string | number)[];

/** What the schema made of a value: the typed value, or one plain sentence saying what is not finished. */
export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

/** The label the form shows for the field at `keys` (its schema's title), as the CMS's form names it. */
function labelAt(schema: unknown, keys: Keys): string {
  const name = [...keys].reverse().find((key) => typeof key === 'string');
  const field = schemaAt(schema, keys);
  return (field && metadataOf(field, 'title')) ?? labelOf(String(name ?? ''));
}

/** "Title", "Title and Starts", "Title, Date and Starts". */
const listed = (labels: string[]) =>
  labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;

/** The issues' fields in the form's words: those left empty, and those holding what the site cannot read yet. */
function unfinished(schema: unknown, issues: v.BaseIssue<unknown>[]): string {
  const missing = new Set<string>();
  const wrong = new Set<string>();
  for (const issue of issues) {
    const keys = (issue.path ?? []).map((item) => item.key as string | number);
    // A key the form does not have (not one of its fields) is not the person's to finish.
    if (issue.expected === 'never') continue;
    const label = keys.length > 0 ? labelAt(schema, keys) : '';
    if (!label) continue;
    (issue.input === undefined ? missing : wrong).add(label);
  }
  const parts = [
    ...(missing.size > 0 ? [`${listed([...missing])} ${missing.size > 1 ? 'are' : 'is'} filled in`] : []),
    ...(wrong.size > 0 ? [`${listed([...wrong])} ${wrong.size > 1 ? 'are' : 'is'} as the form asks`] : []),
  ];
  return parts.length > 0 ? `once ${parts.join(' and ')}` : 'once the form is finished';
}

/** The schema's verdict on a value: its typed value, or `what` and a plain sentence of what is not finished. */
export function checked<S extends v.GenericSchema>(schema: S, raw: unknown, what = 'This'): Checked<v.InferOutput<S>> {
  const result = v.safeParse(schema, raw);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, problem: `${what} is shown ${unfinished(schema, result.issues)}.` };
}

/** The path of the list item an issue is in (the keys up to its last index), or undefined. */
function itemOf(issue: v.BaseIssue<unknown>): Keys | undefined {
  const keys = (issue.path ?? []).map((item) => item.key as string | number);
  const last = keys.findLastIndex((key) => typeof key === 'number');
  return last === -1 ? undefined : keys.slice(0, last + 1);
}

function valueAt(data: unknown, keys: Keys): unknown {
  return keys.reduce<unknown>((value, key) => (value as Record<string | number, unknown> | undefined)?.[key], data);
}

/** An item of a list by its number, in the form's words: "Member 18", "Known issue 2". */
function itemName(schema: unknown, item: Keys): string {
  const list = item.slice(0, -1);
  const own = metadataOf(schemaAt(schema, item), 'title');
  return `${own ?? singular(labelAt(schema, list))} ${Number(item.at(-1)) + 1}`;
}

/**
 * What the page can show so far of an entry whose lists hold items still being filled in: those items left out
 * (each said in one sentence, by its number in the form), the rest read by the schema. Undefined `value` (with one
 * sentence) when what is unfinished is not a list item.
 */
export function readSoFar<S extends v.GenericSchema>(
  schema: S,
  raw: unknown,
  what: string,
): { value?: v.InferOutput<S>; notes: string[] } {
  const notes: string[] = [];
  let data = structuredClone(raw ?? {});
  for (let round = 0; round < 20; round++) {
    const result = v.safeParse(schema, data);
    if (result.success) return { value: result.output, notes };
    const items = new Map<string, { keys: Keys; issues: v.BaseIssue<unknown>[] }>();
    for (const issue of result.issues) {
      const keys = itemOf(issue);
      if (!keys) continue;
      const id = JSON.stringify(keys);
      items.set(id, { keys, issues: [...(items.get(id)?.issues ?? []), issue] });
    }
    if (items.size === 0) return { notes: [...notes, `${what} is shown ${unfinished(schema, result.issues)}.`] };
    // Left out from the last, so that the numbers of the others stay the form's.
    const ordered = [...items.values()].sort((a, b) => Number(b.keys.at(-1)) - Number(a.keys.at(-1)));
    for (const { keys, issues } of ordered) {
      notes.unshift(`${itemName(schema, keys)} is shown ${unfinished(schema, issues)}.`);
      (valueAt(data, keys.slice(0, -1)) as unknown[]).splice(Number(keys.at(-1)), 1);
    }
    data = structuredClone(data);
  }
  return { notes };
}

/** A news item's id from its file's name (2031-05-04-reunion.md → reunion), or a stand-in while it has none. */
export const newsId = (slug: string | undefined) => /^\d{4}-\d{2}-\d{2}-(.+)$/.exec(slug ?? '')?.[1] ?? 'new-item';
