/**
 * "Fill from the DOI", in the form: the DOI registries asked from the browser,
 * only when the person presses the button (Crossref first, then DataCite, at
 * the addresses src/doi.ts names, which /admin/'s policy allows alone), and
 * the record read with the mapping `npm run cite -- add` uses
 * (publicationFromRecord, scripts/lib/csl-record.ts); the save that follows is
 * checked by the build's own content check, as every save is.
 * What it found is shown beside the DOI as the site will cite it, and joins
 * the entry when it is saved (save-check.ts), in the fields left empty: what
 * a person typed is kept. It says plainly when the DOI is on the site already,
 * when no registry knows it and when none can be reached.
 */
import { citationText } from '../../../src/citation.ts';
import type { Publication } from '../../../src/content/publications.ts';
import { bareDoi, doiRegistries, sameDoi } from '../../../src/doi.ts';
import { publicationFromRecord, RecordError } from '../../lib/csl-record.ts';
import { UntrustedTextError } from '../../lib/untrusted-text.ts';

/** What a press of the button found. */
export type FillResult =
  | { ok: true; doi: string; publication: Publication; citation: string }
  | { ok: false; doi?: string; message: string };

/** Each DOI filled in this visit, until its entry is saved. */
const filled = new Map<string, Publication>();

/** The record found for `doi`, if any (by the DOI as typed, whatever its case). */
const filledFor = (doi: string) => [...filled].find(([known]) => sameDoi(known, doi))?.[1];

/** What the registries answer, as a record, or why not: unknown to both, or unreachable. */
async function askRegistries(doi: string): Promise<{ record: unknown } | { unknown: true } | { unreachable: true }> {
  let unreachable = false;
  for (const address of [doiRegistries.crossref(doi), doiRegistries.datacite(doi)]) {
    try {
      const answer = await fetch(address, {
        headers: { Accept: 'application/vnd.citationstyles.csl+json' },
        signal: AbortSignal.timeout(20_000),
      });
      if (answer.ok) return { record: await answer.json() };
      if (answer.status !== 404) unreachable = true;
    } catch {
      unreachable = true;
    }
  }
  return unreachable ? { unreachable: true } : { unknown: true };
}

/**
 * Asks the registries for `typed` (a DOI as people paste it), unless `listedAs` finds it on the site already: then
 * it says where, and asks nothing.
 */
export async function fillFromDoi(typed: string, listedAs: (doi: string) => string | undefined): Promise<FillResult> {
  const doi = bareDoi(typed);
  if (!doi) return { ok: false, message: 'Type the DOI first, such as 10.1080/13854046.2021.1981456.' };
  const listed = listedAs(doi);
  if (listed) return { ok: false, doi, message: `${doi} is already on the site: ${listed}. A paper is listed once.` };
  const answer = await askRegistries(doi);
  if ('unreachable' in answer)
    return {
      ok: false,
      doi,
      message:
        'Crossref and DataCite could not be reached (is this computer online?). Try again in a moment, or save the DOI alone: it is filled in later.',
    };
  if ('unknown' in answer)
    return { ok: false, doi, message: `Neither Crossref nor DataCite knows ${doi}: check the DOI for a typing slip.` };
  try {
    const publication = publicationFromRecord(answer.record as never, doi);
    filled.set(doi, publication);
    return { ok: true, doi, publication, citation: citationText(publication) };
  } catch (error) {
    if (!(error instanceof RecordError || error instanceof UntrustedTextError)) throw error;
    return { ok: false, doi, message: `The registry's record for ${doi} cannot be used: ${error.message}.` };
  }
}

/**
 * A publication of the form with what was found for its DOI in every field left empty; undefined when nothing was
 * found for it, or nothing is to add.
 */
export function withFilled(item: Record<string, unknown>): Record<string, unknown> | undefined {
  const doi = typeof item.doi === 'string' ? bareDoi(item.doi) : null;
  const found = doi ? filledFor(doi) : undefined;
  if (!found) return undefined;
  const empty = (value: unknown) => value === undefined || value === null || value === '';
  const added = Object.entries(found).filter(([key]) => key !== 'doi' && empty(item[key]));
  return added.length > 0 ? { ...item, ...Object.fromEntries(added) } : undefined;
}
