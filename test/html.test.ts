import assert from 'node:assert/strict';
import path from 'node:path';
import { before, test } from 'node:test';
import { loadContent } from '../scripts/stages/load-content.ts';
import { routes } from '../src/routes.tsx';
import { outputFile } from '../src/urls.ts';
import { assertValidHtml, htmlValidator } from './helpers/html-validate.ts';
import { builtRealSite, builtSite, fixtureContent, realContentDir } from './helpers/site.ts';

let outDir: string;
let realOutDir: string;
before(async () => {
  [{ outDir }, { outDir: realOutDir }] = await Promise.all([builtSite(), builtRealSite()]);
});

// The fixture content and the real content, whose words may trip a rule the fixture's do not.
for (const [site, content, folder] of [
  ['fixture', await fixtureContent(), () => outDir],
  ['real', (await loadContent(realContentDir)).content, () => realOutDir],
] as const) {
  for (const file of [...routes(content).map((route) => outputFile(route.path)), '404.html']) {
    test(`html-validate finds no error in ${file} of the ${site} site`, () =>
      assertValidHtml(path.join(folder(), file)));
  }
}

test('the html-validate configuration is in force (it rejects an image without alt text)', async () => {
  const report = await htmlValidator.validateString(
    '<!DOCTYPE html><html lang="en"><head><title>Check</title></head><body><main><img src="/a.png" width="1" height="1"></main></body></html>',
    path.join(outDir, 'check.html'),
  );
  assert.deepEqual(
    report.results[0]?.messages.map((message) => message.ruleId),
    ['wcag/h37'],
  );
});
