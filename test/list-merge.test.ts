/**
 * The three-way merge of two editors' saves of one file, by list item
 * (scripts/admin/editor/list-merge.ts): with no other change it is the
 * identity; changes to different items are both kept, as applying one after
 * the other would; the same item changed two ways is a clash, kept out of the
 * file until the person chooses. A page (a news item's front matter and
 * body) is merged field by field, each field and the body as a whole.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { mergeByField, mergeByItem } from '../scripts/admin/editor/list-merge.ts';
import { propertyRuns } from './helpers/property-runs.ts';

const member = (name: string, country = 'Exampleland', more: Record<string, string> = {}) => ({
  name,
  country,
  ...more,
});

const base = {
  countries: ['Exampleland', 'Emptyland', 'Sampleland'],
  members: [
    member('Ada Example', 'Exampleland', { institution: 'Example University' }),
    member('Ben Sample', 'Sampleland', { institution: 'Sample Institute' }),
    member('Cleo Trial'),
    member('Dan Demo', 'Sampleland', { position: 'Example researcher' }),
  ],
};

const withMember = (index: number, changed: Record<string, string>) => ({
  ...base,
  members: base.members.map((one, at) => (at === index ? { ...one, ...changed } : one)),
});

test('two editors change two members of Members: both changes are in the file, each said once', () => {
  const theirs = withMember(1, { institution: 'Sample Institute of Memory' });
  const ours = withMember(3, { position: 'Senior example researcher' });
  const merged = mergeByItem(base, ours, theirs);
  assert.deepEqual(merged.clashes, []);
  assert.deepEqual(merged.value, {
    ...base,
    members: [base.members[0], theirs.members[1], base.members[2], ours.members[3]],
  });
  assert.deepEqual(merged.theirs, [{ keys: ['members'], before: [base.members[1]], after: [theirs.members[1]] }]);
  assert.deepEqual(merged.ours, [{ keys: ['members'], before: [base.members[3]], after: [ours.members[3]] }]);
});

test('one adds a member, the other a country and changes a member: all three kept', () => {
  const theirs = { ...withMember(0, { position: 'Professor' }), countries: [...base.countries, 'Newland'] };
  const ours = { ...base, members: [...base.members, member('Eve New', 'Sampleland')] };
  const merged = mergeByItem(base, ours, theirs);
  assert.deepEqual(merged.clashes, []);
  assert.deepEqual(merged.value, {
    countries: theirs.countries,
    members: [theirs.members[0], ...base.members.slice(1), member('Eve New', 'Sampleland')],
  });
});

test('the same member changed two ways: a clash with both versions, which a choice settles', () => {
  const theirs = withMember(1, { institution: 'Sample Institute of Memory' });
  const ours = withMember(1, { institution: 'Institute of Samples' });
  const merged = mergeByItem(base, ours, theirs);
  assert.equal(merged.clashes.length, 1);
  const [clash] = merged.clashes;
  assert.deepEqual(clash!.keys, ['members']);
  assert.deepEqual(clash!.base, [base.members[1]]);
  assert.deepEqual(clash!.theirs, [theirs.members[1]]);
  assert.deepEqual(clash!.ours, [ours.members[1]]);
  const keptTheirs = mergeByItem(base, ours, theirs, (one) => (one.id === clash!.id ? 'theirs' : undefined));
  assert.deepEqual(keptTheirs.clashes, []);
  assert.deepEqual(keptTheirs.value, theirs);
  const keptOurs = mergeByItem(base, ours, theirs, (one) => (one.id === clash!.id ? 'ours' : undefined));
  assert.deepEqual(keptOurs.value, ours);
});

test('the same change made by both is no clash, and is in the file once', () => {
  const both = withMember(2, { position: 'Researcher' });
  const merged = mergeByItem(base, both, both);
  assert.deepEqual(merged.clashes, []);
  assert.deepEqual(merged.value, both);
});

test('one removes a member the other changed: a clash, nothing decided for them', () => {
  const theirs = { ...base, members: base.members.filter((_, at) => at !== 2) };
  const ours = withMember(2, { position: 'Researcher' });
  assert.equal(mergeByItem(base, ours, theirs).clashes.length, 1);
});

test('a member added between two members the other removed and changed: a clash, its place among them unknown', () => {
  const theirs = { ...base, members: [base.members[0], base.members[1], { ...base.members[3], position: 'Head' }] };
  const ours = { ...base, members: [...base.members.slice(0, 3), member('Eve New'), base.members[3]] };
  assert.equal(mergeByItem(base, ours, theirs).clashes.length, 1);
});

test('a setting (not a list) changed two ways is a clash; changed by one, it is taken', () => {
  const site = { name: 'Consortium', email: 'a@fixture.example' };
  assert.equal(mergeByItem(site, { ...site, name: 'One' }, { ...site, name: 'Two' }).clashes.length, 1);
  assert.deepEqual(mergeByItem(site, { ...site, name: 'One' }, { ...site, email: 'b@fixture.example' }).value, {
    name: 'One',
    email: 'b@fixture.example',
  });
});

/** A base list of distinct items, and for each item and each gap between items what each side does there. */
const scenario = fc.integer({ min: 0, max: 30 }).chain((length) =>
  fc.record({
    length: fc.constant(length),
    // Per item: untouched, or changed or removed by one side only.
    items: fc.array(fc.constantFrom('keep', 'ours-change', 'ours-remove', 'theirs-change', 'theirs-remove'), {
      minLength: length,
      maxLength: length,
    }),
    // Per gap (before item 0 … after the last): nothing, or items added there by one side only.
    gaps: fc.array(
      fc.oneof(
        fc.constant({ side: 'none' as const, count: 0 }),
        fc.record({ side: fc.constantFrom('ours' as const, 'theirs' as const), count: fc.integer({ min: 1, max: 3 }) }),
      ),
      { minLength: length + 1, maxLength: length + 1 },
    ),
  }),
);

test('property: changes to different items merge to the file with both applied', () => {
  fc.assert(
    fc.property(scenario, ({ length, items, gaps }) => {
      const item = (index: number) => ({ name: `Member ${index}`, country: 'Exampleland' });
      const baseList = Array.from({ length }, (_, index) => item(index));
      const added = (side: string, gap: number, count: number) =>
        Array.from({ length: count }, (_, index) => ({ name: `Added by ${side} at ${gap}, ${index}` }));
      const side = (name: 'ours' | 'theirs') => {
        const out: unknown[] = [];
        for (let index = 0; index <= length; index++) {
          const gap = gaps[index]!;
          if (gap.side === name) out.push(...added(name, index, gap.count));
          if (index === length) break;
          const action = items[index]!;
          if (action === `${name}-remove`) continue;
          out.push(action === `${name}-change` ? { ...item(index), position: `Changed by ${name}` } : item(index));
        }
        return out;
      };
      const expected: unknown[] = [];
      for (let index = 0; index <= length; index++) {
        const gap = gaps[index]!;
        if (gap.side !== 'none') expected.push(...added(gap.side, index, gap.count));
        if (index === length) break;
        const action = items[index]!;
        if (action.endsWith('-remove')) continue;
        const by = action.split('-')[0];
        expected.push(action.endsWith('-change') ? { ...item(index), position: `Changed by ${by}` } : item(index));
      }
      // An item added between two items the other side changed is the one case left out: where it goes among their
      // changes is not known (a clash, tested above).
      const touched = (index: number, other: string) => items[index]?.startsWith(other) ?? false;
      const between = gaps.some(
        (gap, index) =>
          gap.side !== 'none' &&
          touched(index - 1, gap.side === 'ours' ? 'theirs' : 'ours') &&
          touched(index, gap.side === 'ours' ? 'theirs' : 'ours'),
      );
      fc.pre(!between);
      const merged = mergeByItem({ members: baseList }, { members: side('ours') }, { members: side('theirs') });
      assert.deepEqual(merged.clashes, []);
      assert.deepEqual(merged.value, { members: expected });
    }),
    { numRuns: propertyRuns(300) },
  );
});

/** Content as the YAML files hold it: maps of lists of records, and settings. */
const content = fc.dictionary(
  fc.constantFrom('countries', 'members', 'name', 'email'),
  fc.oneof(
    fc.array(fc.record({ name: fc.string({ maxLength: 4 }), country: fc.constantFrom('A', 'B') }), { maxLength: 8 }),
    fc.array(fc.string({ maxLength: 3 }), { maxLength: 6 }),
    fc.string({ minLength: 1, maxLength: 5 }),
  ),
);

test('property: with no other change, the merge is the identity (either side)', () => {
  fc.assert(
    fc.property(content, content, (generated, changed) => {
      // As a file's data is: plain objects.
      const [before, after] = [generated, changed].map((one) => JSON.parse(JSON.stringify(one)) as unknown);
      const one = mergeByItem(before, after, before);
      assert.deepEqual(one.clashes, []);
      assert.deepEqual(one.value, after);
      const other = mergeByItem(before, before, after);
      assert.deepEqual(other.clashes, []);
      assert.deepEqual(other.value, after);
    }),
    { numRuns: propertyRuns(300) },
  );
});

/** A news item as the form holds it: its front matter's fields and its body. */
const newsItem = {
  title: 'A newer example update',
  date: '2023-06-01',
  link: 'https://news.fixture.example/newer',
  type: 'Announcement',
  body: 'The newer of two made-up updates.',
};

test('a page: one changes the title, the other the body: both kept, each said by its field', () => {
  const theirs = { ...newsItem, title: 'A newer example update, revised' };
  const ours = { ...newsItem, body: 'The newer of two made-up updates, now with a date.' };
  const merged = mergeByField(newsItem, ours, theirs);
  assert.deepEqual(merged.clashes, []);
  assert.deepEqual(merged.value, { ...newsItem, title: theirs.title, body: ours.body });
  assert.deepEqual(merged.theirs, [{ keys: ['title'], before: [newsItem.title], after: [theirs.title] }]);
  assert.deepEqual(merged.ours, [{ keys: ['body'], before: [newsItem.body], after: [ours.body] }]);
});

test('a page: a field the other cleared stays cleared; one the person added is kept', () => {
  const { link: _, ...theirs } = newsItem;
  const ours = { ...newsItem, location: 'Example Hall' };
  const merged = mergeByField(newsItem, ours, theirs);
  assert.deepEqual(merged.clashes, []);
  assert.deepEqual(merged.value, { ...theirs, location: 'Example Hall' });
});

test('a page: the body changed by both is one clash with both texts, which a choice settles', () => {
  const theirs = { ...newsItem, body: 'Their text.' };
  const ours = { ...newsItem, title: 'Also retitled', body: 'My text.' };
  const merged = mergeByField(newsItem, ours, theirs);
  assert.equal(merged.clashes.length, 1);
  const [clash] = merged.clashes;
  assert.deepEqual(clash!.keys, ['body']);
  assert.deepEqual([clash!.base, clash!.theirs, clash!.ours], [[newsItem.body], ['Their text.'], ['My text.']]);
  const keep = (side: 'ours' | 'theirs') =>
    mergeByField(newsItem, ours, theirs, (one) => (one.id === clash!.id ? side : undefined));
  assert.deepEqual(keep('theirs').clashes, []);
  assert.deepEqual(keep('theirs').value, { ...newsItem, title: 'Also retitled', body: 'Their text.' });
  assert.deepEqual(keep('ours').value, { ...newsItem, title: 'Also retitled', body: 'My text.' });
});

test('a page: a list field changed by both, even at different items, is a clash of that field (field by field)', () => {
  const page = { title: 'Accessibility statement', exceptions: ['one', 'two', 'three'], body: 'Text.' };
  const theirs = { ...page, exceptions: ['one, changed', 'two', 'three'] };
  const ours = { ...page, exceptions: ['one', 'two', 'three, changed'] };
  const merged = mergeByField(page, ours, theirs);
  assert.deepEqual(
    merged.clashes.map((clash) => clash.keys),
    [['exceptions']],
  );
  // The same change by both is no clash.
  assert.deepEqual(mergeByField(page, theirs, theirs).clashes, []);
});

/** A page's data: a few fields of text, and a body. */
const pageContent = fc.record({
  title: fc.string({ minLength: 1, maxLength: 6 }),
  date: fc.constantFrom<string>('2023-06-01', '2024-01-02'),
  link: fc.string({ maxLength: 4 }),
  location: fc.string({ maxLength: 4 }),
  body: fc.string({ maxLength: 12 }),
});

test('property: a page changed in different fields by each merges to theirs with the person’s fields on top', () => {
  fc.assert(
    fc.property(pageContent, pageContent, pageContent, fc.func(fc.boolean()), (base, one, other, mine) => {
      // Each field is changed by the person (mine), or by the other, never both.
      const names = Object.keys(base) as (keyof typeof base)[];
      const ours = { ...base };
      const theirs = { ...base };
      for (const name of names) {
        if (mine(name)) ours[name] = one[name];
        else theirs[name] = other[name];
      }
      const merged = mergeByField(base, ours, theirs);
      assert.deepEqual(merged.clashes, []);
      const expected = { ...theirs };
      for (const name of names) if (mine(name)) expected[name] = ours[name];
      assert.deepEqual(merged.value, expected);
      // And with no other change, the merge is the identity.
      assert.deepEqual(mergeByField(base, ours, base).value, ours);
    }),
    { numRuns: propertyRuns(300) },
  );
});
