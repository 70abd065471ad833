/**
 * A publication typed as its DOI alone, as the CMS's form saves it: the build
 * refuses it with the command that fills it in (nothing half-filled is
 * published), the dev server's line names it, and after `cite fill` against
 * the loopback resolver (recorded registry answers) it builds and shows the
 * full citation.
 */
import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { buildSite } from '../scripts/build-site.ts';
import { runCite } from '../scripts/cite.ts';
import { BuildError } from '../scripts/lib/problems.ts';
import { doiOnlyLine } from '../scripts/stages/content/doi-only.ts';
import { type RecordedResolver, startRecordedResolver } from './fixtures/doi/recorded-resolver.ts';
import { fixtureContentDir, readPage, temporaryFolder } from './helpers/site.ts';

let resolver: RecordedResolver;
before(async () => {
  resolver = await startRecordedResolver();
});
after(() => resolver.close());

/** The fixture content with one more publication under first-example: the DOI of a recorded Crossref record, alone. */
async function contentWithDoiOnly(entry: string) {
  const dir = await temporaryFolder('eccron-doi-only-');
  const contentDir = path.join(dir, 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  const file = path.join(contentDir, 'publications.yml');
  const text = await readFile(file, 'utf8');
  const at = text.indexOf('\nsecond-example:');
  assert.ok(at > 0, 'the fixture lists first-example before second-example');
  await writeFile(file, `${text.slice(0, at)}\n${entry}${text.slice(at)}`);
  return { dir, contentDir, file, line: text.slice(0, at).split('\n').length + 1 };
}

const buildProblems = async (contentDir: string, outDir: string) => {
  try {
    await buildSite({ contentDir, outDir });
    return [];
  } catch (error) {
    if (error instanceof BuildError) return error.problems;
    throw error;
  }
};

test('a publication that holds only a DOI is refused by the build with the fill command, once, at its DOI', async () => {
  const { dir, contentDir, line } = await contentWithDoiOnly('  - doi: 10.1098/rsif.2017.0387\n');
  const problems = await buildProblems(contentDir, path.join(dir, 'dist'));
  const message = `holds only a DOI, not yet a citation: run npm run cite -- fill to fill in its authors, year, title and the rest from the DOI (on the live site, the pull request's "Fill publications" check does it)`;
  assert.deepEqual(
    problems.map((problem) => [problem.where.replace(/^.*content\//, 'content/'), problem.message]),
    [[`content/publications.yml:${line}:10 › first-example[2] › doi`, message]],
  );
  assert.equal(
    doiOnlyLine(problems)?.replace(/: \S*content\//, ': content/'),
    `Only a DOI, not yet a citation: content/publications.yml:${line}:10 › first-example[2] › doi; fill it with npm run cite -- fill (asks the DOI registries online)`,
  );
});

test('after cite fill against the recorded registry answers, the DOI-only publication builds and its page shows the full citation', async () => {
  // As the CMS's form writes it: the DOI, and the year "not known" until chosen.
  const { dir, contentDir, file } = await contentWithDoiOnly('  - doi: 10.1126/science.169.3946.635\n    year: null\n');
  const lines: string[] = [];
  const code = await runCite(['fill', '--content', contentDir], {
    print: (printed) => lines.push(printed),
    resolver: { resolver: resolver.url, backoffMs: 10, timeoutMs: 2000 },
  });
  assert.equal(code, 0, lines.join('\n'));
  const filled = await readFile(file, 'utf8');
  assert.match(
    filled,
    /- doi: 10\.1126\/science\.169\.3946\.635\n {4}authors: Frank, H\. S\.\n {4}year: 1970\n {4}title: "The Structure of Ordinary Water/,
    'every field of the record, the year set where "null" was, no second year',
  );
  const outDir = path.join(dir, 'dist');
  assert.deepEqual(await buildProblems(contentDir, outDir), []);
  const page = await readPage(outDir, '/research/first-example');
  assert.ok(
    page
      .replace(/<[^>]+>/g, '')
      .includes(
        'Frank, H. S. (1970). The Structure of Ordinary Water: New data and interpretations are yielding new insights into this fascinating substance. Science, 169(3946), 635–641.',
      ),
    'the full citation, from the recorded Crossref record',
  );
  assert.ok(page.includes('https://doi.org/10.1126/science.169.3946.635'));
});

test('a DOI the registries do not know leaves its entry waiting, and the others are still filled and written', async () => {
  const { dir, contentDir, file } = await contentWithDoiOnly(
    '  - doi: 10.1126/foo\n  - doi: 10.1126/science.169.3946.635\n    year: null\n',
  );
  const lines: string[] = [];
  const code = await runCite(['fill', '--content', contentDir], {
    print: (printed) => lines.push(printed),
    resolver: { resolver: resolver.url, backoffMs: 10, timeoutMs: 2000 },
  });
  assert.equal(code, 0, lines.join('\n'));
  assert.ok(
    lines.some((line) => /first-example\[2\] 10\.1126\/foo: not registered/.test(line)),
    lines.join('\n'),
  );
  const filled = await readFile(file, 'utf8');
  assert.match(
    filled,
    /- doi: 10\.1126\/foo\n {2}- doi: 10\.1126\/science\.169\.3946\.635\n {4}authors: Frank, H\. S\./,
  );
  const problems = await buildProblems(contentDir, path.join(dir, 'dist'));
  assert.deepEqual(
    problems.map((problem) => problem.where.replace(/^.*› /, '')),
    ['doi'],
    'only the unknown DOI still waits',
  );
  assert.match(problems[0]!.where, /first-example\[2\]/);
});
