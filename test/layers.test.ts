/**
 * The code's layers point one way (docs/architecture.md, Layers): src/ ←
 * scripts/lib/ ← scripts/stages/ ← scripts/admin/ ← the tools and commands,
 * whose folders (cite/, links/, dev/, bench/, verify/) never import one
 * another. An import that runs back up a layer, or across to another tool, is
 * named here with its file, so that a helper ends up where every user of it
 * can reach it.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');

/** The layers from the bottom up; a file may import from its own layer and those below it. */
const layers: { name: string; holds: (file: string) => boolean }[] = [
  { name: 'src/', holds: (file) => file.startsWith('src/') },
  { name: 'scripts/lib/', holds: (file) => file.startsWith('scripts/lib/') },
  { name: 'the stages (scripts/stages/)', holds: (file) => file.startsWith('scripts/stages/') },
  { name: "the CMS's stage (scripts/admin/)", holds: (file) => file.startsWith('scripts/admin/') },
  { name: 'the tools and commands (scripts/)', holds: (file) => file.startsWith('scripts/') },
  { name: 'test/', holds: (file) => file.startsWith('test/') },
];
const layerOf = (file: string) => layers.findIndex((layer) => layer.holds(file));

const sourceFiles = (folder: string): string[] =>
  readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .map((name) => `${folder}/${name.split(path.sep).join('/')}`)
    .filter((file) => /\.(?:ts|tsx|js)$/.test(file) && !file.endsWith('.d.ts'));

/** The source files of src/ and scripts/, each with its text. */
const projectSources = () =>
  [...sourceFiles('src'), ...sourceFiles('scripts')].map((file) => ({
    file,
    text: readFileSync(path.join(root, file), 'utf8'),
  }));

/** Every module a file imports by a relative path: import and export … from, side-effect imports, import(). */
function relativeImports(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\/|(?<![:'"`])\/\/.*$/gm, '');
  const found = code.matchAll(
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm,
  );
  const literal = [...found].map((match) => match[1] ?? match[2] ?? match[3]!);
  return [...literal, ...computedImports(code)].filter(
    (specifier) => specifier.startsWith('.') || specifier.startsWith('/'),
  );
}

/**
 * The modules an import() with a computed specifier names, as far as the file
 * says: the module paths among the strings in its argument and the constants
 * that argument uses (`const entryFile = 'scripts/build.ts'`). A path that
 * does not start with "." is the project root's, given as "/scripts/build.ts".
 */
function computedImports(code: string): string[] {
  const constants = new Map(
    [...code.matchAll(/\bconst\s+([\w$]+)\s*=\s*['"]([^'"]+)['"]/g)].map((match) => [match[1]!, match[2]!]),
  );
  return [...code.matchAll(/\bimport\s*\((?!\s*['"`][^'"`]*['"`]\s*\))([^;]*)/g)].flatMap((match) => {
    const argument = match[1]!;
    const strings = [...argument.matchAll(/['"]([^'"]+)['"]/g)].map((found) => found[1]!);
    const named = [...argument.matchAll(/[\w$]+/g)].flatMap((word) => constants.get(word[0]) ?? []);
    return [...strings, ...named]
      .filter((value) => /\.(?:[cm]?[jt]sx?)$/.test(value))
      .map((value) => (value.startsWith('.') ? value : `/${value.replace(/^\/+/, '')}`));
  });
}

test('the import reader finds every form of import, and only relative ones', () => {
  const text = [
    "import { a } from './a.ts';",
    "import type {\n  B,\n} from '../lib/b.ts';",
    "export { c } from './c.ts';",
    "import './d.css';",
    "const e = await import('../stages/e.ts');",
    "import { f } from 'node:fs';",
    "// import { g } from './g.ts';",
    "const entryFile = 'scripts/build.ts';",
    'await import(pathToFileURL(path.join(projectRoot, entryFile)).href);',
    "await import(path.join(here, '../stages/h.ts'));",
    'await import(pathToFileURL(bundle).href);',
  ].join('\n');
  assert.deepEqual(relativeImports(text), [
    './a.ts',
    '../lib/b.ts',
    './c.ts',
    './d.css',
    '../stages/e.ts',
    '/scripts/build.ts',
    '../stages/h.ts',
  ]);
});

/** The project file an import names: from the importing file's folder, or from the root for "/scripts/…". */
const resolved = (file: string, specifier: string) =>
  specifier.startsWith('/')
    ? specifier.slice(1)
    : path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));

/** Each import of the files given that runs back up a layer, as "file imports specifier: why". */
function upwardImports(files: { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) =>
    relativeImports(text).flatMap((specifier) => {
      const layer = layerOf(file);
      const target = layerOf(resolved(file, specifier));
      return target > layer
        ? [`${file} imports ${specifier}: ${layers[layer]!.name} may not import from ${layers[target]!.name}`]
        : [];
    }),
  );
}

/** The tool a file of a tool's folder belongs to ('cite' for scripts/cite/orcid.ts), else undefined. */
const toolOf = (file: string) => /^scripts\/(cite|links|dev|bench|verify)\//.exec(file)?.[1];

/** Each import from one tool's folder into another's: what two tools share belongs a layer down. */
function sidewaysImports(files: { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) =>
    relativeImports(text).flatMap((specifier) => {
      const [from, to] = [toolOf(file), toolOf(resolved(file, specifier))];
      return from && to && from !== to
        ? [`${file} imports ${specifier}: scripts/${from}/ may not import from another tool, scripts/${to}/`]
        : [];
    }),
  );
}

test('an import from a higher layer is named with its file; one from the same layer or below is not', () => {
  assert.deepEqual(
    upwardImports([
      { file: 'src/markdown.tsx', text: "import { relative } from '../scripts/stages/content/source.ts';" },
      { file: 'scripts/lib/html.ts', text: "import type { Origins } from '../stages/content/markdown-links.ts';" },
      { file: 'scripts/stages/site-files.ts', text: "import { siteFiles } from '../build-site.ts';" },
      { file: 'scripts/stages/report.ts', text: "import { describe } from '../admin/cms-config.ts';" },
      { file: 'scripts/stages/load-content.ts', text: "import { a } from '../lib/a.ts';\nimport { b } from './b.ts';" },
      { file: 'scripts/admin/admin-stage.ts', text: "import type { OutputFile } from '../stages/output-files.ts';" },
      { file: 'scripts/cite/validate.ts', text: "import { loadContent } from '../stages/load-content.ts';" },
      {
        file: 'scripts/lib/run-command.js',
        text: "const entryFile = 'scripts/build.ts';\nawait import(pathToFileURL(path.join(root, entryFile)).href);",
      },
    ]),
    [
      'src/markdown.tsx imports ../scripts/stages/content/source.ts: src/ may not import from the stages (scripts/stages/)',
      'scripts/lib/html.ts imports ../stages/content/markdown-links.ts: scripts/lib/ may not import from the stages (scripts/stages/)',
      'scripts/stages/site-files.ts imports ../build-site.ts: the stages (scripts/stages/) may not import from the tools and commands (scripts/)',
      "scripts/stages/report.ts imports ../admin/cms-config.ts: the stages (scripts/stages/) may not import from the CMS's stage (scripts/admin/)",
      'scripts/lib/run-command.js imports /scripts/build.ts: scripts/lib/ may not import from the tools and commands (scripts/)',
    ],
  );
});

test('no import of src/ or scripts/ runs back up a layer', () => {
  const files = projectSources();
  assert.ok(files.length > 100, `found the source files (${files.length})`);
  assert.deepEqual(upwardImports(files), []);
});

test("an import from one tool's folder into another's is named; one into the same folder, a layer below or a command is not", () => {
  assert.deepEqual(
    sidewaysImports([
      { file: 'scripts/links/keep.ts', text: "import { report } from '../cite/orcid-report.ts';" },
      { file: 'scripts/cite/orcid.ts', text: "import { run } from './resolver.ts';\nimport { a } from '../lib/a.ts';" },
      { file: 'scripts/dev/worker.ts', text: "import { buildSite } from '../build-site.ts';" },
      { file: 'scripts/keep-issue.ts', text: "import { report } from './cite/orcid-report.ts';" },
    ]),
    [
      'scripts/links/keep.ts imports ../cite/orcid-report.ts: scripts/links/ may not import from another tool, scripts/cite/',
    ],
  );
});

test("no tool's folder imports another tool's", () => {
  assert.deepEqual(sidewaysImports(projectSources()), []);
});

/** Each circle of imports among the files given, as "a → b → a", each told once. */
function importCircles(files: { file: string; text: string }[]): string[] {
  const known = new Set(files.map(({ file }) => file));
  const imports = new Map(
    files.map(({ file, text }) => [
      file,
      relativeImports(text)
        .map((specifier) => resolved(file, specifier))
        .filter((target) => known.has(target)),
    ]),
  );
  const circles = new Set<string>();
  const finished = new Set<string>();
  // Depth first: an import of a file still on the trail closes a circle; a finished file holds none not yet told.
  const walk = (file: string, trail: string[]) => {
    const at = trail.indexOf(file);
    if (at !== -1) {
      const circle = trail.slice(at);
      const first = circle.indexOf([...circle].sort()[0]!);
      circles.add([...circle.slice(first), ...circle.slice(0, first), circle[first]].join(' → '));
      return;
    }
    if (finished.has(file)) return;
    for (const target of imports.get(file) ?? []) walk(target, [...trail, file]);
    finished.add(file);
  };
  for (const file of [...known].sort()) walk(file, []);
  return [...circles];
}

test('a circle of imports is named, each once, from its first file', () => {
  assert.deepEqual(
    importCircles([
      { file: 'src/b.tsx', text: "import type { A } from './a.tsx';" },
      { file: 'src/a.tsx', text: "import { b } from './b.tsx';\nimport { c } from './c.ts';" },
      { file: 'src/c.ts', text: "import { d } from './d.ts';" },
      { file: 'src/d.ts', text: '' },
    ]),
    ['src/a.tsx → src/b.tsx → src/a.tsx'],
  );
});

test('no two modules of src/ or scripts/ import each other, directly or around a circle', () => {
  assert.deepEqual(importCircles(projectSources()), []);
});
