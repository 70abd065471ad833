import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { jsonSchemaFiles } from '../scripts/lib/json-schemas.ts';
import { calendarDateProblem, themeColors } from '../src/content-schema.ts';

test('the committed JSON Schemas are those npm run schema generates from the schema', async () => {
  const generated = jsonSchemaFiles();
  const committed = (await readdir('content/schema')).filter((name) => name.endsWith('.json')).sort();
  assert.deepEqual(committed, Object.keys(generated).sort(), 'one JSON Schema per YAML file, no stale ones');
  for (const [name, text] of Object.entries(generated)) {
    assert.equal(await readFile(path.join('content/schema', name), 'utf8'), text, `content/schema/${name} is out of date: run npm run schema`);
  }
});

test('every YAML file of content/ names its JSON Schema for the editor', async () => {
  for (const name of (await readdir('content')).filter((file) => file.endsWith('.yml'))) {
    const first = (await readFile(path.join('content', name), 'utf8')).split('\n')[0];
    assert.equal(first, `# yaml-language-server: $schema=./schema/${name.replace(/\.yml$/, '.schema.json')}`, name);
  }
});

test('the JSON Schemas reject an unknown field, as the build does', () => {
  const members = JSON.parse(jsonSchemaFiles()['members.schema.json']!);
  assert.equal(members.properties.members.items.additionalProperties, false);
  assert.ok(members.properties.members.items.properties.institution, 'institution is a known field');
});

test('every colour a theme may have has its rule in theme-colors.css, and no other colour does', async () => {
  const css = await readFile('src/styles/theme-colors.css', 'utf8');
  const ruled = [...new Set([...css.matchAll(/\.theme-card--([a-z]+)/g)].map((match) => match[1]))].sort();
  assert.deepEqual(ruled, [...themeColors].sort());
  for (const color of themeColors) assert.match(css, new RegExp(`\\.theme-page\\.theme-page--${color} \\{\\s*--accent: #[0-9a-f]{6};`), color);
});

test('a date must be a real calendar day, leap years included', () => {
  assert.equal(calendarDateProblem('2021-09-15'), null);
  assert.equal(calendarDateProblem('2024-02-29'), null);
  assert.equal(calendarDateProblem('2000-02-29'), null);
  assert.match(calendarDateProblem('2025-02-30')!, /February 2025 has 28 days/);
  assert.match(calendarDateProblem('1900-02-29')!, /February 1900 has 28 days/);
  assert.match(calendarDateProblem('2021-13-01')!, /there is no month 13/);
  assert.match(calendarDateProblem('15/09/2021')!, /YYYY-MM-DD/);
});
