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

/** Every combination of the four optional source fields, and the reference it must give. */
const combinations: { missing: (keyof Publication)[]; expected: string }[] = [
  { missing: [], expected: `${lead} The Clinical Neuropsychologist, 36(3), 546–557.` },
  { missing: ['pages'], expected: `${lead} The Clinical Neuropsychologist, 36(3).` },
  { missing: ['issue'], expected: `${lead} The Clinical Neuropsychologist, 36, 546–557.` },
  { missing: ['issue', 'pages'], expected: `${lead} The Clinical Neuropsychologist, 36.` },
  { missing: ['volume'], expected: `${lead} The Clinical Neuropsychologist, No. 3, 546–557.` },
  { missing: ['volume', 'pages'], expected: `${lead} The Clinical Neuropsychologist, No. 3.` },
  { missing: ['volume', 'issue'], expected: `${lead} The Clinical Neuropsychologist, 546–557.` },
  { missing: ['volume', 'issue', 'pages'], expected: `${lead} The Clinical Neuropsychologist.` },
  { missing: ['journal'], expected: `${lead} Vol. 36(3), pp. 546–557.` },
  { missing: ['journal', 'pages'], expected: `${lead} Vol. 36(3).` },
  { missing: ['journal', 'issue'], expected: `${lead} Vol. 36, pp. 546–557.` },
  { missing: ['journal', 'issue', 'pages'], expected: `${lead} Vol. 36.` },
  { missing: ['journal', 'volume'], expected: `${lead} No. 3, pp. 546–557.` },
  { missing: ['journal', 'volume', 'pages'], expected: `${lead} No. 3.` },
  { missing: ['journal', 'volume', 'issue'], expected: `${lead} pp. 546–557.` },
  { missing: ['journal', 'volume', 'issue', 'pages'], expected: lead },
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

test('the pages of an entry without a journal are shown (Nielsen, Nielsen & Waldemar 2020)', () => {
  const entry: Publication = {
    authors: 'Nielsen, T. R., Nielsen, D. S., & Waldemar, G.',
    year: 2020,
    title: 'Barriers in access to dementia care in minority ethnic groups in Denmark: a qualitative study',
    pages: '1424-1432',
    doi: '10.1080/13607863.2020.1787336',
  };
  assert.match(
    renderToStaticMarkup(<PublicationEntry publication={entry} />),
    /a qualitative study<\/bdi>\. pp\. 1424–1432\./,
  );
});

test('an article page number (not a range) is kept as it is', () => {
  assert.equal(
    citationText({ ...complete, pages: 'e70034' }),
    `${lead} The Clinical Neuropsychologist, 36(3), e70034.`,
  );
  assert.equal(
    citationText(without({ ...complete, pages: 'e70034' }, ['journal', 'volume', 'issue'])),
    `${lead} e70034.`,
  );
});

test('an article in press or of unknown year says so in place of the year', () => {
  assert.match(citationText({ ...complete, year: 'in press' }), /^Franzen, S., & Nielsen, T. R. \(in press\)\. /);
  assert.match(citationText({ ...complete, year: null }), /^Franzen, S., & Nielsen, T. R. \(n\.d\.\)\. Cross-cultural/);
});

test('a title ending in a question mark gets no extra full stop', () => {
  assert.equal(
    citationText({ authors: 'Doe, J.', year: 2020, title: 'Does culture matter?', doi: '10.1/x' }),
    'Doe, J. (2020). Does culture matter?',
  );
  assert.equal(
    citationText({ authors: 'Doe, J.', year: 2020, title: 'Does culture matter?', pages: '1-2', doi: '10.1/x' }),
    'Doe, J. (2020). Does culture matter? pp. 1–2.',
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
