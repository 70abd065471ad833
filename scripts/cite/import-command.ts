/** npm run cite -- import <file> --theme <id>: a BibTeX, RIS or CSL-JSON export, entry by entry, each counted once. */
import { readFile } from 'node:fs/promises';
import { citationText } from '../../src/citation.ts';
import type { Publication } from '../../src/content/publications.ts';
import { displayPath as relative } from '../lib/problems.ts';
import { askFreeCopies, type CiteRun, saveChecked, UsageError } from './command-options.ts';
import { schemaProblem } from './complete.ts';
import { describeCopy, type FreeCopyLookup, freeCopyFields } from './free-copy.ts';
import { readImport } from './import-file.ts';
import { ImportError, type ImportedRecord } from './imported.ts';
import { PublicationsFile, sameWork, type WorkKey, workKey } from './publications-file.ts';
import { publicationFromRecord, RecordError } from '../lib/csl-record.ts';
import { UntrustedTextError } from '../lib/untrusted-text.ts';

/** The import file read entry by entry; undefined (and said why) when the file as a whole cannot be read. */
async function readImportFile(source: string, name: string, print: (line: string) => void) {
  try {
    return readImport(source, await readFile(source, 'utf8'));
  } catch (error) {
    if (error instanceof ImportError) print(`${name} ${error.message}. Nothing was written.`);
    else print(`${name} could not be read: ${(error as Error).message}. Nothing was written.`);
    return undefined;
  }
}

type Outcome = 'imported' | 'skipped' | 'refused';

/** The entry a record gives, or why it gives none; what was left out of it goes into `notes`. */
function importedPublication(imported: ImportedRecord, notes: string[]): Publication | string {
  if (!('record' in imported)) return imported.problem;
  notes.push(...(imported.notes ?? []));
  try {
    const publication = publicationFromRecord(imported.record, undefined, notes);
    return schemaProblem(publication) ?? publication;
  } catch (error) {
    if (!(error instanceof RecordError || error instanceof UntrustedTextError)) throw error;
    if (!(error instanceof RecordError) || !error.missing) return error.message;
    const what = error.missing === 'title' ? 'its title' : 'its authors (a group that wrote it, as one name)';
    return `${error.message}; add ${what} to the entry in your reference manager (or in the file) and import again`;
  }
}

/** An entry to be added, and where in the import file it came from. */
type Pending = { publication: Publication; at: string };

/** One entry of the import file, put in `pending` when it may be added; what happened to it, said at its line. */
function importOne(
  imported: ImportedRecord,
  where: string,
  file: PublicationsFile,
  seen: { key: WorkKey; where: string }[],
  pending: Pending[],
  print: (line: string) => void,
): { outcome: Outcome; noted?: boolean } {
  const at = `${where}${imported.key ? ` ${imported.key}` : ''}`;
  const notes: string[] = [];
  const publication = importedPublication(imported, notes);
  if (typeof publication === 'string') {
    print(`${at}: not imported: ${publication}`);
    return { outcome: 'refused' };
  }
  const listed = file.findSame(publication);
  if (listed) {
    print(
      `${at}: skipped: already listed at ${listed.entry.where} (${listed.entry.theme}[${listed.entry.index}]), by ${listed.by}`,
    );
    return { outcome: 'skipped' };
  }
  const key = workKey(publication);
  const earlier = seen.find((each) => sameWork(key, each.key));
  if (earlier !== undefined) {
    print(`${at}: skipped: the same publication as ${earlier.where}, earlier in this file`);
    return { outcome: 'skipped' };
  }
  seen.push({ key, where });
  pending.push({ publication, at });
  print(`${at}: imported: ${citationText(publication)}`);
  for (const note of notes) print(`${at}: note: ${note}`);
  return { outcome: 'imported', noted: notes.length > 0 };
}

/** The summary line: every entry of the file counted once, as what happened to it. */
function importSummary(counts: Record<Outcome, number>, theme: string, total: number, noted: number): string {
  const entries = (n: number) => `${n} entr${n === 1 ? 'y' : 'ies'}`;
  const notes = noted > 0 ? `; ${entries(noted)} imported with a note` : '';
  return `Summary: ${counts.imported} imported into ${theme}, ${counts.skipped} skipped, ${counts.refused} not imported (of ${entries(total)} in the file)${notes}.`;
}

/**
 * What a refusal means for the person and for a script: the exit code is 1, and importing the file again once the
 * named entries are fixed adds them and skips what is already in.
 */
function refusedLine(counts: Record<Outcome, number>): string {
  const written = counts.imported > 0 ? 'the others are written' : 'nothing is written';
  const entries = counts.refused === 1 ? '1 entry, named above' : `${counts.refused} entries, each named above`;
  return `Not imported: ${entries} with what to fix; ${written}. Exit code 1: fix them and import the file again, and what is in already is skipped.`;
}

/** The new entries added under the theme, each with the free copy Unpaywall gives its DOI; how many it could not ask. */
async function addImported(
  file: PublicationsFile,
  theme: string,
  pending: Pending[],
  ask: (dois: string[]) => Promise<FreeCopyLookup>,
  print: (line: string) => void,
) {
  const lookup = await ask(pending.flatMap(({ publication }) => publication.doi ?? []));
  for (const { publication, at } of pending) {
    Object.assign(publication, freeCopyFields(publication.doi ? lookup.answers.get(publication.doi) : undefined));
    if (publication.freeCopy) print(`${at}: free to read: ${describeCopy(publication)}`);
    file.add(theme, publication);
  }
  return lookup.unanswered;
}

export async function importFile(args: string[], theme: string | undefined, run: CiteRun) {
  const { print } = run;
  if (args.length !== 1 || !theme) throw new UsageError('import takes one file and --theme <id>');
  const source = run.resolvePath(args[0]!);
  const name = relative(source);
  const records = await readImportFile(source, name, print);
  if (!records) return 1;
  const file = await PublicationsFile.open(run.contentDir);
  // What this file has already given, by DOI (or title, year and kind where there is none): where it was seen.
  const seen: { key: WorkKey; where: string }[] = [];
  const counts: Record<Outcome, number> = { imported: 0, skipped: 0, refused: 0 };
  let noted = 0;
  const pending: Pending[] = [];
  for (const imported of records) {
    const { outcome, noted: withNote } = importOne(imported, `${name}:${imported.line}`, file, seen, pending, print);
    counts[outcome] += 1;
    if (withNote) noted += 1;
  }
  const ask = (dois: string[]) => askFreeCopies(dois, run);
  const unanswered = await addImported(file, theme, pending, ask, print);
  print(importSummary(counts, theme, records.length, noted));
  // 1 for an entry refused says more than 2 for a free copy not looked for (named in its line above).
  const code = counts.refused > 0 ? 1 : unanswered > 0 ? 2 : 0;
  if (counts.imported > 0 && !(await saveChecked(file, run))) return 1;
  if (counts.refused > 0) print(refusedLine(counts));
  return code;
}
