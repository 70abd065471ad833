/**
 * The build's identity: build.json, and the same identity in every page, which
 * npm run verify compares with a live site.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { buildCommit } from '../scripts/lib/build-commit.ts';
import { routes as routeTable } from '../src/routes.tsx';
import { outputFile } from '../src/urls.ts';
import { buildIdentityPlaceholder } from '../src/build-context.tsx';
import { buildIntoTemporaryFolder, fixtureContent, temporaryFolder } from './helpers/site.ts';
import { startTags } from './helpers/html.ts';

const commit = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3';
const buildMeta = (html: string) =>
  startTags(html)
    .filter((tag) => tag.name === 'meta' && tag.attributes.get('name') === 'build')
    .map((tag) => tag.attributes.get('content'));

test('build.json names the commit, the content hash, the date and the generator, and every page carries them', async () => {
  const [{ outDir }, content] = await Promise.all([
    buildIntoTemporaryFolder({ commit, today: '2026-03-02' }),
    fixtureContent(),
  ]);
  const identity = JSON.parse(await readFile(path.join(outDir, 'build.json'), 'utf8'));
  const { name, version } = JSON.parse(await readFile('package.json', 'utf8'));
  assert.deepEqual(Object.keys(identity), ['commit', 'content', 'date', 'generator', 'cms']);
  assert.equal(identity.commit, commit);
  assert.equal(identity.date, '2026-03-02');
  assert.equal(identity.generator, `${name}@${version}`);
  assert.match(identity.content, /^sha256:[0-9a-f]{64}$/);

  const files = [...routeTable(content).map((route) => outputFile(route.path)), '404.html', 'admin/index.html'];
  const pageHashes = new Set<string>();
  for (const file of files) {
    const html = await readFile(path.join(outDir, file), 'utf8');
    const metas = buildMeta(html);
    assert.equal(metas.length, 1, `${file} has one <meta name="build">`);
    const pairs = Object.fromEntries(metas[0]!.split(' ').map((pair) => pair.split('=') as [string, string]));
    assert.deepEqual(
      { commit: pairs.commit, content: pairs.content, date: pairs.date, generator: pairs.generator },
      { commit: identity.commit, content: identity.content, date: identity.date, generator: identity.generator },
      file,
    );
    // The page's hash is its own bytes with the placeholder where the identity is.
    const original = html.replace(metas[0]!, buildIdentityPlaceholder);
    assert.equal(pairs.page, `sha256:${createHash('sha256').update(original).digest('hex')}`, file);
    pageHashes.add(pairs.page!);
  }
  assert.equal(pageHashes.size, files.length, 'each page has a hash of its own');
});

test('a build whose commit cannot be known says so, and still builds', async () => {
  const { outDir } = await buildIntoTemporaryFolder({ commit: null, today: '2026-03-02' });
  assert.equal(JSON.parse(await readFile(path.join(outDir, 'build.json'), 'utf8')).commit, null);
  assert.match(buildMeta(await readFile(path.join(outDir, 'index.html'), 'utf8'))[0]!, /^commit=unknown /);
});

test('the commit is the checkout HEAD, else the CI variable, else none', async () => {
  assert.match((await buildCommit(process.cwd(), {})) ?? '', /^[0-9a-f]{40}$/);
  const outsideGit = await temporaryFolder();
  assert.equal(await buildCommit(outsideGit, { GITHUB_SHA: commit.toUpperCase() }), commit);
  assert.equal(await buildCommit(outsideGit, { CF_PAGES_COMMIT_SHA: commit }), commit);
  assert.equal(await buildCommit(outsideGit, { GITHUB_SHA: 'main' }), null);
  assert.equal(await buildCommit(outsideGit, {}), null);
});
