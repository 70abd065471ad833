/**
 * npm run dev (scripts/dev/server.ts) started as a child process on a content
 * folder of a test's own, with its live-reload event stream listened to as a
 * page's dev script does: for the dev server's tests and the CMS's, which edit
 * through the dev server as a maintainer does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';

/**
 * Text a process or a stream sends, and the waits on it: each is checked again
 * whenever more text arrives, never on a timer, so a test waits exactly as long
 * as the machine takes. A wait fails at once when the server ends, with what
 * it said; the guard only stops a server that hangs without a word.
 */
class Heard {
  text = '';
  private readonly listeners = new Set<() => void>();
  private ended: string | undefined;

  add(chunk: string) {
    this.text += chunk;
    for (const listener of [...this.listeners]) listener();
  }

  end(why: string) {
    this.ended = why;
    for (const listener of [...this.listeners]) listener();
  }

  until<T>(read: (text: string) => T | undefined, what: string, output: () => string): Promise<T> {
    return new Promise((resolve, reject) => {
      const guard = setTimeout(() => finish(new Error(`no ${what} within 5 minutes:\n${output()}`)), 300_000);
      const finish = (error?: Error, value?: T) => {
        clearTimeout(guard);
        this.listeners.delete(check);
        if (error) reject(error);
        else resolve(value as T);
      };
      const check = () => {
        const value = read(this.text);
        if (value !== undefined) finish(undefined, value);
        else if (this.ended !== undefined) finish(new Error(`${this.ended} before ${what}:\n${output()}`));
      };
      this.listeners.add(check);
      check();
    });
  }
}

type DevEvent = 'reload' | 'error' | 'css' | 'building' | 'verdict';

export interface DevServer {
  url: string;
  output: () => string;
  /**
   * Waits until what the server printed after `from` (a length of `output()`) matches `what`. The terminal and the
   * live-reload stream are two channels: an event may arrive before the lines printed ahead of it.
   */
  printed: (from: number, what: RegExp) => Promise<void>;
  /** Everything the live-reload stream sent so far. */
  events: () => string;
  /** Waits for the next event of this type sent after this call; returns its data. */
  nextEvent: <T = string>(type: DevEvent) => Promise<T>;
  /**
   * Waits until the builds started after `from` (a length of `events()`) have taken in every one of `files` (as the
   * verdicts name them: content/news/….md, src/format.ts) and the last of them has ended, in a reload or an error.
   */
  builtSince: (from: number, files: string[]) => Promise<void>;
  /**
   * The first build after `from` whose verdict names `file` (content/news/….md): its verdict and the event that
   * ended it (reload, error or css), whatever builds of other files ended meanwhile. Given `ends`, the first such
   * build that ended in one of them: a build of an earlier save of the file may still end after `from`.
   */
  buildOf: <T = unknown>(from: number, file: string, ends?: string[]) => Promise<{ verdict: T; end: string }>;
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

/** The events of a stream's text, each its type and its data. */
const eventsOf = (text: string) =>
  [...text.matchAll(/event: (\w+)\ndata: (.*)\n/g)].map(([, type, data]) => ({ type: type!, data: data! }));
const endsBuild = (type: string) => type === 'reload' || type === 'error' || type === 'css';
const filesOf = (data: string) => (JSON.parse(data) as { files: string[] }).files;

/** True once the verdicts in `text` have named every one of `files` and an event has ended the last such build. */
function builtIn(text: string, files: string[]): true | undefined {
  const waiting = new Set(files);
  let taken = false;
  for (const { type, data } of eventsOf(text)) {
    if (type === 'verdict') for (const file of filesOf(data)) waiting.delete(file);
    taken = waiting.size === 0 && (taken || type === 'verdict');
    if (taken && endsBuild(type)) return true;
  }
  return undefined;
}

/** The first verdict in `text` that names `file`, and the event that ended its build (one of `ends`, if given). */
function buildIn<T>(text: string, file: string, ends?: string[]): { verdict: T; end: string } | undefined {
  let verdict: T | undefined;
  for (const { type, data } of eventsOf(text)) {
    if (verdict === undefined && type === 'verdict' && filesOf(data).includes(file)) verdict = JSON.parse(data) as T;
    else if (verdict !== undefined && endsBuild(type)) {
      if (!ends || ends.includes(type)) return { verdict, end: type };
      verdict = undefined;
    }
  }
  return undefined;
}

/** Starts the dev server and waits for its first build and for its event stream. */
export async function startDevServer({ contentDir, outDir, project, env = {} }: DevServerOptions): Promise<DevServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/dev/server.ts', '--port', '0', '--content', contentDir, '--out', outDir],
    { cwd: project ?? path.resolve('.'), env: { ...process.env, CI: 'true', ...env } },
  );
  const output = new Heard();
  child.stdout!.on('data', (chunk) => output.add(String(chunk)));
  child.stderr!.on('data', (chunk) => output.add(String(chunk)));
  child.on('exit', (code, signal) => output.end(`the dev server ended (${signal ?? `exit ${code}`})`));
  const said = () => output.text;
  const url = await output.until((text) => /Dev server at (http:\S+)/.exec(text)?.[1], 'start of the server', said);
  await output.until((text) => (text.includes('rebuilt in') ? true : undefined), 'first build', said);

  // Listen to the live-reload stream like the page's dev script does.
  const events = new Heard();
  const stream = http.get(new URL('/__dev/events', url), (response) => {
    response.on('data', (chunk) => events.add(String(chunk)));
    response.on('end', () => events.end('the event stream ended'));
  });
  child.on('exit', () => events.end('the dev server ended'));
  const stop = () => {
    stream.destroy();
    child.kill('SIGTERM');
  };
  await events.until((text) => (text.includes('connected') ? true : undefined), 'event stream', said);
  const nextEvent = <T = string>(type: DevEvent) => {
    const from = events.text.length;
    return events.until(
      (text) => {
        const found = new RegExp(`event: ${type}\\ndata: (.*)\\n`).exec(text.slice(from))?.[1];
        return found === undefined ? undefined : (JSON.parse(found) as T);
      },
      `${type} event`,
      said,
    );
  };
  const builtSince = (from: number, files: string[]) =>
    events.until((text) => builtIn(text.slice(from), files), `a build of ${files.join(', ')}`, said).then(() => {});
  const buildOf = <T = unknown>(from: number, file: string, ends?: string[]) =>
    events.until(
      (text) => buildIn<T>(text.slice(from), file, ends),
      `a build of ${file}${ends ? ` ending in ${ends.join(' or ')}` : ''}`,
      said,
    );
  const printed = (from: number, what: RegExp) =>
    output.until((text) => (what.test(text.slice(from)) ? true : undefined), `the line ${what}`, said).then(() => {});
  return { url, child, output: said, printed, events: () => events.text, nextEvent, builtSince, buildOf, stop };
}
