/**
 * The real corpus: every entry of our content, the fixture site's, and the
 * ~1,250 entries cite imports from the real exports of
 * test/fixtures/doi/import/ (every kind, odd names, 21 and more authors, group
 * authors, particles, suffixes, in press, article numbers), read once for the
 * tests of this file, since importing it takes seconds.
 *
 * APA 7 by an independent oracle: each entry rendered by citeproc-js with the
 * official APA 7 CSL style, and compared with our line. Where our line differs
 * on purpose, the difference is one named rule below, each listed in
 * docs/citations.md with the APA rule that justifies it; after those, the two
 * must be the same, character for character.
 *
 * Its downloads: citations.bib and citations.ris of the whole corpus read back
 * by Citation.js with every field (test/helpers/citation-js-reader.ts; generated
 * entries of every kind in cite-export.test.ts), and imported again by cite as
 * the same entries (generated entries and the sites' themes in
 * cite-roundtrip.test.ts).
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { citationText, yearSuffixes } from '../src/citation.ts';
import { formatAuthors, parseAuthors } from '../src/citation-export.ts';
import type { Publication } from '../src/content/publications.ts';
import { assertReadBack } from './helpers/citation-js-reader.ts';
import { citeprocApa } from './helpers/citeproc.ts';
import { importedAgain, realCorpus } from './helpers/publications.ts';

interface Pair {
  publication: Publication;
  ours: string;
  theirs: string;
}

/**
 * The deliberate differences, each a rewrite that brings our line and citeproc's to the same form for that one
 * rule alone (docs/citations.md, "Where the site differs from the APA style's CSL, on purpose").
 */
const DELIBERATE: { rule: string; applies: (pair: Pair) => Pair }[] = [
  {
    rule: 'text as typed: quotation marks are not made typographic or double, nor a full stop moved inside them',
    applies: (pair) => {
      const plain = (line: string) => line.replace(/[“”‘’"]/g, "'").replace(/([.,])(')(?=\s|$)/g, '$2$1');
      return { ...pair, ours: plain(pair.ours), theirs: plain(pair.theirs) };
    },
  },
  {
    rule: 'titles of journals and proceedings as typed, not title-cased',
    applies: (pair) => {
      const container = pair.publication.journal ?? pair.publication.bookTitle;
      if (!container) return pair;
      // The last place before the DOI or address: the title may hold the same words, the address too.
      const link = pair.theirs.search(/ https?:\/\//);
      const at = (link === -1 ? pair.theirs : pair.theirs.slice(0, link))
        .toLowerCase()
        .lastIndexOf(container.toLowerCase());
      if (at === -1) return pair;
      return { ...pair, theirs: pair.theirs.slice(0, at) + container + pair.theirs.slice(at + container.length) };
    },
  },
  {
    rule: 'a list of names that goes on ("et al.") keeps its "et al."',
    applies: (pair) => {
      let { ours } = pair;
      for (const list of [pair.publication.authors, pair.publication.editors]) {
        if (!list || !/et al\.$/.test(list)) continue;
        const names = parseAuthors(list);
        if (ours.startsWith(list)) ours = formatAuthors(names) + ours.slice(list.length);
        ours = ours.replace(/, et al\. \(Eds\.\)/, names.length === 1 ? ' (Ed.)' : ' (Eds.)');
      }
      return { ...pair, ours };
    },
  },
  {
    rule: 'pages as typed: a label written in them ("Section 7, p. 50") is kept',
    applies: (pair) => {
      const { pages } = pair.publication;
      if (!pages || !/[A-Za-z]{2,}|p\. /.test(pages)) return pair;
      return { ...pair, ours: pair.ours.replace(pages, pages.replace(/\bp\. /, '')) };
    },
  },
  {
    rule: '"[Data set]", as the APA manual writes it',
    applies: (pair) => ({ ...pair, ours: pair.ours.replace('[Data set]', '[Dataset]') }),
  },
  {
    rule: 'no "Retrieved" before an address without a retrieval date',
    applies: (pair) => ({ ...pair, theirs: pair.theirs.replace(/ Retrieved (?=https?:)/, ' ') }),
  },
  {
    rule: 'a volume named with letters and a hyphen (C-25) is a name, not a range',
    applies: (pair) => ({
      ...pair,
      theirs: pair.theirs.replace(/, ([A-Z])–(\d+)\(/, ', $1-$2(').replace(/, ([A-Z])–(\d+)([.,])/, ', $1-$2$3'),
    }),
  },
  {
    rule: 'a volume that is not a plain number ("I", "III/41c") is still shown as "Vol."',
    applies: (pair) => {
      const { volume } = pair.publication;
      if (!volume || /^\d+$/.test(volume)) return pair;
      return { ...pair, ours: pair.ours.replace(` (Vol. ${volume})`, `: ${volume}`) };
    },
  },
  {
    rule: 'a report number that names its own series ("TR 215") is not prefixed with "Report"',
    applies: (pair) => ({
      ...pair,
      theirs: pair.theirs.replace(/\(Report (?!Nos?\. )(?=[^)\s]+ [^)]*\))/, '('),
    }),
  },
  {
    rule: 'a report\'s identifier with letters or a hyphen ("AI-TR-550", "15-7") is its number, "Report No.", not a range',
    applies: (pair) => ({
      ...pair,
      theirs: pair.theirs
        .replace('(Report Nos. ', '(Report No. ')
        .replace(/\(Report (?!No\. )([^\s)]+)\)/, '(Report No. $1)'),
    }),
  },
  {
    rule: 'an edition in words gets "ed." too ("Second ed.")',
    applies: (pair) => {
      const { edition } = pair.publication;
      if (!edition || /^\d+$/.test(edition)) return pair;
      return { ...pair, ours: pair.ours.replace(`(${edition} ed.`, `(${edition}`) };
    },
  },
  {
    rule: "APA's ellipsis of three spaced full stops in a list of 21 or more names",
    applies: (pair) => ({ ...pair, ours: pair.ours.replace(', . . . ', ', … ') }),
  },
];

let pairs: Pair[];
before(async () => {
  const corpus = await realCorpus();
  const theirs = citeprocApa(corpus);
  const suffixes = yearSuffixes(corpus);
  pairs = corpus.map((publication, index) => ({
    publication,
    ours: citationText(publication, suffixes[index]),
    theirs: theirs[index]!,
  }));
});

test('every entry of the real corpus reads as citeproc-js with the APA 7 style writes it, but for the listed rules', () => {
  const kinds = new Set(pairs.map((pair) => pair.publication.type ?? 'article'));
  assert.equal(kinds.size, 10, `every kind is in the corpus: ${[...kinds].join(', ')}`);
  const differing = pairs
    .map((pair) => DELIBERATE.reduce((current, { applies }) => applies(current), pair))
    .filter((pair) => pair.ours !== pair.theirs)
    .map((pair) => `ours:     ${pair.ours}\nciteproc: ${pair.theirs}`);
  assert.deepEqual(differing.slice(0, 5), [], `${differing.length} of ${pairs.length} entries differ`);
});

test('each deliberate rule is needed: without it, some entry of the corpus differs from citeproc', () => {
  for (const { rule } of DELIBERATE) {
    const others = DELIBERATE.filter((each) => each.rule !== rule);
    const differs = pairs.some((pair) => {
      const normalised = others.reduce((current, { applies }) => applies(current), pair);
      return normalised.ours !== normalised.theirs;
    });
    assert.ok(differs, `the rule "${rule}" changes nothing: remove it`);
  }
});

test('the corpus holds what the oracle is to check: 21+ authors, group authors, particles, suffixes, in press, article numbers', () => {
  const lines = pairs.map((pair) => pair.ours);
  assert.ok(
    lines.some((line) => line.includes(', . . . ')),
    '21 or more authors',
  );
  assert.ok(
    pairs.some((pair) => /\bvan den\b|\bde\b [A-Z]/.test(pair.publication.authors ?? '')),
    'particles',
  );
  assert.ok(
    pairs.some((pair) => /, (?:Jr\.|III)\b/.test(pair.publication.authors ?? '')),
    'suffixes',
  );
  assert.ok(
    pairs.some((pair) =>
      parseAuthors(pair.publication.authors ?? '').some((name) => !name.given && / /.test(name.family)),
    ),
    'group authors',
  );
  assert.ok(
    pairs.some((pair) => pair.publication.year === 'in press'),
    'in press',
  );
  assert.ok(
    lines.some((line) => /, Article \w+\./.test(line)),
    'article numbers',
  );
  assert.ok(
    lines.some((line) => /\(\d{4}a\)/.test(line)),
    'works of one author and year told apart',
  );
});

test('the real corpus comes back the same from both downloads, imported again by cite', async () => {
  const corpus = await realCorpus();
  assert.ok(corpus.length > 1200, String(corpus.length));
  for (const format of ['bib', 'ris'] as const) {
    const back = importedAgain(corpus, format);
    assert.equal(back.length, corpus.length);
    const differing = back.flatMap((entry, index) => {
      try {
        assert.deepEqual(entry, corpus[index]);
        return [];
      } catch (error) {
        return [(error as Error).message.slice(0, 600)];
      }
    });
    assert.deepEqual(differing.slice(0, 3), [], `${differing.length} of ${corpus.length} entries differ (${format})`);
  }
});

for (const format of ['bib', 'ris'] as const) {
  test(`citations.${format} of the real corpus reads back in Citation.js with every field, accents included`, async () => {
    const names = assertReadBack(await realCorpus(), format).flatMap((entry) => [
      ...(entry.author ?? []),
      ...(entry.editor ?? []),
    ]);
    for (const family of ['Eliáš', 'Bańka', 'Řehůřek', 'Bjørkløf'])
      assert.ok(
        names.some((name) => name.family === family),
        family,
      );
  });
}
