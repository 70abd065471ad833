import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { temporaryFolder } from './helpers/site.ts';
import { snapshot } from './helpers/snapshot.ts';

const run = promisify(execFile);

test('two builds under different time zones and locales give byte-identical output', async () => {
  const folder = await temporaryFolder();
  const environments = [
    { TZ: 'America/Los_Angeles', LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' },
    { TZ: 'Asia/Tokyo', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' },
  ];
  const outputs = await Promise.all(
    environments.map(async (environment, index) => {
      const outDir = path.join(folder, `dist-${index}`);
      await run(
        process.execPath,
        ['scripts/run-build.js', '--out', outDir, '--report', path.join(folder, `report-${index}.json`)],
        {
          env: { ...process.env, ...environment },
        },
      );
      return snapshot(outDir);
    }),
  );
  assert.ok(Object.keys(outputs[0]!).length > 15, 'the build wrote the site');
  assert.ok('build.json' in outputs[0]!, "the build's identity is part of what is compared");
  assert.deepEqual(outputs[1], outputs[0]);
});
