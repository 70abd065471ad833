/**
 * Where a problem of the site's check is in the editor. The check's
 * annotation names a file, a line and a column; the file as it was in that
 * commit says which entry and field that is (its YAML read with positions,
 * as the build reads it), and editor-places.ts words the place as the form
 * does ("Publications › The First Example Theme › item 3 › Year"), with a
 * link that opens the entry.
 */
import { isMap, isScalar, isSeq, type Node, parseDocument } from 'yaml';
import { editorWordsOf } from '../../stages/content/doi-only.ts';
import { type PlacedProblem, placeInEditor } from '../editor-places.ts';
import type { RunProblem } from './site-run.ts';

type Collections = Parameters<typeof placeInEditor>[2];

/** The YAML of a file and the lines before it: a whole YAML file, or a Markdown file's front matter. */
function yamlOf(path: string, text: string): { yaml: string; linesBefore: number } {
  if (!path.endsWith('.md')) return { yaml: text, linesBefore: 0 };
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  return { yaml: front?.[1] ?? '', linesBefore: 1 };
}

/** The offset of a line and column (both from 1) in a text. */
function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let current = 1; current < line; current += 1) {
    const next = text.indexOf('\n', at);
    if (next === -1) return text.length;
    at = next + 1;
  }
  return at + column - 1;
}

const covers = (node: Node | null | undefined, offset: number) =>
  Boolean(node?.range && node.range[0] <= offset && offset <= node.range[2]);

/** The keys from the document's root to the innermost entry or field at an offset. */
function keysAt(node: unknown, offset: number): (string | number)[] {
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
      const start = isScalar(pair.key) ? (pair.key.range?.[0] ?? -1) : -1;
      const value = pair.value as Node | null;
      if (key === undefined) continue;
      const end = value?.range?.[2] ?? (pair.key as Node).range?.[2] ?? -1;
      if (start <= offset && offset <= end) return [key, ...keysAt(value, offset)];
    }
  }
  if (isSeq(node)) {
    const index = node.items.findIndex((item) => covers(item as Node, offset));
    if (index !== -1) return [index, ...keysAt(node.items[index], offset)];
  }
  return [];
}

/** The build's trail of keys ("first-example[2] › year"), which editor-places.ts reads. */
const trailOf = (keys: (string | number)[]) =>
  keys.reduce<string[]>((parts, key) => {
    if (typeof key === 'number' && parts.length > 0) parts[parts.length - 1] += `[${key}]`;
    else parts.push(String(key));
    return parts;
  }, []);

/** A problem of the check placed in the editor, read from its file as it was in the checked commit. */
export function placeProblem(problem: RunProblem, fileText: string, collections: Collections): PlacedProblem {
  const { yaml, linesBefore } = yamlOf(problem.path, fileText);
  const document = parseDocument(yaml);
  const keys = keysAt(document.contents, offsetOf(yaml, problem.line - linesBefore, problem.column));
  const trail = trailOf(keys);
  const where = `${problem.path}:${problem.line}:${problem.column}${trail.length ? ` › ${trail.join(' › ')}` : ''}`;
  const frontMatter = () => {
    const data = document.toJS() as unknown;
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  };
  // The live site names no command: the form's words for what the build asks a command to do.
  const message = editorWordsOf(problem.message) ?? problem.message;
  return placeInEditor({ where, message }, problem.path, collections, frontMatter);
}
