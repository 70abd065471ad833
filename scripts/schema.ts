/**
 * npm run schema
 *
 * Writes the JSON Schemas of content/schema/ from the schemas of src/content/. Run
 * it after changing the schema; test/content-schema.test.ts fails until the
 * committed files match.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { jsonSchemaFiles } from './lib/json-schemas.ts';
import { projectRoot } from './lib/project-root.js';

const folder = path.join(projectRoot, 'content', 'schema');
await mkdir(folder, { recursive: true });
for (const [name, text] of Object.entries(jsonSchemaFiles())) {
  await writeFile(path.join(folder, name), text);
  console.log(`wrote content/schema/${name}`);
}
