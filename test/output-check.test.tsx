import assert from 'node:assert/strict';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { buildSite } from '../scripts/build-site.ts';
import { BuildError } from '../scripts/lib/problems.ts';
import { routes as routeTable, type Route } from '../src/routes.tsx';
import { PageLayout } from '../src/components/PageLayout.tsx';
import { buildIntoTemporaryFolder, fixtureContent, fixtureContentDir, temporaryFolder } from './helpers/site.ts';
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

const routes = routeTable(await fixtureContent());

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

test('a broken internal link, fragment or image fails the build naming the page and the link', async () => {
  const error = await failingBuild({ routes: [...routes, plantedRoute] });
  const messages = error.problems.map((problem) => `${problem.where}: ${problem.message}`);
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

test('an image without width, height or alt fails the build', async () => {
  const route: Route = {
    ...plantedRoute,
    page: ({ site }) => (
      <PageLayout site={site}>
        <img src="/uploads/team.svg" alt="" />
      </PageLayout>
    ),
  };
  const error = await failingBuild({ routes: [...routes, route] });
  assert.deepEqual(
    error.problems.map((problem) => problem.message),
    ['image has no width attribute', 'image has no height attribute'],
  );
});
