/**
 * How the browser is found (scripts/lib/chromium.ts), for .ci/run, the tests,
 * the screenshots and the benchmarks alike: in made-up folders given as PATH,
 * so that the machine's own browsers do not count.
 */
import assert from 'node:assert/strict';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { findChromium } from '../scripts/lib/chromium.ts';
import { temporaryFolder } from './helpers/site.ts';

async function executable(file: string, contents: string) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, contents);
  await chmod(file, 0o755);
  return file;
}

// The usual install places are looked at too; a platform with none of them (aix) leaves only PATH.
const platform = 'aix';

test('CHROMIUM_PATH comes first, and one that is not an executable is said so', async () => {
  const folder = await temporaryFolder();
  const chosen = await executable(path.join(folder, 'my-chrome'), '#!/bin/sh\n');
  await executable(path.join(folder, 'bin', 'chromium'), '#!/bin/sh\n');
  const PATH = path.join(folder, 'bin');
  assert.deepEqual(findChromium({ CHROMIUM_PATH: chosen, PATH }, platform), { executablePath: chosen });
  const missing = path.join(folder, 'nothing-here');
  assert.match(findChromium({ CHROMIUM_PATH: missing, PATH }, platform).problem!, /CHROMIUM_PATH is .*nothing-here/);
});

test('Chromium or Chrome is found on PATH, passing over a snap wrapper with the hint how to get one', async (t) => {
  if (process.platform === 'win32') return t.skip('the commands found on PATH are .exe files there');
  const folder = await temporaryFolder();
  const wrappers = path.join(folder, 'usr-bin');
  const chrome = path.join(folder, 'opt-bin');
  // What Ubuntu's chromium-browser package installs.
  await executable(path.join(wrappers, 'chromium-browser'), '#!/bin/sh\n# Ubuntu\nexec /snap/bin/chromium "$@"\n');
  const onlySnap = findChromium({ PATH: wrappers }, platform);
  assert.equal(onlySnap.executablePath, undefined);
  assert.match(onlySnap.problem!, /snap/);
  assert.match(onlySnap.problem!, /CHROMIUM_PATH/);
  assert.match(onlySnap.problem!, /CONTRIBUTING\.md/);

  const found = await executable(
    path.join(chrome, 'google-chrome-stable'),
    '#!/bin/sh\nexec /opt/google/chrome/chrome\n',
  );
  assert.deepEqual(findChromium({ PATH: [wrappers, chrome].join(path.delimiter) }, platform), {
    executablePath: found,
  });
  assert.match(findChromium({ PATH: path.join(folder, 'empty') }, platform).problem!, /No Chrome or Chromium/);
});

test("Chromium's headless shell comes first on PATH for the tests; Lighthouse asks for the browser beside it", async (t) => {
  if (process.platform === 'win32') return t.skip('the commands found on PATH are .exe files there');
  const folder = await temporaryFolder();
  const browser = await executable(path.join(folder, 'bin', 'chromium'), '#!/bin/sh\n');
  const shell = await executable(path.join(folder, 'bin', 'chromium-headless-shell'), '#!/bin/sh\n');
  const PATH = path.join(folder, 'bin');
  assert.deepEqual(findChromium({ PATH }, platform), { executablePath: shell });
  assert.deepEqual(findChromium({ PATH }, platform, { browser: true }), { executablePath: browser });
});
