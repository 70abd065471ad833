/**
 * What the site's script adds to an entry as it is saved, before the check:
 * a publication's details found with "Fill from the DOI" (in the fields left
 * empty), and a member added to the directory placed after the members of
 * their country, where the page shows them (the CMS adds an item at the end of
 * the list). Given as data, which the check reads, and as the changes to make
 * to the CMS's entry, which the CMS then writes.
 */
import { parse } from 'yaml';
import { withFilled } from './doi-fill.ts';
import { keepOpenItem } from './list-position.ts';
import type { ImmutableMap } from './page.ts';

type Data = Record<string, unknown>;
type Keys = (string | number)[];

/** The entry's data as it will be saved, and each change as keys and a value. */
export interface SaveChanges {
  data: Data;
  changes: { keys: Keys; value: unknown }[];
}

const record = (value: unknown): Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};

/** Each publication of publications.yml with a record found for its DOI, filled. */
function filledPublications(data: Data): SaveChanges {
  const changes: SaveChanges['changes'] = [];
  const changed: Data = { ...data };
  for (const [theme, items] of Object.entries(data)) {
    if (!Array.isArray(items)) continue;
    changed[theme] = items.map((item, index) => {
      const filled = withFilled(record(item));
      if (!filled) return item;
      for (const [key, value] of Object.entries(filled))
        if (record(item)[key] !== value) changes.push({ keys: [theme, index, key], value });
      return filled;
    });
  }
  return { data: changed, changes };
}

/**
 * A member not in the file as saved before (`before`, its text) moved to just after the last member whose country
 * comes no later in the list of countries: with their country, where the page shows them.
 */
function placedMembers(data: Data, before: string | undefined): SaveChanges {
  const known = new Set(
    (record(parse(before ?? '') as unknown).members as unknown[] | undefined)?.map((member) =>
      JSON.stringify([record(member).name, record(member).country]),
    ) ?? [],
  );
  const countries = Array.isArray(data.countries) ? data.countries.map(String) : [];
  const members = Array.isArray(data.members) ? [...data.members] : [];
  const rank = (member: unknown) => countries.indexOf(String(record(member).country));
  const order = members.map((_, index) => index);
  for (const [index, member] of members.entries()) {
    if (known.has(JSON.stringify([record(member).name, record(member).country])) || rank(member) === -1) continue;
    const others = order.filter((other) => other !== index);
    // Placed among the members of their country already (by the place choice): kept there.
    const at = order.indexOf(index);
    if ([order[at - 1], order[at + 1]].some((other) => other !== undefined && rank(members[other]) === rank(member)))
      continue;
    const after = others.findLastIndex((other) => rank(members[other]) !== -1 && rank(members[other]) <= rank(member));
    others.splice(after + 1, 0, index);
    order.splice(0, order.length, ...others);
  }
  if (order.every((index, place) => index === place)) return { data, changes: [] };
  const placed = order.map((index) => members[index]);
  return { data: { ...data, members: placed }, changes: [{ keys: ['members'], value: order }] };
}

/** The changes to the entry saved at `path`; `before` is the file's text as the site has it. */
export function saveChanges(path: string, data: Data, before: string | undefined): SaveChanges {
  if (path.endsWith('/publications.yml')) return filledPublications(data);
  if (path.endsWith('/members.yml')) return placedMembers(data, before);
  return { data, changes: [] };
}

/** The changes made to the CMS's entry: a value set, or the members list put in the order given. */
export function applyChanges(entry: ImmutableMap, { changes }: SaveChanges): ImmutableMap {
  let changed = entry;
  for (const { keys, value } of changes) {
    if (keys.length === 1 && keys[0] === 'members' && Array.isArray(value)) {
      const list = changed.getIn(['data', 'members']) as {
        get(index: number): unknown;
        withMutations(change: (list: { set(index: number, item: unknown): void }) => void): unknown;
      };
      const items = (value as number[]).map((index) => list.get(index));
      // The item the person was at stays the one shown, at its new place.
      keepOpenItem('members', value as number[]);
      changed = changed.setIn(
        ['data', 'members'],
        list.withMutations((each) => {
          for (const [at, item] of items.entries()) each.set(at, item);
        }),
      );
    } else changed = changed.setIn(['data', ...keys], value);
  }
  return changed;
}
