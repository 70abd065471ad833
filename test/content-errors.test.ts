import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { buildSite } from '../scripts/build-site.ts';
import { BuildError, displayPath } from '../scripts/lib/problems.ts';
import { buildIntoTemporaryFolder, fixtureContentDir, temporaryFolder } from './helpers/site.ts';
import { snapshot } from './helpers/snapshot.ts';

const run = promisify(execFile);

/** Runs `npm run build` on a content folder that must fail; returns what it printed, after checking dist/ is untouched. */
async function failingBuild(contentDir: string, env: Record<string, string> = {}): Promise<string> {
  const { outDir } = await buildIntoTemporaryFolder();
  const before = await snapshot(outDir);
  const failure = await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/build.ts', '--content', contentDir, '--out', outDir],
    {
      env: { ...process.env, CI: 'true', ...env },
    },
  ).then(
    () => assert.fail('the build should have failed'),
    (error: { code: number; stderr: string }) => error,
  );
  assert.equal(failure.code, 1, 'exit code 1');
  assert.doesNotMatch(failure.stderr, new RegExp(`${String.fromCharCode(27)}\\[`), 'no colour codes in CI');
  assert.match(failure.stderr, /The previous output, if any, was left as it was\./);
  assert.deepEqual(await snapshot(outDir), before, 'dist/ is exactly as it was');
  return failure.stderr;
}

/** The lines of a problem: where and what, then the line of the file with a caret under the column. */
function assertProblem(output: string, where: string, message: RegExp, caretColumn?: number) {
  const lines = output.split('\n');
  const at = lines.findIndex((line) => line.startsWith(`  ${where}: `));
  assert.ok(at !== -1, `a problem at ${where} in:\n${output}`);
  assert.match(lines[at]!.slice(`  ${where}: `.length), message);
  if (caretColumn !== undefined) {
    const [source, caret] = [lines[at + 1]!, lines[at + 2]!];
    const bar = source.indexOf('| ');
    assert.ok(bar > 0 && caret.indexOf('| ') === bar, `an excerpt under ${where}:\n${source}\n${caret}`);
    assert.equal(
      caret.indexOf('^') - bar - 2,
      caretColumn - 1,
      `the caret points at column ${caretColumn}:\n${source}\n${caret}`,
    );
  }
}

test('every planted mistake is reported at once with file:line:column, the entry, the field and a hint', async () => {
  const output = await failingBuild('test/fixtures/broken-content');
  const file = (name: string) => `test/fixtures/broken-content/${name}`;
  assert.match(output, /Build failed while checking content: 10 problems/);
  // A misspelt field is an error, with the field that was meant.
  assertProblem(
    output,
    `${file('members.yml')}:15:5 › members[1] (Ben Sample) › instituton`,
    /^unknown field "instituton"; did you mean "institution"\?$/,
    5,
  );
  // An impossible date says why it is impossible.
  assertProblem(
    output,
    `${file('news/2020-01-10-older-example.md')}:3:7 › date`,
    /^expected a real calendar date: February 2025 has 28 days, found "2025-02-30"$/,
    7,
  );
  // A required field left out says which field, and what it holds.
  assertProblem(
    output,
    `${file('news/2023-06-01-newer-example.md')}:2:1 › type`,
    /^missing field "type" \(expected one of Publication, Event, Announcement\); add a line "type: …" to this entry$/,
    1,
  );
  // The same DOI twice would count one article twice.
  assertProblem(
    output,
    `${file('publications.yml')}:32:10 › third-example[2] "The third example of the third theme" › doi`,
    /expected a DOI no other publication has: 10\.5555\/fixture\.3 is already listed as third-example\[0\]/,
    10,
  );
  // A site address without its scheme would be written into every canonical link.
  assertProblem(
    output,
    `${file('site.yml')}:4:10 › siteUrl`,
    /expected an address starting with https:\/\/ .*found "fixture\.example"/,
    10,
  );
  // An image the pages and link previews point to must be there.
  assertProblem(
    output,
    `${file('site.yml')}:9:10 › ogImage`,
    /expected a file that exists in public\/, found "uploads\/no-such-picture\.jpg"/,
    10,
  );
  assertProblem(
    output,
    `${file('site.yml')}:5:15 › contactEmail`,
    /expected an e-mail address such as name@example\.org, found "office\(at\)fixture\.example"/,
  );
  assertProblem(
    output,
    `${file('publications.yml')}:19:11 › third-example[0] "The first example of the third theme" › year`,
    /expected a year, "in press" or null .*found "soon"/,
  );
  assertProblem(
    output,
    `${file('members.yml')}:19:14 › members[3] (Dan Demo) › country`,
    /expected one of the countries listed under countries: \(Exampleland, Emptyland, Sampleland\).*found "Atlantis"/,
  );
  assertProblem(
    output,
    `${file('themes.yml')}:7:7 › themes[1] (second-example) › id`,
    /expected at least one publication for this theme, under "second-example:" in publications\.yml/,
  );
});

test('a YAML syntax slip names the line and column, shows the line with a caret and says what to do', async () => {
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  const edit = async (name: string, from: string, to: string) => {
    const file = path.join(contentDir, name);
    const text = await readFile(file, 'utf8');
    assert.ok(text.includes(from), `${name} has ${from}`);
    await writeFile(file, text.replace(from, to));
  };
  // An apostrophe inside single quotes, and a field without its colon (inside an entry, and last in it).
  await edit('site.yml', 'acronym: ExCon', "acronym: 'ExCon's site'");
  await edit(
    'publications.yml',
    '    title: An example study with every field of a citation',
    '    title An example study with every field of a citation',
  );
  await edit('members.yml', '    institution: Sample Institute', '    institution Sample Institute');
  const output = await failingBuild(contentDir);
  const shown = (name: string) => displayPath(path.join(contentDir, name));
  assert.match(output, /Build failed while reading content: 3 problems/);
  assertProblem(
    output,
    `${shown('site.yml')}:3:17`,
    /the YAML cannot be read: .*to use an apostrophe inside, write it twice or use double quotes/,
    17,
  );
  assertProblem(
    output,
    `${shown('publications.yml')}:5:5`,
    /the YAML cannot be read: .*a field name needs a colon and a space after it/,
    5,
  );
  assertProblem(
    output,
    `${shown('members.yml')}:15:5`,
    /the YAML cannot be read: .*a field name needs a colon and a space after it/,
    5,
  );
});

test('a site address without http(s) and a base path that climbs out are refused before anything is built', async () => {
  for (const [options, where, message] of [
    [{ siteUrl: 'eccron.eu' }, 'SITE_URL', /with http:\/\/ or https:\/\/ .*found "eccron\.eu"/],
    [
      { basePath: '../../evil' },
      'base path (--base or BASE_PATH)',
      /without "\." or "\.\." steps; found "\.\.\/\.\.\/evil"/,
    ],
  ] as const) {
    const { outDir } = await buildIntoTemporaryFolder({ contentDir: fixtureContentDir });
    const before = await snapshot(outDir);
    const error = await buildSite({ contentDir: fixtureContentDir, outDir, ...options }).then(
      () => assert.fail('the build should have failed'),
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof BuildError, String(error));
    assert.equal(error.problems.length, 1);
    assert.equal(error.problems[0]!.where, where);
    assert.match(error.problems[0]!.message, message);
    assert.deepEqual(await snapshot(outDir), before, 'the previous output is untouched');
  }
});

test('a file saved as UTF-16, one in Windows-1252 and an invisible character print no raw bytes to the terminal', async () => {
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  const themes = await readFile(path.join(contentDir, 'themes.yml'), 'utf8');
  await writeFile(path.join(contentDir, 'themes.yml'), Buffer.from(themes, 'utf16le'));
  const members = await readFile(path.join(contentDir, 'members.yml'), 'utf8');
  await writeFile(
    path.join(contentDir, 'members.yml'),
    Buffer.from(members.replace('Ben Sample', 'Zoë Sample'), 'latin1'),
  );
  const output = await failingBuild(contentDir);
  const shown = (name: string) => displayPath(path.join(contentDir, name));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point.
  assert.doesNotMatch(output, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b]/, 'nothing a terminal would act on');
  assertProblem(output, shown('themes.yml'), /^is saved as UTF-16: save it as UTF-8/);
  assertProblem(
    output,
    `${shown('members.yml')}:13`,
    /^is not saved as UTF-8 but in an older encoding, such as Windows-1252: byte 0xEB \("ë" in Windows-1252\) on line 13/,
  );

  // Once the files are text, an invisible character and a control character in a value are shown escaped.
  await cp(fixtureContentDir, contentDir, { recursive: true });
  const news = path.join(contentDir, 'news', '2023-06-01-newer-example.md');
  await writeFile(news, (await readFile(news, 'utf8')).replace('type: Announcement', 'type: Announcement\u200b\u0007'));
  const second = await failingBuild(contentDir);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point.
  assert.doesNotMatch(second, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b]/, 'nothing a terminal would act on');
  assertProblem(
    second,
    `${shown('news/2023-06-01-newer-example.md')}:5:7 › type`,
    /^expected one of Publication, Event, Announcement, found "Announcement\\u200b\\u0007"; it holds an invisible character \(\\u200b\): delete the invisible character$/,
    7,
  );
});
