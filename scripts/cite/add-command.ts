/**
 * npm run cite -- add <doi> --theme <id>: one publication from its DOI's record, with its free copy. Exits 0 when it
 * is added (and its free copy was asked), 1 for a DOI it cannot add (not a DOI, already listed, not registered, a
 * record the content check refuses), 2 when the record could not be had or used (no network, the registry failing,
 * no record in its answer, the deadline): asking later may add it.
 */
import { citationText } from '../../src/citation.ts';
import type { Publication } from '../../src/content/publications.ts';
import { bareDoi } from '../../src/doi.ts';
import { askFreeCopies, type CiteRun, offlineResolution, saveChecked, UsageError } from './command-options.ts';
import { schemaProblem } from './complete.ts';
import { describeCopy, freeCopyFields } from './free-copy.ts';
import { PublicationsFile } from './publications-file.ts';
import { publicationFromRecord, RecordError } from '../lib/csl-record.ts';
import { resolveAll } from './resolver.ts';
import { UntrustedTextError } from '../lib/untrusted-text.ts';

export async function add(args: string[], theme: string | undefined, run: CiteRun) {
  const { print, contentDir } = run;
  if (args.length !== 1 || !theme) throw new UsageError('add takes one DOI and --theme <id>');
  const doi = bareDoi(args[0]!);
  if (!doi)
    throw new UsageError(`"${args[0]}" is not a DOI (expected 10.xxxx/…, https://doi.org/10.xxxx/… or doi:10.xxxx/…)`);
  const file = await PublicationsFile.open(contentDir);
  const listed = file.findDoi(doi);
  if (listed) {
    print(`${listed.where}: ${doi} is already listed, as ${listed.theme}[${listed.index}]. Nothing was written.`);
    return 1;
  }
  const [resolution] = await resolveAll([doi], run.resolver);
  if (!resolution!.ok) {
    print(resolution!.offline ? offlineResolution(resolution!) : `${doi}: ${resolution!.reason}. Nothing was written.`);
    return resolution!.notRegistered ? 1 : 2;
  }
  let publication: Publication;
  try {
    publication = publicationFromRecord(resolution!.record, doi);
  } catch (error) {
    if (error instanceof RecordError || error instanceof UntrustedTextError) {
      print(`${doi}: the registry's record cannot be used: ${error.message}. Nothing was written.`);
      return 2;
    }
    throw error;
  }
  const refused = schemaProblem(publication);
  if (refused) {
    print(`${doi}: the registry's record would break the content check (${refused}). Nothing was written.`);
    return 1;
  }
  const copies = await askFreeCopies([doi], run);
  Object.assign(publication, freeCopyFields(copies.answers.get(doi)));
  file.add(theme, publication);
  if (!(await saveChecked(file, run))) return 1;
  const added = (await PublicationsFile.open(contentDir)).findDoi(doi)!;
  print(`Added to ${theme} at ${added.where}:`);
  print(`  ${citationText(publication)}`);
  if (publication.freeCopy) print(`  Free to read: ${describeCopy(publication)}`);
  return copies.unanswered > 0 ? 2 : 0;
}
