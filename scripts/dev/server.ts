/**
 * npm run dev [-- --port 4321] [--content DIR] [--out DIR]
 *
 * Builds the site, serves it like a static host, and rebuilds on every change
 * under src/, content/ and public/, then reloads the open pages; a change of
 * stylesheets only swaps the stylesheet in the open pages, without a reload.
 * A build error, a syntax error in src/ included, is printed here and shown
 * over the page; the server keeps running and the next good save recovers.
 *
 * Builds run in a child process: content, public/ and stylesheet changes are
 * rebuilt in the same child; a change of other files under src/ starts a
 * fresh child, since Node cannot unload the modules it already imported.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type http from 'node:http';
import path from 'node:path';
import { watch } from 'chokidar';
import { build } from 'esbuild';
import { cmsTargetFromEnvironment } from '../lib/cms-backend.ts';
import { localAdmin } from '../admin/dev-admin.ts';
import { readCommandLine } from '../lib/command-line.ts';
import { within } from '../lib/output-folder.ts';
import { projectRoot } from '../lib/project-root.js';
import { startStaticServer } from '../lib/static-server.ts';
import { dim, green, red, yellow } from '../lib/terminal.ts';
import { heardAgain, remember, type Stamps } from './heard.ts';
import { whenSettled } from './settle.ts';
import { changedFile, fillFromDois, type Verdict, verdictOf } from './verdicts.ts';
import type { DevBuildKind, DevBuildMessage } from './worker.ts';

const { values } = readCommandLine(
  { options: { port: { type: 'string', default: '4321' }, content: { type: 'string' }, out: { type: 'string' } } },
  { usage: 'Usage: npm run dev [-- --port 4321] [--content DIR] [--out DIR]', exitCode: 1 },
);
const outDir = path.resolve(values.out ?? path.join(projectRoot, 'dist'));
const contentDir = path.resolve(values.content ?? path.join(projectRoot, 'content'));
// Where the CMS saves on a host, read here and handed to every build: CMS_REPO, CMS_BRANCH, CMS_AUTH_URL and the like.
const cms = cmsTargetFromEnvironment(process.env);

// --- Live reload: an event stream the dev client script listens to ------------------------------

// The browser side, client.ts, bundled once: it does not change while the server runs.
const devClientScript = (
  await build({
    entryPoints: [path.join(projectRoot, 'scripts', 'dev', 'client.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
).outputFiles[0]!.text;

const listeners = new Set<http.ServerResponse>();
let lastError: string | null = null;
/** The last build's verdict, which a page that connects later (the editor at /admin/) is told first. */
let lastVerdict: Verdict | null = null;

type DevEvent = 'reload' | 'error' | 'css' | 'building' | 'verdict';
const eventText = (event: DevEvent, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

function broadcast(event: DevEvent, data: unknown) {
  for (const response of listeners) response.write(eventText(event, data));
}

/** POST /__dev/fill: the fill a pending publication offers, run once at a time; the content change rebuilds. */
let filling: Promise<unknown> | null = null;
function fill(response: http.ServerResponse) {
  const json = (status: number, body: unknown) =>
    response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  if (filling) return json(409, { code: 1, lines: ['A fill is already running.'] });
  console.log(dim('Filling publications from their DOIs (npm run cite -- fill)…'));
  filling = fillFromDois(contentDir)
    .then((result) => {
      for (const line of result.lines) console.log(`  ${line}`);
      json(200, result);
    })
    .catch((error: unknown) => json(500, { code: 1, lines: [String(error)] }))
    .finally(() => {
      filling = null;
    });
}

function intercept(request: http.IncomingMessage, response: http.ServerResponse): boolean {
  if (request.url === '/__dev/client.js') {
    response
      .writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' })
      .end(devClientScript);
    return true;
  }
  if (request.url === '/__dev/events') {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    if (lastError) response.write(eventText('error', lastError));
    if (lastVerdict) response.write(eventText('verdict', lastVerdict));
    listeners.add(response);
    request.on('close', () => listeners.delete(response));
    return true;
  }
  if (request.url === '/__dev/fill' && request.method === 'POST') {
    fill(response);
    return true;
  }
  return false;
}

// --- Builds in a child process ----------------------------------------------------------------

let worker: ChildProcess | null = null;
let building: DevBuildKind | null = null;
let pending: DevBuildKind | null = null;
/** The files changed since the last build started (by name, as a verdict names them), and those of the build under way. */
let changed = new Map<string, string>();
let buildingFiles: string[] = [];
/** How each changed file was as the last build that named it started: a save heard twice is not built twice. */
const stamps: Stamps = new Map();
const rank: Record<DevBuildKind, number> = { content: 0, style: 1, source: 2 };
const larger = (a: DevBuildKind | null, b: DevBuildKind) => (a && rank[a] > rank[b] ? a : b);

async function finished(message: DevBuildMessage) {
  const kind = building;
  const hadError = lastError !== null;
  lastVerdict = await verdictOf(message, buildingFiles, { contentDir, cwd: projectRoot });
  broadcast('verdict', lastVerdict);
  building = null;
  if (message.doiOnly) console.log(yellow(message.doiOnly));
  if (message.ok) {
    lastError = null;
    console.log(`${green('✓')} rebuilt in ${message.milliseconds.toFixed(0)} ms ${dim(`(${message.reason})`)}`);
    for (const warning of message.warnings) console.log(yellow(`  warning ${warning.where}: ${warning.message}`));
    // A page showing an error reloads whatever changed; otherwise a stylesheet change is swapped in place.
    if (kind === 'style' && !hadError) broadcast('css', message.stylesheet);
    else broadcast('reload', '');
  } else {
    lastError = `Build failed\n\n${message.error}`;
    console.error(red(lastError));
    broadcast('error', lastError);
  }
  flush();
}

function startWorker(): ChildProcess {
  const child = fork(path.join(projectRoot, 'scripts', 'dev', 'worker.ts'), [outDir, contentDir, JSON.stringify(cms)], {
    execArgv: ['--import', 'tsx'],
    cwd: projectRoot,
  });
  child.on('message', (message: DevBuildMessage) => void finished(message));
  child.on('exit', (code, signal) => {
    if (child !== worker) return; // replaced on purpose
    worker = null;
    // Ended in the middle of a build: say so, and let the next change start a fresh one.
    if (building)
      void finished({
        ok: false,
        error: `The build process stopped (${signal ?? `exit code ${code}`}); see the terminal.`,
      });
  });
  return child;
}

/** Queues a rebuild; the larger kind wins (a src/ change needs a fresh process, a stylesheet change a new bundle). */
function schedule(kind: DevBuildKind) {
  pending = larger(pending, kind);
  flush();
}

function flush() {
  if (building || !pending) return;
  const kind = pending;
  pending = null;
  const files = [...changed.values()];
  const names = [...changed.keys()].sort();
  changed = new Map();
  if (kind === 'content' && heardAgain(files, stamps)) return;
  remember(files, stamps);
  building = kind;
  buildingFiles = names;
  broadcast('building', buildingFiles);
  if (kind === 'source' || !worker) {
    const old = worker;
    worker = startWorker();
    old?.kill();
  }
  worker.send(kind);
}

// --- Watch, serve, go ----------------------------------------------------------------------------

const server = await startStaticServer({
  root: outDir,
  port: Number(values.port),
  intercept: localAdmin({ contentDir, outDir, backend: cms.backend, devEvents: '/__dev/events' }, intercept),
  transformHtml: (html) => html.replace('</head>', '<script type="module" src="/__dev/client.js"></script></head>'),
}).catch((error: NodeJS.ErrnoException) => {
  console.error(
    red(error.code === 'EADDRINUSE' ? `Port ${values.port} is in use; try npm run dev -- --port 4322` : String(error)),
  );
  process.exit(1);
});
console.log(`Dev server at ${server.url} (watching src/, content/, public/)`);

/** Which build a changed file needs. */
function kindOf(file: string): DevBuildKind {
  const inSrc = within(path.join(projectRoot, 'src'), file);
  if (!inSrc) return 'content';
  return file.endsWith('.css') ? 'style' : 'source';
}

// chokidar watches folders, not just the files there at the start: an editor's
// atomic save or a git checkout replaces a file by rename, which a watch on
// the file itself stops seeing.
let queued: DevBuildKind | null = null;
const settled = whenSettled(() => {
  if (queued) schedule(queued);
  queued = null;
});
watch([path.join(projectRoot, 'src'), contentDir, path.join(projectRoot, 'public')], { ignoreInitial: true }).on(
  'all',
  (_event, file) => {
    // An editor's temporary file (the CMS writes .sveltia-tmp-… and moves it into place; others write .file.swp) is
    // not what was saved, and no build reads it: the save is the move that follows.
    if (path.basename(file).startsWith('.')) return;
    queued = larger(queued, kindOf(path.resolve(file)));
    changed.set(changedFile(path.resolve(file), contentDir, projectRoot), path.resolve(file));
    settled();
  },
);

schedule('source');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    worker?.kill();
    process.exit(0);
  });
}
