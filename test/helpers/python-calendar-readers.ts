/**
 * Calendar files read by Python's vobject (instants from the file's own
 * VTIMEZONE, through dateutil) and icalendar (instants from the TZID as an
 * IANA name, through pytz and the system's tz data), the two libraries Python
 * programs read calendars with. One Python process (calendar-readers.py) per
 * test file answers every file sent to it, one line of JSON each way.
 *
 * Python and the packages come from the system (Debian: python3-vobject and
 * python3-icalendar, which .ci/run installs). Without them the tests that use
 * them are skipped, each with the reason and a warning on stderr; with
 * CI=true they fail instead, as the browser tests do without a browser.
 */
import assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, test } from 'node:test';
import type { ReadEvent } from './calendar-readers.ts';

const script = path.resolve(import.meta.dirname, 'calendar-readers.py');

/** What one library read of a file: its events, or the error it raised on the whole file. */
export type PythonReading = { events: Omit<ReadEvent, 'tzid'>[]; error?: undefined } | { error: string };

export interface PythonReaders {
  /** The versions answering, such as { vobject: '0.9.6.1', icalendar: '4.0.3' }. */
  versions: Record<string, string>;
  read(text: string): Promise<{ vobject: PythonReading; icalendar: PythonReading }>;
  /**
   * Starts a new session: vobject forgets the zones it has read. It keeps the first VTIMEZONE of a TZID for every
   * file it reads later, so the files of one build are read in one session, as one program reading them would.
   */
  forget(): Promise<void>;
}

/**
 * The Pythons to try: PYTHON when set, the one on PATH, then Debian's own, where apt installs the packages (a
 * Python of pyenv or a virtual environment may come first on PATH without them).
 */
const candidates = () =>
  [process.env.PYTHON, 'python3', process.platform === 'win32' ? 'python' : '/usr/bin/python3'].filter(
    (candidate): candidate is string => Boolean(candidate),
  );

let found: { python: string; versions: Record<string, string> } | { problem: string } | undefined;

/** The first Python that has both libraries, or why none has. */
function findPython() {
  found ??= firstPython();
  return found;
}

function firstPython(): { python: string; versions: Record<string, string> } | { problem: string } {
  const tried: string[] = [];
  for (const python of candidates()) {
    const run = spawnSync(python, [script], { input: '', encoding: 'utf8', timeout: 60_000, windowsHide: true });
    const first = run.error ? undefined : (JSON.parse(run.stdout.split('\n')[0] || '{}') as Record<string, unknown>);
    if (first?.ready) return { python, versions: first.ready as Record<string, string> };
    tried.push(`${python}: ${run.error ? (run.error as NodeJS.ErrnoException).code : (first?.missing ?? run.stderr)}`);
  }
  return {
    problem: `no Python with vobject and icalendar (${tried.join('; ')}); on Debian: apt-get install python3-vobject python3-icalendar`,
  };
}

let started: PythonReaders | undefined;
let stop = () => {};
// The process ends with the test file: its input closed, it reads no more.
after(() => stop());

/** One process answering in order: each request waits for its own line. */
function start(python: string, versions: Record<string, string>): PythonReaders {
  const child: ChildProcessWithoutNullStreams = spawn(python, [script], { windowsHide: true });
  const waiting: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  const lines = createInterface({ input: child.stdout });
  let ready = false;
  let failure = '';
  child.stderr.on('data', (chunk) => {
    failure += chunk;
  });
  lines.on('line', (line) => {
    if (!ready) ready = true;
    else waiting.shift()?.resolve(line);
  });
  child.on('exit', (code) => {
    const error = new Error(`the Python calendar readers stopped (exit code ${code}): ${failure}`);
    for (const request of waiting.splice(0)) request.reject(error);
  });
  stop = () => child.stdin.end();
  const ask = <T>(request: object) =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ resolve: (line) => resolve(JSON.parse(line)), reject });
      child.stdin.write(`${JSON.stringify(request)}\n`);
    });
  return {
    versions,
    read: (text) => ask({ text }),
    forget: async () => {
      await ask({ forget: true });
    },
  };
}

/**
 * Declares a test that reads calendars with vobject and icalendar: skipped, loudly, without them, and failing
 * in CI.
 */
export function pythonReadersTest(name: string, body: (readers: PythonReaders) => Promise<void>): void {
  const python = findPython();
  if ('problem' in python) {
    if (process.env.CI === 'true') {
      test(`${name}: Python's vobject and icalendar are required in CI`, () => assert.fail(python.problem));
      return;
    }
    process.stderr.write(`\n!!! SKIPPING "${name}": ${python.problem}\n\n`);
    test(name, { skip: python.problem }, () => {});
    return;
  }
  test(name, async () => {
    started ??= start(python.python, python.versions);
    await started.forget();
    await body(started);
  });
}

/** The events a Python library read, or a failure naming the library, the file and its error. */
export function eventsOf(reading: PythonReading, library: string, where: string): Omit<ReadEvent, 'tzid'>[] {
  if (reading.error !== undefined) assert.fail(`${library} could not read ${where}: ${reading.error}`);
  // Python's None arrives as null: a property the event does not have, as the JavaScript readers give it.
  return reading.events.map(
    (event) =>
      Object.fromEntries(Object.entries(event).map(([key, value]) => [key, value ?? undefined])) as typeof event,
  );
}
