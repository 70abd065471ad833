/**
 * An entry of the CMS as the file it saves: a YAML file of its fields, or a
 * Markdown file with its fields as front matter and its body below, written
 * as Sveltia CMS 0.221.1 writes YAML (two spaces, lists indented, no line
 * folded, single quotes where quotes are needed). The check before a save
 * reads this text as the build reads the file.
 */
import { stringify } from 'yaml';
import { isCmsMark } from '../preview/entry-data.ts';

const yamlOptions = {
  indent: 2,
  indentSeq: true,
  lineWidth: 0,
  defaultKeyType: 'PLAIN',
  defaultStringType: 'PLAIN',
  singleQuote: true,
} as const;

/** YAML as the CMS writes it. */
const cmsYaml = (value: unknown) => stringify(value, yamlOptions);

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);

/**
 * The data as the CMS writes it (output.omit_empty_optional_fields): a field left empty is left out, in every group
 * and list item, and so are the CMS's marks; the form hands both to its hooks.
 */
export function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpty);
  if (typeof value !== 'object' || value === null) return value;
  const kept = Object.entries(value)
    .filter(([key]) => !isCmsMark(key))
    .map(([key, item]) => [key, withoutEmpty(item)] as const)
    .filter(([, item]) => !isEmpty(item));
  return Object.fromEntries(kept);
}

/**
 * The text of the file `path` holding `data`: a Markdown file's front matter and its `body`, or a YAML file; for a
 * file that is a list at its top (themes.yml), `rootField` names the field the form holds the list in.
 */
export function entryFile(path: string, data: Record<string, unknown>, rootField?: string): string {
  const written = withoutEmpty(data) as Record<string, unknown>;
  if (!path.endsWith('.md')) return cmsYaml(rootField ? (written[rootField] ?? []) : written);
  const { body, ...fields } = written;
  const text = typeof body === 'string' ? body.trim() : '';
  return `---\n${Object.keys(fields).length > 0 ? cmsYaml(fields) : ''}---\n\n${text}${text ? '\n' : ''}`;
}
