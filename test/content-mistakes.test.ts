/**
 * The mistakes a maintainer makes, planted one at a time in a fresh copy of
 * the fixture content, each with the exact words the build answers. A mistake
 * is either refused with the file and line it was made on and the fix, or
 * accepted with a warning naming them, or (where the intent is plain)
 * accepted as meant; none is accepted without a word.
 */
import assert from 'node:assert/strict';
import { cp, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { BuildError, displayPath, formatProblem, type Problem } from '../scripts/lib/problems.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { firstInvisible } from '../src/text.ts';
import { buildIntoTemporaryFolder, fixtureContentDir, temporaryFolder } from './helpers/site.ts';
import { snapshot } from './helpers/snapshot.ts';

type Edit = (contentDir: string) => Promise<void>;

/** Replaces `from` (which must be there) with `to` in a file of the content, written as the given bytes. */
const replace =
  (name: string, from: string, to: string, encode: (text: string) => Uint8Array = (text) => Buffer.from(text)): Edit =>
  async (contentDir) => {
    const file = path.join(contentDir, name);
    const text = await readFile(file, 'utf8');
    assert.ok(text.includes(from), `${name} holds ${JSON.stringify(from)}`);
    await writeFile(file, encode(text.replace(from, to)));
  };
const write =
  (name: string, contents: string | Uint8Array): Edit =>
  (contentDir) =>
    writeFile(path.join(contentDir, name), contents);
const move =
  (from: string, to: string): Edit =>
  (contentDir) =>
    rename(path.join(contentDir, from), path.join(contentDir, to));

const NEWER = 'news/2023-06-01-newer-example.md';
const WORKSHOP = 'news/2030-03-01-spring-workshop.md';
const SEMINAR = 'news/2030-04-01-online-seminar.md';

/** A fresh copy of the fixture content with the edits made; its path as messages show it. */
async function planted(edits: Edit[]): Promise<{ contentDir: string; shown: string }> {
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  for (const edit of edits) await edit(contentDir);
  return { contentDir, shown: displayPath(contentDir) };
}

/** Every problem (or warning) as the build prints it, with the copy's folder written as "content". */
const printed = (problems: Problem[], shown: string) =>
  problems.map((problem) => formatProblem(problem).replaceAll(`${shown}/`, 'content/').replaceAll(shown, 'content'));

async function outcome(edits: Edit[]) {
  const { contentDir, shown } = await planted(edits);
  try {
    const loaded = await loadContent(contentDir, { publicDir: path.resolve('public') });
    // The fixture's two articles without a journal and its DOI without a year are warned about whatever is planted
    // (test/citation-incomplete).
    const planted = loaded.warnings.filter(
      (warning) => !/^a (?:journal article without|publication with a DOI but no year)/.test(warning.message),
    );
    return { problems: [], warnings: printed(planted, shown), content: loaded.content };
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    return { problems: printed(error.problems, shown), warnings: [], content: undefined };
  }
}

const cases: { name: string; edits: Edit[]; problems?: string[]; warnings?: string[] }[] = [
  {
    name: 'illustration missing',
    edits: [replace('site.yml', 'src: uploads/team.svg', 'src: uploads/no-such-team.svg')],
    problems: [
      'content/site.yml:32:10 › about › illustration › src: expected a file that exists in public/, found "uploads/no-such-team.svg", which is not there',
    ],
  },
  {
    name: 'news without date',
    edits: [move(NEWER, 'news/newer-example.md')],
    problems: [
      'content/news/newer-example.md: expected a news file named YYYY-MM-DD-<id>.md, such as 2026-11-01-autumn-meeting.md (the date, then an id of lower-case letters, digits and hyphens); the date is missing',
    ],
  },
  {
    name: 'news impossible date',
    edits: [move(NEWER, 'news/2023-02-30-newer-example.md')],
    problems: [
      'content/news/2023-02-30-newer-example.md: the date in the file name: expected a real calendar date: February 2023 has 28 days',
    ],
  },
  {
    name: 'news .markdown',
    edits: [move(NEWER, 'news/2023-06-01-newer-example.markdown')],
    problems: [
      'content/news/2023-06-01-newer-example.markdown: news files end in .md; rename it to 2023-06-01-newer-example.md',
    ],
  },
  {
    name: 'news upper-case',
    edits: [move(NEWER, 'news/2023-06-01-Newer Example.md')],
    problems: [
      'content/news/2023-06-01-Newer Example.md: expected a news file named YYYY-MM-DD-<id>.md, such as 2026-11-01-autumn-meeting.md (the date, then an id of lower-case letters, digits and hyphens)',
    ],
  },
  {
    name: 'hash comment',
    edits: [replace(NEWER, 'title: A newer example update', 'title: Autumn meeting #2')],
    warnings: [
      'content/news/2023-06-01-newer-example.md:2:23: "#2" is read as a comment, so the value is "Autumn meeting"; if the # belongs to the value, put the whole value in quotes: "Autumn meeting #2"',
    ],
  },
  {
    name: 'windows-1252',
    edits: [replace('members.yml', '- name: Ben Sample', '- name: Zoë Example', (text) => Buffer.from(text, 'latin1'))],
    problems: [
      'content/members.yml:13: is not saved as UTF-8 but in an older encoding, such as Windows-1252: byte 0xEB ("ë" in Windows-1252) on line 13 is not UTF-8; save it as UTF-8 (in most editors: Save As, then Encoding: UTF-8)',
    ],
  },
  {
    name: 'utf-16',
    edits: [
      replace('site.yml', 'acronym: ExCon', 'acronym: ExCon', (text) =>
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      ),
    ],
    problems: [
      'content/site.yml: is saved as UTF-16: save it as UTF-8 (in most editors: Save As, then Encoding: UTF-8)',
    ],
  },
  {
    name: 'utf-16 no bom',
    edits: [replace('site.yml', 'acronym: ExCon', 'acronym: ExCon', (text) => Buffer.from(text, 'utf16le'))],
    problems: [
      'content/site.yml: is saved as UTF-16: save it as UTF-8 (in most editors: Save As, then Encoding: UTF-8)',
    ],
  },
  {
    name: 'binary',
    edits: [
      write('themes.yml', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48])),
    ],
    problems: ['content/themes.yml: is not a text file (it holds binary data); content files are text saved as UTF-8'],
  },
  {
    name: 'empty',
    edits: [write('site.yml', '')],
    problems: ['content/site.yml: is empty; it should hold the site settings'],
  },
  {
    name: 'only comments',
    edits: [write('members.yml', '# nothing yet\n')],
    problems: ['content/members.yml: holds only comments; it should hold countries: and members:'],
  },
  {
    name: 'no space after the colon',
    edits: [replace('site.yml', 'acronym: ExCon', 'acronym:ExCon')],
    problems: [
      'content/site.yml:3:8: the YAML cannot be read: put a space after the colon, as in "acronym: ExCon"; without it, YAML reads "acronym:ExCon" as text, not as the field acronym',
    ],
  },
  {
    name: 'empty front matter',
    edits: [write('legal/terms-of-service.md', '---\n---\n\nSome text.\n')],
    problems: [
      'content/legal/terms-of-service.md:2:1 › title: missing field "title" (expected text); add a line "title: …" to this entry',
    ],
  },
  {
    name: 'empty news',
    edits: [write(NEWER, '')],
    problems: [
      'content/news/2023-06-01-newer-example.md: is empty; it should hold a news item: front matter with title, date, link and type, the summary below',
    ],
  },
  {
    name: 'bom everywhere',
    edits: [replace(NEWER, '---', '\ufeff---'), replace('site.yml', '# yaml', '\ufeff# yaml')],
  },
  {
    name: 'nfc twice',
    edits: [
      replace('members.yml', '- name: Ben Sample', '- name: Zoe\u0301 Example'),
      replace('members.yml', '- name: Cleo Trial', '- name: Zo\u00e9 Example'),
    ],
    problems: [
      'content/members.yml:16:11 › members[2] (Zoé Example) › name: expected each member once: "Zoé Example" is listed twice (first at content/members.yml:13), typed with two different encodings of the same letters (Unicode composed and decomposed forms); delete one of the two entries',
    ],
  },
  {
    name: 'huge description',
    edits: [
      replace(
        'themes.yml',
        'description: A made-up theme with a single publication, to show the singular count.',
        `description: ${'x'.repeat(5 * 1024 * 1024)}`,
      ),
    ],
    problems: [
      `content/themes.yml:9:16 › themes[1] (second-example) › description: expected at most 2,000 characters; this one has 5,242,880: shorten it, found "${'x'.repeat(60)}…" (5,242,880 characters)`,
    ],
  },
  {
    name: 'protocol-relative',
    edits: [
      replace(
        NEWER,
        'It is *shown first*',
        'See [x](//host.example/page), [y](www.example.org/page), [z](research/), [j](javascript:alert(1)) and ![pic](/uploads/team.svg). It is *shown first*',
      ),
    ],
    problems: [
      'content/news/2023-06-01-newer-example.md:8:39: links to //host.example/page, which has no scheme: a browser would read it relative to wherever the site is served; write https://host.example/page',
      'content/news/2023-06-01-newer-example.md:8:65: links to www.example.org/page, which has no scheme and would be read as a page of this site; write https://www.example.org/page',
      "content/news/2023-06-01-newer-example.md:8:92: links to research/, a relative path, which means a different page depending on where the text is shown; write the path from the site's root, such as /research/, or a full address with https://",
      'content/news/2023-06-01-newer-example.md:8:108: links with "javascript:", which the site does not publish; a link starts with https://, mailto: or / (a page of this site)',
    ],
  },
  {
    name: 'markdown image',
    edits: [replace(NEWER, 'It is *shown first*', 'See ![the team](/uploads/team.svg). It is *shown first*')],
    warnings: [
      'content/news/2023-06-01-newer-example.md:8:39: an image in the text (/uploads/team.svg) is not shown: the site prints its description "the team" instead; to link to it, drop the "!"',
    ],
  },
  {
    name: 'links in a table',
    edits: [
      replace(
        NEWER,
        'stays text.',
        'stays text.\n\n| Item | Where |\n| --- | --- |\n| Click | [click](javascript:alert(1)) |\n| Page | [rel](research/) |',
      ),
    ],
    problems: [
      'content/news/2023-06-01-newer-example.md:12:11: links with "javascript:", which the site does not publish; a link starts with https://, mailto: or / (a page of this site)',
      "content/news/2023-06-01-newer-example.md:13:10: links to research/, a relative path, which means a different page depending on where the text is shown; write the path from the site's root, such as /research/, or a full address with https://",
    ],
  },
  {
    name: 'unclosed quote',
    edits: [replace('site.yml', 'acronym: ExCon', "acronym: 'ExCon")],
    problems: [
      "content/site.yml:3:10: the YAML cannot be read: the quote ' opened here is not closed; end the value with ' on the same line (an apostrophe inside single quotes is written twice: '')",
    ],
  },
  {
    name: 'unclosed double quote',
    edits: [replace(NEWER, 'title: A newer example update', 'title: "A newer example update')],
    problems: [
      'content/news/2023-06-01-newer-example.md:2:8: the YAML cannot be read: the quote " opened here is not closed; end the value with " on the same line',
    ],
  },
  {
    name: 'mis-indented deeper',
    edits: [replace('members.yml', '    institution: Sample Institute', '     institution: Sample Institute')],
    problems: [
      'content/members.yml:15:6: the YAML cannot be read: this line is indented to column 6, but the fields of its entry start at column 5; line it up with the line above',
    ],
  },
  {
    name: 'mis-indented shallower',
    edits: [replace('members.yml', '    institution: Sample Institute', '   institution: Sample Institute')],
    problems: [
      'content/members.yml:15:4: the YAML cannot be read: this line is indented to column 4, but the fields of its entry start at column 5; line it up with the line above',
    ],
  },
  {
    name: 'star',
    edits: [replace(NEWER, 'title: A newer example update', 'title: *Important* update')],
    problems: [
      'content/news/2023-06-01-newer-example.md:2:8: the YAML cannot be read: a value starting with * is read as a reference to an anchor (*name), not as text; put the whole value in quotes: title: "*Important* update"',
    ],
  },
  {
    name: 'bracket',
    edits: [replace(NEWER, 'title: A newer example update', 'title: [Draft] update')],
    problems: [
      'content/news/2023-06-01-newer-example.md:2:8: the YAML cannot be read: a value starting with [ is read as a list, not as text; put the whole value in quotes: title: "[Draft] update"',
    ],
  },
  {
    name: 'brace',
    edits: [replace(NEWER, 'title: A newer example update', 'title: {Draft} update')],
    problems: [
      'content/news/2023-06-01-newer-example.md:2:8: the YAML cannot be read: a value starting with { is read as a group of fields, not as text; put the whole value in quotes: title: "{Draft} update"',
    ],
  },
  {
    name: 'amp',
    edits: [replace(NEWER, 'title: A newer example update', 'title: & more')],
    problems: [
      'content/news/2023-06-01-newer-example.md:2:8: the YAML cannot be read: a value starting with & is read as an anchor (&name), not as text; put the whole value in quotes: title: "& more"',
    ],
  },
  {
    name: 'bang',
    edits: [replace(NEWER, 'title: A newer example update', 'title: !Important update')],
    problems: [
      'content/news/2023-06-01-newer-example.md:2:8: the YAML cannot be read: a value starting with ! is read as a tag (!name), not as text; put the whole value in quotes: title: "!Important update"',
    ],
  },
  {
    name: 'pipe',
    edits: [replace(NEWER, 'title: A newer example update', 'title: | pipe')],
    problems: [
      'content/news/2023-06-01-newer-example.md:2:8: the YAML cannot be read: a value starting with | is read as the start of a block of lines, not as text; put the whole value in quotes: title: "| pipe"',
    ],
  },
  {
    name: 'gt',
    edits: [replace(NEWER, 'title: A newer example update', 'title: > more')],
    problems: [
      'content/news/2023-06-01-newer-example.md:2:8: the YAML cannot be read: a value starting with > is read as the start of a folded block of lines, not as text; put the whole value in quotes: title: "> more"',
    ],
  },
  {
    name: 'pct',
    edits: [replace(NEWER, 'title: A newer example update', 'title: %50 off')],
    problems: [
      'content/news/2023-06-01-newer-example.md:2:8: the YAML cannot be read: a value starting with % is read as a directive, not as text; put the whole value in quotes: title: "%50 off"',
    ],
  },
  {
    name: 'at',
    edits: [replace(NEWER, 'title: A newer example update', 'title: @someone wrote')],
    problems: [
      'content/news/2023-06-01-newer-example.md:2:8: the YAML cannot be read: a value starting with @ is read as reserved syntax, not as text; put the whole value in quotes: title: "@someone wrote"',
    ],
  },
  {
    name: 'tick',
    edits: [replace(NEWER, 'title: A newer example update', 'title: `code` update')],
    problems: [
      'content/news/2023-06-01-newer-example.md:2:8: the YAML cannot be read: a value starting with ` is read as reserved syntax, not as text; put the whole value in quotes: title: "`code` update"',
    ],
  },
  {
    name: 'colon',
    edits: [replace(NEWER, 'title: A newer example update', 'title: Ratio: 2')],
    problems: [
      'content/news/2023-06-01-newer-example.md:2:8: the YAML cannot be read: a value containing ": " is read as a field inside a field; put the whole value in quotes: title: "Ratio: 2"',
    ],
  },
  {
    name: 'tab',
    edits: [replace('members.yml', '    institution: Sample Institute', '\tinstitution: Sample Institute')],
    problems: ['content/members.yml:15:1: the YAML cannot be read: a tab indents this line; indent with spaces'],
  },
  {
    name: 'volume number',
    edits: [
      replace('publications.yml', 'volume: "12"', 'volume: 12'),
      replace('publications.yml', 'year: 2020', 'year: "2020"'),
    ],
  },
  {
    name: 'zero-width country',
    edits: [
      replace(
        'members.yml',
        '    country: Sampleland\n    institution',
        '    country: Sampleland\u200b\n    institution',
      ),
    ],
    problems: [
      'content/members.yml:14:14 › members[1] (Ben Sample) › country: expected text without invisible characters: it holds \\u200b after "Sampleland"; delete the invisible character, found "Sampleland\\u200b"',
    ],
  },
  {
    name: 'misspelt theme key',
    edits: [replace('publications.yml', 'second-example:', 'secnd-example:')],
    problems: [
      'content/publications.yml:16:1 › secnd-example: expected the id of a theme of themes.yml, found "secnd-example"; did you mean "second-example" (content/themes.yml:7)?',
      'content/themes.yml:7:7 › themes[1] (second-example) › id: expected at least one publication for this theme, under "second-example:" in publications.yml',
    ],
  },
  {
    name: 'a chapter without the book it is in',
    edits: [replace('publications.yml', '    bookTitle: The example handbook\n', '')],
    problems: [
      'content/publications.yml:37:5 › third-example[3] "An example chapter in an edited book" › bookTitle: missing: is a chapter without "bookTitle"; add the title of the book the chapter is in',
    ],
  },
  {
    name: 'an edited book without its editors',
    edits: [replace('publications.yml', '    editors: Editor, E., & Redactor, R.\n', '')],
    problems: [
      'content/publications.yml:52:5 › third-example[5] "An example book with editors only" › editors: missing: is an edited book without "editors"; add them, written like authors ("Editor, E., & Other, O.")',
    ],
  },
  {
    name: 'a kind of publication misspelt',
    edits: [replace('publications.yml', 'type: preprint', 'type: pre-print')],
    problems: [
      'content/publications.yml:58:11 › third-example[6] "An example preprint not yet peer reviewe…" › type: expected one of article, chapter, book, edited-book, conference-paper, thesis, report, preprint, dataset, software, presentation (leave it out for a journal article), found "pre-print"',
    ],
  },
  {
    name: 'bad theme key',
    edits: [replace('publications.yml', 'second-example:', 'Second Example:')],
    problems: [
      'content/publications.yml:16:1 › Second Example: expected the id of a theme of themes.yml, found "Second Example"; did you mean "second-example" (content/themes.yml:7)?',
      'content/themes.yml:7:7 › themes[1] (second-example) › id: expected at least one publication for this theme, under "second-example:" in publications.yml',
    ],
  },
  {
    name: 'event ends before it starts',
    edits: [replace(WORKSHOP, 'end: 2031-05-19 16:30', 'end: 2031-05-19 12:30')],
    problems: [
      'content/news/2030-03-01-spring-workshop.md:7:6 › end: expected an end after the start: it is earlier than the start; check the end’s day and time (an event that ends on the day it starts ends on the start’s day), found "2031-05-19 12:30"',
    ],
  },
  {
    name: 'event ends on a date where it starts at a time',
    edits: [replace(WORKSHOP, 'end: 2031-05-19 16:30', 'end: 2031-05-20')],
    problems: [
      'content/news/2030-03-01-spring-workshop.md:7:6 › end: expected an end written like the start: both dates (an all-day event), or both a date and a time, found "2031-05-20"',
    ],
  },
  {
    name: 'event at an hour past the clock',
    edits: [replace(WORKSHOP, 'start: 2031-05-19 14:00', 'start: 2031-05-19 24:00')],
    problems: [
      'content/news/2030-03-01-spring-workshop.md:6:8 › start: expected a time from 00:00 to 23:59, written on the 24-hour clock, such as 14:00, found "2031-05-19 24:00"',
    ],
  },
  {
    name: 'event in an unknown time zone',
    edits: [replace(SEMINAR, 'timezone: America/New_York', 'timezone: Europe/Amsterdm')],
    problems: [
      'content/news/2030-04-01-online-seminar.md:8:11 › timezone: expected the name of a time zone of the IANA database, a region and a city, such as Europe/Amsterdam or America/New_York, found "Europe/Amsterdm"',
    ],
  },
  {
    // The database keeps CET, but it names no place, and the message asks for a region and a city.
    name: 'event in a time zone written as an abbreviation',
    edits: [replace(SEMINAR, 'timezone: America/New_York', 'timezone: CET')],
    problems: [
      'content/news/2030-04-01-online-seminar.md:8:11 › timezone: expected the name of a time zone of the IANA database, a region and a city, such as Europe/Amsterdam or America/New_York, found "CET"',
    ],
  },
  {
    name: 'event at a time of day with no time zone anywhere',
    edits: [replace('site.yml', 'timezone: Europe/Amsterdam\n', '')],
    problems: [
      'content/news/2030-03-01-spring-workshop.md:6:8 › start: expected a time zone for an event at a time of day: add a line "timezone: Europe/Amsterdam" (the zone its times are local to), or set "timezone:" in site.yml for every event, found "2031-05-19 14:00"',
    ],
  },
  {
    name: 'event field on a news item of another type',
    edits: [replace(NEWER, 'type: Announcement\n', 'type: Announcement\nlocation: Example Hall\n')],
    problems: [
      'content/news/2023-06-01-newer-example.md:6:11 › location: expected only on a news item of type Event; set "type: Event", or remove location, found "Example Hall"',
    ],
  },
];

for (const { name, edits, problems = [], warnings = [] } of cases) {
  test(`planted: ${name}`, async () => {
    const result = await outcome(edits);
    const first = (lines: string[]) => lines.map((line) => line.split('\n')[0]!.trim());
    assert.deepEqual(first(result.problems), problems, 'the problems, exactly');
    assert.deepEqual(first(result.warnings), warnings, 'the warnings, exactly');
    for (const line of [...result.problems, ...result.warnings])
      assert.equal(firstInvisible(line), -1, `no raw control or invisible character in ${JSON.stringify(line)}`);
  });
}

test('a number typed for a volume is its text, a year in quotes is the year, and a byte-order mark changes nothing', async () => {
  const { content } = await outcome([
    replace('publications.yml', 'volume: "12"', 'volume: 12'),
    replace('publications.yml', 'issue: "3"', 'issue: 03'),
    replace('publications.yml', 'year: 2020', 'year: "2020"'),
    replace(NEWER, '---', '\ufeff---'),
    replace('members.yml', '# yaml', '\ufeff# yaml'),
  ]);
  const publication = content!.publications['first-example']![0]!;
  assert.equal(publication.volume, '12');
  assert.equal(publication.issue, '03', 'as typed, leading zero kept');
  assert.equal(publication.year, 2020);
  assert.equal(content!.news.find((item) => item.id === 'newer-example')?.title, 'A newer example update');
});

test("names are stored in Unicode's composed form, however they were typed", async () => {
  const { content } = await outcome([replace('members.yml', '- name: Ben Sample', '- name: Zoe\u0301 Example')]);
  assert.ok(content!.directory.members.some((member) => member.name === 'Zo\u00e9 Example'));
});

test('a volume typed as a number and a year typed in quotes build the very same site as the quoted volume and the bare year', async () => {
  const { contentDir } = await planted([
    replace('publications.yml', 'volume: "12"', 'volume: 12'),
    replace('publications.yml', 'issue: "3"', 'issue: 3'),
    replace('publications.yml', 'year: 2020', 'year: "2020"'),
  ]);
  const [edited, original] = await Promise.all([
    buildIntoTemporaryFolder({ contentDir }),
    buildIntoTemporaryFolder({ contentDir: fixtureContentDir }),
  ]);
  assert.deepEqual(await snapshot(edited.outDir), await snapshot(original.outDir));
});

test('a link of a news item or legal page to a page the build does not produce is told at its line, with the page as a detail', async () => {
  const { contentDir, shown } = await planted([
    replace(NEWER, 'It is *shown first*', 'See [the programme](/a-page-that-does-not-exist/). It is *shown first*'),
    replace(
      'legal/privacy-policy.md',
      'Made-up privacy text',
      'Made-up privacy text ([old](/old-policy)) and [a file](/uploads/gone.pdf)',
    ),
  ]);
  const error = await buildIntoTemporaryFolder({ contentDir }).then(
    () => assert.fail('the build should have failed'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof BuildError, String(error));
  assert.equal(error.stage, 'Checking links and assets');
  assert.deepEqual(printed(error.problems, shown), [
    [
      '  content/news/2023-06-01-newer-example.md:8:39: links to /a-page-that-does-not-exist/, which the build does not produce (page index.html › <a href="/a-page-that-does-not-exist/">)',
      '      8 | The newer of two made-up updates. See [the programme](/a-page-that-does-not-exist/). It is *shown first* and <b>raw HTML</b> stays text.',
      '        |                                       ^',
    ].join('\n'),
    [
      '  content/legal/privacy-policy.md:5:23: links to /old-policy/, which the build does not produce (page privacy-policy/index.html › <a href="/old-policy/">)',
      '      5 | Made-up privacy text ([old](/old-policy)) and [a file](/uploads/gone.pdf) for the tests.',
      '        |                       ^',
    ].join('\n'),
    [
      '  content/legal/privacy-policy.md:5:47: links to /uploads/gone.pdf, which the build does not produce (page privacy-policy/index.html › <a href="/uploads/gone.pdf">)',
      '      5 | Made-up privacy text ([old](/old-policy)) and [a file](/uploads/gone.pdf) for the tests.',
      '        |                                               ^',
    ].join('\n'),
  ]);
});

test('a Markdown link with a stray % (a broken escape) is told at its line, not thrown as a URIError', async () => {
  const { contentDir, shown } = await planted([
    replace(NEWER, 'It is *shown first*', 'See [the report](/reports/100%/). It is *shown first*'),
  ]);
  const error = await buildIntoTemporaryFolder({ contentDir }).then(
    () => assert.fail('the build should have failed'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof BuildError, String(error));
  assert.deepEqual(printed(error.problems, shown), [
    [
      '  content/news/2023-06-01-newer-example.md:8:39: links to /reports/100%/, which is not an address a browser can follow: a "%" starts an escape such as %20; write a % itself as %25 (page index.html › <a href="/reports/100%/">)',
      '      8 | The newer of two made-up updates. See [the report](/reports/100%/). It is *shown first* and <b>raw HTML</b> stays text.',
      '        |                                       ^',
    ].join('\n'),
  ]);
});
