import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isBuildDate, resolveBuildDate } from '../scripts/lib/build-date.ts';

const noon = () => new Date('2026-11-24T23:59:59Z');

test('--today wins over SOURCE_DATE_EPOCH and the clock', () => {
  assert.deepEqual(resolveBuildDate('2026-05-19', { SOURCE_DATE_EPOCH: '0' }, noon), {
    date: '2026-05-19',
    source: '--today',
  });
});

test('SOURCE_DATE_EPOCH gives the UTC date of its second, in any time zone', () => {
  // 2023-11-14T22:13:20Z: in Tokyo it is already the 15th, and the build still says the 14th.
  assert.deepEqual(resolveBuildDate(undefined, { SOURCE_DATE_EPOCH: '1700000000', TZ: 'Asia/Tokyo' }, noon), {
    date: '2023-11-14',
    source: 'SOURCE_DATE_EPOCH',
  });
});

test('without either, the current date in UTC', () => {
  assert.deepEqual(resolveBuildDate(undefined, {}, noon), { date: '2026-11-24', source: 'the current UTC date' });
});

test('a date that is not on the calendar, or a malformed epoch, is refused with what to write', () => {
  for (const [today, env, where] of [
    ['2026-02-30', {}, '--today'],
    ['19/05/2026', {}, '--today'],
    [undefined, { SOURCE_DATE_EPOCH: 'yesterday' }, 'SOURCE_DATE_EPOCH'],
  ] as const) {
    const result = resolveBuildDate(today, env, noon);
    assert.ok(!isBuildDate(result), `${today ?? env.SOURCE_DATE_EPOCH} should be refused`);
    assert.equal(result.where, where);
    assert.match(result.message, /expected/);
  }
});
