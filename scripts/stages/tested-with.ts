import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestedWith } from '../../src/accessibility-testing.ts';
import { BuildError } from '../lib/problems.ts';

/** The packages whose versions the accessibility statement names, by the field of TestedWith. */
const packages = { axeCore: 'axe-core', lighthouse: 'lighthouse' } as const satisfies Record<keyof TestedWith, string>;

/**
 * The versions of the testing tools, read from package-lock.json: the file
 * `npm ci` installs from, committed with the project, so every machine that
 * builds the same commit names the same versions.
 */
export async function readTestedWith(projectRoot: string): Promise<TestedWith> {
  const file = path.join(projectRoot, 'package-lock.json');
  let lock: { packages?: Record<string, { version?: string }> };
  try {
    lock = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new BuildError('Reading the versions of the testing tools', [
      {
        where: 'package-lock.json',
        message: `could not be read (${(error as Error).message}); the accessibility statement names the versions it pins. Run npm install`,
      },
    ]);
  }
  const versions: Partial<TestedWith> = {};
  const problems = [];
  for (const [field, name] of Object.entries(packages) as [keyof TestedWith, string][]) {
    const version = lock.packages?.[`node_modules/${name}`]?.version;
    if (version) versions[field] = version;
    else
      problems.push({
        where: 'package-lock.json',
        message: `names no version of ${name}, which the accessibility statement says the site is tested with; run npm install`,
      });
  }
  if (problems.length > 0) throw new BuildError('Reading the versions of the testing tools', problems);
  return versions as TestedWith;
}
