/**
 * Reference managers' exports read entry by entry into CSL-JSON records, each
 * with the line of the file it starts on, so that one broken entry is reported
 * where the person can find it and every other entry still arrives.
 *
 * BibTeX is read by import-bibtex.ts, RIS by import-ris.ts, CSL-JSON here, as
 * JSON.
 */
import { isSeq, LineCounter, parseDocument } from 'yaml';
import { readBibtex } from './import-bibtex.ts';
import { readRis } from './import-ris.ts';
import { ImportError, type ImportedRecord } from './imported.ts';
import type { CslRecord } from './record.ts';

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

function readCslJson(text: string): ImportedRecord[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ImportError(`is not valid JSON: ${(error as Error).message}`);
  }
  const items = Array.isArray(data) ? data : [data];
  const nodes = isSeq(doc.contents) ? doc.contents.items : [doc.contents];
  return items.map((record, index) => ({
    record: record as CslRecord,
    line: lineCounter.linePos((nodes[index] as { range?: number[] } | null)?.range?.[0] ?? 0).line,
  }));
}
