/**
 * CMS_API_ROOT: a site whose repository is on GitHub Enterprise Server gives
 * the build its REST API's root, and /admin/ asks that server instead of
 * api.github.com: the CMS (api_root in its configuration), the live site's
 * verdict (which reads the same setting) and the admin policy, which allows
 * that one origin and no GitHub host.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminFiles } from '../scripts/admin/admin-stage.ts';
import { cmsTargetFromEnvironment, describeCmsTarget } from '../scripts/lib/cms-backend.ts';
import type { BuildError } from '../scripts/lib/problems.ts';
import { createUrls } from '../src/urls.ts';

const server = 'https://github.example.org/api/v3';

/** A policy's directives by name, as a browser splits them (CSP Level 3, §2.2.1). */
const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );

test('CMS_API_ROOT names the server the CMS saves through, and the build report says so', () => {
  const target = cmsTargetFromEnvironment({ GITHUB_REPOSITORY: 'eccron/site', CMS_API_ROOT: `${server}/` });
  assert.deepEqual(target, {
    backend: { repo: 'eccron/site', branch: 'main', apiRoot: server },
    from: 'GITHUB_REPOSITORY, CMS_API_ROOT',
  });
  assert.equal(
    describeCmsTarget(target),
    `CMS at /admin/ saves to eccron/site (branch main; sign-in with a token; API ${server}), from GITHUB_REPOSITORY, CMS_API_ROOT`,
  );
  // What the CMS would not send a token to, or would not find the API at, is refused with the setting's name.
  for (const wrong of ['http://github.example.org/api/v3', 'https://github.example.org', 'github.example.org/api/v3'])
    assert.throws(
      () => cmsTargetFromEnvironment({ CMS_REPO: 'a/b', CMS_API_ROOT: wrong }),
      (error: BuildError) => {
        assert.equal(error.stage, 'Checking the build settings');
        assert.deepEqual(error.problems, [
          {
            where: 'CMS_API_ROOT',
            message: `expected the address of GitHub Enterprise Server's REST API, with https:// and ending in /api/v3, such as https://github.example.org/api/v3; found "${wrong}"`,
          },
        ]);
        return true;
      },
    );
  // On this machine, plain http is what the CMS accepts too.
  assert.equal(
    cmsTargetFromEnvironment({ CMS_REPO: 'a/b', CMS_API_ROOT: 'http://127.0.0.1:8123/api/v3' }).backend?.apiRoot,
    'http://127.0.0.1:8123/api/v3',
  );
});

test('/admin/ of a build given the API root asks that server alone: the configuration says it, the policy allows its origin and no GitHub host', () => {
  const urls = createUrls('', 'https://example.org');
  const content = { site: { acronym: 'X' }, themes: [] } as never;
  const files = adminFiles(urls, content, { repo: 'a/b', branch: 'main', apiRoot: server });
  const config = JSON.parse(String(files.find((file) => file.path === 'admin/config.json')!.contents));
  assert.equal(config.backend.api_root, server);
  assert.equal(config.backend.graphql_api_root, 'https://github.example.org/api/graphql');
  const page = String(files.find((file) => file.path === 'admin/index.html')!.contents);
  const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(page)![1]!.replaceAll('&#39;', "'");
  const connect = directives(policy).get('connect-src')!;
  assert.ok(connect.includes('https://github.example.org'), connect.join(' '));
  assert.ok(directives(policy).get('img-src')!.includes('https://github.example.org'), 'avatars come from the server');
  assert.ok(!/github\.com|githubusercontent/.test(policy), `no GitHub host is allowed: ${policy}`);

  // Without it, GitHub's own hosts, as before.
  const github = adminFiles(urls, content, { repo: 'a/b', branch: 'main' });
  const githubPage = String(github.find((file) => file.path === 'admin/index.html')!.contents);
  assert.match(githubPage, /connect-src [^;]*https:\/\/api\.github\.com/);
  assert.equal(
    JSON.parse(String(github.find((file) => file.path === 'admin/config.json')!.contents)).backend.api_root,
    undefined,
  );
});
