/**
 * Performance budgets of the built site. Bytes are deterministic, so these
 * hold on any machine; build times are measured by `npm run bench`, not here.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { sizeOf } from '../scripts/lib/page-weight.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { budgets, KB, type WeighedSite, weighSite } from './helpers/budgets.ts';
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

test("the editor's own script at /admin/ is at most 150 KB of JavaScript, gzip: it carries no React of its own", async () => {
  const { outDir } = await builtRealSite();
  const folder = path.join(outDir, 'admin');
  const [file] = (await readdir(folder)).filter((name) => /^editor-[A-Z0-9]+\.js$/.test(name));
  assert.ok(file, `no admin/editor-<hash>.js in ${folder}`);
  const script = await readFile(path.join(folder, file));
  const { gzip } = sizeOf(script);
  assert.ok(gzip <= 150 * KB, `admin/${file}: ${gzip} bytes gzip, budget ${150 * KB}`);
  // React's server renderers (react-dom/server) alone are some 60 KB gzip; the route table's pages need preact only.
  assert.doesNotMatch(script.toString('utf8'), /react\.dev\/errors|reactjs\.org\/docs\/error-decoder/);
});
