/**
 * The record of the accessibility tests' run, given to the build as a file
 * (--accessibility-record), for the statement's "How this site was tested".
 * It is used only when it is current: a run of the commit being built, with
 * the axe-core version package-lock.json pins. Without a current record the
 * statement says that this build was not tested, and a warning says why.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { accessibilityRecordSchema, type TestedWith } from '../../src/accessibility-testing.ts';
import { BuildError, displayPath, type Problem } from '../lib/problems.ts';

const stage = 'Reading the record of the accessibility tests';

export interface TestedWithOptions {
  projectRoot: string;
  /** The record file, as given to the build; none: the build was not tested. */
  record: string | undefined;
  /** The commit being built (null when unknown, and then no record can be said to be of it). */
  commit: Promise<string | null>;
}

/** The axe-core version package-lock.json pins: what `npm ci` installs for the tests. */
async function pinnedAxe(projectRoot: string): Promise<string | undefined> {
  try {
    const lock = JSON.parse(await readFile(path.join(projectRoot, 'package-lock.json'), 'utf8'));
    return lock.packages?.['node_modules/axe-core']?.version;
  } catch {
    return undefined;
  }
}

/** The record's contents, or a BuildError naming the file: a file given on purpose must be right. */
async function readRecord(file: string) {
  const where = displayPath(file);
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : (error as Error).message;
    throw new BuildError(stage, [
      {
        where,
        message: `could not be read (${reason}); it is written by the browser tests (npm test) to reports/accessibility-run.json`,
      },
    ]);
  }
  const parsed = v.safeParse(accessibilityRecordSchema, data);
  if (!parsed.success) {
    const problems = parsed.issues.map((issue) => ({
      where: `${where} › ${v.getDotPath(issue) ?? '(the record)'}`,
      message: `${issue.message}; the file is not a record of the accessibility tests: run npm test again to write one`,
    }));
    throw new BuildError(stage, problems);
  }
  return parsed.output;
}

export async function readTestedWith(
  options: TestedWithOptions,
): Promise<{ testedWith: TestedWith; warnings: Problem[] }> {
  const notTested = (message: string) => ({
    testedWith: {},
    warnings: [{ where: 'accessibility statement', message: `says this build was not tested: ${message}` }],
  });
  if (options.record === undefined)
    return notTested(
      'no record of the accessibility tests was given (npm run build -- --accessibility-record reports/accessibility-run.json, after npm test)',
    );
  const [record, commit, axe] = await Promise.all([
    readRecord(path.resolve(options.record)),
    options.commit,
    pinnedAxe(options.projectRoot),
  ]);
  if (commit === null || record.commit !== commit)
    return notTested(
      `the record is of commit ${record.commit ?? 'unknown'}, and this build is of ${commit ?? 'an unknown commit'}`,
    );
  if (record.axeCore !== axe)
    return notTested(
      `the record was made with axe-core ${record.axeCore}, and package-lock.json pins ${axe ?? 'none'}`,
    );
  return { testedWith: { record }, warnings: [] };
}
