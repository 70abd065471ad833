/**
 * Reference managers' exports read into CSL-JSON records, each with the line
 * of the file it starts on, so that a problem is reported where the person
 * can find it. BibTeX and BibLaTeX (Zotero, Mendeley, JabRef) and RIS
 * (EndNote, Zotero) are read by Citation.js, whose parsers turn LaTeX accents
 * and braces into Unicode; CSL-JSON is read as JSON.
 */
import { plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { isSeq, LineCounter, parseDocument } from 'yaml';
import type { CslRecord } from './record.ts';

type ImportFormat = 'bibtex' | 'ris' | 'csl-json';

export interface ImportedRecord {
  record: CslRecord;
  line: number;
}

export class ImportError extends Error {}

function detectFormat(file: string, text: string): ImportFormat {
  const extension = file.toLowerCase().split('.').at(-1);
  if (extension === 'bib' || extension === 'bibtex' || extension === 'biblatex') return 'bibtex';
  if (extension === 'ris') return 'ris';
  if (extension === 'json') return 'csl-json';
  const start = text.trimStart();
  if (start.startsWith('@')) return 'bibtex';
  if (/^TY {2}- /m.test(start)) return 'ris';
  if (start.startsWith('[') || start.startsWith('{')) return 'csl-json';
  throw new ImportError('is not BibTeX (.bib), RIS (.ris) or CSL-JSON (.json)');
}

/** The line each match of `pattern` starts on. */
function linesOf(text: string, pattern: RegExp): number[] {
  const lines: number[] = [];
  for (const match of text.matchAll(pattern)) lines.push(text.slice(0, match.index).split('\n').length);
  return lines;
}

const parse = (text: string) => plugins.input.chain(text, { target: '@csl/list+object', generateGraph: false });

export function readImport(file: string, rawText: string): ImportedRecord[] {
  const text = rawText.replace(/\r\n?/g, '\n').replace(/^\uFEFF/, '');
  const format = detectFormat(file, text);
  if (format === 'csl-json') {
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
  let records: CslRecord[];
  try {
    records = parse(text) as CslRecord[];
  } catch (error) {
    throw new ImportError(
      `could not be read as ${format === 'bibtex' ? 'BibTeX' : 'RIS'}: ${(error as Error).message}`,
    );
  }
  const lines =
    format === 'bibtex'
      ? linesOf(text, /^[ \t]*@(?!(?:string|comment|preamble)\b)[A-Za-z]+\s*[{(]/gim)
      : linesOf(text, /^TY {2}- /gm);
  return records.map((record, index) => ({ record, line: lines[index] ?? 1 }));
}
