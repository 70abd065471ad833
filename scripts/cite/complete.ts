/**
 * What `cite fill` does to one entry, given the registry's record of its DOI:
 * it completes the entry the way `cite add` would build it. An entry typed as
 * its DOI alone gets every field of the record. An entry typed by hand without
 * a `type` (so read as a journal article) whose record is another kind takes
 * the record's kind and that kind's fields, all together; one whose kind
 * disagrees with the record keeps its kind, and the disagreement is said.
 * Elsewhere only what the entry lacks of its kind's fields is filled, and a
 * typed value the registry disagrees with is kept and reported.
 */
import * as v from 'valibot';
import { KIND_FIELDS, type Publication, publicationSchema } from '../../src/content/publications.ts';
import { isDoiOnly } from '../stages/content/doi-only.ts';
import { FIELD_ORDER, type Field } from './publications-file.ts';

type Kind = NonNullable<Publication['type']>;

/** Why the content check would refuse the entry ("field: expected …"), or undefined when it would not. */
export function schemaProblem(publication: Publication): string | undefined {
  const result = v.safeParse(publicationSchema, publication);
  if (result.success) return undefined;
  const issue = result.issues[0]!;
  const field = issue.path?.map((item) => String(item.key)).join('.') ?? '';
  return `${field ? `${field}: ` : ''}${issue.message}`;
}

interface Fill {
  field: Field;
  value: string | number;
}

export interface Completion {
  fills: Fill[];
  /** The fills stand or fall together: an entry that held only its DOI, or one that takes the record's kind. */
  whole: boolean;
  /** A typed value the registry disagrees with, kept; `said` words it for the person. */
  conflicts: { field: Field; typed: unknown; found: unknown; said: string }[];
  /** What the content check would refuse, left out; `fields` empty for the whole record. */
  refused: { fields: Field[]; said: string }[];
}

/** Typed and found as one compares them: case, spacing and the dash of a page range set aside. */
const comparable = (field: Field, value: unknown) => {
  const text = String(value).trim().toLowerCase();
  return field === 'pages' ? text.replace(/\s*[-–—]\s*/g, '-') : text;
};

const known = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The kind the entry is completed as, and whether it takes it from the record; a disagreement is a conflict. */
function kindOf(typed: Partial<Publication>, record: Publication, conflicts: Completion['conflicts']) {
  const found: Kind = record.type ?? 'article';
  if (known(typed.type)) {
    if (typed.type !== found)
      conflicts.push({
        field: 'type',
        typed: typed.type,
        found,
        said: `typed ${JSON.stringify(typed.type)}, the registry has ${JSON.stringify(found)}; kept ${JSON.stringify(typed.type)}`,
      });
    return { kind: typed.type!, retyped: false };
  }
  if (found === 'article') return { kind: found, retyped: false };
  // An entry with a journal typed means an article: it is not made into something else behind the person's back.
  if (known(typed.journal)) {
    conflicts.push({
      field: 'type',
      typed: undefined,
      found,
      said: `typed none (a journal article, with its journal), the registry has ${JSON.stringify(found)}; kept as a journal article (add type: ${found} and its fields to change it)`,
    });
    return { kind: 'article' as Kind, retyped: false };
  }
  return { kind: found, retyped: true };
}

/** Every field of the record an entry typed as its DOI alone does not have, checked together. */
function fromDoiAlone(typed: Partial<Publication>, record: Publication): Completion {
  const fills = FIELD_ORDER.filter((field) => field !== 'doi' && field !== 'url')
    .filter((field) => known(record[field]) && !known(typed[field]))
    .map((field) => ({ field, value: record[field] as string | number }));
  const problem = schemaProblem({
    ...typed,
    ...Object.fromEntries(fills.map((fill) => [fill.field, fill.value])),
  } as Publication);
  if (!problem) return { fills, whole: true, conflicts: [], refused: [] };
  return {
    fills: [],
    whole: true,
    conflicts: [],
    refused: [{ fields: [], said: `the registry's record cannot be written (${problem}); left as it is` }],
  };
}

/** The fields of `kind` (and the year) the record has: each missing one filled, each differing one a conflict. */
function compareFields(typed: Partial<Publication>, record: Publication, kind: Kind, completion: Completion) {
  for (const field of ['year', ...KIND_FIELDS[kind]] as Field[]) {
    const found = record[field];
    if (!known(found)) continue;
    const mine = typed[field];
    // Pages and an article number say the same thing: one typed, the other is not added.
    const other = field === 'pages' ? typed.articleNumber : field === 'articleNumber' ? typed.pages : undefined;
    if (!known(mine) && !known(other)) completion.fills.push({ field, value: found as string | number });
    else if (known(mine) && comparable(field, mine) !== comparable(field, found))
      completion.conflicts.push({
        field,
        typed: mine,
        found,
        said: `typed ${JSON.stringify(mine)}, the registry has ${JSON.stringify(found)}; kept ${JSON.stringify(mine)}`,
      });
  }
}

/** Fills the content check would refuse are left out and said; together (`whole`) or one by one. */
function checked(typed: Partial<Publication>, completion: Completion): Completion {
  const withFills = (fills: Fill[]) =>
    ({ ...typed, ...Object.fromEntries(fills.map((fill) => [fill.field, fill.value])) }) as Publication;
  if (completion.whole) {
    const problem = schemaProblem(withFills(completion.fills));
    if (!problem) return completion;
    const fields = completion.fills.map((fill) => fill.field);
    return {
      ...completion,
      fills: [],
      refused: [{ fields, said: `the registry's record cannot be written (${problem}); left as it is` }],
    };
  }
  const fills = completion.fills.filter((fill) => {
    const problem = schemaProblem(withFills([fill]));
    if (problem)
      completion.refused.push({
        fields: [fill.field],
        said: `the registry's ${JSON.stringify(fill.value)} cannot be written (${problem}); left as it is`,
      });
    return !problem;
  });
  return { ...completion, fills };
}

/**
 * What fill writes into an entry (`typed`, as the file holds it) from the registry's record of its DOI (as `add`
 * would build the entry): the fills, the conflicts (typed values kept) and what the content check would refuse.
 */
export function completeEntry(typed: Partial<Publication>, record: Publication): Completion {
  if (isDoiOnly(typed)) return fromDoiAlone(typed, record);
  const completion: Completion = { fills: [], whole: false, conflicts: [], refused: [] };
  const { kind, retyped } = kindOf(typed, record, completion.conflicts);
  compareFields(typed, record, kind, completion);
  if (retyped) {
    completion.fills.unshift({ field: 'type', value: kind });
    completion.whole = true;
  }
  return checked(typed, completion);
}
