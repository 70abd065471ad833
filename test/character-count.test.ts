/**
 * A field's limit counts characters as a person does (src/text.ts), in pieces
 * cut only where Unicode's grapheme rules always break, since V8's segmenter
 * slows with the square of a text's length. The reader we did not write is
 * Intl.Segmenter itself, run over the whole text at once: on generated text
 * mixing the characters whose rules join (accents written apart, CR LF, emoji
 * sequences with joiners, flags, Hangul jamo, Indic conjuncts) with ASCII,
 * both give the same characters.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { characterCount, characters } from '../src/text.ts';

const whole = (text: string) =>
  Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text), ({ segment }) => segment);

/** Code points whose grapheme rules join them to a neighbour, and plain ones around them. */
const parts = [
  'a',
  'Z',
  ' ',
  '.',
  '#',
  '1',
  '\n',
  '\r',
  '\t',
  '\u0301', // combining acute accent
  '\u200d', // zero-width joiner
  '\ufe0f', // variation selector
  '👩',
  '🔬',
  '🇳',
  '🇱', // regional indicators: a flag is two
  '\u1100',
  '\u1161',
  '\u11a8', // Hangul jamo L, V, T
  'क',
  '\u094d',
  'ष', // Devanagari with virama: a conjunct
  '\u0600', // Arabic number sign, a prepended mark
  'é',
  'ع',
];

test('characters and their count are what Intl.Segmenter gives for the whole text (property)', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...parts), { maxLength: 60 }), (chosen) => {
      const text = chosen.join('');
      assert.deepEqual(characters(text), whole(text));
      assert.equal(characterCount(text), whole(text).length);
    }),
    { numRuns: 2000 },
  );
});

test('real text: an accent written apart, a family emoji, a flag and a Windows line break each count once', () => {
  const text = 'Zoe\u0301 👩\u200d🔬 🇳🇱\r\nok';
  assert.equal(characterCount(text), whole(text).length);
  assert.equal(characterCount(text), 10);
});
