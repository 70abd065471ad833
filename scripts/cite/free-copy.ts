/**
 * The free copies fill, add and import record: Unpaywall's answer for each
 * DOI (scripts/cite/open-access.ts) turned into the entry's freeCopy,
 * freeCopyVersion and freeCopyFoundBy lines. A copy the fill wrote carries
 * `freeCopyFoundBy: Unpaywall`, and only such a copy is ever replaced or
 * removed; one typed by a person (no freeCopyFoundBy) is kept, and a
 * different answer is reported as a conflict.
 */
import { FREE_COPY_VERSION_WORDS } from '../../src/citation.ts';
import type { Publication } from '../../src/content/publications.ts';
import { offlineLine } from '../lib/http-client.ts';
import { findOpenAccess, type OpenAccess, openAccessEmail } from './open-access.ts';
import type { Entry, Field, PublicationsFile } from './publications-file.ts';
import type { ResolverOptions } from './resolver.ts';

/** Who wrote a free copy the next fill may replace or remove. */
const FOUND_BY = 'Unpaywall';

const FIELDS = ['freeCopy', 'freeCopyVersion', 'freeCopyFoundBy'] as const satisfies readonly Field[];

type FreeCopyFields = Pick<Publication, (typeof FIELDS)[number]>;

export interface FreeCopyLookup {
  /** Unpaywall's answer per DOI; empty when nothing was asked (the e-mail refused, or no DOIs). */
  answers: Map<string, OpenAccess>;
  /** Lookups that could not be made (the service down, no network): asking later may answer them. */
  unanswered: number;
  asked: number;
}

/**
 * Asks Unpaywall for each DOI. The e-mail refused (still the placeholder) is one line and no lookup; lookups that
 * could not be made are one line together, naming how many and why.
 */
export async function lookUpFreeCopies(
  dois: readonly string[],
  options: { contentDir: string; email?: string; api?: string; resolver: ResolverOptions; print: (l: string) => void },
): Promise<FreeCopyLookup> {
  const lookup: FreeCopyLookup = { answers: new Map(), unanswered: 0, asked: 0 };
  if (dois.length === 0) return lookup;
  const email = await openAccessEmail(options.contentDir, options.email);
  if ('refused' in email) {
    options.print(`No free copies were looked for. ${email.refused}`);
    return lookup;
  }
  const { resolver, api } = options;
  const answers = await findOpenAccess([...new Set(dois)], { email: email.email, resolver, api });
  for (const answer of answers) lookup.answers.set(answer.doi, answer);
  const failed = answers.filter((answer) => answer.found === 'failed');
  lookup.asked = answers.length;
  lookup.unanswered = failed.length;
  const [first] = failed;
  if (!first) return lookup;
  const offline = failed.every((answer) => answer.offline) ? first.offline : undefined;
  options.print(
    offline
      ? offlineLine(offline, `No free copy was looked for (${failed.length} of ${answers.length} DOIs)`)
      : `Could not look for a free copy of ${failed.length} of ${answers.length} DOIs (${first.reason}${failed.length > 1 ? ', and so on' : ''}): ${failed.map((answer) => answer.doi).join(', ')}. Their entries are as they were; run the command again later.`,
  );
  return lookup;
}

/** The fields a free copy found gives a new entry (add, import); none for no copy or no answer. */
export function freeCopyFields(answer: OpenAccess | undefined): FreeCopyFields {
  if (answer?.found !== 'copy') return {};
  return {
    freeCopy: answer.url,
    ...(answer.version ? { freeCopyVersion: answer.version } : {}),
    freeCopyFoundBy: FOUND_BY,
  };
}

/** A free copy in words: its address and, where it is not the published version, which it is. */
export const describeCopy = (copy: FreeCopyFields) =>
  `${copy.freeCopy}${copy.freeCopyVersion && copy.freeCopyVersion !== 'published' ? ` (${FREE_COPY_VERSION_WORDS[copy.freeCopyVersion]})` : ''}`;

type CopyOutcome = 'recorded' | 'replaced' | 'removed' | 'unchanged' | 'kept' | 'conflict' | 'none' | 'unknown';

/** What one entry's free copy becomes: the fields to set and to delete, what happened, the line saying so. */
export interface CopyPlan {
  entry: Entry;
  set: [Field, string][];
  remove: Field[];
  outcome: CopyOutcome;
  line?: string;
}

const text = (entry: Entry, field: string) => {
  const value = entry.map.get(field);
  return typeof value === 'string' ? value : undefined;
};

/** One entry's free copy against Unpaywall's answer; undefined when the answer leaves it as it is (or is missing). */
export function planFreeCopy(
  file: PublicationsFile,
  entry: Entry,
  answer: OpenAccess | undefined,
): CopyPlan | undefined {
  if (!answer || answer.found === 'failed') return undefined;
  const label = `${entry.theme}[${entry.index}]`;
  const typed = text(entry, 'freeCopy');
  const found = freeCopyFields(answer);
  const at = (field: Field) => `${file.fieldWhere(entry, field)}: ${label}`;
  const plan = (outcome: CopyOutcome, line?: string, set: [Field, string][] = [], remove: Field[] = []): CopyPlan => ({
    entry,
    set,
    remove,
    outcome,
    line,
  });
  if (typed !== undefined && text(entry, 'freeCopyFoundBy') !== FOUND_BY) {
    if (!found.freeCopy || found.freeCopy === typed) return plan('kept');
    return plan(
      'conflict',
      `${at('freeCopy')} freeCopy: typed ${typed}, Unpaywall gives ${describeCopy(found)}; the typed copy is kept`,
    );
  }
  if (!found.freeCopy) {
    if (typed === undefined) return plan(answer.found === 'unknown-doi' ? 'unknown' : 'none');
    return plan('removed', `${at('freeCopy')} free copy removed: Unpaywall no longer lists ${typed}`, [], [...FIELDS]);
  }
  const set = FIELDS.flatMap((field): [Field, string][] =>
    found[field] !== undefined && found[field] !== text(entry, field) ? [[field, found[field]!]] : [],
  );
  const remove = FIELDS.filter((field) => found[field] === undefined && text(entry, field) !== undefined);
  if (set.length === 0 && remove.length === 0) return plan('unchanged');
  if (typed === undefined)
    return plan('recorded', `${entry.where}: ${label} free copy recorded: ${describeCopy(found)}`, set, remove);
  return plan('replaced', `${at('freeCopy')} free copy replaced: ${describeCopy(found)} (was ${typed})`, set, remove);
}

/** Makes one plan's edits in the file (not yet saved). */
export function applyCopyPlan(file: PublicationsFile, plan: CopyPlan): void {
  for (const field of plan.remove) file.remove(plan.entry, field);
  for (const [field, value] of plan.set) file.fill(plan.entry, field, value);
}

/** The summary of the free copies: every entry with a DOI asked counted once, as what happened to it. */
export function freeCopySummary(plans: readonly CopyPlan[], lookup: FreeCopyLookup): string {
  const count = (outcome: CopyOutcome) => plans.filter((plan) => plan.outcome === outcome).length;
  const unknown = count('unknown');
  return `Free copies: ${count('recorded')} recorded, ${count('replaced')} replaced, ${count('removed')} removed, ${count('unchanged')} unchanged, ${count('kept') + count('conflict')} typed and kept (${count('conflict')} in conflict); ${count('none')} without one; ${unknown} DOI${unknown === 1 ? '' : 's'} Unpaywall does not know; ${lookup.unanswered} not checked.`;
}
