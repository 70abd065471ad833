/**
 * The services' settings (scripts/lib/services.ts): DOI_RESOLVER, DOI_HANDLE_API, ORCID_API, CROSSREF_API and
 * OPEN_ACCESS_API are read by one reader, so any value is either an http(s) address the commands can ask or one line
 * naming the setting and its fix, with the command's code for bad input (cite 1, check-links 2): never a stack trace,
 * never a code that means something else (check-links' 1 is "a link is broken"). Nothing is asked of any server.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { runCheckLinks } from '../scripts/check-links.ts';
import { type Service, ServiceSettingError, serviceAddress, services } from '../scripts/lib/services.ts';
import { citeContent, runCiteOn } from './helpers/cite.ts';

const names = Object.keys(services) as Service[];

/** Values a person mistypes, or that a shell leaves behind. */
const mistyped = [
  'htp:/doi.org',
  'doi.org',
  'https//doi.org',
  'https://',
  'http:/doi.org',
  'ftp://doi.org',
  'https://doi.org/?format=json',
  'https://doi.org/#top',
  'https://user:secret@doi.org',
  'javascript:alert(1)',
  '::',
  '"https://doi.org"',
  'https://doi .org',
];

test('any value of any setting is an http(s) address to ask, or one line naming the setting and its fix', () => {
  const value = fc.oneof(
    fc.string(),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.constantFrom(...mistyped),
  );
  fc.assert(
    fc.property(fc.constantFrom(...names), value, (service, typed) => {
      const { setting, address } = services[service];
      let asked: string;
      try {
        asked = serviceAddress(service, { [setting]: typed });
      } catch (error) {
        assert.ok(error instanceof ServiceSettingError, `a ServiceSettingError, not ${error}`);
        assert.equal(error.message.split('\n').length, 1, 'one line');
        assert.ok(error.message.startsWith(`${setting} is ${JSON.stringify(typed.trim())}, which `), error.message);
        assert.ok(
          error.message.endsWith(
            `: set it to the address of ${services[service].what}, such as ${address}, or unset it to use that one. Nothing was asked.`,
          ),
        );
        return;
      }
      const url = new URL(asked);
      assert.ok(url.protocol === 'http:' || url.protocol === 'https:', asked);
      assert.equal(url.search + url.hash, '', asked);
      assert.ok(!asked.endsWith('/'), asked);
    }),
    { numRuns: 500 },
  );
  // Unset or blank, the public address.
  for (const service of names) {
    assert.equal(serviceAddress(service, {}), services[service].address);
    assert.equal(serviceAddress(service, { [services[service].setting]: '  ' }), services[service].address);
  }
  assert.equal(serviceAddress('doiResolver', { DOI_RESOLVER: ' http://127.0.0.1:8080/ ' }), 'http://127.0.0.1:8080');
});

test('the exact words for a mistyped address', () => {
  assert.throws(() => serviceAddress('doiResolver', { DOI_RESOLVER: 'htp:/doi.org' }), {
    message:
      'DOI_RESOLVER is "htp:/doi.org", which is a htp: address, not http(s): set it to the address of a DOI resolver, such as https://doi.org, or unset it to use that one. Nothing was asked.',
  });
  assert.throws(() => serviceAddress('doiHandleApi', { DOI_HANDLE_API: 'doi.org/api/handles' }), {
    message:
      'DOI_HANDLE_API is "doi.org/api/handles", which is not an http(s) address: set it to the address of the DOI handle API, such as https://doi.org/api/handles, or unset it to use that one. Nothing was asked.',
  });
});

test('cite add, fill and orcid refuse a mistyped setting in one line with exit 1, asking nothing', async (t) => {
  const c = await citeContent();
  try {
    const before = await c.read();
    const cases: [string, string[], Record<string, string>][] = [
      ['DOI_RESOLVER', ['add', '10.1098/rsif.2017.0387', '--theme', 'first-example'], { DOI_RESOLVER: 'htp:/doi.org' }],
      ['CROSSREF_API', ['fill', '--find-dois'], { CROSSREF_API: 'https://api.crossref.org?mailto=x' }],
      ['OPEN_ACCESS_API', ['fill'], { OPEN_ACCESS_API: 'api.unpaywall.org/v2' }],
      ['ORCID_API', ['orcid'], { ORCID_API: '::' }],
    ];
    for (const [setting, argv, environment] of cases)
      await t.test(setting, async () => {
        const { code, output } = await runCiteOn(argv, c.contentDir, { environment });
        assert.equal(code, 1, output);
        assert.equal(output.split('\n').length, 1, output);
        assert.match(output, new RegExp(`^${setting} is ".*", which .*: set it to .* Nothing was asked\\.$`));
      });
    assert.equal(await c.read(), before);
  } finally {
    await c.done();
  }
});

const run = promisify(execFile);
/** A command of package.json run as npm runs it: its exit code and what it printed. */
const command = (script: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...process.env, ...env } }).then(
    (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

test('as commands: cite exits 1 and check-links 2 (its 1 is for broken links), each with one line and no stack trace', async () => {
  const c = await citeContent();
  const dist = await mkdtemp(path.join(os.tmpdir(), 'services-dist-'));
  try {
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>A built site</title>');
    const cite = await command(
      'scripts/cite.ts',
      ['add', '10.1098/rsif.2017.0387', '--theme', 'first-example', '--content', c.contentDir],
      {
        DOI_RESOLVER: 'https//doi.org',
      },
    );
    assert.equal(cite.code, 1);
    assert.equal(
      cite.stdout.trim(),
      'DOI_RESOLVER is "https//doi.org", which is not an http(s) address: set it to the address of a DOI resolver, such as https://doi.org, or unset it to use that one. Nothing was asked.',
    );
    assert.equal(cite.stderr, '');
    // check-links' own function, in this process, with what it would print to stdout and stderr: the command as a
    // process is tested in check-links.test.ts and command-line.test.ts.
    for (const [setting, value] of [
      ['DOI_HANDLE_API', 'doi.org/api/handles'],
      ['ORCID_API', 'https://pub.orcid.org/v3.0?x'],
    ]) {
      const links = { code: 0, stdout: '', stderr: '' };
      links.code = await runCheckLinks(['--dist', dist, '--content', c.contentDir], {
        environment: { ...process.env, [setting!]: value! },
        print: (line) => (links.stdout += `${line}\n`),
        printError: (line) => (links.stderr += `${line}\n`),
      });
      assert.equal(links.code, 2, links.stderr);
      assert.equal(links.stdout, '');
      assert.equal(links.stderr.trim().split('\n').length, 1, links.stderr);
      assert.match(
        links.stderr,
        new RegExp(`^${setting} is "${value!.replace(/[.?]/g, '\\$&')}", which .* Nothing was asked\\.\\n$`),
      );
    }
  } finally {
    await rm(dist, { recursive: true, force: true });
    await c.done();
  }
});
