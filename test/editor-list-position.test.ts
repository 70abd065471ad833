/**
 * The places the editor's choice offers (scripts/admin/editor/list-position.ts)
 * and what the preview reads of an entry still being filled in
 * (scripts/admin/preview/entry-data.ts), without a browser: places of the
 * whole list at every length up to 60, a member's places within their country
 * as the page orders them, and a list item the CMS marks or that is not
 * finished yet said in the form's words.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import fc from 'fast-check';
import { parse } from 'yaml';
import { placesOf } from '../scripts/admin/editor/list-position.ts';
import { asSaved, readSoFar } from '../scripts/admin/preview/entry-data.ts';
import { membersSchema } from '../src/content/members.ts';
import type { Directory } from './editor-real-shape.ts';

const realShape = parse(readFileSync('test/fixtures/real-shape/members.yml', 'utf8')) as Directory;
const data = realShape as unknown as Record<string, unknown>;

test('a list of any length up to 60 offers each of its places once, "k of n", for every item', () => {
  for (let length = 1; length <= 60; length++)
    for (const index of [0, Math.floor(length / 2), length - 1]) {
      const places = placesOf('countries', index, length, data);
      assert.deepEqual(
        places.map((place) => place.value),
        Array.from({ length }, (_, at) => at),
      );
      assert.equal(places[index]!.words, `${index + 1} of ${length}`);
    }
});

test('a member is offered the places of their country, in the page’s order, each one the place of the member there', () => {
  for (const [index, member] of realShape.members.entries()) {
    const group = realShape.members.flatMap((other, at) => (other.country === member.country ? [at] : []));
    const places = placesOf('members', index, realShape.members.length, data);
    assert.deepEqual(
      places.map((place) => place.words),
      group.map((_, k) => `${k + 1} of ${group.length} in ${member.country}`),
    );
    assert.deepEqual(
      places.map((place) => place.value),
      group,
    );
  }
});

test('moving a member to the place a choice gives puts them at that place among their country, as the page shows it', () => {
  fc.assert(
    fc.property(fc.nat(realShape.members.length - 1), fc.nat(10), (index, pick) => {
      const members = [...realShape.members];
      const places = placesOf('members', index, members.length, data);
      const place = pick % places.length;
      const [moved] = members.splice(index, 1);
      members.splice(places[place]!.value, 0, moved!);
      const country = members.filter((member) => member.country === moved!.country);
      assert.equal(country.indexOf(moved!), place);
    }),
  );
});

test('the CMS’s marks never reach the schema, and a member being filled in is left out and named by the form’s number and labels', () => {
  const form = {
    countries: realShape.countries,
    members: [
      ...realShape.members.map((member) => ({
        ...member,
        __sc_item_id: 'x1',
        __sc_item_original_key_path: 'members.0',
      })),
      { name: '', country: '', __sc_item_id: 'x2' },
      { name: 'Example Person', country: '', __sc_item_id: 'x3' },
    ],
  };
  const read = readSoFar(membersSchema, asSaved(form), 'The directory');
  assert.equal(read.value?.members.length, realShape.members.length);
  const count = realShape.members.length;
  assert.deepEqual(read.notes, [
    `Member ${count + 1} is shown once Name and Country are filled in.`,
    `Member ${count + 2} is shown once Country is filled in.`,
  ]);
});
