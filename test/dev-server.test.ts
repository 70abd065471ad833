import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { test } from 'node:test';
import { temporaryFolder } from './helpers/site.ts';

/** Resolves with the first match of `pattern` in what `read()` returns, polling until `timeout` ms. */
async function waitFor<T>(read: () => T | undefined, what: string, timeout = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

test('npm run dev rebuilds on a content edit, shows a content error on the page and keeps serving', async () => {
  const folder = await temporaryFolder();
  const contentDir = path.join(folder, 'content');
  await cp(path.resolve('test/fixtures/content'), contentDir, { recursive: true });
  const dev = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/dev.ts', '--port', '0', '--content', contentDir, '--out', path.join(folder, 'dist')], {
    env: { ...process.env, CI: 'true' },
  });
  let output = '';
  dev.stdout.on('data', (chunk) => (output += chunk));
  dev.stderr.on('data', (chunk) => (output += chunk));

  try {
    const url = await waitFor(() => /Dev server at (http:\S+)/.exec(output)?.[1], 'the server to start');
    await waitFor(() => (output.includes('rebuilt in') ? true : undefined), 'the first build');

    // Listen to the live-reload stream like the page's dev script does.
    let events = '';
    const stream = http.get(new URL('/__dev/events', url), (response) => response.on('data', (chunk) => (events += chunk)));
    await waitFor(() => (events.includes('connected') ? true : undefined), 'the event stream');
    const home = await (await fetch(url)).text();
    assert.match(home, /<script type="module" src="\/__dev\/client\.js"><\/script><\/head>/, 'pages get the reload script');

    const newsFile = path.join(contentDir, 'news', '2023-06-01-newer-example.md');
    const news = await readFile(newsFile, 'utf8');
    await writeFile(newsFile, news.replace('date: 2023-06-01', 'date: 2023-06-99'));
    const error = await waitFor(() => /event: error\ndata: (.+)\n/.exec(events)?.[1], 'the error event');
    assert.match(JSON.parse(error), /news\/2023-06-01-newer-example\.md:3:7 › date: expected a real calendar date: June 2023 has 30 days, found "2023-06-99"/);
    assert.match(output, /news\/2023-06-01-newer-example\.md:3:7 › date/, 'the terminal shows it too');
    assert.equal((await fetch(url)).status, 200, 'the server still serves the last good build');

    await writeFile(newsFile, news.replace('title: A newer example update', 'title: An update edited while the server runs'));
    await waitFor(() => (events.includes('event: reload') ? true : undefined), 'the reload event');
    assert.match(await (await fetch(url)).text(), /An update edited while the server runs/);
    assert.match(output, /rebuilt in \d+ ms \(content and pages only\)/);
    stream.destroy();
  } finally {
    dev.kill('SIGTERM');
  }
});
