/**
 * An entry as the CMS's form holds it, read as the build reads the file it
 * saves: an empty optional field left out (the CMS leaves it out when it
 * writes the file), then checked by the file's own schema from src/content/,
 * which also gives the values their types. What the schema refuses is named
 * in its words, for the preview to say why a part is not shown yet.
 */
import * as v from 'valibot';

/** A value as the saved file would hold it: empty text, null and empty groups left out, recursively. */
export function asSaved(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asSaved).filter((item) => item !== undefined);
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, asSaved(item)] as const)
      .filter(([, item]) => item !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return value === '' || value === null ? undefined : value;
}

/** What the schema made of a value: the typed value, or the schema's first objection (its field and its words). */
export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

export function checked<S extends v.GenericSchema>(schema: S, raw: unknown): Checked<v.InferOutput<S>> {
  const result = v.safeParse(schema, raw);
  if (result.success) return { ok: true, value: result.output };
  const [issue] = result.issues;
  const field = issue?.path
    ?.map((item) => item.key)
    .filter((key) => typeof key === 'string')
    .at(-1);
  return { ok: false, problem: `${field ? `${field}: ` : ''}${issue?.message ?? 'not readable'}` };
}

/** A news item's id from its file's name (2031-05-04-reunion.md → reunion), or a stand-in while it has none. */
export const newsId = (slug: string | undefined) => /^\d{4}-\d{2}-\d{2}-(.+)$/.exec(slug ?? '')?.[1] ?? 'new-item';
