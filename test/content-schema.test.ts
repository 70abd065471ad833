import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { jsonSchemaFiles } from '../scripts/lib/json-schemas.ts';
import { themeColors } from '../src/content-schema.ts';
import { calendarDateProblem } from '../src/format.ts';

test('the committed JSON Schemas are those npm run schema generates from the schema', async () => {
  const generated = jsonSchemaFiles();
  const committed = (await readdir('content/schema')).filter((name) => name.endsWith('.json')).sort();
  assert.deepEqual(committed, Object.keys(generated).sort(), 'one JSON Schema per YAML file, no stale ones');
  for (const [name, text] of Object.entries(generated)) {
    assert.equal(
      await readFile(path.join('content/schema', name), 'utf8'),
      text,
      `content/schema/${name} is out of date: run npm run schema`,
    );
  }
});

test('every YAML file of content/ has its JSON Schema named for the editor, in .vscode/settings.json', async () => {
  // Not in a comment line of the file itself: the CMS at /admin/ drops comments when it saves.
  const { 'yaml.schemas': schemas } = JSON.parse(await readFile('.vscode/settings.json', 'utf8'));
  const yamlFiles = (await readdir('content')).filter((file) => file.endsWith('.yml')).sort();
  assert.deepEqual(
    Object.entries(schemas).sort(),
    yamlFiles.map((name) => [`./content/schema/${name.replace(/\.yml$/, '.schema.json')}`, `content/${name}`]),
  );
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
  for (const color of themeColors)
    assert.match(css, new RegExp(`\\.theme-page\\.theme-page--${color} \\{\\s*--accent: #[0-9a-f]{6};`), color);
});

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

/** The part of a stylesheet for the dark scheme, and the part before it. */
const darkScheme = '@media screen and (prefers-color-scheme: dark)';
const schemes = (css: string) => {
  const at = css.indexOf(darkScheme);
  assert.ok(at > 0, `the stylesheet has a block ${darkScheme}`);
  return { light: css.slice(0, at), dark: css.slice(at) };
};

test('every theme colour reads as text on the page and on its tint (WCAG AA, 4.5:1) in both schemes, used or not', async () => {
  const [colors, site] = await Promise.all([
    readFile('src/styles/theme-colors.css', 'utf8'),
    readFile('src/styles/site.css', 'utf8'),
  ]);
  const [colorSchemes, siteSchemes] = [schemes(colors), schemes(site)];
  for (const scheme of ['light', 'dark'] as const) {
    const backgrounds = ['--surface', '--tint'].map(
      (name) => siteSchemes[scheme].match(new RegExp(`${name}: (#[0-9a-f]{6});`))![1]!,
    );
    const accents = [...colorSchemes[scheme].matchAll(/\.theme-page--([a-z]+) \{\s*--accent: (#[0-9a-f]{6});/g)];
    assert.deepEqual(
      accents.map((match) => match[1]).sort(),
      [...themeColors].sort(),
      `every theme colour has its ${scheme} value`,
    );
    for (const [, name, accent] of accents) {
      for (const background of backgrounds) {
        const ratio = contrast(accent!, background);
        assert.ok(ratio >= 4.5, `${scheme}: ${name} (${accent}) on ${background}: ${ratio.toFixed(2)}:1`);
      }
    }
  }
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
