/** What the readers of import files give: one result per entry of the file, at the line it starts on. */
import type { CslRecord } from './record.ts';

/** One entry of the import file: its record, or what is wrong with it; `line` is where it starts. */
export type ImportedRecord = { line: number; record: CslRecord } | { line: number; problem: string };

/** The file as a whole cannot be read (not BibTeX, RIS or CSL-JSON; not valid JSON). */
export class ImportError extends Error {}
