/**
 * npm run preview [-- --port 4173] [--dir dist] [--base /sub-folder/]
 *
 * Serves the built site exactly as a static host would, without rebuilding.
 */
import path from 'node:path';
import { readCommandLine } from './lib/command-line.ts';
import { projectRoot } from './lib/project-root.js';
import { recoverOutputFolder } from './lib/output-folder.ts';
import { displayPath } from './lib/problems.ts';
import { startStaticServer } from './lib/static-server.ts';

const { values } = readCommandLine(
  { options: { port: { type: 'string', default: '4173' }, dir: { type: 'string' }, base: { type: 'string' } } },
  { usage: 'Usage: npm run preview [-- --port 4173] [--dir dist] [--base /sub-folder/]', exitCode: 1 },
);

const root = path.resolve(values.dir ?? path.join(projectRoot, 'dist'));
const recovered = await recoverOutputFolder(root);
if (recovered) console.log(`${displayPath(root)}: ${recovered}.`);

const server = await startStaticServer({
  root,
  basePath: values.base ?? process.env.BASE_PATH ?? '',
  port: Number(values.port),
});
console.log(`Serving the built site at ${server.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().finally(() => process.exit(0));
  });
}
