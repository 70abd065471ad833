/**
 * Two editors, one file: a three-way merge of a content file's data by list
 * item. `base` is the file as this editor opened it, `ours` what they are
 * saving, `theirs` the file as someone else saved it meanwhile. A map is
 * merged key by key; a list item by item (an item is changed, added or
 * removed as a whole, never field by field); any other value as a whole. Where
 * the two did not touch the same item, both changes are kept; where they
 * changed the same item (or the same value) differently, that is a clash, and
 * the caller writes nothing until the person has chosen one side of it.
 * A page (a Markdown file's front matter and body) is merged field by field
 * instead (mergeByField): each field, and the body, as a whole.
 *
 * Pure: no page, no CMS; unit-tested with properties (test/list-merge.test.ts).
 */

export type Keys = (string | number)[];

/** One side's change to a list: the base's items `from`…`to` (not included) replaced by `items`. */
interface Hunk {
  from: number;
  to: number;
  items: unknown[];
  side: 'ours' | 'theirs';
}

/** What one side changed, said for the person: where, the items before and after. */
export interface Change {
  keys: Keys;
  before: unknown[];
  after: unknown[];
}

/** Both changed the same thing differently: where, and the items (or value) as the base, theirs and ours have it. */
export interface Clash {
  keys: Keys;
  base: unknown[];
  theirs: unknown[];
  ours: unknown[];
  /** Names the clash by all three sides: a choice made for it holds only while none of them changes. */
  id: string;
}

export interface Merged {
  value: unknown;
  clashes: Clash[];
  /** What each side changed since the base, where the merge looked (a list's hunks, a value's change). */
  theirs: Change[];
  ours: Change[];
}

/** Which side a person chose for a clash (by its id); none chosen, the clash stays. */
export type Choose = (clash: Clash) => 'ours' | 'theirs' | undefined;

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A value as its meaning: a map's keys in order, without those that say nothing (no value, null, an empty text),
 * which a form leaves out or writes as empty alike.
 */
function meaning(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(meaning);
  if (!isMap(value)) return value;
  const kept = Object.entries(value)
    .filter(([, inner]) => inner !== undefined && inner !== null && inner !== '')
    .sort(([one], [other]) => (one < other ? -1 : one > other ? 1 : 0))
    .map(([key, inner]) => [key, meaning(inner)]);
  return Object.fromEntries(kept);
}

export const sameMeaning = (one: unknown, other: unknown) =>
  JSON.stringify(meaning(one) ?? null) === JSON.stringify(meaning(other) ?? null);

/** The hunks that turn `base` into `side`: the items of each not in their longest common run of items. */
function diff(base: unknown[], side: unknown[], name: Hunk['side']): Hunk[] {
  const a = base.map((item) => JSON.stringify(meaning(item) ?? null));
  const b = side.map((item) => JSON.stringify(meaning(item) ?? null));
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const n = endA - start;
  const m = endB - start;
  // The longest common run's length from each pair of places on (a table of (n+1)·(m+1)).
  const table = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i * (m + 1) + j] =
        a[start + i] === b[start + j]
          ? table[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(table[(i + 1) * (m + 1) + j]!, table[i * (m + 1) + j + 1]!);
  const hunks: Hunk[] = [];
  let open: Hunk | undefined;
  const close = () => {
    if (open) hunks.push(open);
    open = undefined;
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[start + i] === b[start + j]) {
      close();
      i += 1;
      j += 1;
      continue;
    }
    open ??= { from: start + i, to: start + i, items: [], side: name };
    if (j < m && (i === n || table[i * (m + 1) + j + 1]! >= table[(i + 1) * (m + 1) + j]!)) {
      open.items.push(side[start + j]);
      j += 1;
    } else {
      i += 1;
      open.to = start + i;
    }
  }
  close();
  return hunks;
}

/** Whether two hunks of the two sides touch the same base items (an insertion strictly inside the other's range). */
function overlaps(one: Hunk, other: Hunk): boolean {
  if (one.from === one.to && other.from === other.to) return false;
  if (one.from === one.to) return other.from < one.from && one.from < other.to;
  if (other.from === other.to) return one.from < other.from && other.from < one.to;
  return one.from < other.to && other.from < one.to;
}

/** The base's items `from`…`to` with one side's hunks inside that range applied. */
function applied(base: unknown[], from: number, to: number, hunks: Hunk[]): unknown[] {
  const out: unknown[] = [];
  let at = from;
  for (const hunk of hunks) {
    out.push(...base.slice(at, hunk.from), ...hunk.items);
    at = hunk.to;
  }
  out.push(...base.slice(at, to));
  return out;
}

const clashId = (keys: Keys, base: unknown, theirs: unknown, ours: unknown) =>
  JSON.stringify([keys, meaning(base) ?? null, meaning(theirs) ?? null, meaning(ours) ?? null]);

/** Hunks in the order they apply: by their first base item, an insertion before a change starting there, theirs first. */
const order = (one: Hunk, other: Hunk) =>
  one.from - other.from ||
  Number(one.to !== one.from) - Number(other.to !== other.from) ||
  Number(one.side === 'ours') - Number(other.side === 'ours');

function mergeList(keys: Keys, base: unknown[], ours: unknown[], theirs: unknown[], choose: Choose): Merged {
  const mine = diff(base, ours, 'ours');
  const others = diff(base, theirs, 'theirs');
  const change = (hunk: Hunk): Change => ({ keys, before: base.slice(hunk.from, hunk.to), after: hunk.items });
  const merged: Merged = { value: [], clashes: [], ours: mine.map(change), theirs: others.map(change) };
  // Hunks that overlap, with those they overlap in turn, form one group: applied as one, or a clash.
  const groups: Hunk[][] = [];
  for (const hunk of [...mine, ...others].sort(order)) {
    const group = groups.at(-1);
    if (group?.some((other) => other.side !== hunk.side && overlaps(other, hunk))) group.push(hunk);
    else groups.push([hunk]);
  }
  const out: unknown[] = [];
  let at = 0;
  for (const group of groups) {
    const from = Math.min(...group.map((hunk) => hunk.from));
    const to = Math.max(...group.map((hunk) => hunk.to));
    out.push(...base.slice(at, from));
    at = to;
    const sides = new Set(group.map((hunk) => hunk.side));
    const oursPart = applied(
      base,
      from,
      to,
      group.filter((hunk) => hunk.side === 'ours'),
    );
    const theirsPart = applied(
      base,
      from,
      to,
      group.filter((hunk) => hunk.side === 'theirs'),
    );
    if (sides.size === 1 || sameMeaning(oursPart, theirsPart)) {
      out.push(...(sides.has('ours') ? oursPart : theirsPart));
      continue;
    }
    const baseItems = base.slice(from, to);
    const clash: Clash = {
      keys,
      base: baseItems,
      theirs: theirsPart,
      ours: oursPart,
      id: clashId(keys, baseItems, theirsPart, oursPart),
    };
    const chosen = choose(clash);
    if (!chosen) merged.clashes.push(clash);
    out.push(...(chosen === 'theirs' ? theirsPart : oursPart));
  }
  out.push(...base.slice(at));
  merged.value = out;
  return merged;
}

/** The three versions of what is merged, where it is, and how many levels of maps and lists down to merge into. */
interface Sides<T> {
  keys: Keys;
  base: T;
  ours: T;
  theirs: T;
  choose: Choose;
  depth: number;
}

function mergeMap({ keys, base, ours, theirs, choose, depth }: Sides<Record<string, unknown>>): Merged {
  const merged: Merged = { value: undefined, clashes: [], ours: [], theirs: [] };
  const value: Record<string, unknown> = {};
  const names = [...new Set([...Object.keys(ours), ...Object.keys(theirs), ...Object.keys(base)])];
  for (const name of names) {
    const inner = mergeValue({
      keys: [...keys, name],
      base: base[name],
      ours: ours[name],
      theirs: theirs[name],
      choose,
      depth: depth - 1,
    });
    merged.clashes.push(...inner.clashes);
    merged.ours.push(...inner.ours);
    merged.theirs.push(...inner.theirs);
    if (inner.value !== undefined) value[name] = inner.value;
  }
  merged.value = value;
  return merged;
}

/** A value as the items of a change: none when there is none. */
const said = (value: unknown) => (value === undefined ? [] : [value]);

function mergeValue(sides: Sides<unknown>): Merged {
  const { keys, base, ours, theirs, choose, depth } = sides;
  const none: Merged = { value: ours, clashes: [], ours: [], theirs: [] };
  if (sameMeaning(base, theirs)) return none;
  const theirsChange: Change = { keys, before: said(base), after: said(theirs) };
  if (sameMeaning(base, ours)) return { value: theirs, clashes: [], ours: [], theirs: [theirsChange] };
  if (sameMeaning(ours, theirs)) return { ...none, theirs: [theirsChange] };
  if (depth > 0 && Array.isArray(base) && Array.isArray(ours) && Array.isArray(theirs))
    return mergeList(keys, base, ours, theirs, choose);
  if (depth > 0 && isMap(base) && isMap(ours) && isMap(theirs))
    return mergeMap({ ...sides, base, ours, theirs } as Sides<Record<string, unknown>>);
  const clash: Clash = {
    keys,
    base: said(base),
    theirs: said(theirs),
    ours: said(ours),
    id: clashId(keys, base, theirs, ours),
  };
  const chosen = choose(clash);
  return {
    value: chosen === 'theirs' ? theirs : ours,
    clashes: chosen ? [] : [clash],
    ours: [{ keys, before: said(base), after: said(ours) }],
    theirs: [theirsChange],
  };
}

/**
 * The file's data with both editors' changes: `base` as opened, `ours` as being saved, `theirs` as saved by someone
 * else since. Clashes are left out of `clashes` once `choose` names the side to keep.
 */
export function mergeByItem(base: unknown, ours: unknown, theirs: unknown, choose: Choose = () => undefined): Merged {
  return mergeValue({ keys: [], base, ours, theirs, choose, depth: Number.POSITIVE_INFINITY });
}

/**
 * A page's data with both editors' changes, field by field: each field of the front matter, and the body, kept or
 * clashing as a whole (two changes to one field are one clash, whatever the field holds).
 */
export function mergeByField(
  base: Record<string, unknown>,
  ours: Record<string, unknown>,
  theirs: Record<string, unknown>,
  choose: Choose = () => undefined,
): Merged {
  const merged = mergeValue({ keys: [], base, ours, theirs, choose, depth: 1 });
  // Each side's changes, every field it changed (the merge says only where it looked).
  const names = [...new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)])];
  const changes = (side: Record<string, unknown>): Change[] =>
    names
      .filter((name) => !sameMeaning(base[name], side[name]))
      .map((name) => ({ keys: [name], before: said(base[name]), after: said(side[name]) }));
  return { ...merged, ours: changes(ours), theirs: changes(theirs) };
}
