/**
 * The accessibility statement: built from content/accessibility.md at
 * /accessibility/, linked from every page's footer, every part of the EU
 * model statement in the model's order, a status the known issues contradict
 * refused at its line, "How this site was tested" made from the record of a
 * real test run (and saying plainly when the build had none), and its review
 * date watched.
 */
import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { before, test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { BuildError, formatProblem } from '../scripts/lib/problems.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { readTestedWith } from '../scripts/stages/tested-with.ts';
import type { AccessibilityRecord, TestedWith } from '../src/accessibility-testing.ts';
import { BuildContextProvider } from '../src/build-context.tsx';
import type { SiteContent } from '../src/content-schema.ts';
import { AccessibilityPage } from '../src/pages/AccessibilityPage.tsx';
import { routes } from '../src/routes.tsx';
import { createUrls, outputFile } from '../src/urls.ts';
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

/** The text of the statement's section under the heading `title`, up to the next h2. */
function section(html: string, title: string): { text: string; items: string[] } {
  const $ = load(html);
  const heading = $('main h2').filter((_, element) => $(element).text() === title);
  assert.equal(heading.length, 1, `a section "${title}"`);
  const parts = heading.nextUntil('h2');
  return {
    text: parts.text().replace(/\s+/g, ' ').trim(),
    items: parts
      .find('li')
      .addBack('li')
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

test("every part of the EU model statement, in the model's order, as the content says it", async () => {
  const html = await readPage(outDir, '/accessibility');
  const $ = load(html);
  const { accessibility: statement } = content;
  assert.match(html, new RegExp(`<title>${statement.title} \\| `));
  assert.equal($('h1').text(), statement.title);
  assert.deepEqual(
    $('main h2')
      .toArray()
      .map((heading) => $(heading).text()),
    [
      'Compliance status',
      'Non-accessible content',
      'Preparation of this accessibility statement',
      'Feedback and contact information',
      'Enforcement procedure',
      'How this site was tested',
    ],
  );
  assert.equal(
    section(html, 'Compliance status').text,
    'This website is partially compliant with the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA, which EN 301 549 applies to websites, due to the non-compliances and the exemptions listed below.',
  );
  assert.deepEqual(
    $('main h3')
      .toArray()
      .map((heading) => [$(heading).text(), $(heading).next('ul').find('li').text()]),
    [
      [
        'Non-compliance with the accessibility requirements',
        'Made-up issue one of the fixture. (WCAG 2.1 success criteria 1.4.3 Contrast (Minimum); 2.4.7 Focus Visible) Instead: A made-up alternative for it.',
      ],
      ['Disproportionate burden', 'Made-up issue two, without an alternative.'],
      ['Content outside the scope of the applicable legislation', 'Made-up content of a third party.'],
    ],
  );
  assert.equal(
    section(html, 'Preparation of this accessibility statement').text,
    'This statement was prepared on January 15, 2024. The method used to prepare it was an assessment by a third party: Example Assessors Ltd. It was last reviewed on January 15, 2024.',
  );
  assert.match(
    section(html, 'Feedback and contact information').text,
    /barriers@fixture\.example\. We answer within 15 working days\.$/,
  );
  assert.ok(attributesOf(html, 'a', 'href').includes(`mailto:${statement.feedbackEmail}`));
  const enforcement = section(html, 'Enforcement procedure');
  assert.match(
    enforcement.text,
    /^If you are not satisfied .* within 15 working days, you can complain to Example Enforcement Body, /,
  );
  assert.deepEqual(enforcement.items, [
    'Website: https://enforcement.fixture.example/complaints (opens in a new tab)',
    'E-mail: complaints@enforcement.fixture.example',
    'Telephone: +00 0000 0000',
    'Address: 1 Example Square, Example City',
  ]);
});

test("the model statement's opening paragraph: the consortium's commitment, the law it follows, the site it applies to", async () => {
  const $ = load(await readPage(outDir, '/accessibility'));
  const opening = $('main .page__updated').nextAll('p').first();
  assert.equal(
    opening.text(),
    'Example Consortium for Test Content is committed to making its website accessible, in accordance with Example Accessibility Law of the Example Member State. This accessibility statement applies to the website https://fixture.example/.',
  );
  assert.equal(opening.find('a').attr('href'), 'https://fixture.example/');
  // The content's own introduction follows it.
  assert.match(opening.next().text(), /^Made-up introduction to the fixture's accessibility statement/);
});

test('a fully compliant site with only content outside the scope never says its own content is not accessible', () => {
  const statement = {
    ...content.accessibility,
    compliance: 'fully' as const,
    knownIssues: content.accessibility.knownIssues?.filter((item) => item.reason === 'outside-scope'),
  };
  const html = renderStatement({}, statement);
  assert.match(section(html, 'Compliance status').text, /^This website is fully compliant with /);
  const listed = section(html, 'Non-accessible content');
  assert.match(
    listed.text,
    /^The content listed below is outside the scope of the accessibility legislation and may not be accessible; it does not affect the compliance status above\./,
  );
  assert.deepEqual(listed.items, ['Made-up content of a third party.']);
  // With a non-compliance listed, the model's own sentence.
  assert.match(
    section(renderStatement({}), 'Non-accessible content').text,
    /^The content listed below is not accessible, for the reasons given\.Non-compliance/,
  );
});

/** The statement page alone, rendered with what the build knows of the tests. */
function renderStatement(testedWith: TestedWith, statement = content.accessibility): string {
  return renderToStaticMarkup(
    <BuildContextProvider
      value={{
        urls: createUrls('', 'https://fixture.example'),
        assets: { css: 'site.css', js: 'client.js', fonts: [] },
        today: '2024-02-01',
        testedWith,
      }}
    >
      <AccessibilityPage site={content.site} statement={statement} />
    </BuildContextProvider>,
  );
}

const commit = 'a'.repeat(40);
const recordOf = async (changes: Partial<AccessibilityRecord> = {}): Promise<AccessibilityRecord> => ({
  date: '2026-11-25',
  commit,
  axeCore: await installed('axe-core'),
  browser: 'Chromium 142.0.7444.175',
  routes: ['/', '/research/', '/404.html'],
  widths: [375, 1280],
  colorSchemes: ['light', 'dark'],
  checks: 14,
  violations: 0,
  ...changes,
});

async function recordFile(record: unknown): Promise<string> {
  const file = path.join(await temporaryFolder(), 'accessibility-run.json');
  await writeFile(file, typeof record === 'string' ? record : JSON.stringify(record));
  return file;
}

test('"How this site was tested" says what the record of the run says, and the manual tests of the content', async () => {
  const record = await recordOf();
  const { testedWith, warnings } = await readTestedWith({
    projectRoot: process.cwd(),
    record: await recordFile(record),
    commit: Promise.resolve(commit),
  });
  assert.deepEqual([testedWith, warnings], [{ record }, []]);
  const { text, items } = section(renderStatement(testedWith), 'How this site was tested');
  assert.ok(
    text.startsWith(
      `On November 25, 2026, the automatic tests of this version of the site checked 3 pages (every kind of page the site has, built from the project's test content) with axe-core ${record.axeCore} in Chromium 142.0.7444.175, at 375 and 1280 pixels wide, in the light and dark colour schemes: 14 checks, and axe-core found no violation.`,
    ),
    text,
  );
  assert.deepEqual(items, content.accessibility.manualTests);
  const found = section(renderStatement({ record: { ...record, violations: 2 } }), 'How this site was tested').text;
  assert.match(found, /: 14 checks, and axe-core found 2 violations\./);
});

test('without a current record the statement says plainly that this build was not tested, and the build says why', async () => {
  const notTested =
    'This version of the site was not tested: the build that made it was given no record of an automatic accessibility test of this version.';
  const projectRoot = process.cwd();
  const cases = [
    [undefined, commit, /^says this build was not tested: no record of the accessibility tests was given/],
    [await recordFile(await recordOf()), 'b'.repeat(40), /the record is of commit a{40}, and this build is of b{40}$/],
    [
      await recordFile(await recordOf({ axeCore: '1.0.0' })),
      commit,
      /made with axe-core 1\.0\.0, and package-lock\.json pins/,
    ],
    [
      await recordFile(await recordOf({ commit: null })),
      null,
      /the record is of commit unknown, and this build is of an unknown commit$/,
    ],
  ] as const;
  for (const [record, built, why] of cases) {
    const { testedWith, warnings } = await readTestedWith({ projectRoot, record, commit: Promise.resolve(built) });
    assert.equal(testedWith.record, undefined);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!.message, why);
    assert.ok(section(renderStatement(testedWith), 'How this site was tested').text.startsWith(notTested));
  }
  // The fixture site is built without a record, as a host that runs only `npm run build` does.
  assert.ok(section(await readPage(outDir, '/accessibility'), 'How this site was tested').text.startsWith(notTested));
  const none = renderStatement({}, { ...content.accessibility, manualTests: undefined });
  assert.match(
    section(none, 'How this site was tested').text,
    /No test by a person with a screen reader or other assistive technology is recorded yet\.$/,
  );
});

test('a record file that is missing or is no record stops the build, naming the file', async () => {
  for (const [record, message] of [
    [path.join(await temporaryFolder(), 'none.json'), /could not be read \(is missing\)/],
    [await recordFile('{"date": "2026-11-25"'), /could not be read/],
    [
      await recordFile({ ...(await recordOf()), violations: -1 }),
      /violations: .*not a record of the accessibility tests/,
    ],
  ] as const) {
    const error = await readTestedWith({ projectRoot: process.cwd(), record, commit: Promise.resolve(commit) }).then(
      () => assert.fail('the record should have been refused'),
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof BuildError, String(error));
    const line = error.problems.map((problem) => `${problem.where}: ${problem.message}`).join('\n');
    assert.ok(line.includes(path.basename(record)), line);
    assert.match(line, message);
  }
});

/** The first line of every problem once the statement's front matter is edited. */
async function statementProblems(edit: (text: string) => string): Promise<string[]> {
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  const file = path.join(contentDir, 'accessibility.md');
  await writeFile(file, edit(await readFile(file, 'utf8')));
  const error = await loadContent(contentDir).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (error === undefined) return [];
  assert.ok(error instanceof BuildError, String(error));
  return error.problems.map((problem) =>
    formatProblem(problem)
      .split('\n')[0]!
      .trim()
      .replace(/^.*accessibility\.md/, 'accessibility.md'),
  );
}

test('a compliance status the known issues contradict is refused at its line, with what to write', async () => {
  const onlyOutsideScope = (text: string) =>
    text.replace(
      /knownIssues:\n(?: {2}.*\n| {4}.*\n)*/,
      'knownIssues:\n  - issue: Made-up content of a third party.\n    reason: outside-scope\n',
    );
  assert.deepEqual(await statementProblems((text) => text.replace('compliance: partially', 'compliance: fully')), [
    'accessibility.md:3:13 › compliance: expected partially: 2 known issue(s) are a non-compliance or a disproportionate burden; once they are fixed, remove them and keep fully, found "fully"',
  ]);
  assert.deepEqual(await statementProblems(onlyOutsideScope), [
    'accessibility.md:3:13 › compliance: expected fully: no known issue is a non-compliance or a disproportionate burden (outside-scope content does not make a site partially compliant); or list the issue that does, found "partially"',
  ]);
  assert.deepEqual(
    await statementProblems((text) => onlyOutsideScope(text).replace('compliance: partially', 'compliance: fully')),
    [],
  );
  assert.deepEqual(
    await statementProblems((text) => onlyOutsideScope(text).replace('compliance: partially', 'compliance: not')),
    [
      'accessibility.md:3:13 › compliance: expected partially or fully: a site that is not compliant has non-compliances, and none is listed under knownIssues, found "not"',
    ],
  );
  assert.deepEqual(await statementProblems((text) => text.replace('    criteria: [1.4.3, 2.4.7]\n', '')), [
    'accessibility.md:16:13 › knownIssues › 0 › reason: expected criteria: (the WCAG success criteria it fails, such as [1.4.3]) for a non-compliance, and only for one, found "non-compliance"',
  ]);
  assert.deepEqual(await statementProblems((text) => text.replace('[1.4.3, 2.4.7]', '[1.4.3, 2.4.9]')), [
    'accessibility.md:17:23 › knownIssues › 0 › criteria › 1: expected a WCAG 2.1 success criterion of level A or AA, such as 1.4.3 or 2.4.7, found "2.4.9"',
  ]);
  assert.deepEqual(await statementProblems((text) => text.replace('assessor: Example Assessors Ltd\n', '')), [
    'accessibility.md:6:9 › method: expected assessor: (who assessed the site) beside method: third-party, and no assessor with self-assessment, found "third-party"',
  ]);
});

test("the opening's law is words, not the model's placeholder; a review before the statement was prepared is refused", async () => {
  const law = 'legislation: Example Accessibility Law of the Example Member State';
  assert.deepEqual(
    await statementProblems((text) =>
      text.replace(law, 'legislation: "[national legislation transposing Directive (EU) 2016/2102]"'),
    ),
    [
      'accessibility.md:27:14 › legislation: expected the name of the law, not the model statement\'s placeholder in brackets: such as Directive (EU) 2016/2102 of the European Parliament and of the Council, or the law of your member state that transposes it, found "[national legislation transposing Directive (EU) 2016/2102]"',
    ],
  );
  assert.ok(
    (await statementProblems((text) => text.replace(`${law}\n`, ''))).some((line) =>
      /^accessibility\.md:\d+:\d+ › legislation: /.test(line),
    ),
    'the law of the opening sentence is required',
  );
  assert.deepEqual(
    await statementProblems((text) =>
      text
        .replace('prepared: 2024-01-15', 'prepared: 2030-01-15')
        .replace('reviewed: 2024-01-15', 'reviewed: 2020-01-15'),
    ),
    [
      'accessibility.md:26:11 › reviewed: expected a review on or after the day the statement was prepared (prepared: 2030-01-15); correct whichever of the two dates is wrong, found "2020-01-15"',
    ],
  );
});

test('a review more than 12 months before the build date is warned about at its line; 12 months is not', async () => {
  const stale = await loadContent(fixtureContentDir, { today: '2025-01-16' });
  const where = (warnings: typeof stale.warnings) =>
    warnings.filter((warning) => warning.where.includes('accessibility.md')).map((warning) => formatProblem(warning));
  assert.deepEqual(
    where(stale.warnings).map((line) => line.split('\n')[0]),
    [
      "  test/fixtures/content/accessibility.md:26:11 › reviewed: the accessibility statement was last reviewed on 2024-01-15, more than 12 months before the build's date 2025-01-16; review it, then set reviewed: to the date of the review",
    ],
  );
  assert.deepEqual(where((await loadContent(fixtureContentDir, { today: '2025-01-15' })).warnings), []);
});

test('a statement without its review date or enforcement body fails, naming the file and line', async () => {
  const lines = await statementProblems((text) =>
    text.replace('reviewed: 2024-01-15\n', '').replace('enforcementBody:', 'enforcement:'),
  );
  assert.ok(
    lines.some((line) => /^accessibility\.md:\d+:\d+ .*enforcement/.test(line)),
    lines.join('\n'),
  );
  assert.ok(
    lines.some((line) => /^accessibility\.md:\d+(:\d+)?.*reviewed/.test(line)),
    lines.join('\n'),
  );
});
