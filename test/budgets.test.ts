/**
 * Performance budgets of the built site. Bytes are deterministic, so these
 * hold on any machine; build times are measured by `npm run bench`, not here.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { loadContent } from '../scripts/stages/load-content.ts';
import { budgets, type WeighedSite, weighSite } from './helpers/budgets.ts';
import { builtRealSite, realContentDir } from './helpers/site.ts';

let weighed: Promise<WeighedSite> | undefined;
/** Every page of the real site's build, weighed once for all the budgets. */
const realSite = () => {
  weighed ??= Promise.all([builtRealSite(), loadContent(realContentDir)]).then(([built, { content }]) =>
    weighSite(built, content.site),
  );
  return weighed;
};

for (const { name, check } of budgets) test(name, async () => check(await realSite()));

test('the SVGs in public/ are optimised: no comments, metadata, editor attributes or indentation', async () => {
  const folder = path.resolve('public');
  const svgs = (await readdir(folder, { recursive: true })).filter((file) => file.endsWith('.svg'));
  assert.ok(svgs.includes(path.join('uploads', 'team.svg')));
  for (const file of svgs) {
    const svg = await readFile(path.join(folder, file), 'utf8');
    assert.doesNotMatch(svg, /<!--|<metadata|<\?xml|inkscape:|sodipodi:|\n\s/, `${file} is not minified`);
    assert.match(svg, /^<svg [^>]*viewBox="[^"]+"/, `${file} has a viewBox`);
  }
});
