/**
 * Renders the two raster images of public/ from the SVG artwork, for a
 * maintainer to run after changing the logo, the hero globe or the site's name
 * (`npx tsx scripts/render-artwork.tsx`), and to commit the results:
 *
 * - public/apple-touch-icon.png: the logo at 180 × 180, full bleed (iOS rounds
 *   the corners itself and shows transparency as black);
 * - public/uploads/og-image.jpg: the 1200 × 630 link preview: logo, name and
 *   the hero globe.
 *
 * The build never runs this: it needs Debian's librsvg2-bin (rsvg-convert),
 * optipng, netpbm (pngtopnm), libjpeg-turbo-progs (cjpeg) and fonts-dejavu-core.
 * The same tools and fonts give the same bytes on every run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { HeroArt } from '../src/components/HeroArt.tsx';
import { escapeHtml } from '../src/escape.ts';
import { projectRoot } from './lib/project-root.js';
import { red } from './lib/terminal.ts';
import { loadContent } from './stages/load-content.ts';

// A missing tool is a set-up step, not a fault of this script: said plainly, before anything is written.
const missing = ['rsvg-convert', 'optipng', 'pngtopnm', 'cjpeg'].filter(
  (tool) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).error,
);
if (missing.length > 0) {
  console.error(
    red(
      `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not installed. On Debian or Ubuntu: ` +
        'sudo apt-get install librsvg2-bin optipng netpbm libjpeg-turbo-progs fonts-dejavu-core',
    ),
  );
  process.exit(1);
}

const publicDir = path.join(projectRoot, 'public');
const { site } = (await loadContent(path.join(projectRoot, 'content'), { publicDir })).content;
const logoSvg = readFileSync(path.join(publicDir, site.logo), 'utf8');
const navy = '#0f3b57';

function run(command: string, args: string[], input?: Buffer): Buffer {
  try {
    return execFileSync(command, args, { input, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    throw new Error(`${command} failed: ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
  }
}

/** An SVG document as a nested <svg> placed at x, y in size × size. */
function placed(svg: string, x: number, y: number, size: number): string {
  const rootSize = / width="\d+" height="\d+"/;
  if (!rootSize.test(svg)) throw new Error(`expected width="…" height="…" on the root of ${svg.slice(0, 80)}…`);
  return svg.replace(rootSize, ` x="${x}" y="${y}" width="${size}" height="${size}"`);
}

/** The site's name in lines short enough to leave the right third to the globe. */
function titleLines(name: string, maxChars = 19): string[] {
  const lines: string[] = [];
  for (const word of name.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function ogSvg(): string {
  const hero = renderToStaticMarkup(<HeroArt />).replace(/ class="[^"]*"| aria-hidden="true"| focusable="false"/g, '');
  const lines = titleLines(site.name);
  const lineHeight = 66;
  const top = 315 - ((lines.length - 1) * lineHeight) / 2 + 18;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">` +
    `<defs><linearGradient id="bg" x2="1" y2="1"><stop offset="0" stop-color="#0a2a3f"/><stop offset=".6" stop-color="${navy}"/><stop offset="1" stop-color="#145a73"/></linearGradient>` +
    `<radialGradient id="glow" cx=".85" cy=".2" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".1"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="1200" height="630" fill="url(#bg)"/><rect width="1200" height="630" fill="url(#glow)"/>` +
    placed(hero, 770, 95, 440) +
    placed(logoSvg, 80, 72, 72) +
    `<text x="172" y="121" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#fff">${escapeHtml(site.acronym)}</text>` +
    `<g font-family="DejaVu Serif" font-weight="bold" font-size="54" fill="#fff">` +
    lines.map((line, index) => `<text x="80" y="${top + index * lineHeight}">${escapeHtml(line)}</text>`).join('') +
    `</g>` +
    `<text x="80" y="548" font-family="DejaVu Sans" font-size="28" fill="#e2ecf2">Founded ${site.foundedYear} · clinicians and researchers across Europe</text>` +
    `</svg>`
  );
}

const touchIconFile = path.join(publicDir, 'apple-touch-icon.png');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'artwork-'));
try {
  const rendered = path.join(scratch, 'icon.png');
  writeFileSync(
    rendered,
    run('rsvg-convert', ['--width', '180', '--height', '180', '--background-color', navy], Buffer.from(logoSvg)),
  );
  run('optipng', ['-quiet', '-o7', '-strip', 'all', rendered]);
  copyFileSync(rendered, touchIconFile);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
const touchIcon = readFileSync(touchIconFile);

const ogPng = run('rsvg-convert', [], Buffer.from(ogSvg()));
const ogJpeg = run('cjpeg', ['-quality', '76', '-optimize', '-progressive'], run('pngtopnm', [], ogPng));
writeFileSync(path.join(publicDir, 'uploads', 'og-image.jpg'), ogJpeg);

console.log(`apple-touch-icon.png ${touchIcon.length} bytes, og-image.jpg ${ogJpeg.length} bytes`);
