/**
 * Reading one file of content/: its bytes as UTF-8 text, its YAML (a whole
 * file, or a Markdown file's front matter) and, for Markdown, the text below.
 * Every problem found on the way is located in the file, with a hint chosen
 * from what the line says, not from the parser's error code alone.
 */
import {
  isAlias,
  isMap,
  isNode,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Node,
  type Scalar,
} from 'yaml';
import { escapeInvisible } from '../../../src/text.ts';
import { displayPath, type Problem } from '../../lib/problems.ts';

export interface Source {
  file: string;
  /** The file's text, without a byte-order mark. */
  text: string;
  doc: Document.Parsed;
  lineCounter: LineCounter;
  /** Lines before the YAML: 1 for front matter, after its opening "---". */
  lineOffset: number;
  /** The Markdown below the front matter, and the line it starts on. */
  body?: { text: string; line: number };
}

/** Where a content file is, as problems name it; the stages' name for displayPath. */
export const relative = displayPath;

function lineColumn(source: Source, offset: number) {
  const { line, col } = source.lineCounter.linePos(offset);
  return { line: line + source.lineOffset, column: col };
}

export function position(source: Source, offset: number): string {
  const { line, column } = lineColumn(source, offset);
  return `${relative(source.file)}:${line}:${column}`;
}

/** A line of a file with a caret under a column; invisible characters shown as \u200b, so none reaches the terminal. */
export function excerptAt(text: string, line: number, column: number): string {
  let lineText = text.split(/\r?\n/)[line - 1] ?? '';
  // A pasted page on one line is shown by its start, not printed whole.
  if (lineText.length > 160) lineText = `${lineText.slice(0, Math.max(120, column + 20))}…`;
  const number = String(line);
  const caret = escapeInvisible(lineText.slice(0, Math.max(column - 1, 0))).length;
  return `${number} | ${escapeInvisible(lineText)}\n${' '.repeat(number.length)} | ${' '.repeat(caret)}^`;
}

export function excerpt(source: Source, offset: number): string {
  const { line, column } = lineColumn(source, offset);
  return excerptAt(source.text, line, column);
}

/** The offset in `bytes` of the first byte that is not part of a UTF-8 character, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let at = 0;
  while (at < bytes.length) {
    const byte = bytes[at]!;
    const length =
      byte < 0x80
        ? 1
        : byte >= 0xc2 && byte < 0xe0
          ? 2
          : byte >= 0xe0 && byte < 0xf0
            ? 3
            : byte >= 0xf0 && byte < 0xf5
              ? 4
              : 0;
    if (length === 0) return at;
    for (let next = 1; next < length; next += 1) if ((bytes[at + next]! & 0xc0) !== 0x80) return at;
    at += length;
  }
  return -1;
}

const SAVE_AS_UTF8 = 'save it as UTF-8 (in most editors: Save As, then Encoding: UTF-8)';

/** The file's text, or why it cannot be read as text; a byte-order mark (Windows Notepad writes one) is dropped. */
function decode(bytes: Uint8Array): { text: string } | { problem: string; line?: number } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { problem: `is saved as UTF-16: ${SAVE_AS_UTF8}` };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { problem: `is saved as UTF-16: ${SAVE_AS_UTF8}` };
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const nul = bytes.indexOf(0, start);
  if (nul !== -1) {
    // UTF-16 without its mark puts a NUL beside every ASCII letter; anything else with NULs is not text.
    let odd = 0;
    let even = 0;
    for (let at = start; at < Math.min(bytes.length, start + 4096); at += 1) {
      if (bytes[at] !== 0) continue;
      if (at % 2) odd += 1;
      else even += 1;
    }
    const sampled = Math.min(bytes.length - start, 4096);
    return odd + even > sampled / 4 && Math.min(odd, even) < Math.max(odd, even) / 8
      ? { problem: `is saved as UTF-16: ${SAVE_AS_UTF8}` }
      : { problem: 'is not a text file (it holds binary data); content files are text saved as UTF-8' };
  }
  const content = bytes.subarray(start);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(content) };
  } catch {
    // Not UTF-8: find the first byte that is not, to say where.
  }
  // The decoder also refuses what this simple scan lets through (overlong forms, surrogates): then the first byte is named.
  const bad = Math.max(firstInvalidUtf8(content), 0);
  const line = content.subarray(0, bad).filter((byte) => byte === 0x0a).length + 1;
  const byte = content[bad] ?? 0;
  const meant = new TextDecoder('windows-1252').decode(Uint8Array.of(byte));
  const shown = /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(meant) ? ` ("${meant}" in Windows-1252)` : '';
  return {
    problem: `is not saved as UTF-8 but in an older encoding, such as Windows-1252: byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')}${shown} on line ${line} is not UTF-8; ${SAVE_AS_UTF8}`,
    line,
  };
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m;

/** Characters that make YAML read a value as something other than text when they start it. */
const INDICATORS: Record<string, string> = {
  '*': 'a reference to an anchor (*name)',
  '&': 'an anchor (&name)',
  '[': 'a list',
  '{': 'a group of fields',
  '!': 'a tag (!name)',
  '|': 'the start of a block of lines',
  '>': 'the start of a folded block of lines',
  '%': 'a directive',
  '@': 'reserved syntax',
  '`': 'reserved syntax',
};

/** `title: *Important* news` → the field, and where its value starts. */
function valueOnLine(lineText: string): { key: string; column: number; value: string } | null {
  const match = /^(\s*(?:-\s+)?)(?:([^\s#'"][^:#]*?):(?:\s+|$))?(.*)$/.exec(lineText);
  if (!match) return null;
  const before = match[1]!.length + (match[2] !== undefined ? lineText.slice(match[1]!.length).indexOf(':') + 1 : 0);
  const rest = lineText.slice(before);
  const column = before + (rest.length - rest.trimStart().length) + 1;
  return { key: match[2] ?? '', column, value: match[3]!.trim() };
}

const indentOf = (lineText: string) => lineText.length - lineText.trimStart().length;
/** The column where the fields of a line start: after "- " for the first field of a list entry. */
const fieldColumn = (lineText: string) => {
  const match = /^(\s*(?:-\s+)*)/.exec(lineText)!;
  return match[1]!.length + 1;
};
const meaningful = (lineText: string) => lineText.trim() !== '' && !lineText.trim().startsWith('#');

interface YamlSlip {
  /** 1-based line and column in the YAML text. */
  line: number;
  column: number;
  message: string;
  /** Worked out from the lines around the error, rather than the parser's words. */
  fromContext?: boolean;
}

/** A YAML error as the parser gave it, with the lines of the YAML text. */
interface YamlError {
  lines: string[];
  code: string;
  /** The first line of the parser's message, without its position. */
  first: string;
  /** 1-based line and column of the error. */
  line: number;
  column: number;
  lineText: string;
}

/**
 * What went wrong at a YAML error, worked out from the lines around it: the
 * parser reports an unclosed quote at the end of the file and an over-indented
 * line on the line above it, and gives one code to several slips. Each guess
 * is tried in turn; the parser's own words, with a hint, are the last resort.
 */
function yamlSlip(lines: string[], code: string, parserMessage: string, line: number, column: number): YamlSlip {
  const first = parserMessage.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  const error: YamlError = { lines, code, first, line, column, lineText: lines[line - 1] ?? '' };
  return (
    unclosedQuote(error) ??
    indicatorAtStart(error) ??
    (code === 'TAB_AS_INDENT'
      ? { line, column, fromContext: true, message: 'a tab indents this line; indent with spaces' }
      : null) ??
    misindented(error) ??
    colonInValue(error) ??
    colonWithoutSpace(error) ??
    parserWords(error)
  );
}

/** A quote opened and never closed: the line where it was opened. */
function unclosedQuote({ lines, code, first }: YamlError): YamlSlip | null {
  if (!/quote/i.test(first) || code !== 'MISSING_CHAR') return null;
  for (let index = 0; index < lines.length; index += 1) {
    const found = valueOnLine(lines[index]!);
    const quote = found?.value[0];
    if (found && (quote === "'" || quote === '"')) {
      const rest = found.value.slice(1).replace(quote === "'" ? /''/g : /\\./g, '');
      if (!rest.includes(quote))
        return {
          line: index + 1,
          column: found.column,
          fromContext: true,
          message: `the quote ${quote} opened here is not closed; end the value with ${quote} on the same line${quote === "'" ? " (an apostrophe inside single quotes is written twice: '')" : ''}`,
        };
    }
  }
  return null;
}

/** A value that starts with a character YAML reads as syntax: on the error's line or the one that opened a bracket. */
function indicatorAtStart({ lines, line }: YamlError): YamlSlip | null {
  for (let index = line - 1; index >= Math.max(0, line - 30); index -= 1) {
    const found = valueOnLine(lines[index]!);
    const indicator = found?.value[0];
    if (found && indicator && indicator in INDICATORS && found.key !== '') {
      if (index !== line - 1 && !'[{'.includes(indicator)) break;
      return {
        line: index + 1,
        column: found.column,
        fromContext: true,
        message: `a value starting with ${indicator} is read as ${INDICATORS[indicator]}, not as text; put the whole value in quotes: ${found.key}: "${found.value.replace(/"/g, '\\"')}"`,
      };
    }
    if (index !== line - 1 && meaningful(lines[index]!)) break;
  }
  return null;
}

/** Indentation: the line that is out of line, and the column its neighbours start at. */
function misindented({ lines, code, first, line, lineText }: YamlError): YamlSlip | null {
  const indentation =
    code === 'BAD_INDENT' ||
    /without - indicator|same column|sufficiently indented/.test(first) ||
    code === 'BLOCK_AS_IMPLICIT_KEY';
  if (!indentation) return null;
  const next = lines.findIndex((text, index) => index >= line && meaningful(text));
  return (
    misaligned(lines, line - 1) ??
    (next !== -1 && indentOf(lines[next]!) > indentOf(lineText) ? misaligned(lines, next) : null)
  );
}

/** The line at `index` when it does not start at the column of the fields of its entry. */
function misaligned(lines: string[], index: number): YamlSlip | null {
  let before = index - 1;
  while (before >= 0 && !meaningful(lines[before]!)) before -= 1;
  if (before === -1 || !meaningful(lines[index] ?? '')) return null;
  const expected = fieldColumn(lines[before]!);
  const actual = indentOf(lines[index]!) + 1;
  if (actual === expected || /:\s*$/.test(lines[before]!)) return null;
  return {
    line: index + 1,
    column: actual,
    fromContext: true,
    message: `this line is indented to column ${actual}, but the fields of its entry start at column ${expected}; line it up with the line above`,
  };
}

/** "title: Note: read this": a value holding ": " is read as a field inside a field. */
function colonInValue({ code, first, line, column, lineText }: YamlError): YamlSlip | null {
  if (code !== 'BLOCK_AS_IMPLICIT_KEY') return null;
  const found = valueOnLine(lineText);
  if (found?.key && found.value.includes(': '))
    return {
      line,
      column: found.column,
      fromContext: true,
      message: `a value containing ": " is read as a field inside a field; put the whole value in quotes: ${found.key}: "${found.value.replace(/"/g, '\\"')}"`,
    };
  return { line, column, message: `${first} (a value containing ": " needs quotes around it)` };
}

/** "acronym:ECCroN": a colon without a space after it is part of the text, so the line is no field. */
function colonWithoutSpace({ first, line, column, lineText }: YamlError): YamlSlip | null {
  if (!/^Implicit (map )?keys need/.test(first)) return null;
  const glued = /^(\s*(?:-\s+)?)([A-Za-z][\w-]*):(?=[^\s:])(.*)$/.exec(lineText);
  if (glued)
    return {
      line,
      column: glued[1]!.length + glued[2]!.length + 1,
      fromContext: true,
      message: `put a space after the colon, as in "${glued[2]}: ${glued[3]!.trim()}"; without it, YAML reads "${glued[2]}:${glued[3]!.trim()}" as text, not as the field ${glued[2]}`,
    };
  if (!lineText.includes(':'))
    return {
      line,
      column,
      message: `${first} (a field name needs a colon and a space after it, as in "title: …")`,
    };
  return null;
}

const PARSER_HINTS: Record<string, string> = {
  BAD_INDENT: 'check that this line is indented like the lines of the same entry',
  MISSING_CHAR: 'a quote or bracket is not closed',
  DUPLICATE_KEY: 'each field may appear only once in an entry',
  UNEXPECTED_TOKEN:
    'text that starts with a quote must end with the same quote; to use an apostrophe inside, write it twice or use double quotes',
};

/** The parser's own words, with a hint where its code has one. */
function parserWords({ code, first, line, column }: YamlError): YamlSlip {
  const hint = PARSER_HINTS[code];
  return { line, column, message: hint ? `${first} (${hint})` : first };
}

export interface ReadResult {
  source: Source;
  problems: Problem[];
  warnings: Problem[];
}

/**
 * Reads the text of one content file; `what` says what the file should hold,
 * for the message when it is empty. Problems mean the file cannot be checked further.
 */
export function parseSource(file: string, bytes: Uint8Array, markdown: boolean, what: string): ReadResult {
  const shown = relative(file);
  const decoded = decode(bytes);
  if ('problem' in decoded) {
    const where = decoded.line ? `${shown}:${decoded.line}` : shown;
    return unreadable(file, '', { where, message: decoded.problem });
  }
  const { text } = decoded;
  if (text.trim() === '') return unreadable(file, text, { where: shown, message: `is empty; it should hold ${what}` });
  const parts = markdown ? frontMatter(text) : { yaml: text, lineOffset: 0, body: undefined };
  if (!parts) {
    const message = 'expected the file to start with front matter: a line "---", the fields, and another line "---"';
    return unreadable(file, text, { where: `${shown}:1:1`, message });
  }

  const lineCounter = new LineCounter();
  const doc = parseDocument(parts.yaml, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const source: Source = { file, text, doc, lineCounter, lineOffset: parts.lineOffset, body: parts.body };
  const slip = firstSlip(source, parts.yaml);
  if (slip) return { source, problems: [slip], warnings: [] };
  // Empty front matter is a Markdown file's missing fields, which the schema names; an empty YAML file holds nothing.
  if (doc.contents === null && !markdown)
    return {
      source,
      problems: [{ where: shown, message: `holds only comments; it should hold ${what}` }],
      warnings: [],
    };
  return { source, ...syntaxProblems(source, parts.yaml) };
}

/** A file that cannot be read as YAML: its problem, and an empty document in its place. */
function unreadable(file: string, text: string, problem: Problem): ReadResult {
  const lineCounter = new LineCounter();
  return {
    source: { file, text, doc: parseDocument('', { lineCounter }), lineCounter, lineOffset: 0 },
    problems: [problem],
    warnings: [],
  };
}

/** A Markdown file's front matter, the text below it and the line that text starts on; null without front matter. */
function frontMatter(text: string): { yaml: string; lineOffset: number; body: Source['body'] } | null {
  const match = text.startsWith('---') ? FRONT_MATTER.exec(text) : null;
  if (!match) return null;
  const rest = text.slice(match[0].length);
  const leading = rest.length - rest.trimStart().length;
  const line =
    text.slice(0, match[0].length).split('\n').length +
    (leading > 0 ? rest.slice(0, leading).split('\n').length - 1 : 0);
  return { yaml: match[1]!, lineOffset: 1, body: { text: rest.trim(), line } };
}

/**
 * One slip throws the parser off for the rest of the file: its first error, or
 * the first one the lines around it explain, is the one to fix; the others
 * mostly follow from it.
 */
function firstSlip(source: Source, yaml: string): Problem | undefined {
  const { doc, lineCounter, lineOffset, text } = source;
  const yamlLines = yaml.split(/\r?\n/);
  const slips = [...doc.errors, ...doc.warnings].map((error) => {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    return yamlSlip(yamlLines, error.code, error.message, line, col);
  });
  const slip = slips.find((each) => each.fromContext) ?? slips[0];
  if (!slip) return undefined;
  return {
    where: `${relative(source.file)}:${slip.line + lineOffset}:${slip.column}`,
    message: `the YAML cannot be read: ${slip.message}`,
    excerpt: excerptAt(text, slip.line + lineOffset, slip.column),
  };
}

/** YAML that parses, but not as a person meant: an anchor, alias or tag, and a " #" that starts a comment. */
function syntaxProblems(source: Source, yaml: string): { problems: Problem[]; warnings: Problem[] } {
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const syntax = (node: Node) => {
    const problem = yamlSyntaxProblem(source, node);
    if (problem) problems.push(problem);
  };
  visit(source.doc, {
    Node(key, node) {
      if (key !== 'key' && isNode(node)) syntax(node);
    },
    Scalar(key, node) {
      if (key === 'key') return;
      syntax(node);
      const warning = commentInValue(source, yaml, node);
      if (warning) warnings.push(warning);
    },
  });
  return { problems, warnings };
}

/** "title: *Important* news": a value that YAML reads as an alias (*), an anchor (&) or a tag (!). */
function yamlSyntaxProblem(source: Source, node: Node): Problem | undefined {
  const syntax = isAlias(node) ? '*' : node.anchor !== undefined ? '&' : node.tag !== undefined ? '!' : undefined;
  if (!syntax) return undefined;
  const offset = node.range?.[0] ?? 0;
  const { line } = lineColumn(source, offset);
  const found = valueOnLine(source.text.split(/\r?\n/)[line - 1] ?? '');
  const column = found?.column ?? lineColumn(source, offset).column;
  return {
    where: `${relative(source.file)}:${line}:${column}`,
    message: `the YAML cannot be read as meant: a value starting with ${syntax} is read as ${INDICATORS[syntax]}, not as text; put the whole value in quotes${found?.key ? `: ${found.key}: "${found.value.replace(/"/g, '\\"')}"` : ''}`,
    excerpt: excerptAt(source.text, line, column),
  };
}

/** "title: Autumn meeting #2" publishes "Autumn meeting": YAML reads " #" as the start of a comment. */
function commentInValue(source: Source, yaml: string, node: Scalar): Problem | undefined {
  if (node.type !== 'PLAIN' || !node.range) return undefined;
  const end = node.range[1];
  const lineEnd = yaml.indexOf('\n', end);
  const after = yaml.slice(end, lineEnd === -1 ? undefined : lineEnd);
  if (!/^[ \t]+#/.test(after)) return undefined;
  const { line, column } = lineColumn(source, end + after.indexOf('#'));
  const value = String(node.source ?? node.value);
  const full = `${value}${after.trimEnd()}`.trimStart();
  return {
    where: `${relative(source.file)}:${line}:${column}`,
    message: `"${escapeInvisible(after.trim())}" is read as a comment, so the value is "${escapeInvisible(value)}"; if the # belongs to the value, put the whole value in quotes: "${escapeInvisible(full.replace(/"/g, '\\"'))}"`,
    excerpt: excerptAt(source.text, line, column),
  };
}

/** The node of `doc` along `keys`, as deep as it goes, and how many keys led to it. */
export function walk(doc: Document.Parsed, keys: readonly (string | number)[]): { node: Node; depth: number } {
  let node = doc.contents as Node | null;
  let depth = 0;
  for (const key of keys) {
    const next = isMap(node) || isSeq(node) ? (node.get(key, true) as Node | undefined) : undefined;
    if (!next) break;
    node = next;
    depth += 1;
  }
  return { node: node ?? (doc as unknown as Node), depth };
}

/** The offset of a field's name (not its value) in the map at `keys`. */
export function keyOffset(doc: Document.Parsed, keys: readonly (string | number)[], field: string): number | undefined {
  const { node, depth } = walk(doc, keys);
  if (depth !== keys.length || !isMap(node)) return undefined;
  const pair = node.items.find((item) => isScalar(item.key) && item.key.value === field);
  return (pair?.key as Node | undefined)?.range?.[0];
}
