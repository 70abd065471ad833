/**
 * The CMS's configuration against the content schema: the forms of /admin/
 * must ask for exactly what the build checks. The comparison reads the
 * valibot schema through the shared reading of scripts/lib/schema-shape.ts,
 * not through the CMS stage's mapping (scripts/admin/schema-fields.ts), and
 * compares every kind of schema, so a mapping that skipped a field, lost a
 * required mark, a choice, a limit or a pattern is caught here.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import * as v from 'valibot';
import { actionsOf, entriesOf, type SchemaNode, unionMembers, unwrap } from '../scripts/lib/schema-shape.ts';
import { adminFiles, readCmsScript } from '../scripts/admin/admin-stage.ts';
import { cmsTargetFromEnvironment, describeCmsTarget } from '../scripts/lib/cms-backend.ts';
import { cmsConfig, contentFiles } from '../scripts/admin/cms-config.ts';
import { contentFactsFromFiles } from '../scripts/admin/dev-admin.ts';
import { type CmsField, metadataOf } from '../scripts/admin/schema-fields.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { formatReport } from '../scripts/stages/report.ts';
import { PUBLICATION_TYPES } from '../src/content/publications.ts';
import { isTimeZone, timeZoneNames } from '../src/time-zones.ts';
import { adminContentSecurityPolicy, contentSecurityPolicy } from '../src/security.ts';
import { createUrls } from '../src/urls.ts';
import { buildIntoTemporaryFolder, fixtureContent, fixtureContentDir, temporaryFolder } from './helpers/site.ts';

/** A file of the CMS's npm package, as installed. */
const readCmsPackageFile = (file: string) =>
  readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('@sveltia/cms')), '..', file));

const facts = { themes: [{ id: 'one', title: 'Theme one' }] };
const config = cmsConfig(facts, undefined, 'https://example.org/');
type Collection = (typeof config.collections)[number];
const settings = config.collections.find((collection) => collection.name === 'settings') as Collection & {
  files: { name: string; file: string; fields: CmsField[] }[];
};
const fileForm = (name: string) => settings.files.find((file) => file.name === name)!;

/**
 * What is wrong between a form field and the schema it stands for; [] when they agree. The schema is read with the
 * shared reading of scripts/lib/schema-shape.ts (which the content check's messages use too), not with the CMS
 * stage's walker, and every kind of schema is compared: one this function does not know fails.
 */
function disagreements(schema: unknown, field: CmsField, where: string): string[] {
  const { base, optional, nullable } = unwrap(schema);
  const problems: string[] = [];
  const required = field.required !== false;
  if (field.widget === 'list') {
    // The CMS's "required" on a list means "not empty": the schema's minLength says that.
    const min = actionsOf(base).some((action) => action.type === 'min_length');
    if (min !== (field.min !== undefined)) problems.push(`${where}: minimum length differs`);
  } else if (field.widget !== 'object' && optional === required) {
    problems.push(`${where}: required ${required} in the form, optional ${optional} in the schema`);
  }
  const entries = entriesOf(base);
  if (entries) return [...problems, ...childDisagreements(entries, field, where)];
  return [...problems, ...valueDisagreements({ base, nullable, optional }, field, where)];
}

/** The fields of a group (an object, or the kinds of a union of objects merged) against the form's, in order. */
function childDisagreements(entries: Record<string, SchemaNode>, field: CmsField, where: string): string[] {
  const problems: string[] = [];
  if (field.widget !== 'object' && field.widget !== 'list') problems.push(`${where}: a group shown as ${field.widget}`);
  const names = Object.keys(entries);
  const fieldNames = (field.fields ?? []).map((child) => child.name);
  if (names.join() !== fieldNames.join()) problems.push(`${where}: fields ${fieldNames} ≠ schema ${names}`);
  for (const child of field.fields ?? [])
    if (entries[child.name]) problems.push(...disagreements(entries[child.name], child, `${where}.${child.name}`));
  return problems;
}

/** The value of one field: a list's items, a choice, a number's limits, a year's list, a text's pattern. */
function valueDisagreements(
  { base, nullable, optional }: { base: SchemaNode; nullable: boolean; optional: boolean },
  field: CmsField,
  where: string,
): string[] {
  const shown = (widget: CmsField['widget']) =>
    field.widget === widget ? [] : [`${where}: ${base.type} shown as ${field.widget}`];
  const values = field.options?.map((option) => (typeof option === 'object' ? option.value : option));
  switch (base.type) {
    case 'array': {
      if (field.widget !== 'list') return shown('list');
      const itemEntries = entriesOf(base.item);
      if (itemEntries) return childDisagreements(itemEntries, field, where);
      return field.field
        ? disagreements(base.item, field.field, `${where}.*`)
        : [`${where}: no field for the list's items`];
    }
    case 'picklist':
      // A choice may carry a label; its value is what the schema lists.
      return JSON.stringify(values) === JSON.stringify(base.options)
        ? shown('select')
        : [`${where}: choices ${JSON.stringify(values)} ≠ ${JSON.stringify(base.options)}`];
    case 'boolean':
      return shown('boolean');
    case 'number': {
      const limits = numberLimitsOf(base);
      const same = field.min === limits.min && field.max === limits.max;
      return same ? shown('number') : [`${where}: limits ${field.min}–${field.max} ≠ ${limits.min}–${limits.max}`];
    }
    case 'union':
      return unionDisagreements({ base, nullable, optional }, field, where);
    case 'string':
      return stringDisagreements(base, field, where);
    default:
      return [`${where}: no comparison for a schema of type ${base.type}: add one`];
  }
}

/** The limits a number schema sets (min_value, max_value). */
function numberLimitsOf(schema: SchemaNode): { min?: number; max?: number } {
  const actions = actionsOf(schema);
  const value = (type: string) => actions.find((action) => action.type === type)?.requirement as number | undefined;
  return { min: value('min_value'), max: value('max_value') };
}

/**
 * A union offered as one list (a year: a number within limits, "in press", null when allowed): every value the
 * schema takes in the spelling the form writes, and nothing else. A member that transforms its input ("2022" in
 * quotes) is another spelling of a value offered already.
 */
function unionDisagreements(
  { base, nullable, optional }: { base: SchemaNode; nullable: boolean; optional: boolean },
  field: CmsField,
  where: string,
): string[] {
  const members = unionMembers(base).filter(
    (member) => !actionsOf(member).some((action) => action.type === 'transform'),
  );
  if (members.length === 1) return valueDisagreements({ base: members[0]!, nullable, optional }, field, where);
  const values: unknown[] = field.options?.map((option) => (typeof option === 'object' ? option.value : option)) ?? [];
  const expected: unknown[] = members.filter((member) => member.type === 'literal').map((member) => member.literal);
  for (const member of members.filter((candidate) => candidate.type === 'number')) {
    const { min, max } = numberLimitsOf(member);
    for (let year = max!; year >= min!; year--) expected.push(year);
  }
  // null ("not known") is a choice where the field must be written; an optional field left empty means it.
  if (nullable && !optional) expected.push(null);
  const missing = expected.filter((value) => !values.includes(value));
  const extra = values.filter((value) => !expected.includes(value));
  if (missing.length === 0 && extra.length === 0) return [];
  return [
    `${where}: choices lack ${JSON.stringify(missing.slice(0, 5))}, or offer ${JSON.stringify(extra.slice(0, 5))}`,
  ];
}

/** A text: the schema's first pattern (regex, or "includes") with its message, as the form's pattern. */
function stringDisagreements(base: SchemaNode, field: CmsField, where: string): string[] {
  const patterns = actionsOf(base).flatMap((action) =>
    action.type === 'regex'
      ? [[(action.requirement as RegExp).source, action.message]]
      : action.type === 'includes'
        ? [[String(action.requirement).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), action.message]]
        : [],
  );
  // Text is typed (a line, a box, a day as the file keeps it), picked (one of a list) or chosen from another file's list.
  if (!['string', 'text', 'eccron-moment', 'eccron-doi', 'select', 'relation'].includes(field.widget))
    return [`${where}: text shown as ${field.widget}`];
  if (patterns.length === 0) return [];
  const [source, message] = field.pattern ?? [];
  return source === patterns[0]![0] && message === patterns[0]![1]
    ? []
    : [`${where}: pattern ${field.pattern} ≠ ${patterns[0]![0]} "${patterns[0]![1]}"`];
}

test('every content file is in the configuration, once, where the build reads it', async () => {
  const configured = [
    ...settings.files.map((file) => file.file),
    ...['legal', 'accessibility'].flatMap((name) =>
      (config.collections.find((c) => c.name === name) as unknown as { files: { file: string }[] }).files.map(
        (file) => file.file,
      ),
    ),
  ].sort();
  const yaml = (await readdir(fixtureContentDir)).filter((name) => name.endsWith('.yml'));
  const legal = await readdir(path.join(fixtureContentDir, 'legal'));
  assert.deepEqual(
    configured,
    [
      ...yaml.map((name) => `content/${name}`),
      ...legal.map((name) => `content/legal/${name}`),
      'content/accessibility.md',
    ].sort(),
  );
  const news = config.collections.find((c) => c.name === 'news') as unknown as { folder: string; format: string };
  assert.equal(news.folder, 'content/news');
  assert.equal(news.format, 'frontmatter');
});

test("the site, members and themes forms have the schema's fields, required marks, choices and patterns", () => {
  const site = contentFiles.site.schema;
  assert.deepEqual(
    disagreements(site, { name: 'site', label: '', widget: 'object', fields: fileForm('site').fields }, 'site'),
    [],
  );
  const members = contentFiles.members.schema;
  const memberForm = fileForm('members').fields;
  // The country is a choice among the saved countries (a relation), not free text; the rest as the schema says.
  const country = memberForm
    .find((field) => field.name === 'members')!
    .fields!.find((field) => field.name === 'country')!;
  assert.equal(country.widget, 'relation');
  assert.equal(country.value_field, 'countries.*');
  assert.deepEqual(
    disagreements(members, { name: 'members', label: '', widget: 'object', fields: memberForm }, 'members').filter(
      (problem) => !problem.startsWith('members.members.country'),
    ),
    [],
  );
  const themes = fileForm('themes').fields;
  assert.equal(themes.length, 1);
  assert.equal(themes[0]!.root, true, 'themes.yml is a list at its top');
  assert.deepEqual(disagreements(contentFiles.themes.schema, themes[0]!, 'themes'), []);
});

test('a publication is its DOI: the DOI comes first, and nothing the fill supplies is marked required', () => {
  const publications = fileForm('publications').fields;
  assert.deepEqual(
    publications.map((field) => field.name),
    ['one'],
    'one list per theme id of the content',
  );
  // A paper is its DOI: the DOI is the first field (the schema's order, which is the order the CMS writes), its hint
  // says the rest is filled in from it, and nothing the fill supplies is marked required (the build refuses a DOI
  // alone until cite fill has filled it in). Otherwise the form is the schema's.
  const perTheme = contentFiles.publications.schema.value!;
  const form = publications[0]!;
  assert.equal(form.fields![0]!.name, 'doi');
  assert.match(form.fields![0]!.hint!, /^A paper with a DOI: type the DOI alone, such as 10\.1080\//);
  assert.deepEqual(
    form.fields!.filter((field) => field.required !== false).map((field) => field.name),
    [],
    'no field marked required',
  );
  // The kinds of publication by name, each id of the schema once.
  const kinds = form.fields!.find((field) => field.name === 'type')!.options as { label: string; value: string }[];
  assert.deepEqual(
    kinds.map((kind) => kind.value),
    [...PUBLICATION_TYPES],
  );
  assert.equal(kinds.find((kind) => kind.value === 'edited-book')?.label, 'Edited book (editors only)');
  assert.deepEqual(
    disagreements(perTheme, form, 'publications.one').filter(
      (problem) => !/: required false in the form, optional false in the schema$/.test(problem),
    ),
    [],
  );
});

test("news, events and all-day events: three views of content/news/, each field the schema's, newest first", () => {
  const views = newsViews();
  const newsEntries = entriesOf(contentFiles.news.schema)!;
  for (const view of views) {
    const names = view.fields.map((field) => field.name).filter((name) => name !== 'body');
    assert.deepEqual(
      names,
      Object.keys(newsEntries).filter((name) => names.includes(name)),
      `${view.name}: the schema's order`,
    );
    // The zone is optional in the schema, but required in Events where the build requires it (the next test).
    for (const field of view.fields.filter((candidate) => !['body', 'type', 'start', 'end'].includes(candidate.name)))
      assert.deepEqual(
        disagreements(
          newsEntries[field.name],
          field.name === 'timezone' ? { ...field, required: false } : field,
          `${view.name}.${field.name}`,
        ),
        [],
      );
  }
  const [news, events, allDay] = views as [NewsView, NewsView, NewsView];
  assert.deepEqual(
    news.fields.map((field) => field.name),
    ['title', 'date', 'link', 'type', 'body'],
    'no event field on news',
  );
  assert.deepEqual(news.fields[3]!.options, ['Publication', 'Announcement'], 'an event is added as an event');
  assert.deepEqual(
    events.fields.map((field) => field.name),
    [
      ...['title', 'date', 'link', 'type', 'start', 'end', 'timezone', 'location', 'address', 'online'],
      ...['registration', 'status', 'body'],
    ],
  );
  // An event is asked every field the schema has: one it gains is in the form too.
  assert.deepEqual(
    events.fields.map((field) => field.name).filter((name) => name !== 'body'),
    Object.keys(newsEntries),
    'every field of a news item is in the Events view',
  );
  assert.deepEqual(
    allDay.fields.map((field) => field.name),
    [
      'title',
      'date',
      'link',
      'type',
      'start',
      'end',
      'location',
      'address',
      'online',
      'registration',
      'status',
      'body',
    ],
  );
  for (const view of [events, allDay]) {
    const type = view.fields.find((field) => field.name === 'type')!;
    assert.deepEqual([type.widget, type.default], ['hidden', 'Event'], `${view.name}: a new item is an Event`);
    const [start, end] = ['start', 'end'].map((name) => view.fields.find((field) => field.name === name)!);
    assert.equal(start!.required, true, `${view.name}: an event starts`);
    assert.equal(end!.required, false);
  }
});

test('an event is picked and chosen as the build reads it, and each item is in one view', () => {
  const views = newsViews();
  const [, events, allDay] = views as [NewsView, NewsView, NewsView];
  // Start and end are typed as the file keeps them, in the site's own field (its browser test types them): a day and
  // a local time on the 24-hour clock, or a day; never the browser's date-time box, which converts through its zone.
  for (const [view, time] of [
    [events, true],
    [allDay, false],
  ] as const) {
    for (const name of ['start', 'end']) {
      const field = view.fields.find((candidate) => candidate.name === name)!;
      assert.deepEqual(
        [field.widget, field.time, field.type],
        ['eccron-moment', time, undefined],
        `${view.name}.${name}`,
      );
    }
  }
  // The zone is required where the build requires it: for every event, unless site.yml gives one for all.
  const zoneOf = (fields: CmsField[]) => fields.find((field) => field.name === 'timezone')!;
  assert.equal(zoneOf(events.fields).required, true, 'site.yml sets no zone here');
  const zoned = cmsConfig({ ...facts, site: { timezone: 'Europe/Amsterdam' } }, undefined, 'https://example.org/');
  const zonedEvents = zoned.collections.find((collection) => collection.name === 'events') as unknown as NewsView;
  assert.equal(zoneOf(zonedEvents.fields).required, false, 'site.yml sets a zone for every event');
  assert.equal(zonedEvents.fields.find((field) => field.name === 'start')!.site_timezone, 'Europe/Amsterdam');
  // The time zone is one of the zones the build knows, chosen from them all.
  const zone = events.fields.find((field) => field.name === 'timezone')!;
  assert.equal(zone.widget, 'select');
  assert.deepEqual(zone.options, [...timeZoneNames()]);
  // Every choice passes the build's check, each once, in the order a person looks one up.
  assert.ok(zone.options!.every((name) => isTimeZone(name)));
  assert.deepEqual(zone.options, [...new Set(zone.options)].sort());
  assert.ok(zone.options!.includes('Europe/Amsterdam') && !zone.options!.includes('Amsterdam'));
  assert.ok(!zone.options!.some((name) => ['CET', 'US/Eastern', 'Etc/GMT+1'].includes(name)), 'no legacy names');
  // Each item is in one view: news by its kind, events by whether their start has a time. An Event without a start
  // (the build accepts one) is in none: the views are filtered by a field they show, and News does not show a start.
  const shownIn = (item: { type: string; start?: string }) =>
    views
      .filter(({ filter }) => {
        const value = item[filter.field as 'type' | 'start'];
        if (Array.isArray(filter.value)) return filter.value.includes(value ?? '');
        return value !== undefined && new RegExp(filter.pattern!).test(value);
      })
      .map((view) => view.name);
  assert.deepEqual(
    [
      { type: 'Publication' },
      { type: 'Announcement' },
      { type: 'Event', start: '2026-05-19 14:00' },
      { type: 'Event', start: '2026-05-19T09:30' },
      { type: 'Event', start: '2026-05-19' },
      { type: 'Event' },
    ].map(shownIn),
    [['news'], ['news'], ['events'], ['events'], ['all-day-events'], []],
  );
  // Newest first.
});

/** The three views of the news folder in the configuration. */
const newsViews = () =>
  ['news', 'events', 'all-day-events'].map(
    (name) => config.collections.find((c) => c.name === name) as unknown as NewsView,
  );

/** A view of the news folder as the configuration gives it. */
interface NewsView {
  name: string;
  fields: CmsField[];
  filter: { field: string; value?: string[]; pattern?: string };
  sortable_fields: { fields: string[]; default: { field: string; direction: string } };
}

test('the comparison does fail: a form that lost a field, a required mark, a choice or a pattern disagrees', () => {
  const form = structuredClone(fileForm('themes').fields[0]!);
  const theme = contentFiles.themes.schema;
  const broken = (change: (fields: CmsField[]) => void) => {
    const copy = structuredClone(form);
    change(copy.fields!);
    return disagreements(theme, copy, 'themes').length;
  };
  assert.ok(broken((fields) => fields.pop()) > 0, 'a field left out');
  assert.ok(broken((fields) => (fields.find((field) => field.name === 'title')!.required = false)) > 0, 'required');
  assert.ok(broken((fields) => fields.find((field) => field.name === 'icon')!.options!.pop()) > 0, 'a choice');
  assert.ok(broken((fields) => (fields.find((field) => field.name === 'id')!.pattern = undefined)) > 0, 'a pattern');
  // The site's settings: a year's list, a list of texts, a boolean or number where the schema has text.
  const site = { name: 'site', label: '', widget: 'object' as const, fields: fileForm('site').fields };
  const brokenSite = (change: (fields: CmsField[]) => void) => {
    const copy = structuredClone(site);
    change(copy.fields);
    return disagreements(contentFiles.site.schema, copy, 'site');
  };
  assert.deepEqual(
    brokenSite(() => {}),
    [],
    'the form as made agrees',
  );
  assert.ok(
    brokenSite((fields) => (fields.find((field) => field.name === 'foundedYear')!.max = 2200)).length > 0,
    "a year's limits",
  );
  assert.ok(
    brokenSite((fields) => {
      const about = fields.find((field) => field.name === 'about')!;
      about.fields!.find((field) => field.name === 'paragraphs')!.field!.widget = 'number';
    }).length > 0,
    "a list's items",
  );
  assert.ok(
    brokenSite((fields) => (fields.find((field) => field.name === 'name')!.widget = 'boolean')).length > 0,
    'a kind',
  );
  // A kind of schema the comparison does not know is a failure, not a pass.
  assert.deepEqual(disagreements(v.date(), { name: 'when', label: '', widget: 'string' }, 'x'), [
    'x: no comparison for a schema of type date: add one',
  ]);
});

/** Every field of every form, those inside groups and lists included. */
const allFields = (): CmsField[] => {
  const walk = (fields: CmsField[]): CmsField[] =>
    fields.flatMap((field) => [field, ...walk(field.fields ?? []), ...(field.field ? walk([field.field]) : [])]);
  return walk(
    config.collections
      .flatMap((c) => (c as { fields?: CmsField[] }).fields ?? [])
      .concat(settings.files.flatMap((file) => file.fields)),
  );
};

test("a pattern accepts and refuses what the build does, its message is the build's own, and the hint's example passes it", () => {
  const all = allFields();
  const publication = (contentFiles.publications.schema as unknown as { value: { item: v.GenericSchema } }).value.item;
  /** Whether the build finds nothing wrong with `value` in `key`, whatever else is wrong with the entry. */
  const buildAccepts = (schema: v.GenericSchema, entry: Record<string, unknown>, key: string) =>
    !v.safeParse(schema, entry).issues?.some((issue) => issue.path?.some((item) => item.key === key));
  const samples: [string, (value: string) => boolean, string[]][] = [
    [
      'doi',
      (value) => buildAccepts(publication, { authors: 'A.', year: 2020, title: 'T', doi: value }, 'doi'),
      ['10.1080/13854046.2021.1981456', 'https://doi.org/10.1080/1', '10.10/x', 'doi:10.1080/1'],
    ],
    [
      'contactEmail',
      (value) => buildAccepts(contentFiles.site.schema, { contactEmail: value }, 'contactEmail'),
      ['name@example.org', 'name@example', 'a b@example.org', 'name@@example.org'],
    ],
  ];
  for (const [name, accepts, values] of samples) {
    const field = all.find((candidate) => candidate.name === name)!;
    const regex = new RegExp(field.pattern![0]);
    for (const value of values) assert.equal(regex.test(value), accepts(value), `${name}: "${value}"`);
  }
  // Every field with a pattern: the example its hint gives ("such as …") is what the pattern, and so the build, accepts.
  const patterned = all.filter((field) => field.pattern);
  assert.ok(patterned.length >= 8, `${patterned.length} fields with a pattern`);
  for (const field of patterned) {
    const [, quoted, word] = /such as (?:"([^"]+)"|(\S+?)[.,;)]?(?:\s|$))/i.exec(field.hint ?? '') ?? [];
    const example = quoted ?? word;
    assert.ok(example, `${field.name}: an example in its hint: ${field.hint}`);
    assert.match(example!, new RegExp(field.pattern![0]), `${field.name}: the hint's example passes the pattern`);
  }
  const year = all.find((field) => field.name === 'year')!;
  const values = year.options!.map((option) => (option as { value: unknown }).value);
  assert.ok(values.includes('in press') && values.includes(2100) && values.includes(1900));
  assert.ok(!values.includes(1899) && !values.includes(2101));
  assert.ok(!values.includes(null), 'not known is the year left empty, not a choice of its own');
});

test('every field has a label of its own and a hint saying what to type; a typed field gives an example', () => {
  // Labels come from the schema's titles, never from key names such as "Needs script" or "Orcid".
  const untitled: string[] = [];
  const walk = (schema: unknown, where: string) => {
    for (const [key, entry] of Object.entries(entriesOf(schema) ?? {})) {
      const at = `${where}.${key}`;
      if (!metadataOf(entry, 'title') || !metadataOf(entry, 'description')) untitled.push(at);
      const { base } = unwrap(entry);
      const item = base.type === 'array' ? base.item : undefined;
      if (item && !entriesOf(item) && (!metadataOf(item, 'title') || !metadataOf(item, 'description')))
        untitled.push(`${at}.*`);
      walk(item ?? entry, at);
    }
  };
  for (const [name, file] of Object.entries(contentFiles)) {
    const schema = name === 'publications' ? contentFiles.publications.schema.value : file.schema;
    walk(unwrap(schema).base.type === 'array' ? unwrap(schema).base.item : schema, name);
  }
  assert.deepEqual(untitled, [], 'fields without a title() and a description() in src/content/');
  const typed = allFields().filter(
    (field) => ['string', 'text'].includes(field.widget) && !/such as/i.test(field.hint ?? ''),
  );
  assert.deepEqual(
    typed.map((field) => `${field.name}: ${field.hint}`),
    [],
    'typed fields whose hint gives no example',
  );
});

test("a member's country chosen from the list is what the build requires: one not listed fails the build", async () => {
  await assert.rejects(
    loadContent(await copyWith('members.yml', (text) => text.replace(/country: Exampleland/, 'country: Nowhere'))),
    /expected one of the countries listed under countries/,
  );
});

async function copyWith(file: string, change: (text: string) => string): Promise<string> {
  const folder = path.join(await temporaryFolder('eccron-cms-config-'), 'content');
  await cp(fixtureContentDir, folder, { recursive: true });
  await writeFile(path.join(folder, file), change(await readFile(path.join(folder, file), 'utf8')));
  return folder;
}

test('the build writes the configuration made from the content, and the dev server makes the same from the files', async () => {
  const { outDir } = await buildIntoTemporaryFolder();
  const { $comment: _, ...written } = JSON.parse(await readFile(path.join(outDir, 'admin', 'config.json'), 'utf8'));
  const content = await fixtureContent();
  const expected = cmsConfig(
    {
      themes: content.themes.map((theme) => ({ id: theme.id, title: theme.title })),
      site: { name: content.site.name, logo: content.site.logo, timezone: content.site.timezone },
    },
    undefined,
    createUrls('', content.site.siteUrl).absolute('/'),
  );
  assert.deepEqual(written, JSON.parse(JSON.stringify(expected)));
  // The first screen names the site and shows its logo, a path of the site (no other host is asked for it).
  assert.equal(written.app_title, 'Example Consortium for Test Content');
  assert.deepEqual(written.logo, { src: '/uploads/logo.svg' });
  // The dev server reads the same facts from the files, and the checkout's folder, which the first screen names.
  const fromFiles = contentFactsFromFiles(fixtureContentDir);
  assert.deepEqual(
    fromFiles.themes,
    content.themes.map(({ id, title }) => ({ id, title })),
  );
  assert.deepEqual(fromFiles.site, {
    name: content.site.name,
    logo: content.site.logo,
    timezone: content.site.timezone,
  });
  assert.equal(fromFiles.folder, 'fixtures');
  assert.deepEqual(cmsConfig(fromFiles, undefined, fromFiles.siteUrl).backend, {
    name: 'github',
    repo: 'local/fixtures',
    branch: 'main',
  });
});

test('a repository for the hosted CMS comes from CMS_REPO, GitHub Actions or Netlify, else local mode only, and the target says which', () => {
  assert.deepEqual(cmsTargetFromEnvironment({}), {
    from: 'no CMS_REPO, GITHUB_REPOSITORY or REPOSITORY_URL in the environment',
  });
  assert.deepEqual(cmsTargetFromEnvironment({ GITHUB_REPOSITORY: 'eccron/site' }), {
    backend: { repo: 'eccron/site', branch: 'main' },
    from: 'GITHUB_REPOSITORY',
  });
  assert.deepEqual(cmsTargetFromEnvironment({ REPOSITORY_URL: 'https://github.com/eccron/site' }), {
    backend: { repo: 'eccron/site', branch: 'main', netlify: true },
    from: 'REPOSITORY_URL',
  });
  // CMS_REPO wins over the host's own variables.
  const target = cmsTargetFromEnvironment({
    CMS_REPO: 'a/b',
    GITHUB_REPOSITORY: 'eccron/site',
    CMS_BRANCH: 'content',
    CMS_AUTH_URL: 'https://auth.example.org',
  });
  assert.deepEqual(target, {
    backend: { repo: 'a/b', branch: 'content', authUrl: 'https://auth.example.org' },
    from: 'CMS_REPO, CMS_BRANCH, CMS_AUTH_URL',
  });
  assert.equal(
    describeCmsTarget(target),
    'CMS at /admin/ saves to a/b (branch content; sign-in with GitHub or a token), from CMS_REPO, CMS_BRANCH, CMS_AUTH_URL',
  );
  // Only the sign-ins that work: with GitHub through an OAuth helper (one's own, or Netlify's), else a token alone.
  const methods = (env: Record<string, string>) =>
    (
      cmsConfig(facts, cmsTargetFromEnvironment(env).backend, 'https://example.org/').backend as {
        auth_methods?: string[];
      }
    ).auth_methods;
  assert.deepEqual(methods({ GITHUB_REPOSITORY: 'eccron/site' }), ['token']);
  assert.deepEqual(methods({ GITHUB_REPOSITORY: 'eccron/site', CMS_AUTH_URL: 'https://auth.example.org' }), [
    'oauth',
    'token',
  ]);
  assert.deepEqual(methods({ REPOSITORY_URL: 'https://github.com/eccron/site' }), ['oauth', 'token']);
  const urls = createUrls('', 'https://example.org');
  const page = String(
    adminFiles(urls, { site: { acronym: 'X' }, themes: [] } as never, {
      repo: 'a/b',
      branch: 'main',
      authUrl: 'https://auth.example.org',
    })[0]!.contents,
  );
  assert.match(page, /connect-src [^;]*https:\/\/auth\.example\.org/, 'the sign-in helper is allowed by the policy');
});

test('a build given a backend and one given none, with the same other options, are made for what their options say, and say so', async () => {
  const backend = { repo: 'eccron/site', branch: 'content', authUrl: 'https://auth.example.org' };
  const [local, hosted] = await Promise.all([
    buildIntoTemporaryFolder({ today: '2026-03-02', commit: null }),
    buildIntoTemporaryFolder({ today: '2026-03-02', commit: null, cms: { backend, from: 'CMS_REPO, CMS_BRANCH' } }),
  ]);
  const read = async (outDir: string, file: string) => readFile(path.join(outDir, file), 'utf8');
  const configs = await Promise.all(
    [local, hosted].map(async ({ outDir }) => JSON.parse(await read(outDir, 'admin/config.json'))),
  );
  assert.equal(configs[0].backend.repo === backend.repo, false, 'the local build names no repository of a host');
  assert.deepEqual(
    { repo: configs[1].backend.repo, branch: configs[1].backend.branch, base_url: configs[1].backend.base_url },
    { repo: 'eccron/site', branch: 'content', base_url: 'https://auth.example.org' },
  );
  const [localHeaders, hostedHeaders] = await Promise.all(
    [local, hosted].map(({ outDir }) => read(outDir, '_headers')),
  );
  assert.ok(!localHeaders!.includes('https://auth.example.org'), 'no sign-in helper in the local build’s policy');
  assert.match(hostedHeaders!, /connect-src [^;\n]*https:\/\/auth\.example\.org/, 'the helper in the other’s');
  // build.json and the build report name the backend and where it came from.
  const identities = await Promise.all(
    [local, hosted].map(async ({ outDir }) => JSON.parse(await read(outDir, 'build.json')).cms),
  );
  assert.deepEqual(identities, [
    { repo: null, from: 'no backend given' },
    { repo: 'eccron/site', branch: 'content', authUrl: 'https://auth.example.org', from: 'CMS_REPO, CMS_BRANCH' },
  ]);
  assert.deepEqual(
    [local, hosted].map(({ result }) => formatReport(result.report).split('\n').at(-1)),
    [
      'CMS at /admin/: local mode only (no backend given)',
      'CMS at /admin/ saves to eccron/site (branch content; sign-in with GitHub or a token), from CMS_REPO, CMS_BRANCH',
    ],
  );
  // Nothing else differs: the visitor pages are the same bytes (but for the build's identity in their <meta>).
  const identityless = (html: string) => html.replace(/<meta name="build" content="[^"]*"/, '');
  assert.equal(
    identityless(await read(local.outDir, 'index.html')),
    identityless(await read(hosted.outDir, 'index.html')),
  );
});

test('the CMS is counted on /admin/ alone: no visitor page links it, and the build report weighs it apart', async () => {
  const { outDir, result } = await buildIntoTemporaryFolder();
  const admin = result.report.otherPages.find((page) => page.route === '/admin/');
  assert.ok(admin, 'the report has a row for /admin/');
  assert.ok(admin.js.gzip > 100 * 1024, `the CMS's script is counted there (${admin.js.gzip} bytes gzip)`);
  assert.ok(!result.report.pages.some((page) => page.file.startsWith('admin/')), 'not among the visitor pages');
  for (const page of result.report.pages) {
    const html = await readFile(path.join(outDir, page.file), 'utf8');
    assert.ok(!html.includes('/admin/'), `${page.file} does not link /admin/`);
  }
  const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
  assert.ok(!sitemap.includes('/admin/'), 'not in the sitemap');
});

test("the CMS is served from the site alone: its fonts from admin/fonts/ (their packages' bytes), its page can be zoomed, and nothing else of its script changes", async () => {
  const urls = createUrls('/sub', 'https://example.org');
  const files = adminFiles(urls, await fixtureContent(), undefined);
  const byPath = new Map(files.map((file) => [file.path, Buffer.from(file.contents)]));
  const scriptFile = files.find((file) => /^admin\/sveltia-cms-[\d.]+\.js$/.test(file.path))!;
  const script = byPath.get(scriptFile.path)!.toString('latin1');
  assert.ok(!script.includes('cdn.jsdelivr.net'), 'nothing is loaded from the CDN');
  assert.ok(!script.includes('maximum-scale=1'), 'the viewport lets people zoom');

  const fonts = [...new Set(script.match(/\/sub\/admin\/fonts\/[a-z0-9-]+\.woff2/g))];
  assert.ok(fonts.length >= 3, `the text, monospace and icon fonts (${fonts.join(', ')})`);
  const packageFonts = await Promise.all(
    fonts.map(async (url) => {
      const name = url.slice('/sub/admin/fonts/'.length);
      const family = name.replace(/-latin.*$/, '');
      const variable = name.includes('-wght-') ? '-variable' : '';
      const folder = path.dirname(
        createRequire(import.meta.url).resolve(`@fontsource${variable}/${family}/package.json`),
      );
      return readFile(path.join(folder, 'files', name));
    }),
  );
  fonts.forEach((url, index) => {
    assert.ok(byPath.get(url.slice('/sub/'.length))?.equals(packageFonts[index]!), `${url} is written, as packaged`);
  });

  // The same script as a plain text replacement makes it from the package's: only the addresses, the zoom lock,
  // GitHub's status check (of the GitHub backend, named beside the status page's address), the choice of a list
  // item's controls (after its Move Down button), where Immutable.js comes from, the entry kept open after a save,
  // a save dropping the backup still to be written, a refusal of the site's check left quietly to it, and two
  // editors' saves of one file (the entry as opened, the open pull request kept) differ.
  const packaged = readCmsScript().toString('latin1');
  const immutableVersion = (createRequire(import.meta.url)('immutable/package.json') as { version: string }).version;
  const statusPage = /([\w$]+)=`https:\/\/www\.githubstatus\.com\/`/.exec(packaged)![1]!;
  const moveDown = packaged.indexOf('`move-down`,get"aria-label"');
  const expected = (
    packaged.slice(0, moveDown) +
    packaged.slice(moveDown).replace(/\.hasMouse\?(\w+)\((\w+)\):\1\((\w+),-1\)/, '.hasMouse?$1($3,-1):$1($3,-1)')
  )
    .replace(
      /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(?::vf)?@[\d.]+\/([a-z0-9-]+)\.woff2/g,
      '/sub/admin/fonts/$1-$2.woff2',
    )
    .replace('`maximum-scale=1`,', '')
    .replace('`https://unpkg.com/@sveltia/cms`', '`/sub/admin/sveltia-cms`')
    .replace(
      new RegExp(`statusDashboardURL:${statusPage},checkStatus:[\\w$]+,`),
      `statusDashboardURL:${statusPage},checkStatus:void 0,`,
    )
    .replace(
      /[\w$]+\(`immutable`,`dist\/immutable\.es\.js`\)/,
      `import(\`/sub/admin/immutable-${immutableVersion}.js\`)`,
    )
    .replace('.closeOnSave??=!0', '.closeOnSave??=!1')
    .replace(
      /([\w$]+=async\(([\w$]+),([\w$]+)=``\)=>\{)(await ([\w$]+)\?\.delete\(\[\2,\3\]\)\})(?=[\s\S]*\5=new [\w$]+\([\w$]+,`draft-backups`[\s\S]*globalThis\.clearTimeout\(([\w$]+)\),[\w$]+&&\5&&\(\6=)/,
      (_, head: string, _key: string, _slug: string, rest: string, _database: string, timer: string) =>
        `${head}globalThis.clearTimeout(${timer});${rest}`,
    )
    .replace(
      'catch(t){t.message===`validation_failed`?(',
      'catch(t){t.message===`eccron_refused`?void 0:t.message===`validation_failed`?(',
    )
    // And a save the site's script ended on the live site (a sign-in refused, a connection lost), left quietly to it.
    .replace(
      't.message===`saving_failed`?(',
      't.message===`saving_failed`&&t.cause?.message===`eccron_refused`?void 0:t.message===`saving_failed`?(',
    )
    // Two editors, one file: the preSave hook given the entry as opened, and a save onto a branch whose pull request
    // is open kept in that pull request.
    .replace(
      /type:`preSave`,entry:([\w$]+),(collection:[\w$]+,collectionFile:[\w$]+,isNew:([\w$]+)\.isNew\})/,
      'type:`preSave`,entry:(globalThis.eccronOpened=$3.originalEntry,$1),$2',
    )
    .replace(
      /(workflow:\{fetchPullRequests:([\w$]+),savePullRequest:async\(\{changes:[\w$]+,options:[\w$]+,branch:([\w$]+),title:[\w$]+,status:[\w$]+,pullRequest:[\w$]+\}\)=>\{let ([\w$]+)=[\s\S]{0,400}?)pullRequest:(await [\w$]+\(\{branch:\3,title:[\w$]+,status:[\w$]+\}\)\})/,
      '$1pullRequest:($4===void 0&&(await $2()).find((eccronPull)=>eccronPull.branch===$3))||$5',
    )
    // And Svelte's snapshot returning a value that is not an object as it is, as structuredClone would have.
    .replace(
      /if\(([\w$]+) instanceof EventTarget\)return \1;try\{/,
      'if(typeof $1!=`object`||$1===null||$1 instanceof EventTarget)return $1;try{',
    )
    // And each screen, and each page, shown at once: no view transition.
    .replace('if(!document.startViewTransition||', 'if(!0||')
    .replace('@view-transition {navigation:auto;', '@view-transition {navigation:none;');
  assert.equal(script.length, expected.length);
  assert.ok(script === expected, 'the rest of the script is byte for byte the package’s');
});

test('the CMS asks the site, not unpkg.com, for its latest version and its translations; what stays on unpkg.com is code, which its policy refuses', async () => {
  const urls = createUrls('/sub', 'https://example.org');
  const files = adminFiles(urls, await fixtureContent(), undefined);
  const byPath = new Map(files.map((file) => [file.path, Buffer.from(file.contents)]));
  const script = byPath
    .get(files.find((file) => /^admin\/sveltia-cms-[\d.]+\.js$/.test(file.path))!.path)!
    .toString('latin1');
  assert.ok(!script.includes('https://unpkg.com/@sveltia/cms'), 'no version check or translation from unpkg.com');
  // The package's own version is the latest: the CMS shows no "update available" banner.
  const version = JSON.parse(readCmsPackageFile('package.json').toString()).version as string;
  assert.deepEqual(JSON.parse(byPath.get('admin/sveltia-cms/package.json')!.toString()), { version });
  const french = byPath.get(`admin/sveltia-cms@${version}/locales/fr.json`);
  assert.ok(french?.equals(readCmsPackageFile('locales/fr.json')), 'the French translation, as packaged');
  assert.ok(byPath.has(`admin/sveltia-cms@${version}/locales/en-GB.json`), 'and the British one');
  // Left: syntax highlighting, maps and other packages, loaded with import(), which script-src 'self' refuses.
  const left = [...new Set(script.match(/https:\/\/unpkg\.com\/[^`$]*/g))].sort();
  assert.deepEqual(left, ['https://unpkg.com/', 'https://unpkg.com/@shikijs', 'https://unpkg.com/@sveltia/ui']);
  const policy = adminContentSecurityPolicy();
  assert.ok(!policy.includes('unpkg'), policy);
  assert.match(policy, /script-src 'self';/);
});

test('the statement’s WCAG criteria are offered with their names, and stored as their numbers', () => {
  const statement = (
    config.collections.find((collection) => collection.name === 'accessibility') as unknown as {
      files: { fields: CmsField[] }[];
    }
  ).files[0]!.fields;
  const issues = statement.find((field) => field.name === 'knownIssues')!;
  const criteria = issues.fields!.find((field) => field.name === 'criteria')!.field!;
  assert.deepEqual(
    criteria.options!.find((option) => typeof option === 'object' && option.value === '1.4.3'),
    { label: '1.4.3 Contrast (Minimum)', value: '1.4.3' },
  );
  assert.ok(
    criteria.options!.every((option) => typeof option === 'object' && option.label.startsWith(`${option.value} `)),
  );
});

test('an address is typed as text: the browser’s url box, whose one message names nothing wrong, is never used', () => {
  const types = JSON.stringify(config).match(/"type":"[a-z-]+"/g) ?? [];
  assert.deepEqual([...new Set(types)], [], 'no input type is set: days are the site’s own field, addresses text');
});

test('the site’s script on /admin/ is named by its content hash, as the page loads it: a new script, a new name', async () => {
  const urls = createUrls('', 'https://example.org');
  const files = adminFiles(urls, await fixtureContent(), undefined);
  const scripts = files.filter((file) => /^admin\/editor/.test(file.path)).map((file) => file.path);
  assert.equal(scripts.length, 1);
  assert.match(scripts[0]!, /^admin\/editor-[A-Z0-9]{8}\.js$/);
  const page = String(files.find((file) => file.path === 'admin/index.html')!.contents);
  assert.ok(page.includes(`<script src="/${scripts[0]}"></script>`), 'the page loads it by that name');
  assert.ok(!files.some((file) => file.path === 'admin/editor.js'), 'no unhashed name a cache could hold');
});

test('/admin/ may connect to the site, GitHub (its backend) and the two DOI registries, nothing else; the pages to the site alone', () => {
  const connect = (policy: string) => /connect-src ([^;]+)/.exec(policy)![1]!.split(' ');
  assert.deepEqual(connect(adminContentSecurityPolicy()), [
    "'self'",
    'blob:',
    'data:',
    'https://api.github.com',
    'https://github.com',
    'https://api.crossref.org',
    'https://api.datacite.org',
  ]);
  assert.deepEqual(connect(contentSecurityPolicy), ["'self'"]);
});

test('a build for a repository gives the live editor the content files as read (admin/content.json); a local one leaves them to the dev server', async () => {
  const urls = createUrls('', 'https://example.org');
  const content = await fixtureContent();
  const backend = { repo: 'eccron/site', branch: 'main' };
  const live = adminFiles(urls, content, backend, { contentDir: fixtureContentDir });
  const snapshot = JSON.parse(String(live.find((file) => file.path === 'admin/content.json')!.contents)) as {
    files: Record<string, string>;
  };
  assert.equal(snapshot.files['content/site.yml'], await readFile(path.join(fixtureContentDir, 'site.yml'), 'utf8'));
  assert.ok(
    Object.keys(snapshot.files).some((file) => file.startsWith('content/news/')),
    'the news items too',
  );
  assert.ok(!('content/README.md' in snapshot.files), 'only what the build reads');
  const local = adminFiles(urls, content, undefined, { contentDir: fixtureContentDir });
  assert.ok(!local.some((file) => file.path === 'admin/content.json'));
});
