import assert from 'node:assert/strict';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { before, test } from 'node:test';
import fc from 'fast-check';
import { readByParser, readPlainly } from '../scripts/lib/html.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { routes } from '../src/routes.tsx';
import { outputFile } from '../src/urls.ts';
import { assertValidHtml, htmlValidator } from './helpers/html-validate.ts';
import { propertyRuns } from './helpers/property-runs.ts';
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

// The output check reads pages of the plain shape React writes with a few string searches, and any other page with
// htmlparser2 (scripts/lib/html.ts): both must give the same tags and attributes.
const byParser = (html: string, only?: readonly string[]) => {
  const tags: unknown[] = [];
  readByParser(html, (name, attributes) => tags.push(name, attributes), only);
  return tags;
};
const linkReading = ['id', 'rel', 'href', 'src', 'action', 'width', 'height', 'alt'];

test('every built page is read by the plain reader, tag for tag and attribute for attribute as htmlparser2 reads it', async () => {
  for (const [content, folder] of [
    [await fixtureContent(), outDir],
    [(await loadContent(realContentDir)).content, realOutDir],
  ] as const) {
    for (const file of [...routes(content).map((route) => outputFile(route.path)), '404.html', 'admin/index.html']) {
      const html = await readFile(path.join(folder, file), 'utf8');
      for (const only of [undefined, linkReading]) {
        const plain = readPlainly(html, only);
        assert.ok(plain, `${file} is of the plain shape`);
        assert.deepStrictEqual(plain, byParser(html, only), file);
      }
    }
  }
});

test('markup of any other shape is left to htmlparser2', () => {
  for (const html of [
    "<a href='/single-quoted'>",
    '<a href=/unquoted>',
    '<form action="/a"><form action="/nested"></form></form>',
    '<svg><image href="/a.png"></image></svg>',
    '<script>if (a < b) go("</div>")</script><a href="/after">',
    '<title>a<b</title>',
    '<!--><a href="/in-comment-or-not">-->',
    '<p>1 < 2</p>',
    '<a href="/x"/ id="y">',
    '<A HREF="/upper"',
    '<![CDATA[ <a href="/x"> ]]>',
    '<?xml version="1.0"?>',
  ])
    assert.equal(readPlainly(html), null, html);
});

test('whatever markup the plain reader reads, it reads as htmlparser2 does', () => {
  const pieces = [
    '<a href="/a">',
    '</a>',
    '<A HREF="/UP" Id="x">',
    '<img src="/i.png" alt="" width="1" height="2"/>',
    '<img src="/i.png" alt>',
    '<div id="d" id="second">',
    '</div>',
    '<p>',
    '</p>',
    '</br>',
    '<br/>',
    '<form action="/f">',
    '</form>',
    '<script src="/s.js"></script>',
    '<script>{"a":1}</script>',
    '<style>a{color:red}</style>',
    '<title>T &amp; t</title>',
    '<textarea>x</textarea>',
    '<!-- c -->',
    '<!---->',
    '<!--$-->',
    '<!DOCTYPE html>',
    '<svg viewBox="0 0 1 1"><title>t</title><path d="M0"></path></svg>',
    '<link rel="stylesheet" href="/s.css">',
    '<a href="/?a=1&amp;b=2&#x27;c&quot;">',
    '<a title="&notanentity;">',
    '<input disabled>',
    '<input\n  type="text"\tname="n" />',
    'text & more',
    ' ',
    '\n',
    '>',
    '<a data-x="<>">',
    '<xmp>',
    '<iframe src="/f">',
    '<b>',
    '<',
    '="',
    "'",
    '<a/>',
    '<!-- --!> -->',
    '<math><mi>x</mi></math>',
  ];
  let plainlyRead = 0;
  const numRuns = propertyRuns(2000);
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (chosen) => {
      const html = chosen.join('');
      for (const only of [undefined, linkReading]) {
        const plain = readPlainly(html, only);
        if (plain) assert.deepStrictEqual(plain, byParser(html, only), html);
        if (plain) plainlyRead += 1;
      }
    }),
    { numRuns },
  );
  // The property says something only if the plain reader reads a fair share of the cases.
  assert.ok(plainlyRead > numRuns / 10, `the plain reader read ${plainlyRead} of ${2 * numRuns} cases`);
});
