import assert from 'node:assert/strict';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { buildSite } from '../scripts/build-site.ts';
import { filesIn } from '../scripts/lib/files.ts';
import { BuildError, type Problem } from '../scripts/lib/problems.ts';
import { checkOutput } from '../scripts/stages/check-output.ts';
import { readPages } from '../scripts/stages/read-pages.ts';
import { renderPages } from '../scripts/stages/render-pages.tsx';
import { readTestedWith } from '../scripts/stages/tested-with.ts';
import { routes as routeTable, type Route } from '../src/routes.tsx';
import { PageLayout } from '../src/components/PageLayout.tsx';
import { createUrls } from '../src/urls.ts';
import {
  builtSite,
  buildIntoTemporaryFolder,
  fixtureContent,
  fixtureContentDir,
  temporaryFolder,
} from './helpers/site.ts';
import { snapshot } from './helpers/snapshot.ts';

/** A build that must fail: returns its BuildError, and checks the earlier output is untouched. */
async function failingBuild(options: Parameters<typeof buildSite>[0]): Promise<BuildError> {
  const { outDir } = await buildIntoTemporaryFolder();
  const before = await snapshot(outDir);
  const error = await buildSite({ contentDir: fixtureContentDir, ...options, outDir }).then(
    () => assert.fail('the build should have failed'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof BuildError, String(error));
  assert.deepEqual(await snapshot(outDir), before, 'the previous output is untouched');
  return error;
}

/**
 * A page of the route table with a mistake in its markup, which no content
 * edit can make: the pages rendered as the build renders them, with `planted`
 * among them, and the output check run on them and the fixture site's other
 * files, as the build runs it.
 */
async function plantedPageProblems(planted: Route): Promise<Problem[]> {
  const [{ outDir }, content, { testedWith }] = await Promise.all([
    builtSite(),
    fixtureContent(),
    readTestedWith({ projectRoot: '.', record: undefined, commit: Promise.resolve(null) }),
  ]);
  const built = await filesIn(outDir);
  const assets = {
    css: built.find((file) => /^assets\/site-[^/]+\.css$/.test(file))!,
    js: built.find((file) => /^assets\/client-[^/]+\.js$/.test(file))!,
    fonts: built.filter((file) => /-latin-\d{3}-normal-[^/]+\.woff2$/.test(file)),
  };
  const urls = createUrls('', content.site.siteUrl);
  const pages = renderPages(content, [...routeTable(content), planted], {
    urls,
    assets,
    today: '2026-11-20',
    testedWith,
  });
  const rendered = new Set(pages.map((page) => page.file));
  const files = [
    ...pages.map((page) => ({ path: page.file, contents: page.html })),
    ...(await Promise.all(
      built
        .filter((file) => !rendered.has(file))
        .map(async (file) => ({ path: file, contents: await readFile(path.join(outDir, file)) })),
    )),
  ];
  return checkOutput(readPages(pages), files, urls);
}

const plantedRoute: Route = {
  path: '/planted',
  title: () => 'Planted',
  description: () => 'A page with a broken link, planted by a test.',
  page: ({ site }) => (
    <PageLayout site={site}>
      <a href="/research/no-such-theme/">A theme that does not exist</a>
      <a href="/#no-such-section">A section that does not exist</a>
      <a href="/research">A page without the trailing slash of the link policy</a>
      <img src="/uploads/portrait.jpg" width="10" height="10" alt="A portrait nobody uploaded" />
    </PageLayout>
  ),
};

test('a broken link that the content wrote fails the build at the output check, leaving the previous output untouched', async () => {
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  const policy = path.join(contentDir, 'legal', 'privacy-policy.md');
  await writeFile(policy, (await readFile(policy, 'utf8')).replace('Made-up privacy text', '[Old](/old-policy/) text'));
  const error = await failingBuild({ contentDir });
  assert.equal(error.stage, 'Checking links and assets');
  assert.deepEqual(
    error.problems.map((problem) => problem.message),
    [
      'links to /old-policy/, which the build does not produce (page privacy-policy/index.html › <a href="/old-policy/">)',
    ],
  );
});

test('a broken internal link, fragment or image of a page names the page and the link', async () => {
  const problems = await plantedPageProblems(plantedRoute);
  const messages = problems.map((problem) => `${problem.where}: ${problem.message}`);
  // React also preloads the image from the head, so the missing file is named twice.
  assert.deepEqual(messages.sort(), [
    'page planted/index.html › <a href="/#no-such-section">: no element with id "no-such-section" on /',
    'page planted/index.html › <a href="/research">: links to a page without the trailing slash of the link policy (/research/)',
    'page planted/index.html › <a href="/research/no-such-theme/">: links to /research/no-such-theme/, which the build does not produce',
    'page planted/index.html › <img src="/uploads/portrait.jpg">: links to /uploads/portrait.jpg, which the build does not produce',
    'page planted/index.html › <link href="/uploads/portrait.jpg">: links to /uploads/portrait.jpg, which the build does not produce',
  ]);
});

test('an image missing from public/ fails the build at the line of site.yml that names it', async () => {
  const publicDir = path.join(await temporaryFolder(), 'public');
  await cp(path.resolve('public'), publicDir, { recursive: true });
  await rm(path.join(publicDir, 'uploads', 'team.svg'));
  const error = await failingBuild({ publicDir });
  assert.deepEqual(
    error.problems.map((problem) => problem.where),
    ['test/fixtures/content/site.yml:32:10 › about › illustration › src'],
  );
  assert.match(error.problems[0]!.message, /expected a file that exists in .*public\/, found "uploads\/team\.svg"/);
});

test('an image without width, height or alt is refused', async () => {
  const route: Route = {
    ...plantedRoute,
    page: ({ site }) => (
      <PageLayout site={site}>
        <img src="/uploads/team.svg" alt="" />
      </PageLayout>
    ),
  };
  assert.deepEqual(
    (await plantedPageProblems(route)).map((problem) => problem.message),
    ['image has no width attribute', 'image has no height attribute'],
  );
});
