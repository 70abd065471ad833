/**
 * html-validate with the project's rules (.htmlvalidate.cjs), given
 * explicitly: the pages are built in temporary folders, where html-validate
 * would not find the configuration by itself.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { type ConfigData, formatterFactory, HtmlValidate, StaticConfigLoader } from 'html-validate';

const config = createRequire(import.meta.url)('../../.htmlvalidate.cjs') as ConfigData;
export const htmlValidator = new HtmlValidate(new StaticConfigLoader(config));

/** Fails with html-validate's own report when it finds an error in the page. */
export async function assertValidHtml(file: string) {
  const report = await htmlValidator.validateFile(file);
  assert.equal(report.errorCount, 0, formatterFactory('text')(report.results));
}
