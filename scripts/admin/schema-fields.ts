/**
 * Turns the content schema (valibot) into the fields of the CMS's forms, by
 * walking it: names, labels, required fields, the named sets as choices,
 * patterns with the build's own words as their hint. Nothing here knows a
 * field of our content by name: a field added to the schema appears in the
 * form at the next build.
 */
import * as v from 'valibot';
import { LIMITS } from '../../src/content/fields.ts';
import { escapeRegExp } from '../../src/escape.ts';
import { actionsOf, entriesOf, type SchemaNode as Node, unionMembers, unwrap } from '../lib/schema-shape.ts';

/** A field of the CMS's configuration (Sveltia CMS, which reads Decap CMS's format). */
export interface CmsField {
  name: string;
  label: string;
  widget:
    | 'string'
    | 'text'
    | 'markdown'
    | 'number'
    | 'boolean'
    | 'select'
    | 'datetime'
    | 'eccron-moment'
    | 'eccron-doi'
    | 'hidden'
    | 'object'
    | 'list'
    | 'relation';
  required?: boolean;
  hint?: string;
  pattern?: [string, string];
  type?: 'email' | 'date' | 'datetime-local';
  format?: string;
  /** An eccron-moment field (the site's own, editor/moment-field.ts): a day and a time of day, or a day alone. */
  time?: boolean;
  /** The zone an event's times are in when it names none: site.yml's timezone. */
  site_timezone?: string;
  options?: (string | number | { label: string; value: string | number | null })[];
  value_type?: 'int';
  min?: number;
  max?: number;
  fields?: CmsField[];
  field?: CmsField;
  root?: boolean;
  summary?: string;
  collapsed?: boolean;
  label_singular?: string;
  collection?: string;
  file?: string;
  value_field?: string;
  search_fields?: string[];
  display_fields?: string[];
  default?: string | number | null;
}

/**
 * A title() or description() of a field's schema: in its own pipe, or in the pipe of what optional() or nullable()
 * wraps, however deep (v.optional(v.pipe(text, v.title('Place')))).
 */
export function metadataOf(schema: unknown, kind: 'title' | 'description'): string | undefined {
  for (let node = schema as Node | undefined; node; node = node.wrapped) {
    const found = actionsOf(node).find((action) => action.type === kind)?.[kind];
    if (found) return found;
  }
  return undefined;
}

/** "contactEmail" → "Contact email", "profileUrl" → "Profile URL"; a title() in the schema wins. */
export function labelOf(name: string, schema?: unknown): string {
  const title = schema ? metadataOf(schema, 'title') : undefined;
  if (title) return title;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .replace(/\b(url|doi|id)\b/g, (word) => word.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "Countries" → "Country", "Paragraphs" → "Paragraph": the word of the list's "Add …" button. */
export const singular = (label: string) => label.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');

const firstIssue = (schema: unknown, value: unknown) => {
  const result = v.safeParse(schema as v.GenericSchema, value);
  return result.success ? undefined : result.issues[0].message;
};

/**
 * What kind of text a string schema takes, found by asking the schema itself:
 * a calendar date accepts 2021-09-15 and refuses 2021-02-30; an address
 * accepts https://example.org/page and refuses a bare word.
 */
function textKind(schema: unknown): 'date' | 'url' | 'text' {
  const accepts = (value: string) => v.safeParse(schema as v.GenericSchema, value).success;
  // A field that also takes a time of day (an event's start) is typed, since the date picker would drop the time.
  if (accepts('2021-09-15') && !accepts('2021-02-30') && !accepts('15 September 2021') && !accepts('2021-09-15 14:00'))
    return 'date';
  if ((accepts('https://example.org/page') || accepts('https://example.org')) && !accepts('example')) return 'url';
  return 'text';
}

/** The options of a walk that the schema alone cannot give: keys of maps, and choices kept in the content. */
export interface WalkOptions {
  /** The keys of a map (record) at a path such as "" (the file's root), by path. */
  keys?: Record<string, { name: string; label: string }[]>;
  /** A field whose value is one of a list elsewhere, by path: "members.*.country" → a relation. */
  relations?: Record<string, Pick<CmsField, 'collection' | 'file' | 'value_field' | 'search_fields'>>;
}

/** The CMS shows hints as Markdown, where "<id>" would be taken for a tag and vanish. */
const asMarkdownText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The CMS field for one schema entry. `path` is where it sits ("about.paragraphs.*"), for the options. */
export function fieldFor(name: string, schema: unknown, path: string, options: WalkOptions = {}): CmsField {
  const field = formField(name, schema, path, options);
  if (field.hint) field.hint = asMarkdownText(field.hint);
  return field;
}

/** Where a walk is: the field's name, its schema unwrapped, its path ("about.paragraphs.*") and the walk's options. */
interface At {
  name: string;
  base: Node;
  actions: Node[];
  optional: boolean;
  nullable: boolean;
  path: string;
  options: WalkOptions;
}

const itemPath = (path: string) => (path ? `${path}.*` : '*');

function formField(name: string, schema: unknown, path: string, options: WalkOptions): CmsField {
  const { base, optional, nullable } = unwrap(schema);
  const actions = actionsOf(base);
  const description = metadataOf(schema, 'description');
  const field: CmsField = { name, label: labelOf(name, schema), widget: 'string' };
  if (optional) field.required = false;
  if (description) field.hint = description;

  const relation = options.relations?.[path];
  if (relation) return { ...field, widget: 'relation', ...relation };
  const at: At = { name, base, actions, optional, nullable, path, options };
  // An object, or entries of several kinds (a union or variant of objects): one group of fields.
  if (entriesOf(base)) return objectField(field, at);
  switch (base.type) {
    case 'record':
      return recordField(field, at);
    case 'array':
      return listField(field, at);
    case 'picklist':
      return {
        ...field,
        widget: 'select',
        options: (base.options as string[]).slice(),
        hint: field.hint ?? message(base),
      };
    case 'boolean':
      return { ...field, widget: 'boolean' };
    case 'number':
      return { ...field, widget: 'number', ...numberLimits(actions) };
    case 'union':
      return unionField(field, at);
    case 'string':
      return stringField(field, at);
    default:
      throw new Error(`${path}: the CMS has no form field for a schema of type ${base.type}`);
  }
}

/** A schema's own message ("expected one of …"), the hint of a choice. */
const message = (schema: Node) => schema.message as string | undefined;

function objectField(field: CmsField, { base, path, options }: At): CmsField {
  return {
    ...field,
    widget: 'object',
    fields: Object.entries(entriesOf(base)!).map(([key, entry]) =>
      fieldFor(key, entry, path ? `${path}.${key}` : key, options),
    ),
  };
}

/** A map with keys the content decides (a theme id → its publications): one field per key given in the options. */
function recordField(field: CmsField, { base, path, options }: At): CmsField {
  const fields = (options.keys?.[path] ?? []).map((key) => {
    const value = { ...fieldFor(key.name, base.value, itemPath(path), options), label: key.label };
    // Each key's list holds what the whole map holds: "Add Publication".
    if (value.widget === 'list') value.label_singular = singular(field.label);
    return value;
  });
  return { ...field, widget: 'object', fields };
}

function listField(field: CmsField, { name, base, actions, optional, path, options }: At): CmsField {
  const list: CmsField = { ...field, widget: 'list' };
  if (entriesOf(base.item)) {
    list.fields = fieldFor(name, base.item, itemPath(path), options).fields;
    const first = list.fields![0];
    if (first) list.summary = `{{fields.${first.name}}}`;
    list.collapsed = true;
  } else {
    // One item is called what its schema calls it (a title() of its own), else the list's label in the singular.
    const label = metadataOf(base.item, 'title') ?? singular(field.label);
    list.field = { ...fieldFor(name, base.item, itemPath(path), options), label };
  }
  list.label_singular = list.field?.label ?? singular(field.label);
  const min = actions.find((action) => action.type === 'min_length');
  if (min && typeof min.requirement === 'number') list.min = min.requirement;
  else if (!optional) list.required = false; // an empty list is a list
  return list;
}

function unionField(field: CmsField, at: At): CmsField {
  const { name, base, optional, nullable, path, options } = at;
  // The form writes one spelling: a member that transforms its input is another spelling the build
  // also reads ("2022" in quotes for a year, 36 unquoted for a volume), so it is left out.
  const members = unionMembers(base).filter(
    (member) => !actionsOf(member).some((action) => action.type === 'transform'),
  );
  if (members.length === 1) {
    const only = formField(name, members[0], path, options);
    return { ...only, ...(field.hint ? { hint: field.hint } : {}), ...(optional ? { required: false } : {}) };
  }
  // A number within limits or one of some words (a year, or "in press"), and null when allowed: one list to choose from.
  const literals = members.filter((member) => member.type === 'literal').map((member) => member.literal);
  const numbers = members.filter((member) => member.type === 'number').map((member) => numberLimits(actionsOf(member)));
  const range = numbers[0];
  const choosable =
    members.length === literals.length + numbers.length &&
    numbers.length <= 1 &&
    (!range || (range.min !== undefined && range.max !== undefined));
  if (!choosable)
    throw new Error(`${path}: the CMS cannot offer this union of ${members.map((member) => member.type).join(', ')}`);
  const choices: NonNullable<CmsField['options']> = literals.map((literal) => ({
    label: String(literal),
    value: literal as string | number,
  }));
  if (range) for (let n = range.max!; n >= range.min!; n--) choices.push({ label: String(n), value: n });
  // null, "not known", is a choice of its own where the field must be written; an optional field left empty means it.
  if (nullable && !optional) choices.push({ label: 'not known', value: null });
  return { ...field, widget: 'select', options: choices, hint: field.hint ?? message(base) };
}

/** The values a text schema lists of itself (v.metadata({ enum })), such as the time zones the build knows. */
const listedValues = (actions: Node[]) =>
  actions.flatMap((action) => (action as { metadata?: { enum?: unknown } }).metadata?.enum ?? []) as string[];

function stringField(field: CmsField, { base, actions }: At): CmsField {
  // A text the schema lists the values of: one of them, chosen from a list that can be searched by typing.
  const listed = listedValues(actions);
  if (listed.length > 0) return { ...field, widget: 'select', options: listed };
  const kind = textKind(base);
  // The words the build gives for a wrong value, shown under the field before it is wrong.
  const wrong = firstIssue(base, kind === 'date' ? 'not a date' : 'not valid here?');
  if (kind === 'date') return dayField(field, field.hint ?? wrong);
  const text: CmsField = { ...field };
  // An address is typed as text, not as the browser's url box, whose one message, "Please enter a valid URL.", says
  // nothing of what is wrong: the check before a save says it in the build's words (no https://, a space, …).
  const patterns: [string, string][] = [];
  for (const action of actions) {
    if (action.type === 'regex') patterns.push([(action.requirement as RegExp).source, action.message as string]);
    if (action.type === 'includes')
      patterns.push([escapeRegExp(action.requirement as string), action.message as string]);
  }
  // The CMS takes one pattern; a field with more is checked by the build for the rest.
  if (patterns[0]) text.pattern = patterns[0];
  // Text allowed to run longer than a line (a description, a paragraph) gets a box of several lines.
  const maxLength =
    actions.find((action) => action.type === 'max_length')?.requirement ??
    (actions.find((action) => action.type === 'metadata') as { metadata?: { maxCharacters?: number } } | undefined)
      ?.metadata?.maxCharacters;
  if (typeof maxLength === 'number' && maxLength > LIMITS.line) text.widget = 'text';
  if (wrong && (patterns.length > 0 || kind === 'url')) text.hint ??= wrong;
  return text;
}

/** What every day field says: the day is typed as the file keeps it, whatever the browser's language. */
const dayHint = 'Type the day as year-month-day, such as 2021-09-15.';

/**
 * A day, typed as the file keeps it (YYYY-MM-DD) in the site's own field (editor/moment-field.ts): a browser's date
 * box shows month/day/year in US English, and none writes the day as typed.
 */
export const dayField = (field: CmsField, hint = field.hint): CmsField => ({
  ...field,
  widget: 'eccron-moment',
  time: false,
  hint: [hint, dayHint].filter(Boolean).join(' '),
});

function numberLimits(actions: Node[]): Pick<CmsField, 'min' | 'max' | 'value_type'> {
  const limits: Pick<CmsField, 'min' | 'max' | 'value_type'> = {};
  for (const action of actions) {
    if (action.type === 'min_value') limits.min = action.requirement as number;
    if (action.type === 'max_value') limits.max = action.requirement as number;
    if (action.type === 'integer') limits.value_type = 'int';
  }
  return limits;
}

/** The fields of an object schema: the fields of one file, or of a Markdown file's front matter. */
export function fieldsOf(schema: unknown, options: WalkOptions = {}): CmsField[] {
  const entries = entriesOf(schema);
  if (!entries) throw new Error(`expected an object schema, found ${unwrap(schema).base.type}`);
  return Object.entries(entries).map(([key, entry]) => fieldFor(key, entry, key, options));
}
