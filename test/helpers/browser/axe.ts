import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Axe from 'axe-core';
import type { Page } from 'playwright-core';
import { buildCommit } from '../../../scripts/lib/build-commit.ts';
import { checkoutState } from '../../../scripts/lib/checkout.ts';
import type { AccessibilityRecord } from '../../../src/accessibility-testing.ts';

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/** A page checked for the record: its site path, the viewport's width, the colour scheme. */
export interface RecordedCheck {
  route: string;
  width: number;
  colorScheme: 'light' | 'dark';
  /** A state the page is checked in besides the one it loads in, such as "menu open". */
  state?: string;
}

/** The checks this test process ran for the record, with the number of violations each found. */
const recorded: (RecordedCheck & { violations: number })[] = [];

/**
 * Runs axe-core in the page and returns its violations as readable lines. The
 * source is evaluated through the DevTools protocol, which the page's CSP does
 * not govern, so no inline script is added and the CSP stays as strict as ever.
 * Given `check`, the run is kept for the record of what the tests checked.
 */
export async function axeViolations(page: Page, check?: RecordedCheck): Promise<string[]> {
  const violations = await axeResults(page);
  if (check) recorded.push({ ...check, violations: violations.length });
  return violations.map(describeViolation);
}

/** What axe-core finds in the page, as its results give it (each node with its CSS selector as `target`). */
export async function axeResults(page: Page): Promise<Axe.Result[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(axeSource);
  // Checked as a person reads it: once what is fading or sliding in has arrived (a notice checked half-faded has
  // the contrast of no frame that stays on screen). An endless animation, a spinner, is checked as it is.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof Axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return results.violations;
}

/** A violation as readable lines: the rule, its impact and help, then each node with what to fix. */
export const describeViolation = (violation: Axe.Result) =>
  `${violation.id} (${violation.impact}): ${violation.help}\n` +
  violation.nodes
    .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`)
    .join('\n');

/** Where the record is written: the build takes it with --accessibility-record (reports/ is not committed). */
const accessibilityRecordFile = path.resolve('reports', 'accessibility-run.json');

/**
 * Writes the record of the checks this process ran: what was checked, with
 * which axe-core and browser, on which commit, and what axe-core found. Whole
 * or not at all (a temporary file renamed), so a build never reads half of it.
 */
export async function writeAccessibilityRecord(browser: string, file = accessibilityRecordFile): Promise<void> {
  if (recorded.length === 0) return;
  const unique = <T>(values: T[]) => [...new Set(values)];
  const commit = await buildCommit(path.resolve('.'), process.env);
  const record: AccessibilityRecord = {
    date: new Date().toISOString().slice(0, 10),
    commit,
    uncommitted: (await checkoutState(path.resolve('.'), commit)).uncommitted,
    axeCore: JSON.parse(readFileSync(require.resolve('axe-core/package.json'), 'utf8')).version,
    browser,
    routes: unique(recorded.map((check) => check.route)),
    widths: unique(recorded.map((check) => check.width)).sort((a, b) => a - b),
    colorSchemes: unique(recorded.map((check) => check.colorScheme)).sort((a, b) =>
      a === 'light' ? -1 : b === 'light' ? 1 : 0,
    ),
    checks: recorded.length,
    violations: recorded.reduce((sum, check) => sum + check.violations, 0),
    runs: recorded,
  };
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(record, null, 2)}\n`);
  await rename(temporary, file);
}
