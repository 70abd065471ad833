/**
 * The accessibility statement: built from content/accessibility.md at
 * /accessibility/, linked from every page's footer, its "How this site was
 * tested" made from what the project runs, and its review date watched.
 */
import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { before, test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { BuildError, formatProblem } from '../scripts/lib/problems.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { testedWidths } from '../src/accessibility-testing.ts';
import { BuildContextProvider } from '../src/build-context.tsx';
import type { SiteContent } from '../src/content-schema.ts';
import { AccessibilityPage } from '../src/pages/AccessibilityPage.tsx';
import { routes } from '../src/routes.tsx';
import { createUrls, outputFile } from '../src/urls.ts';
import { desktop, mobile } from './helpers/browser/fixture-site.ts';
import { attributesOf, load } from './helpers/html.ts';
import { builtSite, fixtureContent, fixtureContentDir, readPage, temporaryFolder } from './helpers/site.ts';

const require = createRequire(import.meta.url);
/** The version of a package as installed in node_modules: what the tests really run. */
const installed = async (name: string) =>
  JSON.parse(await readFile(require.resolve(`${name}/package.json`), 'utf8')).version as string;

let outDir: string;
let content: SiteContent;
before(async () => {
  [{ outDir }, content] = await Promise.all([builtSite(), fixtureContent()]);
});

/** The text of the statement's section under the heading `title`, up to the next heading. */
function section(html: string, title: string): { text: string; items: string[] } {
  const $ = load(html);
  const heading = $('main h2').filter((_, element) => $(element).text() === title);
  assert.equal(heading.length, 1, `a section "${title}"`);
  const parts = heading.nextUntil('h2');
  return {
    text: parts.text().replace(/\s+/g, ' ').trim(),
    items: parts
      .find('li')
      .toArray()
      .map((item) => $(item).text().replace(/\s+/g, ' ').trim()),
  };
}

test('every page and the 404 page link to the statement in the footer, beside the two legal pages', async () => {
  for (const file of [...routes(content).map((route) => outputFile(route.path)), '404.html']) {
    const $ = load(await readFile(path.join(outDir, file), 'utf8'));
    const legal = $('.site-footer__legal-links a')
      .toArray()
      .map((link) => $(link).attr('href'));
    assert.deepEqual(legal, ['/privacy-policy/', '/terms-of-service/', '/accessibility/'], file);
  }
  const own = load(await readPage(outDir, '/accessibility'));
  assert.equal(own('.site-footer__legal-links a[aria-current="page"]').attr('href'), '/accessibility/');
});

test('the statement shows its title, status, issues with alternatives, feedback mailbox, enforcement body and dates', async () => {
  const html = await readPage(outDir, '/accessibility');
  const { accessibility: statement } = content;
  assert.match(html, new RegExp(`<title>${statement.title} \\| `));
  assert.equal(load(html)('h1').text(), statement.title);
  assert.match(
    section(html, 'Compliance status').text,
    /^This website is partially compliant with .*WCAG\) 2\.1 at level AA/,
  );
  const issues = section(html, 'Content that is not accessible').items;
  assert.deepEqual(
    issues,
    statement.knownIssues!.map(({ issue, alternative }) => (alternative ? `${issue} Instead: ${alternative}` : issue)),
  );
  assert.ok(attributesOf(html, 'a', 'href').includes(`mailto:${statement.feedbackEmail}`));
  assert.ok(attributesOf(html, 'a', 'href').includes(statement.enforcementBody.url));
  assert.match(section(html, 'Enforcement procedure').text, new RegExp(statement.enforcementBody.name));
  assert.equal(
    section(html, 'Preparation of this statement').text,
    'This statement was prepared on January 15, 2024 and last reviewed on January 15, 2024.',
  );
});

test('"How this site was tested" names the installed axe-core and Lighthouse, the widths of the browser tests, and the manual tests of the content', async () => {
  assert.deepEqual([...testedWidths], [mobile.width, desktop.width], 'the widths the browser tests use');
  const { items } = section(await readPage(outDir, '/accessibility'), 'How this site was tested');
  const [axe, lighthouse] = await Promise.all([installed('axe-core'), installed('lighthouse')]);
  assert.match(
    items[0]!,
    new RegExp(`^axe-core ${axe.replaceAll('.', '\\.')} checks every page in Chromium at 375 and 1280 pixels wide`),
  );
  assert.ok(items.some((item) => item.startsWith(`Lighthouse ${lighthouse} audits every page`)));
  assert.equal(items.at(-1), content.accessibility.manualTests![0], 'the manual test the content lists, last');
});

test('without manual tests in the content, the statement claims none', () => {
  const statement = { ...content.accessibility, manualTests: undefined };
  const html = renderToStaticMarkup(
    <BuildContextProvider
      value={{
        urls: createUrls('', 'https://fixture.example'),
        assets: { css: 'site.css', js: 'client.js', fonts: [] },
        today: '2024-02-01',
        testedWith: { axeCore: '9.9.9', lighthouse: '8.8.8' },
      }}
    >
      <AccessibilityPage site={content.site} statement={statement} />
    </BuildContextProvider>,
  );
  const { items, text } = section(html, 'How this site was tested');
  assert.equal(items.length, 4, 'the four kinds of test the project runs, nothing more');
  assert.ok(!items.some((item) => /screen reader/i.test(item)));
  assert.match(text, /No test by a person with a screen reader or other assistive technology is recorded yet\./);
});

test('a review more than 12 months before the build date is warned about at its line; 12 months is not', async () => {
  const stale = await loadContent(fixtureContentDir, { today: '2025-01-16' });
  const where = (warnings: typeof stale.warnings) =>
    warnings.filter((warning) => warning.where.includes('accessibility.md')).map((warning) => formatProblem(warning));
  assert.deepEqual(
    where(stale.warnings).map((line) => line.split('\n')[0]),
    [
      "  test/fixtures/content/accessibility.md:15:11 › reviewed: the accessibility statement was last reviewed on 2024-01-15, more than 12 months before the build's date 2025-01-16; review it, then set reviewed: to the date of the review",
    ],
  );
  assert.deepEqual(where((await loadContent(fixtureContentDir, { today: '2025-01-15' })).warnings), []);
});

test('a statement without its review date or enforcement body fails, naming the file and line', async () => {
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  const file = path.join(contentDir, 'accessibility.md');
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace('reviewed: 2024-01-15\n', '').replace('enforcementBody:', 'enforcement:'));
  const error = await loadContent(contentDir).then(
    () => assert.fail('the content should have been refused'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof BuildError, String(error));
  const shown = path.relative(process.cwd(), contentDir).split(path.sep).join('/');
  const lines = error.problems.map(
    (problem) => `${problem.where.replace(contentDir, 'content').replace(shown, 'content')}: ${problem.message}`,
  );
  assert.ok(
    lines.some((line) => /^content\/accessibility\.md:\d+:\d+ .*enforcement/.test(line)),
    lines.join('\n'),
  );
  assert.ok(
    lines.some((line) => /^content\/accessibility\.md:\d+(:\d+)?.*reviewed/.test(line)),
    lines.join('\n'),
  );
});
