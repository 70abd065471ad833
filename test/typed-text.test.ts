/**
 * What is typed stays typed: every publication field the schema declares as
 * text keeps the characters written in publications.yml, however YAML would
 * read them (1.10, 007, 1e3, 0x1F, .inf, true), on the page and in the
 * downloads. Which fields are text is read from the JSON Schema editors use
 * (content/schema/), not from the code under test.
 */
import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import fc from 'fast-check';
import * as v from 'valibot';
import { parseDocument } from 'yaml';
import { keepTextAsTyped } from '../scripts/stages/content/text-as-typed.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { citationText } from '../src/citation.ts';
import { bibtexFile } from '../src/citation-export.ts';
import { type Publication, publicationsSchema } from '../src/content/publications.ts';
import { fixtureContentDir, temporaryFolder } from './helpers/site.ts';

interface JsonSchemaField {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  anyOf?: JsonSchemaField[];
}

/** The fields the JSON Schema declares as free text: a string with no pattern or choice list, alone or as an option. */
async function textFields(): Promise<string[]> {
  const schema = JSON.parse(await readFile('content/schema/publications.schema.json', 'utf8'));
  const properties: Record<string, JsonSchemaField> = schema.additionalProperties.items.properties;
  const freeText = (field: JsonSchemaField): boolean =>
    (field.type === 'string' && !field.enum && !field.pattern) || (field.anyOf ?? []).some(freeText);
  return Object.entries(properties)
    .filter(([, field]) => freeText(field))
    .map(([name]) => name);
}

/** Text YAML reads as something else: numbers in every notation YAML 1.2 knows, and booleans. */
const numberLike = fc.oneof(
  fc.tuple(fc.nat({ max: 3 }), fc.nat({ max: 99999 })).map(([zeros, n]) => `${'0'.repeat(zeros)}${n}`),
  fc
    .tuple(fc.nat({ max: 999 }), fc.nat({ max: 999 }), fc.nat({ max: 3 }))
    .map(([whole, part, zeros]) => `${whole}.${part}${'0'.repeat(zeros)}`),
  fc.tuple(fc.nat({ max: 99 }), fc.integer({ min: -9, max: 9 })).map(([n, e]) => `${n}e${e}`),
  fc.nat({ max: 0xffff }).map((n) => `0x${n.toString(16).toUpperCase()}`),
  fc.nat({ max: 0o777 }).map((n) => `0o${n.toString(8)}`),
  fc.constantFrom('.inf', '-.inf', '.NaN', 'true', 'False', 'TRUE', '-0', '+12', '1_000'),
);

test('every field the schema declares as text keeps what was typed, whatever YAML makes of it (property)', async () => {
  const fields = await textFields();
  assert.ok(fields.includes('version') && fields.includes('title') && !fields.includes('year'), fields.join(', '));
  fc.assert(
    fc.property(fc.constantFrom(...fields), numberLike, (field, typed) => {
      const doc = parseDocument(
        `theme:\n  - authors: Example, A.\n    year: 2020\n    title: A title\n    ${field}: ${typed}\n`,
      );
      keepTextAsTyped(doc, publicationsSchema);
      const result = v.safeParse(publicationsSchema, doc.toJS());
      // The schema may refuse the value for what it is (a URL that is not http); never for being a number.
      const entry = result.success ? (result.output.theme![0] as Record<string, unknown>) : undefined;
      if (entry) assert.equal(entry[field], typed);
      else
        assert.ok(
          field === 'url' || field === 'freeCopy',
          `${field}: ${typed} refused: ${JSON.stringify(result.issues?.[0]?.message)}`,
        );
    }),
    { numRuns: 400 },
  );
});

test('a year stays a number, and "in press" stays text', () => {
  const doc = parseDocument(
    'theme:\n  - {authors: "A, B.", year: 2020, title: One}\n  - {authors: "A, B.", year: in press, title: Two}\n',
  );
  keepTextAsTyped(doc, publicationsSchema);
  const [one, two] = v.parse(publicationsSchema, doc.toJS()).theme!;
  assert.equal(one!.year, 2020);
  assert.equal(two!.year, 'in press');
});

test('version 1.10, report number 007 and article number 1e3 reach the page, the BibTeX and the RIS as typed', async () => {
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  const file = path.join(contentDir, 'publications.yml');
  const yaml = await readFile(path.join(fixtureContentDir, 'publications.yml'), 'utf8');
  await writeFile(
    file,
    `${yaml.trimEnd()}\n  - type: software\n    authors: Example Consortium\n    year: 2023\n    title: An example program\n    version: 1.10\n    repository: Zenodo\n  - type: report\n    authors: Example Institute\n    year: 2015\n    title: An example report\n    reportNumber: 007\n  - authors: Example, A.\n    year: 2024\n    title: An example article numbered in e-notation\n    journal: Journal of Example Data\n    articleNumber: 1e3\n`,
  );
  const { content } = await loadContent(contentDir);
  const added = Object.values(content.publications).flat().slice(-3) as Publication[];
  assert.deepEqual(
    added.map((publication) => [publication.version, publication.reportNumber, publication.articleNumber]),
    [
      ['1.10', undefined, undefined],
      [undefined, '007', undefined],
      [undefined, undefined, '1e3'],
    ],
  );
  const [software, report, article] = added.map((publication) => citationText(publication));
  assert.match(software!, /\(Version 1\.10\) \[Computer software\]/);
  assert.match(report!, /\(Report No\. 007\)/);
  assert.match(article!, /Article 1e3\./);
  // Read back by Citation.js's BibTeX parser, not ours.
  const [bibSoftware, bibReport] = plugins.input.chain(bibtexFile(added), { target: '@csl/list+object' }) as {
    version?: string;
    number?: string;
  }[];
  assert.equal(bibSoftware!.version, '1.10');
  assert.equal(bibReport!.number, '007');
});
