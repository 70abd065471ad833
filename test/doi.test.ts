/**
 * The one DOI rule (src/doi.ts): the link built from a DOI is read back by
 * the WHATWG URL parser of Node, an implementation we did not write, as the
 * same DOI, with nothing of it taken for a query or a fragment.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { DOI_PATTERN, doiOfUrl, doiUrl, bareDoi } from '../src/doi.ts';

test('an everyday DOI links as itself; characters a URL path cannot hold are encoded', () => {
  assert.equal(doiUrl('10.1080/13854046.2021.1981456'), 'https://doi.org/10.1080/13854046.2021.1981456');
  // A SICI DOI of Wiley (recorded in test/fixtures/doi/recorded/): ( ) : ; stay, < > are encoded.
  assert.equal(
    doiUrl('10.1002/(sici)1099-1611(199911/12)8:6<500::aid-pon411>3.0.co;2-i'),
    'https://doi.org/10.1002/(sici)1099-1611(199911/12)8:6%3C500::aid-pon411%3E3.0.co;2-i',
  );
  assert.equal(doiUrl('10.5555/a#b?c%d e'), 'https://doi.org/10.5555/a%23b%3Fc%25d%20e');
  assert.equal(doiUrl('10.5555/Zoë', 'https://doi.org/api/handles'), 'https://doi.org/api/handles/10.5555/Zo%C3%AB');
});

test('doi.org addresses are read back as their DOI; other addresses are not DOIs', () => {
  assert.equal(doiOfUrl('https://doi.org/10.5555/a%23b'), '10.5555/a#b');
  assert.equal(doiOfUrl('http://dx.doi.org/10.1002/gps.5614'), '10.1002/gps.5614');
  assert.equal(doiOfUrl('https://example.org/10.1002/gps.5614'), null);
  assert.equal(doiOfUrl('https://doi.org/10.1/short'), null);
  assert.equal(doiOfUrl('https://doi.org/10.5555/broken%E0%A4%A'), null);
});

/** DOIs of every character a suffix may hold; a suffix segment "." or ".." cannot be a URL path's (WHATWG removes it). */
const dois = fc
  .tuple(fc.integer({ min: 1000, max: 999_999_999 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }))
  .map(([registrant, suffix]) => `10.${registrant}/${suffix}`)
  .filter((doi) => DOI_PATTERN.test(doi) && !doi.split('/').some((segment) => segment === '.' || segment === '..'));

test('a DOI link is a URL the WHATWG parser keeps as it is and reads back as the DOI', () => {
  fc.assert(
    fc.property(dois, (doi) => {
      const link = doiUrl(doi);
      const parsed = new URL(link);
      assert.equal(parsed.href, link);
      assert.equal(parsed.search + parsed.hash, '');
      assert.equal(decodeURIComponent(parsed.pathname.slice(1)), doi);
      assert.equal(bareDoi(link), doi);
      assert.equal(doiOfUrl(link), doi);
    }),
  );
});
