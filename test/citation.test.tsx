import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Publication } from '../src/content-schema.ts';
import { citationText, publicationLink } from '../src/citation.ts';
import { PublicationEntry } from '../src/components/PublicationEntry.tsx';

const complete: Publication = {
  authors: 'Franzen, S., & Nielsen, T. R.',
  year: 2022,
  title: 'Cross-cultural neuropsychological assessment in Europe',
  journal: 'The Clinical Neuropsychologist',
  volume: '36',
  issue: '3',
  pages: '546-557',
  doi: '10.1080/13854046.2021.1981456',
};

const lead = 'Franzen, S., & Nielsen, T. R. (2022). Cross-cultural neuropsychological assessment in Europe.';
/** APA 7 ends a reference with its DOI, as an address. */
const link = ' https://doi.org/10.1080/13854046.2021.1981456';

/**
 * Every combination of the four optional source fields, and the reference it must give: without a journal, the
 * numbers follow the title (in italics on the page) as APA and its CSL style cite a source with missing parts.
 */
const combinations: { missing: (keyof Publication)[]; expected: string }[] = [
  { missing: [], expected: `${lead} The Clinical Neuropsychologist, 36(3), 546–557.${link}` },
  { missing: ['pages'], expected: `${lead} The Clinical Neuropsychologist, 36(3).${link}` },
  { missing: ['issue'], expected: `${lead} The Clinical Neuropsychologist, 36, 546–557.${link}` },
  { missing: ['issue', 'pages'], expected: `${lead} The Clinical Neuropsychologist, 36.${link}` },
  { missing: ['volume'], expected: `${lead} The Clinical Neuropsychologist, (3), 546–557.${link}` },
  { missing: ['volume', 'pages'], expected: `${lead} The Clinical Neuropsychologist, (3).${link}` },
  { missing: ['volume', 'issue'], expected: `${lead} The Clinical Neuropsychologist, 546–557.${link}` },
  { missing: ['volume', 'issue', 'pages'], expected: `${lead} The Clinical Neuropsychologist.${link}` },
  { missing: ['journal'], expected: `${lead} 36(3), 546–557.${link}` },
  { missing: ['journal', 'pages'], expected: `${lead} 36(3).${link}` },
  { missing: ['journal', 'issue'], expected: `${lead} 36, 546–557.${link}` },
  { missing: ['journal', 'issue', 'pages'], expected: `${lead} 36.${link}` },
  { missing: ['journal', 'volume'], expected: `${lead} (3), 546–557.${link}` },
  { missing: ['journal', 'volume', 'pages'], expected: `${lead} (3).${link}` },
  { missing: ['journal', 'volume', 'issue'], expected: `${lead} 546–557.${link}` },
  { missing: ['journal', 'volume', 'issue', 'pages'], expected: `${lead}${link}` },
];

const without = (publication: Publication, fields: (keyof Publication)[]): Publication =>
  Object.fromEntries(
    Object.entries(publication).filter(([key]) => !fields.includes(key as keyof Publication)),
  ) as Publication;

for (const { missing, expected } of combinations) {
  test(`citation without ${missing.length ? missing.join(', ') : 'anything'}: every known part kept`, () => {
    assert.equal(citationText(without(complete, missing)), expected);
    // An empty string counts as missing too.
    const blanked = { ...complete, ...Object.fromEntries(missing.map((field) => [field, ''])) };
    assert.equal(citationText(blanked), expected);
  });
}

test('an entry without a journal is cited as APA cites a source with missing parts (Nielsen, Nielsen & Waldemar 2020)', () => {
  const entry: Publication = {
    authors: 'Nielsen, T. R., Nielsen, D. S., & Waldemar, G.',
    year: 2020,
    title: 'Barriers in access to dementia care in minority ethnic groups in Denmark: a qualitative study',
    pages: '1424-1432',
    doi: '10.1080/13607863.2020.1787336',
  };
  assert.match(
    renderToStaticMarkup(<PublicationEntry publication={entry} />),
    /<cite><bdi>[^<]*a qualitative study<\/bdi><\/cite>\. 1424–1432\. <a href="https:\/\/doi\.org\/10\.1080\/13607863\.2020\.1787336"/,
  );
});

test('an article page number (not a range) is kept as it is', () => {
  assert.equal(
    citationText({ ...complete, pages: 'e70034' }),
    `${lead} The Clinical Neuropsychologist, 36(3), e70034.${link}`,
  );
  assert.equal(
    citationText(without({ ...complete, pages: 'e70034' }, ['journal', 'volume', 'issue'])),
    `${lead} e70034.${link}`,
  );
});

test('an article in press or of unknown year says so in place of the year', () => {
  assert.match(citationText({ ...complete, year: 'in press' }), /^Franzen, S., & Nielsen, T. R. \(in press\)\. /);
  assert.match(citationText({ ...complete, year: null }), /^Franzen, S., & Nielsen, T. R. \(n\.d\.\)\. Cross-cultural/);
});

test('a title ending in a question mark gets no extra full stop', () => {
  assert.equal(
    citationText({ authors: 'Doe, J.', year: 2020, title: 'Does culture matter?', doi: '10.1/x' }),
    'Doe, J. (2020). Does culture matter? https://doi.org/10.1/x',
  );
  assert.equal(
    citationText({ authors: 'Doe, J.', year: 2020, title: 'Does culture matter?', pages: '1-2', doi: '10.1/x' }),
    'Doe, J. (2020). Does culture matter? 1–2. https://doi.org/10.1/x',
  );
});

test('names, titles and journals are isolated, so a right-to-left override in a title stops at its end', () => {
  const title = '\u202Eevil title';
  const html = renderToStaticMarkup(<PublicationEntry publication={{ ...complete, title, authors: 'نيلسن، ت.' }} />);
  assert.ok(html.includes(`<bdi>${title}</bdi>.`), html);
  assert.ok(html.includes('<bdi>نيلسن، ت.</bdi> (2022)'), html);
  assert.ok(html.includes('<cite><bdi>The Clinical Neuropsychologist</bdi></cite>, <i>36</i>(3), 546–557.'), html);
});

test('the article link is built from the DOI, and falls back to the URL', () => {
  assert.equal(publicationLink(complete), 'https://doi.org/10.1080/13854046.2021.1981456');
  assert.equal(publicationLink({ ...complete, doi: undefined, url: 'https://example.org/a' }), 'https://example.org/a');
  assert.equal(publicationLink({ ...complete, doi: '', url: '' }), undefined);
});

/** Made-up example entries (as in the fixture content), one of each kind, and the APA 7 reference each must give. */
const kinds: { publication: Publication; expected: string }[] = [
  {
    publication: {
      type: 'chapter',
      authors: 'Example, A.',
      year: 2021,
      title: 'An example chapter',
      editors: 'Editor, E.',
      bookTitle: 'The example handbook',
      pages: '1-20',
      publisher: 'Example Press',
    },
    expected:
      'Example, A. (2021). An example chapter. In E. Editor (Ed.), The example handbook (pp. 1–20). Example Press.',
  },
  {
    publication: {
      type: 'chapter',
      authors: 'Example, A.',
      year: 2021,
      title: 'An example chapter',
      editors: 'Editor, E., Redactor, R., & Sample, B.',
      bookTitle: 'The example handbook',
      edition: '3',
      pages: '7',
    },
    expected:
      'Example, A. (2021). An example chapter. In E. Editor, R. Redactor, & B. Sample (Eds.), The example handbook (3rd ed., p. 7).',
  },
  {
    publication: {
      type: 'book',
      authors: 'Sample, B.',
      year: 2018,
      title: 'An example book',
      edition: '2',
      publisher: 'Example Press',
    },
    expected: 'Sample, B. (2018). An example book (2nd ed.). Example Press.',
  },
  {
    publication: {
      type: 'edited-book',
      editors: 'Editor, E., & Redactor, R.',
      year: 2020,
      title: 'An edited example',
      publisher: 'Example Press',
    },
    expected: 'Editor, E., & Redactor, R. (Eds.). (2020). An edited example. Example Press.',
  },
  {
    publication: {
      type: 'conference-paper',
      authors: 'Demo, D.',
      year: 2019,
      title: 'An example paper',
      editors: 'Editor, E., & Redactor, R.',
      bookTitle: 'Proceedings of the Example Conference',
      pages: '10-12',
    },
    expected:
      'Demo, D. (2019). An example paper. In E. Editor & R. Redactor (Eds.), Proceedings of the Example Conference (pp. 10–12).',
  },
  {
    publication: {
      type: 'thesis',
      authors: 'Demo, D.',
      year: 2016,
      title: 'An example thesis',
      institution: 'University of Example',
      repository: 'Example Repository',
    },
    expected: 'Demo, D. (2016). An example thesis [Doctoral dissertation, University of Example]. Example Repository.',
  },
  {
    publication: { type: 'thesis', degree: 'masters', authors: 'Demo, D.', year: 2016, title: 'An example thesis?' },
    expected: 'Demo, D. (2016). An example thesis? [Master’s thesis].',
  },
  {
    publication: {
      type: 'report',
      authors: 'Example Institute',
      year: 2015,
      title: 'An example report',
      reportNumber: '7',
      institution: 'Example Institute',
    },
    // The author is the publisher: not named twice (APA 7, 9.24).
    expected: 'Example Institute. (2015). An example report (Report No. 7).',
  },
  {
    // A number with letters or a hyphen is the report's number too (APA 7, 10.4), not a range.
    publication: { type: 'report', authors: 'Demo, D.', year: 1980, title: 'A report', reportNumber: 'AI-TR-550' },
    expected: 'Demo, D. (1980). A report (Report No. AI-TR-550).',
  },
  {
    publication: { type: 'report', authors: 'Demo, D.', year: 2015, title: 'A report', reportNumber: '15-7' },
    expected: 'Demo, D. (2015). A report (Report No. 15-7).',
  },
  {
    // A number that names its own series is as typed.
    publication: { type: 'report', authors: 'Demo, D.', year: 2015, title: 'A report', reportNumber: 'TR 215' },
    expected: 'Demo, D. (2015). A report (TR 215).',
  },
  {
    publication: {
      type: 'presentation',
      authors: 'Demo, D.',
      year: 2016,
      title: 'A talk',
      presentationType: 'Poster presentation',
      event: 'An Example Congress',
      location: 'Lisbon, Portugal',
    },
    expected: 'Demo, D. (2016). A talk [Poster presentation]. An Example Congress, Lisbon, Portugal.',
  },
  {
    publication: {
      type: 'preprint',
      authors: 'Trial, C.',
      year: 2024,
      title: 'An example preprint',
      repository: 'PsyArXiv',
      doi: '10.5555/x',
    },
    expected: 'Trial, C. (2024). An example preprint. PsyArXiv. https://doi.org/10.5555/x',
  },
  {
    publication: {
      type: 'dataset',
      authors: 'Example Consortium',
      year: 2023,
      title: 'Example data',
      version: '1.2',
      repository: 'Zenodo',
    },
    expected: 'Example Consortium. (2023). Example data (Version 1.2) [Data set]. Zenodo.',
  },
  {
    publication: { type: 'software', authors: 'Demo, D.', year: null, title: 'Example program', repository: 'GitHub' },
    expected: 'Demo, D. (n.d.). Example program [Computer software]. GitHub.',
  },
  {
    publication: {
      authors: 'Example, A., Sample, B., III, et al.',
      year: 2022,
      title: 'An example article',
      journal: 'Journal of Example Data',
      volume: '39',
      issue: '12',
      articleNumber: 'e70034',
    },
    expected:
      'Example, A., Sample, B., III, et al. (2022). An example article. Journal of Example Data, 39(12), Article e70034.',
  },
];

for (const { publication, expected } of kinds) {
  test(`a ${publication.type ?? 'article'} reads as APA 7: ${expected.slice(0, 50)}…`, () => {
    assert.equal(citationText(publication), expected);
  });
}

test('a chapter sets its book in italics after "In" and its editors, and an entry without DOI or URL has no link', () => {
  const html = renderToStaticMarkup(<PublicationEntry publication={kinds[0]!.publication} />);
  assert.ok(
    html.includes(
      'In <bdi>E. Editor</bdi> (Ed.), <cite><bdi>The example handbook</bdi></cite> (pp. 1–20). Example Press.',
    ),
    html,
  );
  assert.ok(!html.includes('View'), html);
  const book = renderToStaticMarkup(
    <PublicationEntry publication={{ ...kinds[2]!.publication, url: 'https://books.fixture.example/b' }} />,
  );
  assert.ok(book.includes('<cite><bdi>An example book</bdi></cite> (2nd ed.). Example Press.'), book);
  assert.match(book, />View book<span class="visually-hidden">: An example book</);
});
