/**
 * A bounded load run of the preview server (scripts/preview.ts) on loopback,
 * while the site is built again into the folder it serves: what a visitor
 * of `npm run preview` sees while someone runs `npm run build` meanwhile.
 *
 * The server runs in its own process, as `npm run preview` does, so its
 * peak memory is its own: process.resourceUsage().maxRSS, written when it
 * exits (after SIGTERM, which preview.ts handles by closing the server).
 * The load comes from autocannon in this process; the builds are separate
 * processes again, so the three do not share an event loop.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';

export interface LoadOptions {
  projectRoot: string;
  /** The built site; rebuilt in place during the run. */
  outDir: string;
  /** Paths to request, each answering 200 when the site is whole (pages with their trailing slash, assets). */
  paths: string[];
  seconds: number;
  connections: number;
  rebuilds: number;
  /** `node` arguments that load tsx, and the one that records a process's peak memory into a file. */
  nodeArgs: string[];
  peakHook: (file: string) => string;
  peakFile: string;
}

export interface LoadResult {
  seconds: number;
  connections: number;
  paths: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Connection errors and timeouts: requests that got no answer at all. */
  errors: number;
  timeouts: number;
  non2xx: number;
  rebuilds: number;
  rebuildFailures: number;
  serverMaxRss: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function loadPreview(options: LoadOptions): Promise<LoadResult> {
  const server = spawn(
    process.execPath,
    [
      ...options.nodeArgs,
      '--import',
      options.peakHook(options.peakFile),
      'scripts/preview.ts',
      '--port',
      '0',
      '--dir',
      options.outDir,
    ],
    { cwd: options.projectRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = once(server, 'exit');
  try {
    const url = await new Promise<string>((resolve, reject) => {
      server.stdout.on('data', () => {
        const found = /Serving the built site at (http:\S+)/.exec(output)?.[1];
        if (found) resolve(found);
      });
      server.once('exit', (code) => reject(new Error(`preview exited with ${code}:\n${output}`)));
    });

    // The builds, one after another, spread over the run and all finished inside it.
    let rebuilds = 0;
    let rebuildFailures = 0;
    const rebuilding = (async () => {
      const gap = (options.seconds * 1000) / (options.rebuilds + 1);
      for (let index = 0; index < options.rebuilds; index += 1) {
        await sleep(index === 0 ? gap / 2 : gap / 4);
        const build = spawn(process.execPath, [...options.nodeArgs, 'scripts/build.ts', '--out', options.outDir], {
          cwd: options.projectRoot,
          stdio: 'ignore',
        });
        const [code] = (await once(build, 'exit')) as [number | null];
        if (code === 0) rebuilds += 1;
        else rebuildFailures += 1;
      }
    })();

    const result = await autocannon({
      url,
      connections: options.connections,
      duration: options.seconds,
      // Each connection walks the list in turn: pages and the assets they load.
      requests: options.paths.map((path) => ({ method: 'GET', path })),
    });
    await rebuilding;
    if (server.exitCode !== null) throw new Error(`preview died during the load run:\n${output}`);

    server.kill('SIGTERM');
    await exited;
    return {
      seconds: options.seconds,
      connections: options.connections,
      paths: options.paths.length,
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      maxMs: result.latency.max,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      rebuilds,
      rebuildFailures,
      serverMaxRss: Number(await readFile(options.peakFile, 'utf8').catch(() => 'NaN')),
    };
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
  }
}
