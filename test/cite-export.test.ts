/**
 * Citations to download: the build writes each theme's citations.bib and
 * citations.ris beside its page and links them, each entry carries its own
 * BibTeX in a <details>, and the files read back with Citation.js's BibTeX
 * and RIS parsers give every author, title and DOI exactly, accents included.
 * Members' ORCID iDs are checked and shown with the iD icon.
 */
import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import fc from 'fast-check';
import { BuildError } from '../scripts/lib/problems.ts';
import { loadContent } from '../scripts/stages/load-content.ts';
import { bibtexFile, parseAuthors, risFile } from '../src/citation-export.ts';
import type { Publication } from '../src/content-schema.ts';
import { entryOf, KINDS, realCorpus } from './helpers/publications.ts';
import { buildIntoTemporaryFolder, fixtureContentDir, temporaryFolder } from './helpers/site.ts';

type CslName = { family?: string; given?: string; literal?: string; suffix?: string; 'non-dropping-particle'?: string };
interface Parsed {
  type?: string;
  author?: CslName[];
  editor?: CslName[];
  title?: string;
  DOI?: string;
  issued?: { 'date-parts'?: number[][]; raw?: string };
  status?: string;
  'container-title'?: string;
  volume?: string;
  issue?: string;
  page?: string;
  number?: string;
  edition?: string;
  version?: string;
  genre?: string;
  'event-title'?: string;
  'event-place'?: string;
  publisher?: string | string[];
}
const parse = (text: string) =>
  plugins.input.chain(text, { target: '@csl/list+object', generateGraph: false }) as Parsed[];

/**
 * The CSL type Citation.js gives each kind's download: BibTeX's @misc is its "document", and RIS's SLIDE (how Zotero
 * writes and reads a presentation) a "motion_picture", as the RIS specification names it a slide.
 */
const CSL_TYPE: Record<'bib' | 'ris', Record<NonNullable<Publication['type']>, string>> = {
  bib: {
    article: 'article-journal',
    chapter: 'chapter',
    book: 'book',
    'edited-book': 'book',
    'conference-paper': 'paper-conference',
    thesis: 'thesis',
    report: 'report',
    preprint: 'document',
    dataset: 'document',
    software: 'document',
    presentation: 'manuscript',
  },
  ris: {
    article: 'article-journal',
    chapter: 'chapter',
    book: 'book',
    'edited-book': 'book',
    'conference-paper': 'paper-conference',
    thesis: 'thesis',
    report: 'report',
    preprint: 'manuscript',
    dataset: 'dataset',
    software: 'software',
    presentation: 'motion_picture',
  },
};

/** People as [family, given, suffix], a group author or single name as its family; "et al." is no one. */
const people = (...lists: (string | undefined)[]) =>
  lists.flatMap((list) => parseAuthors(list ?? '').map((name) => [name.family, name.given ?? '', name.suffix ?? '']));
/**
 * What Citation.js read each name as. RIS has no way to keep a group's name whole where it holds a comma, so
 * Citation.js reads "Council on Cardiopulmonary, Critical Care, Perioperative and Resuscitation" as a family, a given
 * name and a suffix; such a name counts as read when its parts, joined again, are the group's name.
 */
const read = (names: CslName[] | undefined, groups: string[] = []) =>
  (names ?? [])
    .filter((name) => !['others', 'et al.'].includes(name.family ?? name.literal ?? ''))
    .map((name) => {
      const joined = [name.family, name.given, name.suffix].filter(Boolean).join(', ');
      if (groups.includes(joined)) return [joined, '', ''];
      return [
        name.literal ?? [name['non-dropping-particle'], name.family].filter(Boolean).join(' '),
        name.given ?? '',
        name.suffix ?? '',
      ];
    });

/** The kinds whose publisher (a report's institution or publisher) a reader finds in the publisher field. */
const PUBLISHED = new Set(['chapter', 'book', 'edited-book', 'conference-paper', 'report']);

/**
 * Who issued the work, as Citation.js must find it: RIS's PB, one or (a report's institution and publisher) two;
 * BibTeX's publisher, or a report's institution where it has no publisher.
 */
function issuers(publication: Publication, format: 'bib' | 'ris'): string[] {
  if (!PUBLISHED.has(publication.type ?? 'article')) return [];
  const { institution, publisher } = publication;
  const found = format === 'ris' ? [institution, publisher] : [publisher ?? institution];
  return found.filter((name): name is string => name !== undefined);
}

/** What a reader must find in the download of `publication`, and what Citation.js found, field by field. */
function comparable(publication: Publication, parsed: Parsed, format: 'bib' | 'ris') {
  const kind = publication.type ?? 'article';
  const groups =
    format === 'ris'
      ? people(publication.authors, publication.editors)
          .filter(([family, given]) => !given && family!.includes(','))
          .map(([family]) => family!)
      : [];
  return {
    wanted: {
      type: CSL_TYPE[format][kind],
      names: people(publication.authors, publication.editors),
      title: publication.title,
      DOI: publication.doi,
      year: typeof publication.year === 'number' ? publication.year : undefined,
      // RIS's PY holds a year only: "in press" is a note there (N1), which Citation.js does not read as a status.
      inPress: publication.year === 'in press' && format === 'bib',
      container: publication.journal ?? publication.bookTitle,
      volume: publication.volume,
      issue: publication.issue,
      page: publication.pages,
      number: publication.articleNumber ?? publication.reportNumber,
      edition: publication.edition,
      issuers: issuers(publication, format),
      // The RIS specification gives an unpublished work (UNPB) no version: cite writes a preprint's in ET, which our
      // reader takes back and Citation.js leaves out.
      version: format === 'ris' && kind === 'preprint' ? undefined : publication.version,
      // What a presentation was and where: BibTeX's type, eventtitle and venue (RIS's T2, CY and M3 Citation.js reads
      // as a slide's).
      presentation:
        format === 'bib' && kind === 'presentation'
          ? // Where no kind of presentation is typed, Citation.js reads the entrysubtype that marks a talk as its genre.
            [publication.presentationType ?? 'presentation', publication.event, publication.location]
          : [],
    },
    found: {
      type: parsed.type,
      names: [...read(parsed.author, groups), ...read(parsed.editor, groups)],
      title: parsed.title,
      DOI: parsed.DOI,
      year: parsed.issued?.['date-parts']?.[0]?.[0],
      inPress: parsed.status === 'inpress' || parsed.issued?.raw === 'in press',
      container: parsed['container-title'],
      volume: parsed.volume,
      issue: parsed.issue,
      page: parsed.page?.replace(/–/g, '-'),
      number: parsed.number,
      edition: parsed.edition,
      issuers: PUBLISHED.has(kind) ? [parsed.publisher ?? []].flat() : [],
      version: parsed.version,
      presentation:
        format === 'bib' && kind === 'presentation' ? [parsed.genre, parsed['event-title'], parsed['event-place']] : [],
    },
  };
}

/** Every entry's download, read by Citation.js's BibTeX and RIS parsers (not ours), holds what the entry holds. */
function assertReadBack(list: Publication[], format: 'bib' | 'ris') {
  const parsed = parse(format === 'bib' ? bibtexFile(list) : risFile(list));
  assert.equal(parsed.length, list.length);
  parsed.forEach((entry, index) => {
    const { wanted, found } = comparable(list[index]!, entry, format);
    assert.deepEqual(found, wanted, `${format}: ${list[index]!.title}`);
  });
}

for (const format of ['bib', 'ris'] as const) {
  test(`citations.${format} of the real corpus reads back in Citation.js with every field, accents included`, async () => {
    const corpus = await realCorpus();
    assertReadBack(corpus, format);
    const names = parse(format === 'bib' ? bibtexFile(corpus) : risFile(corpus)).flatMap((entry) => [
      ...(entry.author ?? []),
      ...(entry.editor ?? []),
    ]);
    for (const family of ['Eliáš', 'Bańka', 'Řehůřek', 'Bjørkløf'])
      assert.ok(
        names.some((name) => name.family === family),
        family,
      );
  });

  test(`citations.${format} of generated entries of every kind reads back in Citation.js (property)`, () => {
    for (const kind of KINDS) {
      fc.assert(
        fc.property(entryOf(kind), (publication) => assertReadBack([publication], format)),
        { numRuns: 60 },
      );
    }
  });
}

test('each theme page links its citations.bib and citations.ris, written by the build, and shows each entry’s BibTeX', async () => {
  const { outDir } = await buildIntoTemporaryFolder();
  const { content } = await loadContent(fixtureContentDir);
  for (const theme of content.themes) {
    const page = await readFile(path.join(outDir, 'research', theme.id, 'index.html'), 'utf8');
    assert.match(page, new RegExp(`href="/research/${theme.id}/citations\\.bib" download="">BibTeX \\(\\.bib\\)</a>`));
    assert.match(page, new RegExp(`href="/research/${theme.id}/citations\\.ris" download="">RIS \\(\\.ris\\)</a>`));
    const bib = await readFile(path.join(outDir, 'research', theme.id, 'citations.bib'), 'utf8');
    const ris = await readFile(path.join(outDir, 'research', theme.id, 'citations.ris'), 'utf8');
    const publications = content.publications[theme.id]!;
    assert.equal(parse(bib).length, publications.length);
    assert.equal(parse(ris).length, publications.length);
    assert.equal(
      page.match(/<details class="publication__bibtex"><summary>BibTeX<span class="visually-hidden"> of /g)?.length,
      publications.length,
    );
    // The first entry's key and fields, as the .bib file has them.
    const firstKey = /^@\w+\{([^,]+),/.exec(bib)![1]!;
    // A break opportunity after "{", so that a long type and key can wrap on a phone.
    assert.ok(page.includes(`<code>@${/^@(\w+)\{/.exec(bib)![1]}{<wbr/>${firstKey},<br/>`), theme.id);
  }
});

test('an ORCID iD is shown on the member card with the iD icon and the full address, and a mistyped one is refused at its line', async () => {
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  const members = path.join(contentDir, 'members.yml');
  const text = await readFile(members, 'utf8');
  const withOrcid = text.replace(/( {2}- name: Ada Example\n)/, '$1    orcid: 0000-0002-1825-0097\n');
  assert.notEqual(withOrcid, text);
  await writeFile(members, withOrcid);
  const { outDir } = await buildIntoTemporaryFolder({ contentDir });
  const home = await readFile(path.join(outDir, 'index.html'), 'utf8');
  assert.match(
    home,
    /<a href="https:\/\/orcid\.org\/0000-0002-1825-0097" class="text-link member-card__orcid" target="_blank" rel="noopener noreferrer"><svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 256 256"><path fill="#A6CE39"[^>]*><\/path>.*?<\/svg><span class="visually-hidden">ORCID iD of Ada Example: <\/span> https:\/\/orcid\.org\/0000-0002-1825-0097<span class="visually-hidden"> \(opens in a new tab\)<\/span><\/a>/,
  );

  await writeFile(members, withOrcid.replace('0000-0002-1825-0097', '0000-0002-1825-0098'));
  const line = withOrcid.split('\n').findIndex((row) => row.includes('orcid:')) + 1;
  await assert.rejects(loadContent(contentDir), (error: unknown) => {
    assert.ok(error instanceof BuildError);
    const problem = error.problems.find((found) => found.message.includes('ORCID'));
    assert.ok(problem, error.message);
    assert.match(problem.where, new RegExp(`members\\.yml:${line}:\\d+ › members\\[0\\] \\(Ada Example\\) › orcid$`));
    assert.match(problem.message, /last character should be 7/);
    return true;
  });
});

test('each kind of publication downloads as its BibTeX and RIS type, with et al., suffixes, single names and group authors kept whole', async () => {
  const { content } = await loadContent(fixtureContentDir);
  const list = Object.values(content.publications).flat();
  const bib = bibtexFile(list);
  const ris = risFile(list);
  const bibTypes = [...bib.matchAll(/^@(\w+)\{/gm)].map((match) => match[1]);
  const risTypes = [...ris.matchAll(/^TY {2}- (\w+)$/gm)].map((match) => match[1]);
  const expected: Record<string, [string, string]> = {
    chapter: ['incollection', 'CHAP'],
    book: ['book', 'BOOK'],
    'edited-book': ['book', 'EDBOOK'],
    thesis: ['phdthesis', 'THES'],
    report: ['techreport', 'RPRT'],
    preprint: ['misc', 'UNPB'],
    dataset: ['misc', 'DATA'],
  };
  list.forEach((publication, index) => {
    const want = expected[publication.type ?? ''];
    if (want) assert.deepEqual([bibTypes[index], risTypes[index]], want, publication.title);
  });
  assert.equal(
    new Set(list.map((publication) => publication.type)).size >= 7,
    true,
    'the fixture has every kind tested',
  );
  assert.match(bib, /author = \{Example, A\. and Sample, III, B\.\}/);
  assert.match(
    bib,
    /editor = \{Editor, E\.\},\n {2}title = \{An example chapter in an edited book\},\n {2}booktitle = \{The example handbook\}/,
  );
  assert.match(bib, /author = \{Trial, C\. and Demo, D\. and others\}/);
  assert.match(bib, /author = \{\{Example Consortium\}\}/);
  assert.match(ris, /AU {2}- Sample, B\., III\nA2 {2}- Editor, E\.\nTI {2}- An example chapter/);
  assert.doesNotMatch(ris, /AU {2}- others/);
  // Two single names stay two people.
  const single: Publication = { authors: 'Example, & Sample', year: 2020, title: 'Two single names', journal: 'J' };
  assert.match(bibtexFile([single]), /author = \{\{Example\} and \{Sample\}\}/);
  assert.match(risFile([single]), /AU {2}- Example\nAU {2}- Sample\n/);
});
