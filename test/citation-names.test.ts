/**
 * The name model (src/names.ts): the authors and editors typed as APA lists
 * them are read into persons and names kept whole, and what cite writes reads
 * back as the same names: shown over generated names (fast-check) with
 * particles of every language the consortium writes, families of several
 * words, hyphens, accents, right-to-left and Han scripts, suffixes, groups
 * whose names hold commas, "and" and "&", single names and "et al.". The page,
 * the .bib (read by Citation.js, a BibTeX parser we do not write with) and the
 * .ris give each name once.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import fc from 'fast-check';
import { citationText } from '../src/citation.ts';
import { bibtexFile, risFile } from '../src/citation-export.ts';
import type { Publication } from '../src/content/publications.ts';
import { formatNames, type NameList, namesAsRead, type PersonName, parseNames } from '../src/names.ts';

type CslName = { family?: string; given?: string; literal?: string; 'non-dropping-particle'?: string };
const read = (text: string) =>
  plugins.input.chain(text, { target: '@csl/list+object', generateGraph: false }) as {
    author?: CslName[];
    editor?: CslName[];
  }[];

/** What Citation.js read a name as: the family with its particle, or a name kept whole. */
const readName = (name: CslName) =>
  name.literal ?? [name['non-dropping-particle'], name.family].filter(Boolean).join(' ');

const particle = fc.constantFrom(
  ...['van', 'van den', 'van der', 'ter', "'t", 'de', 'de la', 'del', 'da', 'dos', 'das', 'di', 'della', 'degli'],
  ...['dal', 'von', 'von der', 'zu', 'du', 'des', 'le', 'la', 'al', 'el', 'bin', 'ibn', 'bint', 'wa', 'af'],
);
const capitalised = fc.constantFrom(
  ...['Berg', 'Morral', 'Fontcuberta', 'Silva', 'Souza', 'Mendonça', 'Thiong’o', "O'Connor", 'Núñez', 'Bjørkløf'],
  ...['Kjærgaard', 'Uysal-Bozkir', 'Lozano-Ruiz', 'Al-Khalili', 'El-Masry', 'Ngũgĩ', 'Mwangi', 'Øvreeide', 'Şahin'],
  ...['Çelik', 'Żółć', 'McDonald', 'DeKleer', 'Cabarrocas', 'Roca', 'Abu-Zeid', 'Kimani', 'Wanjiru', 'Jiménez'],
);
/** Families in scripts without case: Arabic, Hebrew, Han, and Greek and Cyrillic with it. */
const otherScript = fc.constantFrom('الخليلي', 'عبد الله', 'כהן', '王', '欧阳', 'Παπαδόπουλος', 'Иванов');
const family = fc.oneof(
  { weight: 3, arbitrary: capitalised },
  fc.tuple(particle, capitalised).map(([words, name]) => `${words} ${name}`),
  fc.tuple(capitalised, fc.constantFrom('i', 'e', 'y'), capitalised).map((words) => words.join(' ')),
  fc.tuple(particle, capitalised, fc.constantFrom('i', 'e'), capitalised).map((words) => words.join(' ')),
  fc.tuple(capitalised, capitalised).map((words) => words.join(' ')),
  fc.constantFrom('al-Khalili', "d'Alembert", 'a Dick'),
  otherScript,
);
const initial = fc.constantFrom('A.', 'T.', 'Á.', 'Ö.', 'Ł.', 'J.-P.', 'م.', 'ج.', '明.', 'Ж.', 'Ω.', 'Th.');
const given = fc.array(initial, { minLength: 1, maxLength: 3 }).map((letters) => letters.join(' '));
const person: fc.Arbitrary<PersonName> = fc.record(
  { family, given, suffix: fc.constantFrom('Jr.', 'Sr.', 'II', 'III', 'IV') },
  { requiredKeys: ['family', 'given'], noNullPrototype: true },
);
/** Names kept whole: groups (commas, "and", "&" in them), a single name, a person's undivided name. */
const whole = fc
  .oneof(
    fc.constantFrom(
      'Council on Cardiopulmonary, Critical Care, Perioperative and Resuscitation',
      'American Heart Association Council on Quality of Care and Outcomes Research',
      'Organisation for Economic Co-operation and Development',
      'Task Force on Dementia & Migration',
      'Deutsche Gesellschaft für Psychiatrie, Psychotherapie und Nervenheilkunde',
      'World Health Organization',
      'منظمة الصحة العالمية',
      'Bygherreforeningen i Danmark',
      "Ngũgĩ wa Thiong'o",
      'Plato',
      'Example Consortium',
      'Smith and others',
      'III',
      'J.',
    ),
    fc
      .tuple(capitalised, fc.constantFrom(' of ', ' for ', ' on ', ', ', ' and ', ' & '), capitalised)
      .map((words) => words.join('')),
  )
  .map((name): PersonName => ({ family: name }));
const nameList: fc.Arbitrary<NameList> = fc.record(
  {
    names: fc.array(fc.oneof({ weight: 3, arbitrary: person }, whole), { minLength: 1, maxLength: 25 }),
    others: fc.boolean(),
  },
  { noNullPrototype: true },
);

test('names written as the content stores them read back as the same names (property)', () => {
  fc.assert(
    fc.property(nameList, (list) => {
      assert.deepEqual(parseNames(formatNames(list)), list, formatNames(list));
    }),
    { numRuns: 2000 },
  );
});

test('a reader sees the names without the braces that keep a name whole (property)', () => {
  fc.assert(
    fc.property(nameList, (list) => {
      assert.equal(namesAsRead(formatNames(list)), formatNames(list, false));
      assert.doesNotMatch(formatNames(list, false), /[{}]/);
    }),
    { numRuns: 500 },
  );
});

/** The names of a one-entry download, as Citation.js reads them. */
function downloadedNames(publication: Publication, format: 'bib' | 'ris'): string[] {
  const [entry] = read(format === 'bib' ? bibtexFile([publication]) : risFile([publication]));
  return [...(entry?.author ?? []), ...(entry?.editor ?? [])].map(readName);
}

test('"Fontcuberta i Morral, A., & Smith, J." and "Ngũgĩ wa Thiong\'o, & Writer, C. D." are two authors each on the page, in the .bib and the .ris', () => {
  for (const [authors, families] of [
    ['Fontcuberta i Morral, A., & Smith, J.', ['Fontcuberta i Morral', 'Smith']],
    ["Ngũgĩ wa Thiong'o, & Writer, C. D.", ["Ngũgĩ wa Thiong'o", 'Writer']],
  ] as const) {
    const publication: Publication = { authors, year: 2020, title: 'A title', journal: 'A Journal' };
    assert.equal(citationText(publication), `${authors} (2020). A title. A Journal.`);
    assert.deepEqual(
      parseNames(authors).names.map((name) => name.family),
      families,
    );
    assert.deepEqual(downloadedNames(publication, 'bib'), families);
    assert.deepEqual(downloadedNames(publication, 'ris'), families);
  }
});

test('a group whose name holds commas is one name, typed in braces, shown without them', () => {
  const authors =
    'Sasson, C., {Council on Cardiopulmonary, Critical Care, Perioperative and Resuscitation}, & {Council on Clinical Cardiology}';
  const publication: Publication = { authors, year: 2013, title: 'A title', journal: 'Circulation' };
  assert.equal(
    citationText(publication),
    'Sasson, C., Council on Cardiopulmonary, Critical Care, Perioperative and Resuscitation, & Council on Clinical Cardiology. (2013). A title. Circulation.',
  );
  assert.deepEqual(downloadedNames(publication, 'bib'), [
    'Sasson',
    'Council on Cardiopulmonary, Critical Care, Perioperative and Resuscitation',
    'Council on Clinical Cardiology',
  ]);
  assert.equal(read(risFile([publication]))[0]!.author!.length, 3);
});

test('two single names, or a group and a person, typed without braces stay apart as before', () => {
  assert.deepEqual(parseNames('Example, & Sample').names, [{ family: 'Example' }, { family: 'Sample' }]);
  assert.deepEqual(parseNames('Task Force on Dementia & Migration, & Nielsen, T. R.').names, [
    { family: 'Task Force on Dementia & Migration' },
    { family: 'Nielsen', given: 'T. R.' },
  ]);
  assert.deepEqual(parseNames('Organisation for Economic Co-operation and Development, Smith, J., et al.'), {
    names: [{ family: 'Organisation for Economic Co-operation and Development' }, { family: 'Smith', given: 'J.' }],
    others: true,
  });
});
