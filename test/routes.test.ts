import assert from 'node:assert/strict';
import { isValidElement } from 'react';
import { test } from 'node:test';
import { loadContent } from '../scripts/stages/load-content.ts';
import { routes as routeTable } from '../src/routes.tsx';
import { createUrls, fileAt, fileOfUrl, normaliseBasePath, outputFile, sitePathOf } from '../src/urls.ts';
import { fixtureContent, realContentDir } from './helpers/site.ts';
import { checkSpecRoutes } from './helpers/spec-checks.ts';

const content = await fixtureContent();
const routes = routeTable(content);

test('the route table has the fixed pages and one page per theme of the content, in its order', () => {
  assert.deepEqual(
    routes.map((route) => route.path),
    [
      '/',
      '/research',
      ...content.themes.map((theme) => `/research/${theme.id}`),
      '/privacy-policy',
      '/terms-of-service',
      '/accessibility',
    ],
  );
});

test('with the real content, the route table declares the routes of the spec, in its order', async () => {
  checkSpecRoutes((await loadContent(realContentDir)).content);
});

test('every route has a page, a title and a description', () => {
  for (const route of routes) {
    assert.ok(isValidElement(route.page(content)), `${route.path} has a page`);
    assert.ok(route.title(content).trim().length > 0, `${route.path} has a title`);
    assert.ok(route.description(content).trim().length >= 20, `${route.path} has a description`);
  }
  const titles = routes.map((route) => route.title(content));
  assert.equal(new Set(titles).size, titles.length, 'titles are unique');
});

test('routes are written directory-style, so /research and /research/caregiver can coexist', () => {
  assert.equal(outputFile('/'), 'index.html');
  assert.equal(outputFile('/research'), 'research/index.html');
  assert.equal(outputFile('/research/caregiver'), 'research/caregiver/index.html');
});

test('a URL read back from a built page leads to the file it is served from, and a file to its URL', () => {
  for (const [sitePath, file] of [
    ['/', 'index.html'],
    ['/research/', 'research/index.html'],
    ['/404.html', '404.html'],
    ['/uploads/team.svg', 'uploads/team.svg'],
  ] as const) {
    assert.equal(fileAt(sitePath), file);
    assert.equal(sitePathOf(file), sitePath);
  }
  const root = createUrls('', 'https://eccron.example');
  for (const route of routes) assert.equal(sitePathOf(outputFile(route.path)), root.href(route.path), route.path);

  const sub = createUrls('/eccron-site', 'https://user.github.io/');
  assert.equal(sub.sitePath(sub.href('/research#x')), '/research/#x');
  assert.equal(sub.sitePath(sub.absolute('/')), '/');
  assert.equal(sub.sitePath('/research/'), undefined, 'outside the base path');
  assert.equal(sub.sitePath('https://other.example/eccron-site/'), undefined, 'another origin');
  assert.equal(root.sitePath('//other.example/'), undefined, 'another origin, without a scheme');
  assert.equal(fileOfUrl('/eccron-site/research/?page=2#top', '/eccron-site'), 'research/index.html');
  assert.equal(fileOfUrl('/eccron-site/uploads/r%C3%A9sum%C3%A9.pdf', '/eccron-site'), 'uploads/résumé.pdf');
  assert.equal(fileOfUrl('/research/', '/eccron-site'), undefined, 'outside the base path');
  assert.equal(fileOfUrl('/uploads/%E0%A4%A.pdf', ''), undefined, 'broken percent-escapes');
});

test('links carry the trailing slash of the link policy and the base path', () => {
  const root = createUrls('', 'https://eccron.example');
  assert.equal(root.href('/'), '/');
  assert.equal(root.href('/research'), '/research/');
  assert.equal(root.href('/#about'), '/#about');
  assert.equal(root.href('/research/caregiver#x'), '/research/caregiver/#x');
  assert.equal(root.asset('uploads/team.svg'), '/uploads/team.svg');
  assert.equal(root.absolute('/research'), 'https://eccron.example/research/');

  const sub = createUrls('/eccron-site/', 'https://user.github.io/');
  assert.equal(sub.href('/'), '/eccron-site/');
  assert.equal(sub.href('/#contact'), '/eccron-site/#contact');
  assert.equal(sub.asset('/favicon.svg'), '/eccron-site/favicon.svg');
  assert.equal(sub.absolute('/privacy-policy'), 'https://user.github.io/eccron-site/privacy-policy/');
  assert.equal(normaliseBasePath(' /a/b/ '), '/a/b');
  assert.equal(normaliseBasePath('/'), '');
});
