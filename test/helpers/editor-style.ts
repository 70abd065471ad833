/**
 * Content files as the CMS at /admin/ writes them, for the tests that check
 * that a save changes only the lines edited: the fields in the order of the
 * form (the schema's), an empty optional field left out, and YAML written
 * with the options Sveltia CMS 0.221.1 writes with (its bundle, the YAML
 * formatter of its output: two spaces, indented lists, no line folding,
 * strings plain or, where they must be quoted, in single quotes; a number in
 * a text field as text), and Markdown emphasis with underscores, as its
 * editor writes it. content/ is kept in this style, so that the first save of
 * a file rewrites nothing else.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { cmsConfig } from '../../scripts/admin/cms-config.ts';
import { contentFactsFromFiles } from '../../scripts/admin/dev-admin.ts';
import type { CmsField } from '../../scripts/admin/schema-fields.ts';

const yamlOptions = {
  indent: 2,
  indentSeq: true,
  lineWidth: 0,
  defaultKeyType: 'PLAIN',
  defaultStringType: 'PLAIN',
  singleQuote: true,
} as const;

type Value = unknown;
const isEmpty = (value: Value) => value == null || value === '' || (Array.isArray(value) && value.length === 0);
const isMap = (value: Value): value is Record<string, Value> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A group's fields in the form's order; keys the form does not know after them, sorted, as the CMS writes them. */
function inFormOrder(value: Value, fields: CmsField[] | undefined): Value {
  if (!fields || !isMap(value)) return value;
  const ordered: Record<string, Value> = {};
  for (const field of fields) {
    if (!(field.name in value)) continue;
    if (field.required === false && isEmpty(value[field.name])) continue;
    // A number typed in a text field (edition: 2) is written as the text it is ('2').
    const typed = value[field.name];
    const inner =
      typeof typed === 'number' && (field.widget === 'string' || field.widget === 'text') ? String(typed) : typed;
    ordered[field.name] =
      field.widget === 'list' && Array.isArray(inner)
        ? inner.map((item) => inFormOrder(item, field.fields))
        : field.widget === 'object'
          ? inFormOrder(inner, field.fields)
          : inner;
  }
  for (const key of Object.keys(value).sort())
    if (!(key in ordered) && !fields.some((f) => f.name === key)) ordered[key] = value[key];
  return ordered;
}

/** Rewrites the content folder `contentDir` (inside its repository folder) as the CMS writes it. */
export async function writeAsTheEditorDoes(contentDir: string): Promise<void> {
  const config = cmsConfig(contentFactsFromFiles(contentDir), undefined, 'https://example.org/');
  const collection = (name: string) =>
    config.collections.find((candidate) => candidate.name === name) as unknown as {
      fields?: CmsField[];
      files?: { file: string; fields: CmsField[] }[];
    };
  const root = path.dirname(contentDir);
  for (const file of collection('settings').files!) {
    const data = parse(await readFile(path.join(root, file.file), 'utf8'));
    const [only] = file.fields;
    const written = only?.root
      ? (data as Value[]).map((item) => inFormOrder(item, only.fields))
      : inFormOrder(data, file.fields);
    await writeFile(path.join(root, file.file), stringify(written, yamlOptions));
  }
  const frontMatter = async (file: string, fields: CmsField[]) => {
    const [, head, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(await readFile(file, 'utf8'))!;
    const written = inFormOrder(
      parse(head!),
      fields.filter((field) => field.name !== 'body'),
    );
    // Its Markdown editor writes emphasis with underscores: *shown first* becomes _shown first_.
    const markdown = body!.replace(/(?<![*\w])\*([^*\n]+)\*(?![*\w])/g, '_$1_');
    await writeFile(file, `---\n${stringify(written, yamlOptions)}---\n${markdown}`);
  };
  for (const name of await readdir(path.join(contentDir, 'news'))) {
    const file = path.join(contentDir, 'news', name);
    const { start } = parse(/^---\n([\s\S]*?)\n---/.exec(await readFile(file, 'utf8'))![1]!) as { start?: string };
    const view = start === undefined ? 'news' : /^\d{4}-\d{2}-\d{2}$/.test(start) ? 'all-day-events' : 'events';
    await frontMatter(file, collection(view).fields!);
  }
  for (const name of ['legal', 'accessibility'])
    for (const page of collection(name).files!) await frontMatter(path.join(root, page.file), page.fields);
}
