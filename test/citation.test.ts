import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Publication } from '../src/content-schema.ts';
import { citationText, publicationLink } from '../src/citation.ts';

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

test('a complete entry reads as an APA reference with an en dash between pages', () => {
  assert.equal(
    citationText(complete),
    'Franzen, S., & Nielsen, T. R. (2022). Cross-cultural neuropsychological assessment in Europe. The Clinical Neuropsychologist, 36(3), 546–557.',
  );
});

test('missing volume, issue or pages leave no empty punctuation behind', () => {
  const { volume: _v, issue: _i, pages: _p, ...bare } = complete;
  assert.equal(citationText(bare), 'Franzen, S., & Nielsen, T. R. (2022). Cross-cultural neuropsychological assessment in Europe. The Clinical Neuropsychologist.');
  assert.equal(citationText({ ...complete, issue: undefined }), citationText(complete).replace('36(3)', '36'));
  assert.equal(citationText({ ...complete, volume: '' }), citationText(complete).replace(', 36(3)', '(3)'));
  assert.equal(citationText({ ...complete, pages: undefined }), citationText(complete).replace(', 546–557', ''));
  assert.equal(citationText({ ...complete, pages: 'e70034' }), citationText(complete).replace('546–557', 'e70034'));
});

test('an article in press or of unknown year says so in place of the year', () => {
  assert.match(citationText({ ...complete, year: 'in press' }), /^Franzen, S., & Nielsen, T. R. \(in press\)\. /);
  assert.match(citationText({ ...complete, year: null }), /\(n\.d\.\)\. /);
});

test('a title ending in a question mark gets no extra full stop; no journal, no source part', () => {
  assert.equal(
    citationText({ authors: 'Doe, J.', year: 2020, title: 'Does culture matter?', pages: '1-2', doi: '10.1/x' }),
    'Doe, J. (2020). Does culture matter?',
  );
});

test('the article link is built from the DOI, and falls back to the URL', () => {
  assert.equal(publicationLink(complete), 'https://doi.org/10.1080/13854046.2021.1981456');
  assert.equal(publicationLink({ ...complete, doi: undefined, url: 'https://example.org/a' }), 'https://example.org/a');
  assert.equal(publicationLink({ ...complete, doi: '', url: '' }), undefined);
});
