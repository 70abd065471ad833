/**
 * npm run dev [-- --port 4321] [--content DIR] [--out DIR]
 *
 * Builds the site, serves it like a static host, and rebuilds on every change
 * under src/, content/ and public/, then reloads the open pages. A build error
 * is printed here and shown over the page; the server keeps running.
 *
 * Builds run in a child process: content and public/ changes are rebuilt in
 * the same child, which keeps the client bundle; a change under src/ starts a
 * fresh child, since Node cannot unload the modules it already imported.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from './build-site.ts';
import type { DevBuildMessage } from './dev-worker.ts';
import { startStaticServer } from './lib/static-server.ts';
import { dim, green, red, yellow } from './lib/terminal.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '4321' }, content: { type: 'string' }, out: { type: 'string' } },
});
const outDir = path.resolve(values.out ?? path.join(projectRoot, 'dist'));
const contentDir = path.resolve(values.content ?? path.join(projectRoot, 'content'));

// --- Live reload: an event stream the dev client script listens to ------------------------------

const listeners = new Set<http.ServerResponse>();
let lastError: string | null = null;

function broadcast(event: 'reload' | 'error', data: string) {
  for (const response of listeners) response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

const devClient = `
const events = new EventSource('/__dev/events');
events.addEventListener('reload', () => location.reload());
events.addEventListener('error', (event) => {
  if (!(event instanceof MessageEvent)) return;
  let panel = document.getElementById('dev-build-error');
  if (!panel) {
    panel = document.createElement('pre');
    panel.id = 'dev-build-error';
    Object.assign(panel.style, { position: 'fixed', inset: '1rem', zIndex: 1000, margin: 0, padding: '1.5rem', overflow: 'auto',
      background: '#fff', color: '#7f1d1d', border: '3px solid #b91c1c', borderRadius: '0.75rem', font: '14px/1.5 ui-monospace, monospace',
      whiteSpace: 'pre-wrap' });
    document.body.append(panel);
  }
  panel.textContent = JSON.parse(event.data);
});
`;

function intercept(request: http.IncomingMessage, response: http.ServerResponse): boolean {
  if (request.url === '/__dev/client.js') {
    response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' }).end(devClient);
    return true;
  }
  if (request.url === '/__dev/events') {
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    response.write(': connected\n\n');
    if (lastError) response.write(`event: error\ndata: ${JSON.stringify(lastError)}\n\n`);
    listeners.add(response);
    request.on('close', () => listeners.delete(response));
    return true;
  }
  return false;
}

// --- Builds in a child process ----------------------------------------------------------------

let worker: ChildProcess | null = null;
let building = false;
let pending: 'content' | 'source' | null = null;

function startWorker(): ChildProcess {
  const child = fork(path.join(projectRoot, 'scripts', 'dev-worker.ts'), [outDir, contentDir], {
    execArgv: ['--import', 'tsx'],
    cwd: projectRoot,
  });
  child.on('message', (message: DevBuildMessage) => {
    building = false;
    if (message.ok) {
      lastError = null;
      console.log(`${green('✓')} rebuilt in ${message.milliseconds.toFixed(0)} ms ${dim(`(${message.reason})`)}`);
      for (const warning of message.warnings) console.log(yellow(`  warning ${warning}`));
      broadcast('reload', '');
    } else {
      lastError = `Build failed\n\n${message.error}`;
      console.error(red(lastError));
      broadcast('error', lastError);
    }
    flush();
  });
  return child;
}

/** Queues a rebuild; a change under src/ wins over a content change because it needs a fresh process. */
function schedule(kind: 'content' | 'source') {
  pending = pending === 'source' || kind === 'source' ? 'source' : 'content';
  flush();
}

function flush() {
  if (building || !pending) return;
  const kind = pending;
  pending = null;
  building = true;
  if (kind === 'source' || !worker) {
    worker?.kill();
    worker = startWorker();
  }
  worker.send(kind);
}

// --- Watch, serve, go ----------------------------------------------------------------------------

const server = await startStaticServer({
  root: outDir,
  port: Number(values.port),
  intercept,
  transformHtml: (html) => html.replace('</head>', '<script type="module" src="/__dev/client.js"></script></head>'),
}).catch((error: NodeJS.ErrnoException) => {
  console.error(red(error.code === 'EADDRINUSE' ? `Port ${values.port} is in use; try npm run dev -- --port 4322` : String(error)));
  process.exit(1);
});
console.log(`Dev server at ${server.url} (watching src/, content/, public/)`);

let timer: NodeJS.Timeout | undefined;
let queued: 'content' | 'source' = 'content';
for (const [folder, kind] of [
  [path.join(projectRoot, 'src'), 'source'],
  [contentDir, 'content'],
  [path.join(projectRoot, 'public'), 'content'],
] as const) {
  watch(folder, { recursive: true }, () => {
    if (kind === 'source') queued = 'source';
    // Editors write a file in several steps; wait for them to settle.
    clearTimeout(timer);
    timer = setTimeout(() => {
      schedule(queued);
      queued = 'content';
    }, 40);
  });
}

schedule('source');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    worker?.kill();
    process.exit(0);
  });
}
