/**
 * The record of the accessibility tests' run, given to the build as a file
 * (--accessibility-record), for the statement's "How this site was tested".
 * A record that cannot be true (figures its own checks contradict, a value
 * listed twice, a run dated before its commit or after the build) stops the
 * build, naming the file, the line and the field. A true record is used only
 * when it is current: a run of the commit being built, with nothing changed
 * and not committed, either when the tests ran or now, and with the axe-core
 * version package-lock.json pins. Without a current record the statement says
 * that this build was not tested, and a warning says why, at the field.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { LineCounter, parseDocument } from 'yaml';
import {
  type AccessibilityRecord,
  accessibilityRecordSchema,
  pageKind,
  recordProblems,
  type TestedWith,
} from '../../src/accessibility-testing.ts';
import { type CheckoutState, checkoutState } from '../lib/checkout.ts';
import { BuildError, displayPath, type Problem } from '../lib/problems.ts';

const stage = 'Reading the record of the accessibility tests';

export interface TestedWithOptions {
  projectRoot: string;
  /** The record file, as given to the build; none: the build was not tested. */
  record: string | undefined;
  /** The commit being built (null when unknown, and then no record can be said to be of it). */
  commit: Promise<string | null>;
  /** The build's date (YYYY-MM-DD): no run can be dated after it. */
  today?: string;
  /** What git says of the checkout (changes not committed, the commit's date); asked of git when not given. */
  checkout?: (commit: string | null) => Promise<CheckoutState>;
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

/** A record and where each of its fields is: "reports/accessibility-run.json:7 › checks". */
interface ReadRecord {
  record: AccessibilityRecord;
  at: (keys: readonly (string | number)[]) => string;
}

/** Where a field of the record's text is, as file:line › field. */
function locator(file: string, text: string) {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  const where = displayPath(file);
  return (keys: readonly (string | number)[]) => {
    const node = document.getIn(keys, true) as { range?: [number, number] } | undefined;
    const line = node?.range ? `:${lineCounter.linePos(node.range[0]).line}` : '';
    return `${where}${line}${keys.length ? ` › ${keys.join(' › ')}` : ''}`;
  };
}

/** The record's contents, or a BuildError naming the file, line and field: a file given on purpose must be right. */
async function readRecord(file: string): Promise<ReadRecord> {
  let text: string;
  let data: unknown;
  try {
    text = await readFile(file, 'utf8');
    data = JSON.parse(text);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : (error as Error).message;
    throw new BuildError(stage, [
      {
        where: displayPath(file),
        message: `could not be read (${reason}); it is written by the browser tests (npm test) to reports/accessibility-run.json`,
      },
    ]);
  }
  const at = locator(file, text);
  const parsed = v.safeParse(accessibilityRecordSchema, data);
  if (!parsed.success) {
    const problems = parsed.issues.map((issue) => ({
      where: at((issue.path ?? []).map((item) => item.key as string | number)),
      message: `${issue.message}; the file is not a record of the accessibility tests: run npm test again to write one`,
    }));
    throw new BuildError(stage, problems);
  }
  return { record: parsed.output, at };
}

/** Why a true record is not of this version (another commit, changes not committed, another axe-core), at its field. */
function notCurrent(
  { record, at }: ReadRecord,
  state: { commit: string | null; checkout: CheckoutState; axe: string | undefined },
): Problem | undefined {
  const { commit, checkout, axe } = state;
  const some = (files: string[]) =>
    `${files.slice(0, 3).join(', ')}${files.length > 3 ? ` and ${files.length - 3} more` : ''}`;
  if (commit === null || record.commit !== commit)
    return {
      where: at(['commit']),
      message: `the record is of commit ${record.commit ?? 'unknown'}, and this build is of ${commit ?? 'an unknown commit'}`,
    };
  if (record.uncommitted === null || record.uncommitted.length > 0)
    return {
      where: at(['uncommitted']),
      message: `the tests ran on changes not committed to ${commit} (${record.uncommitted === null ? 'git could not say which' : some(record.uncommitted)}), which are not this version`,
    };
  if (checkout.uncommitted === null || checkout.uncommitted.length > 0)
    return {
      where: at(['commit']),
      message: `this build has changes not committed to ${commit} (${checkout.uncommitted === null ? 'git could not say which' : some(checkout.uncommitted)}), which the tests of that commit did not see; commit them and run the tests again`,
    };
  if (record.axeCore !== axe)
    return {
      where: at(['axeCore']),
      message: `the record was made with axe-core ${record.axeCore}, and package-lock.json pins ${axe ?? 'none'}`,
    };
  return undefined;
}

const notTested = (reason: Pick<Problem, 'where' | 'message'> | string) => ({
  testedWith: {},
  warnings: [
    typeof reason === 'string'
      ? { where: 'accessibility statement', message: `says this build was not tested: ${reason}` }
      : {
          where: reason.where,
          message: `the accessibility statement says this build was not tested: ${reason.message}`,
        },
  ],
});

export async function readTestedWith(
  options: TestedWithOptions,
): Promise<{ testedWith: TestedWith; warnings: Problem[] }> {
  if (options.record === undefined)
    return notTested(
      'no record of the accessibility tests was given (npm run build -- --accessibility-record reports/accessibility-run.json, after npm test)',
    );
  const [read, commit, axe] = await Promise.all([
    readRecord(path.resolve(options.record)),
    options.commit,
    pinnedAxe(options.projectRoot),
  ]);
  const checkout = await (options.checkout ?? ((named) => checkoutState(options.projectRoot, named)))(commit);
  const impossible = recordProblems(read.record, {
    today: options.today ?? '9999-12-31',
    commitDate: checkout.commitDate,
  });
  if (impossible.length > 0)
    throw new BuildError(
      stage,
      impossible.map(({ path: keys, message }) => ({
        where: read.at(keys),
        message: `${message}; no run of the tests writes this: run npm test again to write the record`,
      })),
    );
  const stale = notCurrent(read, { commit, checkout, axe });
  return stale ? notTested(stale) : { testedWith: { record: read.record }, warnings: [] };
}

/**
 * The record beside the site it is used for: whether its pages include every kind of page the site has (what the
 * statement may then say), and a BuildError when axe-core found violations in this version while the statement
 * says it is fully compliant, which would say both on one page.
 */
export function testedAgainstSite(
  testedWith: TestedWith,
  site: { routes: readonly string[]; compliance: string; statementFile: string; recordFile: string | undefined },
): TestedWith {
  const { record } = testedWith;
  if (!record) return testedWith;
  if (record.violations > 0 && site.compliance === 'fully')
    throw new BuildError(stage, [
      {
        where: `${displayPath(path.resolve(site.recordFile ?? ''))} › violations`,
        message: `axe-core found ${record.violations} violation${record.violations === 1 ? '' : 's'} in this version, and ${site.statementFile} says compliance: fully; fix them and run the tests again, or set compliance: partially and list them under knownIssues`,
      },
    ]);
  const checked = new Set(record.routes.map(pageKind));
  const everyKind = [...site.routes, '/404.html'].every((route) => checked.has(pageKind(route)));
  return { record, everyKind };
}
