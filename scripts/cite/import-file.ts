/**
 * Reference managers' exports read entry by entry into CSL-JSON records, each
 * with the line of the file it starts on, so that one broken entry is reported
 * where the person can find it and every other entry still arrives.
 *
 * BibTeX is read by import-bibtex.ts, RIS by import-ris.ts, CSL-JSON here, as
 * JSON.
 */
import { LineCounter, parseDocument } from 'yaml';
import { bareDoi } from '../../src/doi.ts';
import { readBibtex } from './import-bibtex.ts';
import { readRis } from './import-ris.ts';
import { ImportError, type ImportedRecord } from './imported.ts';
import type { CslRecord } from '../lib/csl-record.ts';

type ImportFormat = 'bibtex' | 'ris' | 'csl-json';

function detectFormat(file: string, text: string): ImportFormat {
  const extension = file.toLowerCase().split('.').at(-1);
  if (extension === 'bib' || extension === 'bibtex' || extension === 'biblatex') return 'bibtex';
  if (extension === 'ris') return 'ris';
  if (extension === 'json') return 'csl-json';
  const start = text.trimStart();
  if (/^TY {1,2}-/m.test(start)) return 'ris';
  if (start.startsWith('[') || start.startsWith('{')) return 'csl-json';
  if (/^\s*@/m.test(start)) return 'bibtex';
  throw new ImportError('is not BibTeX (.bib), RIS (.ris) or CSL-JSON (.json)');
}

export function readImport(file: string, rawText: string): ImportedRecord[] {
  const text = rawText.replace(/\r\n?/g, '\n').replace(/^\uFEFF/, '');
  const format = detectFormat(file, text);
  if (format === 'csl-json') return readCslJson(text);
  if (format === 'ris') return readRis(text);
  return readBibtex(text);
}

type JsonNode = { range?: number[]; get?: (key: unknown, keepScalar: true) => unknown; items?: unknown[] } | null;

/**
 * The records a JSON file holds, and the YAML nodes they are at (for their lines): a CSL-JSON list or one record,
 * a Crossref REST API answer (`message.items`, or one work in `message`), or a map from DOIs to records (or to
 * lists of one record), as tools that cache DOI lookups keep them.
 */
function jsonRecords(data: unknown, root: JsonNode): { value: unknown; node: JsonNode }[] {
  const child = (node: JsonNode, key: string | number) => (node?.get?.(key, true) ?? null) as JsonNode;
  const listed = (value: unknown[], node: JsonNode) =>
    value.map((item, index) => ({ value: item, node: (node?.items?.[index] ?? null) as JsonNode }));
  if (Array.isArray(data)) return listed(data, root);
  if (typeof data !== 'object' || data === null) return [{ value: data, node: root }];
  const object = data as Record<string, unknown>;
  const message = object.message as Record<string, unknown> | undefined;
  if (typeof object['message-type'] === 'string' && typeof message === 'object' && message !== null) {
    return Array.isArray(message.items)
      ? listed(message.items, child(child(root, 'message'), 'items'))
      : [{ value: message, node: child(root, 'message') }];
  }
  const keys = Object.keys(object);
  if (keys.length > 0 && keys.every((key) => bareDoi(key) !== null)) {
    return keys.flatMap((key) => {
      const value = object[key];
      const node = child(root, key);
      return Array.isArray(value) ? listed(value, node) : [{ value, node }];
    });
  }
  return [{ value: data, node: root }];
}

function readCslJson(text: string): ImportedRecord[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ImportError(`is not valid JSON: ${(error as Error).message}`);
  }
  return jsonRecords(data, doc.contents as JsonNode).map(({ value, node }) => {
    const line = lineCounter.linePos(node?.range?.[0] ?? 0).line;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { line, problem: 'this is not a citation record (a JSON object with a title and authors)' };
    // Its id, or its DOI (a Crossref answer's works have no id), to name it by.
    const { id, DOI } = value as { id?: unknown; DOI?: unknown };
    const key = [id, DOI].find((name) => typeof name === 'string' && name !== '') as string | undefined;
    return { line, key, record: value as CslRecord };
  });
}
