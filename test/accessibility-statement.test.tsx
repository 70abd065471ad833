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
import { readTestedWith, testedAgainstSite } from '../scripts/stages/tested-with.ts';
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
  // The address, linked as the site's own home page: a link within the site, which opens in the same tab.
  assert.equal(opening.find('a').attr('href'), '/');
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
/** Every page at every width in every scheme, once each: the checks a run makes. */
const everyCheck = (routes: string[], widths: number[], schemes: ('light' | 'dark')[]) =>
  routes.flatMap((route) =>
    widths.flatMap((width) => schemes.map((colorScheme) => ({ route, width, colorScheme, violations: 0 }))),
  );
const recordOf = async (changes: Partial<AccessibilityRecord> = {}): Promise<AccessibilityRecord> => ({
  date: '2026-11-25',
  commit,
  uncommitted: [],
  axeCore: await installed('axe-core'),
  browser: 'Chromium 142.0.7444.175',
  routes: ['/', '/research/', '/404.html'],
  widths: [375, 1280],
  colorSchemes: ['light', 'dark'],
  checks: 12,
  violations: 0,
  runs: everyCheck(['/', '/research/', '/404.html'], [375, 1280], ['light', 'dark']),
  ...changes,
});

/** The record as the tests write it: one field a line. */
async function recordFile(record: unknown): Promise<string> {
  const file = path.join(await temporaryFolder(), 'accessibility-run.json');
  await writeFile(file, typeof record === 'string' ? record : JSON.stringify(record, null, 2));
  return file;
}

/** What git says of a clean checkout whose commit was made on 2026-11-20; the build's date is 2026-11-30. */
const current = {
  projectRoot: process.cwd(),
  today: '2026-11-30',
  checkout: async () => ({ uncommitted: [], commitDate: '2026-11-20' }),
};

test('"How this site was tested" says what the record of the run says, and the manual tests of the content', async () => {
  const record = await recordOf();
  const { testedWith, warnings } = await readTestedWith({
    ...current,
    record: await recordFile(record),
    commit: Promise.resolve(commit),
  });
  assert.deepEqual([testedWith, warnings], [{ record }, []]);
  const sentence = (tested: TestedWith) => section(renderStatement(tested), 'How this site was tested');
  const { text, items } = sentence({ record, everyKind: true });
  assert.ok(
    text.startsWith(
      `On November 25, 2026, the automatic tests of this version of the site checked 3 pages (every kind of page the site has, built from the project's test content) with axe-core ${record.axeCore} in Chromium 142.0.7444.175, at 375 and 1280 pixels wide, in the light and dark colour schemes: 12 checks, and axe-core found no violation.`,
    ),
    text,
  );
  assert.deepEqual(items, content.accessibility.manualTests);
  // Pages that are not one of each kind are named, never called every kind of page.
  assert.match(
    sentence({ record, everyKind: false }).text,
    /checked 3 pages \(\/, \/research\/ and \/404\.html, built from the project's test content: not every kind of page the site has\) with/,
  );
  assert.match(
    sentence({ record: { ...record, violations: 2 } }).text,
    /: 12 checks, and axe-core found 2 violations\./,
  );
  // A width not every page was checked at names the pages it covered; the record is accepted as it is true.
  const phoneHomeOnly = everyCheck(['/', '/research/', '/404.html'], [1280], ['light', 'dark']).concat(
    everyCheck(['/'], [375], ['light', 'dark']),
  );
  const partial = await recordOf({ runs: phoneHomeOnly, checks: 8 });
  const read = await readTestedWith({ ...current, record: await recordFile(partial), commit: Promise.resolve(commit) });
  assert.match(
    sentence(read.testedWith).text,
    /in Chromium 142\.0\.7444\.175, at 1280 pixels wide, and \/ at 375 pixels as well, in the light and dark colour schemes: 8 checks,/,
  );
});

test('without a current record the statement says plainly that this build was not tested, and the build says why, at the field', async () => {
  const notTested =
    'This version of the site was not tested: the build that made it was given no record of an automatic accessibility test of this version.';
  const dirty = async () => ({ uncommitted: ['src/pages/HomePage.tsx'], commitDate: '2026-11-20' });
  const cases = [
    [
      undefined,
      commit,
      current.checkout,
      /^accessibility statement: says this build was not tested: no record of the accessibility tests was given/,
    ],
    [
      await recordFile(await recordOf()),
      'b'.repeat(40),
      current.checkout,
      /:3 › commit: the accessibility statement says this build was not tested: the record is of commit a{40}, and this build is of b{40}$/,
    ],
    [
      await recordFile(await recordOf({ uncommitted: ['src/pages/HomePage.tsx', 'content/site.yml'] })),
      commit,
      current.checkout,
      /:4 › uncommitted: .*the tests ran on changes not committed to a{40} \(src\/pages\/HomePage\.tsx, content\/site\.yml\), which are not this version$/,
    ],
    [
      await recordFile(await recordOf()),
      commit,
      dirty,
      /:3 › commit: .*this build has changes not committed to a{40} \(src\/pages\/HomePage\.tsx\), which the tests of that commit did not see; commit them and run the tests again$/,
    ],
    [
      await recordFile(await recordOf({ axeCore: '1.0.0' })),
      commit,
      current.checkout,
      /:\d+ › axeCore: .*made with axe-core 1\.0\.0, and package-lock\.json pins/,
    ],
    [
      await recordFile(await recordOf({ commit: null })),
      null,
      current.checkout,
      /the record is of commit unknown, and this build is of an unknown commit$/,
    ],
  ] as const;
  for (const [record, built, checkout, why] of cases) {
    const { testedWith, warnings } = await readTestedWith({
      ...current,
      checkout,
      record,
      commit: Promise.resolve(built),
    });
    assert.equal(testedWith.record, undefined);
    assert.equal(warnings.length, 1);
    assert.match(`${warnings[0]!.where}: ${warnings[0]!.message}`, why);
    if (record) assert.ok(warnings[0]!.where.includes(path.basename(record)), warnings[0]!.where);
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

/** Every problem a record stops the build with, as "file:line › field: message" without the folder. */
async function refusals(record: unknown): Promise<string[]> {
  const file = typeof record === 'string' && record.endsWith('.json') ? record : await recordFile(record);
  const error = await readTestedWith({ ...current, record: file, commit: Promise.resolve(commit) }).then(
    () => assert.fail('the record should have been refused'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof BuildError, String(error));
  return error.problems.map((problem) =>
    `${problem.where}: ${problem.message}`.replace(/^.*?accessibility-run/, 'run'),
  );
}

test('a record file that is missing or is no record stops the build, naming the file, the line and the field', async () => {
  const missing = path.join(await temporaryFolder(), 'accessibility-run.json');
  assert.match((await refusals(missing))[0]!, /^run\.json: could not be read \(is missing\)/);
  assert.match((await refusals('{"date": "2026-11-25"'))[0]!, /^run\.json: could not be read/);
  assert.deepEqual(await refusals({ ...(await recordOf()), violations: -1 }), [
    'run.json:21 › violations: Invalid value: Expected >=0 but received -1; the file is not a record of the accessibility tests: run npm test again to write one',
  ]);
  // An impossible date fails here, naming the record, not when the page is rendered.
  assert.deepEqual(await refusals(await recordOf({ date: '2026-02-30' })), [
    'run.json:2 › date: expected a real calendar date, written YYYY-MM-DD; the file is not a record of the accessibility tests: run npm test again to write one',
  ]);
});

test('a record whose own figures cannot be true stops the build, at the field: dates, counts, a scheme twice, a check missing', async () => {
  const again = '; no run of the tests writes this: run npm test again to write the record';
  assert.deepEqual(await refusals(await recordOf({ date: '2001-01-01' })), [
    `run.json:2 › date: is before the commit it names was made (2026-11-20)${again}`,
  ]);
  assert.deepEqual(await refusals(await recordOf({ date: '2099-01-01' })), [
    `run.json:2 › date: is after the build's date (2026-11-30)${again}`,
  ]);
  assert.deepEqual(await refusals(await recordOf({ checks: 1000 })), [
    `run.json:20 › checks: says 1000, and the checks listed under runs make 12${again}`,
  ]);
  const oneScheme = everyCheck(['/', '/research/', '/404.html'], [375, 1280], ['light']);
  assert.deepEqual(await refusals(await recordOf({ colorSchemes: ['light', 'light'], runs: oneScheme, checks: 6 })), [
    `run.json:18 › colorSchemes › 1: light is listed twice: each is listed once${again}`,
  ]);
  const withoutOne = everyCheck(['/', '/research/', '/404.html'], [375, 1280], ['light', 'dark']).slice(1);
  assert.deepEqual(await refusals(await recordOf({ runs: withoutOne, checks: 11 })), [
    `run.json:22 › runs: lists no check of / at 375 px in the light scheme: a page checked at a width is checked there in every colour scheme${again}`,
  ]);
  const oneRoute = everyCheck(['/'], [375, 1280], ['light', 'dark']);
  assert.deepEqual(await refusals(await recordOf({ runs: oneRoute, checks: 4 })), [
    `run.json:7 › routes: says /, /404.html, /research/, and the checks listed under runs make /${again}`,
  ]);
});

test('the record beside the site: "every kind of page" only when one of each was checked; violations beside "fully compliant" stop the build', () => {
  const siteRoutes = routes(content).map((route) => route.path);
  const against = (tested: AccessibilityRecord, compliance = 'partially') =>
    testedAgainstSite(
      { record: tested },
      {
        routes: siteRoutes,
        compliance,
        statementFile: 'content/accessibility.md',
        recordFile: 'reports/accessibility-run.json',
      },
    );
  const every = [
    '/',
    '/research/',
    ...siteRoutes
      .filter((route) => route.startsWith('/research/'))
      .slice(0, 1)
      .map((route) => `${route}/`),
    '/privacy-policy/',
    '/terms-of-service/',
    '/accessibility/',
    '/404.html',
  ];
  const base = {
    date: '2026-11-25',
    commit,
    uncommitted: [],
    axeCore: '4.10.0',
    browser: 'Chromium',
    widths: [375],
    colorSchemes: ['light'] as ('light' | 'dark')[],
    violations: 0,
  };
  const full = { ...base, routes: every, checks: every.length, runs: everyCheck(every, [375], ['light']) };
  assert.equal((against(full) as { everyKind?: boolean }).everyKind, true);
  const onePage = { ...base, routes: ['/'], checks: 1, runs: everyCheck(['/'], [375], ['light']) };
  assert.equal((against(onePage) as { everyKind?: boolean }).everyKind, false);
  const withViolations = { ...full, violations: 7 };
  assert.throws(
    () => against(withViolations, 'fully'),
    (error: unknown) =>
      error instanceof BuildError &&
      error.problems.map((problem) => `${problem.where}: ${problem.message}`).join('\n') ===
        'reports/accessibility-run.json › violations: axe-core found 7 violations in this version, and content/accessibility.md says compliance: fully; fix them and run the tests again, or set compliance: partially and list them under knownIssues',
  );
  assert.equal(
    against(withViolations, 'partially').record?.violations,
    7,
    'partially compliant: the page says what was found',
  );
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
    'accessibility.md:3:13 › compliance: expected partially: 2 known issues below are failures of WCAG or disproportionate burdens, so the site does not fully meet WCAG yet; once they are fixed, remove them from the known issues and choose fully, found "fully"',
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
