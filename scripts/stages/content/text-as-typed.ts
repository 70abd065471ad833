/**
 * A field the schema declares as text keeps the characters written in the
 * YAML, whatever they look like to YAML: `version: 1.10` is "1.10" (not 1.1),
 * `reportNumber: 007` is "007", `articleNumber: 1e3` is "1e3", `title: 1984`
 * is "1984". YAML has already read such a value as a number (or a boolean);
 * its node still holds the source text, which is put back before the schema
 * checks it. The schema decides which fields are text, so a new text field
 * needs nothing here; a field declared as a number (a year) keeps its number.
 */
import type * as v from 'valibot';
import { type Document, isMap, isScalar, isSeq, type Node } from 'yaml';

interface SchemaShape {
  type: string;
  wrapped?: SchemaShape;
  options?: SchemaShape[];
  entries?: Record<string, SchemaShape>;
  item?: SchemaShape;
  value?: SchemaShape;
  rest?: SchemaShape;
  pipe?: { type: string }[];
}

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'nullish',
  'non_optional',
  'non_nullable',
  'non_nullish',
  'exact_optional',
]);

function unwrapped(schema: SchemaShape): SchemaShape {
  let inner = schema;
  while (WRAPPERS.has(inner.type) && inner.wrapped) inner = inner.wrapped;
  return inner;
}

/** Whether the schema takes text and keeps it text: a string, or a union with such a string among its options. */
function isText(schema: SchemaShape): boolean {
  const inner = unwrapped(schema);
  // A string turned into something else (a year written "2022") is not text.
  if (inner.type === 'string') return !inner.pipe?.some((action) => action.type === 'transform');
  if (inner.type === 'union') return (inner.options ?? []).some(isText);
  return false;
}

/** The schemas a map's field, or a list's item, is checked with. */
function childSchemas(schema: SchemaShape, key: unknown): SchemaShape[] {
  const inner = unwrapped(schema);
  if (inner.type === 'union' || inner.type === 'variant')
    return (inner.options ?? []).flatMap((option) => childSchemas(option, key));
  if (inner.type === 'array') return inner.item ? [inner.item] : [];
  if (inner.type === 'record') return inner.value ? [inner.value] : [];
  if (inner.entries) {
    const entry = typeof key === 'string' ? inner.entries[key] : undefined;
    return entry ? [entry] : inner.rest ? [inner.rest] : [];
  }
  return [];
}

function restore(node: unknown, schemas: SchemaShape[]): void {
  if (schemas.length === 0) return;
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? pair.key.value : undefined;
      restore(
        pair.value,
        schemas.flatMap((schema) => childSchemas(schema, key)),
      );
    }
  } else if (isSeq(node)) {
    for (const item of node.items)
      restore(
        item,
        schemas.flatMap((schema) => childSchemas(schema, undefined)),
      );
  } else if (isScalar(node) && (typeof node.value === 'number' || typeof node.value === 'boolean')) {
    const { source } = node as { source?: string };
    if (typeof source === 'string' && schemas.some(isText)) node.value = source;
  }
}

/** Puts back the written text of every value of `doc` that `schema` declares as text and YAML read otherwise. */
export function keepTextAsTyped(doc: Document, schema: v.GenericSchema): void {
  restore(doc.contents as Node | null, [schema as unknown as SchemaShape]);
}
