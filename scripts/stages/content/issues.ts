/**
 * A schema's issue in one file, told as a person fixes it: the file, line and
 * column, the entry and the field, what was expected and what was found.
 */
import type * as v from 'valibot';
import { isScalar } from 'yaml';
import { characterCount, characters, escapeInvisible, firstInvisible } from '../../../src/text.ts';
import type { Problem } from '../../lib/problems.ts';
import { entriesOf, expectation, schemaAt } from '../../lib/schema-shape.ts';
import { excerpt, keyOffset, position, relative, type Source, walk } from './source.ts';

export type Keys = (string | number)[];

/** How a file names the entry a path points into ("members[16] (Ingrid Example)"), and how many keys that covers. */
export type Labeller = (keys: Keys) => { text: string; covers: number };

export const noLabel: Labeller = () => ({ text: '', covers: 0 });

/** A checked file: its source, what it holds as written, its schema and how it names its entries. */
export interface CheckedFile {
  source: Source;
  raw: unknown;
  schema: v.GenericSchema;
  label: Labeller;
}

/** A value as a message shows it: long text cut short, invisible characters as \u200b. */
export const show = (value: unknown): string => {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object' && value !== null) return 'a group of fields';
  const count = typeof value === 'string' && value.length > 80 ? characterCount(value) : 0;
  // Counted as a person counts (an emoji is one character), and never cut inside one.
  if (typeof value === 'string' && count > 80) {
    // The first 60 characters, read from the opening alone; one the cut may split is left out.
    const read = characters(value.slice(0, 2000));
    const opening = read.slice(0, value.length > 2000 ? Math.min(60, read.length - 1) : 60).join('');
    return `${escapeInvisible(JSON.stringify(opening).slice(0, -1))}…" (${count.toLocaleString('en')} characters)`;
  }
  return escapeInvisible(JSON.stringify(value));
};

/** The known word closest to a misspelt one, if it is close enough to be what was meant. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const distance = (a: string, b: string) => {
    const row = Array.from({ length: b.length + 1 }, (_, index) => index);
    for (let i = 1; i <= a.length; i += 1) {
      let previous = row[0]!;
      row[0] = i;
      for (let j = 1; j <= b.length; j += 1) {
        const current = row[j]!;
        row[j] = Math.min(
          row[j]! + 1,
          row[j - 1]! + 1,
          previous + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1),
        );
        previous = current;
      }
    }
    return row[b.length]!;
  };
  const ranked = candidates
    .map((candidate) => ({ candidate, cost: distance(word, candidate) }))
    .sort((a, b) => a.cost - b.cost);
  const best = ranked[0];
  return best && best.cost <= Math.max(2, Math.floor(word.length / 3)) ? best.candidate : undefined;
}

/** Where a path of a file is: file:line:column › entry › field, and its excerpt. */
export function locate(file: CheckedFile, keys: Keys, offset?: number): Pick<Problem, 'where' | 'excerpt' | 'field'> {
  const { node } = walk(file.source.doc, keys);
  const at = offset ?? node.range?.[0] ?? 0;
  const label = file.label(keys);
  const trail = [label.text, ...keys.slice(label.covers)].filter((part) => part !== '').map(String);
  return {
    where: `${position(file.source, at)}${trail.length ? ` › ${trail.join(' › ')}` : ''}`,
    excerpt: excerpt(file.source, at),
    field: { file: relative(file.source.file), keys: [...keys] },
  };
}

/**
 * For the editor at /admin/: the field a problem is shown at, when the fix goes elsewhere than the line the build
 * names (a missing time zone is chosen in its own field), and the problem in the form's words.
 */
export const inTheEditor = (file: CheckedFile, keys: Keys, plain: string): Pick<Problem, 'field' | 'plain'> => ({
  field: { file: relative(file.source.file), keys },
  plain,
});

/** The line "file:line" of a path, to name a second place in a message. */
export function lineOf(file: CheckedFile, keys: Keys): string {
  const { node } = walk(file.source.doc, keys);
  return position(file.source, node.range?.[0] ?? 0).replace(/:\d+$/, '');
}

/** The field names of the schema's object at a path (for "did you mean"). */
const schemaFieldsAt = (schema: unknown, keys: Keys) => entriesOf(schemaAt(schema, keys)) ?? {};

const invisibleNote = (value: unknown, message: string) =>
  typeof value === 'string' && firstInvisible(value) !== -1 && !message.includes('invisible')
    ? `; it holds an invisible character (${escapeInvisible(value[firstInvisible(value)]!)}): delete the invisible character`
    : '';

export function describeIssue(file: CheckedFile, issue: v.BaseIssue<unknown>): Problem {
  const keys = (issue.path ?? []).map((item) => item.key as string | number);
  const { source } = file;
  const field = keys.at(-1);
  const last = issue.path?.at(-1) as { origin?: string } | undefined;

  // A field the schema does not know (valibot expects "never" there): name it and suggest the one meant.
  if (issue.type === 'strict_object' && issue.expected === 'never' && typeof field === 'string') {
    const offset = keyOffset(source.doc, keys.slice(0, -1), field) ?? 0;
    const entries = Object.keys(schemaFieldsAt(file.schema, keys.slice(0, -1)));
    const suggestion = closest(field, entries);
    return {
      ...locate(file, keys, offset),
      message: `unknown field "${escapeInvisible(field)}"${suggestion ? `; did you mean "${suggestion}"?` : entries.length ? `; the fields here are ${entries.join(', ')}` : ''}`,
    };
  }

  // The Markdown text of a news item or legal page.
  if ((field === 'summary' || field === 'body') && keys.length === 1 && source.body) {
    const found = issue.received === 'undefined' || issue.input === '' ? '' : `, found ${show(issue.input)}`;
    return {
      where: `${relative(source.file)}:${source.body.line}:1`,
      message: `${issue.message} below the front matter${found}`,
      field: { file: relative(source.file), keys },
      plain: `${issue.message}${found}`,
    };
  }

  // A required field that is not there: say which, and what it holds.
  if (issue.received === 'undefined' && typeof field === 'string') {
    const where = locate(file, keys.slice(0, -1));
    const label = file.label(keys);
    const trail = [label.text, ...keys.slice(label.covers)].filter((part) => part !== '').map(String);
    const expected = expectation(schemaFieldsAt(file.schema, keys.slice(0, -1))[field]);
    return {
      where: `${where.where.split(' › ')[0]}${trail.length ? ` › ${trail.join(' › ')}` : ''}`,
      excerpt: where.excerpt,
      message: `missing field "${field}"${expected ? ` (${expected})` : ''}; add a line "${field}: …" to this entry`,
      field: { file: relative(source.file), keys },
      plain: `this field is required${expected ? ` (${expected})` : ''}`,
    };
  }

  // A key of a map that the schema refuses: on the key's own line, not its value's.
  if (last?.origin === 'key' && typeof field === 'string') {
    const offset = keyOffset(source.doc, keys.slice(0, -1), field) ?? 0;
    return { ...locate(file, keys, offset), message: `${issue.message}, found ${show(field)}` };
  }

  const { node, depth } = walk(source.doc, keys);
  const found = isScalar(node) && depth === keys.length ? node.value : issue.input;
  const message =
    depth < keys.length
      ? `missing: ${issue.message}`
      : issue.type === 'max_length'
        ? issue.message
        : `${issue.message}, found ${show(found)}${invisibleNote(found, issue.message)}`;
  // In the editor the person sees what the field holds: the rule alone, without "found …".
  const plain = depth < keys.length ? undefined : `${issue.message}${invisibleNote(found, issue.message)}`;
  return { ...locate(file, keys), message, ...(plain ? { plain } : {}) };
}
