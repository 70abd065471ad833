/**
 * Valibot's schemas read as data: what an object's fields are, what a list
 * holds, what a field allows. One reading for the content check's messages
 * (stages/content/issues.ts) and the CMS's forms (admin/schema-fields.ts), so
 * that a field added to a schema reaches both without code that names it.
 */

/** A schema node as a walker sees it: valibot's public shape, read without its types' generics. */
export interface SchemaNode {
  kind: string;
  type: string;
  expects?: string;
  message?: unknown;
  requirement?: unknown;
  pipe?: SchemaNode[];
  wrapped?: SchemaNode;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  options?: (SchemaNode | string)[];
  literal?: unknown;
  key?: SchemaNode;
  value?: SchemaNode;
  title?: string;
  description?: string;
}

const node = (schema: unknown) => schema as SchemaNode;

/** The actions of a schema's pipes, the inner pipes (a piped schema piped again) first. */
export function actionsOf(schema: unknown): SchemaNode[] {
  const pipe = node(schema).pipe;
  if (!pipe) return [];
  const [inner, ...actions] = pipe;
  return [...(inner && inner !== schema ? actionsOf(inner) : []), ...actions];
}

/** The schema inside optional(), nullable() and the like, and what they allow. */
export function unwrap(schema: unknown): { base: SchemaNode; optional: boolean; nullable: boolean } {
  let current = node(schema);
  let optional = false;
  let nullable = false;
  for (;;) {
    if (['optional', 'exact_optional', 'undefinedable'].includes(current.type)) optional = true;
    else if (current.type === 'nullable') nullable = true;
    else if (current.type === 'nullish') optional = nullable = true;
    else return { base: current, optional, nullable };
    current = current.wrapped!;
  }
}

/** The members of a union or variant, those of unions inside it included, each unwrapped. */
export function unionMembers(union: SchemaNode): SchemaNode[] {
  return (union.options as SchemaNode[]).flatMap((option) => {
    const member = unwrap(option).base;
    return member.type === 'union' || member.type === 'variant' ? unionMembers(member) : [member];
  });
}

/**
 * The fields of an object schema. Of a union or variant of objects (entries
 * of several kinds), every field one of them has, in order of appearance: a
 * field that some kinds lack is optional, and one that the kinds define
 * differently allows what any of them allows.
 */
export function entriesOf(schema: unknown): Record<string, SchemaNode> | undefined {
  if (!schema) return undefined;
  const { base } = unwrap(schema);
  if (base.entries) return base.entries;
  if (base.type !== 'union' && base.type !== 'variant') return undefined;
  const members = unionMembers(base);
  if (!members.every((member) => member.entries)) return undefined;
  const merged: Record<string, SchemaNode> = {};
  const keys = new Set(members.flatMap((member) => Object.keys(member.entries!)));
  for (const key of keys) {
    const kinds = [...new Set(members.flatMap((member) => member.entries![key] ?? []))];
    let field = kinds.length === 1 ? kinds[0]! : { kind: 'schema', type: 'union', options: kinds };
    if (members.some((member) => !member.entries![key])) field = { kind: 'schema', type: 'optional', wrapped: field };
    merged[key] = field;
  }
  return merged;
}

/** The schema at a path of keys: an object's field, a list's item, a map's value; undefined past the schema's end. */
export function schemaAt(schema: unknown, keys: readonly (string | number)[]): SchemaNode | undefined {
  let current: SchemaNode | undefined = node(schema);
  for (const key of keys) {
    if (!current) return undefined;
    const { base } = unwrap(current);
    const entries = entriesOf(base);
    current = entries ? entries[key] : (base.item ?? base.value);
  }
  return current;
}

/** What a field expects, in the schema's own words ("expected an http(s) address"), if it says. */
export function expectation(schema: unknown): string | undefined {
  if (!schema) return undefined;
  const { base } = unwrap(schema);
  const message = base.message ?? (base.type === 'union' ? unionMembers(base)[0]?.message : undefined);
  return typeof message === 'string' ? message : undefined;
}
