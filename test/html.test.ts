import assert from 'node:assert/strict';
import path from 'node:path';
import { before, test } from 'node:test';
import { createRequire } from 'node:module';
import { HtmlValidate, StaticConfigLoader, formatterFactory, type ConfigData } from 'html-validate';
import { outputFile, routes } from '../src/routes.tsx';
import { builtSite } from './helpers/site.ts';

let outDir: string;
before(async () => {
  ({ outDir } = await builtSite());
});

// The project's .htmlvalidate.cjs, given explicitly: the pages are built in a
// temporary folder, where html-validate would not find it by itself.
const config = createRequire(import.meta.url)('../.htmlvalidate.cjs') as ConfigData;
const validator = new HtmlValidate(new StaticConfigLoader(config));

for (const file of [...routes.map((route) => outputFile(route.path)), '404.html']) {
  test(`html-validate finds no error in ${file}`, async () => {
    const report = await validator.validateFile(path.join(outDir, file));
    assert.equal(report.errorCount, 0, formatterFactory('text')(report.results));
  });
}

test('the html-validate configuration is in force (it rejects an image without alt text)', async () => {
  const report = await validator.validateString(
    '<!DOCTYPE html><html lang="en"><head><title>Check</title></head><body><main><img src="/a.png" width="1" height="1"></main></body></html>',
    path.join(outDir, 'check.html'),
  );
  assert.deepEqual(report.results[0]?.messages.map((message) => message.ruleId), ['wcag/h37']);
});
