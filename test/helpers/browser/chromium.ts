/**
 * Finding the Chromium the browser tests drive: CHROMIUM_PATH, or Debian's
 * /usr/bin/chromium. A browser is never downloaded. Without one, a browser
 * test is skipped with a loud reason, except in CI (CI=true), where that is a
 * failure.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findChromium } from '../../../scripts/lib/chromium.ts';

export { chromiumArgs } from '../../../scripts/lib/chromium.ts';

/**
 * The Chromium to launch, or undefined after declaring what stands in for the
 * tests called `name`: a loud skip, or in CI a failing test.
 */
export function requireChromium(name: string): string | undefined {
  const { executablePath, looked } = findChromium();
  if (executablePath) return executablePath;
  const reason = `no Chromium executable found (looked at ${looked.join(', ')}; set CHROMIUM_PATH). Browser tests NOT run.`;
  if (process.env.CI === 'true') {
    test(`${name}: a Chromium executable is required in CI`, () => assert.fail(reason));
  } else {
    process.stderr.write(`\n!!! SKIPPING browser tests "${name}": ${reason}\n\n`);
    test(name, { skip: reason }, () => {});
  }
  return undefined;
}
