import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Axe from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/**
 * Runs axe-core in the page and returns its violations as readable lines. The
 * source is evaluated through the DevTools protocol, which the page's CSP does
 * not govern, so no inline script is added and the CSP stays as strict as ever.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await axeResults(page)).map(describeViolation);
}

/** What axe-core finds in the page, as its results give it (each node with its CSS selector as `target`). */
export async function axeResults(page: Page): Promise<Axe.Result[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(axeSource);
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
