/**
 * npm run dev (scripts/dev/server.ts) started as a child process on a content
 * folder of a test's own, with its live-reload event stream listened to as a
 * page's dev script does: for the dev server's tests and the CMS's, which edit
 * through the dev server as a maintainer does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';

/** Resolves with what `read()` returns once it is not undefined, polling until `timeout` ms. */
async function waitFor<T>(read: () => T | undefined, what: string, timeout = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

type DevEvent = 'reload' | 'error' | 'css' | 'building' | 'verdict';

export interface DevServer {
  url: string;
  output: () => string;
  /** Everything the live-reload stream sent so far. */
  events: () => string;
  /** Waits for the next event of this type sent after this call; returns its data. */
  nextEvent: <T = string>(type: DevEvent) => Promise<T>;
  child: ChildProcess;
  /** Stops the server and the stream (a test calls it in its after hook). */
  stop: () => void;
}

export interface DevServerOptions {
  contentDir: string;
  outDir: string;
  /** The project whose dev server runs (a copy, for tests that edit src/); this one by default. */
  project?: string;
  env?: Record<string, string>;
}

/** Starts the dev server and waits for its first build and for its event stream. */
export async function startDevServer({ contentDir, outDir, project, env = {} }: DevServerOptions): Promise<DevServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/dev/server.ts', '--port', '0', '--content', contentDir, '--out', outDir],
    { cwd: project ?? path.resolve('.'), env: { ...process.env, CI: 'true', ...env } },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await waitFor(() => /Dev server at (http:\S+)/.exec(output)?.[1], 'the server to start');
  await waitFor(() => (output.includes('rebuilt in') ? true : undefined), `the first build:\n${output}`, 60_000);

  // Listen to the live-reload stream like the page's dev script does.
  let events = '';
  const stream = http.get(new URL('/__dev/events', url), (response) =>
    response.on('data', (chunk) => (events += chunk)),
  );
  const stop = () => {
    stream.destroy();
    child.kill('SIGTERM');
  };
  await waitFor(() => (events.includes('connected') ? true : undefined), 'the event stream');
  const nextEvent = <T = string>(type: DevEvent) => {
    const from = events.length;
    return waitFor(
      () => {
        const found = new RegExp(`event: ${type}\\ndata: (.*)\\n`).exec(events.slice(from))?.[1];
        return found === undefined ? undefined : (JSON.parse(found) as T);
      },
      `a ${type} event:\n${output}`,
      60_000,
    );
  };
  return { url, child, output: () => output, events: () => events, nextEvent, stop };
}
