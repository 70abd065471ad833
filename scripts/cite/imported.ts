/** What the readers of import files give: one result per entry of the file, at the line it starts on. */
import type { CslRecord } from '../lib/csl-record.ts';

/**
 * One entry of the import file: its record (with what was left out of it, if anything), or why it cannot be
 * imported; `line` is where it starts (or the line of the field at fault), `key` its citation key where it has one.
 */
export type ImportedRecord =
  | { line: number; key?: string; record: CslRecord; notes?: string[] }
  | { line: number; key?: string; problem: string };

/** The file as a whole cannot be read (not BibTeX, RIS or CSL-JSON; not valid JSON). */
export class ImportError extends Error {}
