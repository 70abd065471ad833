/**
 * Publications for the tests that read our downloads back: generated ones
 * (fast-check) of every kind, and the real corpus (our content, the fixture
 * site's, and every entry cite imports from the real exports of
 * test/fixtures/doi/import/).
 */
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import * as v from 'valibot';
import { parse, stringify } from 'yaml';
import { schemaProblem } from '../../scripts/cite/complete.ts';
import { readImport } from '../../scripts/cite/import-file.ts';
import { FIELD_ORDER } from '../../scripts/cite/publications-file.ts';
import { publicationFromRecord } from '../../scripts/lib/csl-record.ts';
import { loadContent } from '../../scripts/stages/load-content.ts';
import { bibtexFile, risFile } from '../../src/citation-export.ts';
import { formatNames, type PersonName } from '../../src/names.ts';
import { type Publication, publicationSchema } from '../../src/content/publications.ts';
import { fixtureContentDir, realContentDir, temporaryFolder } from './site.ts';

// ---------------------------------------------------------------- generated entries

/** Words of titles and names of things, with BibTeX's special characters, ligatures and accents among them. */
const word = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z][a-z]{1,9}$/) },
  fc.constantFrom('Ærø', 'Zoë', 'Łódź', 'São', 'naïve', 'Straße', 'Δ-sleep', 'ε', 'Ölçek', 'Şahin', 'CO₂', 'Ψ'),
  fc.constantFrom('50%', 'a_b', '#1', '$2', '~3', '^4', '{braces}', 'back\\slash', 'R&D', 'pre--post', "''quoted''"),
  // The word BibTeX separates a list's names with (a publisher, an institution), in its cases.
  fc.constantFrom('and', 'And', 'AND'),
  fc.constantFrom('p<0.05', '(0 > x)', 'a|b'),
  fc.constantFrom('e.g.,', '(CCD):', 'Neuropsychology?', '“curly”', 'it’s', 'A/B', '2022', '1.10', '@home'),
);
const phrase = (max: number) => fc.array(word, { minLength: 1, maxLength: max }).map((words) => words.join(' '));

const person: fc.Arbitrary<PersonName> = fc.record(
  {
    family: fc.constantFrom(
      'Franzen',
      'van den Berg',
      'de Mendonça',
      'Lozano-Ruiz',
      'Bjørkløf',
      "O'Connor",
      'de KONING',
      'Uysal-Bozkir',
      'Nielsen',
      'Kjærgaard',
      'von Humboldt',
      'Núñez',
      'Fontcuberta i Morral',
      'Roca i Cabarrocas',
      'da Silva e Souza',
      'dos Santos',
      'della Rovere',
      'ter Haar',
      "wa Thiong'o",
      'bin Mohamad',
      'al-Khalili',
      'Al-Jawahiri',
      "d'Alembert",
      'الخليلي',
      '王',
    ),
    given: fc.constantFrom('A.', 'T. R.', 'J.-P.', 'Á.', 'J. P. C. M.', 'Ö.', 'M. K.', 'م.'),
    suffix: fc.constantFrom('Jr.', 'III', 'Sr.'),
  },
  { requiredKeys: ['family', 'given'] },
);
/** Group authors as APA writes them, a comma or an "and" in some, and names kept whole. */
const group = fc
  .constantFrom(
    'Organisation for Economic Co-operation and Development',
    'European Consortium on Cross-Cultural Neuropsychology (ECCroN)',
    'Research and Development Group',
    'Task Force on Dementia & Migration',
    'Alzheimer’s Disease Neuroimaging Initiative of the Netherlands',
    'Council on Cardiopulmonary, Critical Care, Perioperative and Resuscitation',
    'World Health Organization',
    "Ngũgĩ wa Thiong'o",
  )
  .map((family): PersonName => ({ family }));
/** An APA author list: up to 25 people and groups, and sometimes "et al.". */
const names = fc
  .tuple(fc.array(fc.oneof({ weight: 4, arbitrary: person }, group), { minLength: 1, maxLength: 25 }), fc.boolean())
  .map(([list, others]) => formatNames({ names: list, others }));

const numberText = fc.oneof(fc.integer({ min: 1, max: 999 }).map(String), fc.constantFrom('S7', 'III/41c', '12A'));
const pages = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1, max: 9000 }), fc.integer({ min: 0, max: 80 }))
    .map(([start, n]) => `${start}-${start + n}`),
  fc.integer({ min: 1, max: 9999 }).map(String),
  fc.constantFrom('S12-S20', 'LL16-04', 'xii-xx', "A''1-A''9"),
);
// A DOI that ends in punctuation (10.1000/a.) exists, but Citation.js's RIS reader trims it: left to our own tests.
const doi = fc
  .tuple(
    fc.integer({ min: 1000, max: 99999 }),
    fc.stringMatching(/^[A-Za-z0-9](?:[A-Za-z0-9._;():<>/$-]{0,30}[A-Za-z0-9])?$/),
  )
  .map(([registrant, suffix]) => `10.${registrant}/${suffix}`);
/**
 * An address, some with a query whose parameters are named like HTML's entities without a semicolon (&region, &copy,
 * &para), which an address keeps as typed, as a browser reads an href, or with a dollar sign (OData's $top).
 */
const url = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9-]{1,12}(\/[A-Za-z0-9._~-]{1,12}){0,3}$/),
    fc.array(fc.constantFrom('id=1', 'region=eu', 'copy=2', 'para=x', 'not=1', 'lang=en', 'amp=3', '$top=4'), {
      maxLength: 3,
    }),
  )
  .map(([p, query]) => `https://example.org/${p}${query.length > 0 ? `?${query.join('&')}` : ''}`);

/** The fields each kind uses, each there or not, with values of their form. */
const KIND_FIELDS: Record<NonNullable<Publication['type']>, Record<string, fc.Arbitrary<unknown>>> = {
  article: { journal: phrase(5), volume: numberText, issue: numberText },
  chapter: {
    editors: names,
    bookTitle: phrase(6),
    edition: fc.constantFrom('2', '3', 'Rev.', '3., erw. und aktualisierte Aufl.'),
    volume: numberText,
    pages,
    publisher: phrase(3),
  },
  book: { edition: fc.constantFrom('2', '10', 'Rev.'), volume: numberText, publisher: phrase(3) },
  'edited-book': { edition: fc.constantFrom('2', 'Rev.'), publisher: phrase(3) },
  'conference-paper': { editors: names, bookTitle: phrase(6), pages, publisher: phrase(3) },
  thesis: { degree: fc.constantFrom('doctoral', 'masters'), institution: phrase(4), repository: phrase(3) },
  report: {
    reportNumber: fc.constantFrom('007', '12', 'IMM-REP-1998-7'),
    institution: phrase(4),
    publisher: phrase(3),
  },
  preprint: {
    version: fc.constantFrom('2', 'v0.1.1'),
    repository: fc.constantFrom('PsyArXiv', 'medRxiv', 'OSF Preprints'),
  },
  dataset: { version: fc.constantFrom('1.10', '2', '2.0.1'), repository: fc.constantFrom('Zenodo', 'OSF', 'Dryad') },
  software: { version: fc.constantFrom('1.10', '0.9.0'), repository: fc.constantFrom('Zenodo', 'GitHub', 'CRAN') },
  presentation: {
    presentationType: fc.constantFrom('Paper presentation', 'Poster presentation', 'Conference session'),
    event: phrase(6),
    location: fc.constantFrom('Lisbon, Portugal', 'New Orleans, LA, United States', 'Online'),
  },
};

/** A publication of `kind` as the content could hold it (the schema accepts it). */
export function entryOf(kind: NonNullable<Publication['type']>): fc.Arbitrary<Publication> {
  const fields = { ...KIND_FIELDS[kind] };
  const required: string[] = ['title', 'year'];
  if (kind === 'chapter') required.push('bookTitle');
  if (kind === 'edited-book') required.push('editors');
  const link = fc.oneof(
    doi.map((value) => ({ doi: value })),
    url.map((value) => ({ url: value })),
    fc.constant({}),
  );
  // An article's pages, its article number, or both (the page cites the pages): never one repeated as the other,
  // which is read as Elsevier's records give it, the article number alone.
  const articleNumber = fc.constantFrom({ articleNumber: 'e70034' }, { articleNumber: '1456' });
  const numbered =
    kind === 'article'
      ? fc.oneof(
          pages.map((value) => ({ pages: value })),
          articleNumber,
          fc
            .tuple(pages, articleNumber)
            .filter(([value, number]) => value !== number.articleNumber)
            .map(([value, number]) => ({ pages: value, ...number })),
          fc.constant({}),
        )
      : fc.constant({});
  return fc
    .tuple(
      fc.record(
        {
          ...((kind === 'edited-book' ? { editors: names, authors: names } : { authors: names }) as Record<
            string,
            fc.Arbitrary<string>
          >),
          title: phrase(12),
          year: fc.oneof(fc.integer({ min: 1900, max: 2100 }), fc.constantFrom<'in press' | null>('in press', null)),
          ...fields,
        },
        // An edited book's editors stand in its authors' place; one may name its authors too.
        { requiredKeys: [...required, ...(kind === 'edited-book' ? [] : ['authors'])] as never[] },
      ),
      link,
      numbered,
    )
    .map(
      ([base, linked, number]) =>
        ({ ...base, ...(kind === 'article' ? {} : { type: kind }), ...linked, ...number }) as Publication,
    )
    .filter((publication) => v.safeParse(publicationSchema, publication).success);
}

export const KINDS = Object.keys(KIND_FIELDS) as NonNullable<Publication['type']>[];

// ---------------------------------------------------------------- the downloads read back

export type Format = 'bib' | 'ris';

/** A theme's entries as its download in `format`. */
export const download = (publications: readonly Publication[], format: Format) =>
  format === 'bib' ? bibtexFile(publications) : risFile(publications);

/** A theme's download imported again, as cite reads a file: each entry, or why it was refused. */
export function importedAgain(publications: readonly Publication[], format: Format): (Publication | string)[] {
  return readImport(`citations.${format}`, download(publications, format)).map((entry) => {
    if (!('record' in entry)) return entry.problem;
    const publication = publicationFromRecord(entry.record);
    return schemaProblem(publication) ?? publication;
  });
}

// ---------------------------------------------------------------- the real corpus

/** The entries cite imports from one export file, each with its citation key; those it refuses are left out. */
export async function importedEntries(file: string): Promise<{ key?: string; publication: Publication }[]> {
  const entries: { key?: string; publication: Publication }[] = [];
  for (const entry of readImport(file, await readFile(file, 'utf8'))) {
    if (!('record' in entry)) continue;
    try {
      const publication = publicationFromRecord(entry.record);
      if (v.safeParse(publicationSchema, publication).success) entries.push({ key: entry.key, publication });
    } catch {
      // Refused on import: not an entry of the site, so not one it exports.
    }
  }
  return entries;
}

/**
 * Every entry of our content and the fixture site's, and every entry cite imports from the real exports of the
 * fixtures: read once per process (importing them takes seconds), for tests that only read it.
 */
export function realCorpus(): Promise<readonly Publication[]> {
  corpus ??= readRealCorpus();
  return corpus;
}
let corpus: Promise<readonly Publication[]> | undefined;

async function readRealCorpus(): Promise<Publication[]> {
  const content = [await loadContent(realContentDir), await loadContent(fixtureContentDir)].flatMap((site) =>
    Object.values(site.content.publications).flat(),
  );
  const folder = 'test/fixtures/doi/import';
  const imported: Publication[] = [];
  for (const name of (await readdir(folder)).sort())
    imported.push(...(await importedEntries(path.join(folder, name))).map(({ publication }) => publication));
  return [...content, ...imported];
}

/**
 * A copy of the fixture content whose themes hold every entry cite imports from the given real exports, as one
 * import of each would (a DOI listed once in the whole file): for the tests of long lists.
 */
export async function contentWithLibraries(themes: Record<string, string[]>): Promise<string> {
  const contentDir = path.join(await temporaryFolder(), 'content');
  await cp(fixtureContentDir, contentDir, { recursive: true });
  const dois = new Set<string>();
  const lists: Record<string, Record<string, unknown>[]> = {};
  for (const [theme, files] of Object.entries(themes)) {
    lists[theme] = [];
    for (const file of files) {
      for (const { publication } of await importedEntries(file)) {
        const doi = publication.doi?.toLowerCase();
        if (doi && dois.has(doi)) continue;
        if (doi) dois.add(doi);
        lists[theme]!.push(
          Object.fromEntries(
            FIELD_ORDER.flatMap((field) => (field in publication ? [[field, publication[field]]] : [])),
          ),
        );
      }
    }
  }
  const file = path.join(contentDir, 'publications.yml');
  const fixture = parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, stringify({ ...fixture, ...lists }, { lineWidth: 0 }));
  return contentDir;
}
