import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { countLabel, formatDate } from '../src/format.ts';

test('dates read as en-US dates: short for news, long for the legal pages', () => {
  assert.equal(formatDate('2021-09-15', 'short'), 'Sep 15, 2021');
  assert.equal(formatDate('2025-05-19', 'long'), 'May 19, 2025');
  assert.equal(formatDate('2024-05-01', 'short'), 'May 1, 2024');
  assert.equal(formatDate('2024-06-30', 'short'), 'June 30, 2024');
  assert.equal(formatDate('2024-12-31', 'long'), 'December 31, 2024');
});

test('impossible dates are refused rather than shifted', () => {
  assert.throws(() => formatDate('2021-02-30'), /February 2021 has 28 days/);
  assert.throws(() => formatDate('15/09/2021'), /YYYY-MM-DD/);
});

test('the same dates print in any time zone and locale', () => {
  const script =
    "import { formatDate } from './src/format.ts'; console.log(formatDate('2021-09-15', 'short') + '|' + formatDate('2025-05-19', 'long') + '|' + formatDate('2021-01-01', 'short'));";
  const outputs = [
    { TZ: 'America/Los_Angeles', LANG: 'en_US.UTF-8' },
    { TZ: 'Asia/Tokyo', LANG: 'ja_JP.UTF-8' },
    { TZ: 'Pacific/Kiritimati', LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8' },
  ].map((env) =>
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    }).trim(),
  );
  for (const output of outputs) assert.equal(output, 'Sep 15, 2021|May 19, 2025|Jan 1, 2021');
});

test('counts use the singular for one and the plural otherwise', () => {
  assert.equal(countLabel(1, 'publication'), '1 publication');
  assert.equal(countLabel(6, 'publication'), '6 publications');
  assert.equal(countLabel(0, 'publication'), '0 publications');
  assert.equal(countLabel(2, 'entry', 'entries'), '2 entries');
  assert.equal(countLabel(1, 'entry', 'entries'), '1 entry');
});
