/**
 * The Chrome or Chromium that the browser tests, `npm run screenshots`, the
 * benchmarks and .ci/run drive, found one way: CHROMIUM_PATH; else the first
 * usable one on PATH; else where chrome-launcher finds Chrome installed (the
 * usual places of macOS and Windows, Linux's desktop entries). It is never
 * downloaded.
 *
 * On PATH, Chromium's headless shell comes first (Debian's
 * chromium-headless-shell, the "old" headless mode Playwright itself runs
 * headless tests in): the same Blink and V8 without the browser's windows and
 * tabs, which took some 10% less CPU for two of the editor's test files, all
 * of Chromium's processes counted (CONTRIBUTING.md).
 *
 * Ubuntu's chromium packages only wrap the snap, which Playwright cannot
 * drive: such a wrapper is refused with the hint of CONTRIBUTING.md.
 *
 *   npx tsx scripts/lib/chromium.ts   prints the executable, or why there is none (exit 1)
 */
import { accessSync, constants, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Launcher } from 'chrome-launcher';

/** Flags for a headless run that asks nothing of the network on its own (updates, sync). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const headlessShell = 'chromium-headless-shell';
const commandNames = [headlessShell, 'chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome'];

/** Chrome installed the usual way, as chrome-launcher finds it on this machine (none for a test's other platform). */
function installed(platform: NodeJS.Platform): string[] {
  if (platform !== process.platform || !['darwin', 'linux', 'win32'].includes(platform)) return [];
  try {
    // On macOS the full list asks lsregister, which takes seconds; the usual places are enough.
    return platform === 'darwin'
      ? [Launcher.getFirstInstallation()].filter((file) => file !== undefined)
      : Launcher.getInstallations();
  } catch {
    return []; // None found (on Linux chrome-launcher throws).
  }
}

/** The environment variable naming the file where the browser tests list what they skipped, for scripts/test.ts. */
export const skippedBrowserTestsLog = 'ECCRON_SKIPPED_BROWSER_TESTS';

/** How to get a browser the tests can drive, as CONTRIBUTING.md says it. */
const chromiumHint =
  'Install Chrome or Chromium (Debian: sudo apt-get install chromium-headless-shell, or chromium; on Ubuntu, Google Chrome from its .deb, ' +
  "since Ubuntu's chromium is a snap the tests cannot drive), or set CHROMIUM_PATH to its executable; " +
  'see "Set-up" in CONTRIBUTING.md.';

const isExecutable = (file: string) => {
  try {
    accessSync(file, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** A snap's binary, or a script that only starts one (Ubuntu's /usr/bin/chromium-browser). */
function isSnap(file: string): boolean {
  const real = realpathSync(file);
  if (real.startsWith('/snap/')) return true;
  const start = readFileSync(real).subarray(0, 4096).toString('latin1');
  return start.startsWith('#!') && /\bsnap\b/.test(start);
}

export interface ChromiumSearch {
  executablePath?: string;
  /** Without an executable: what was looked at and what to do, in one message. */
  problem?: string;
}

/**
 * `browser`: a whole browser, not the headless shell, for Lighthouse, whose figures are those of the browser
 * people use.
 */
export function findChromium(env = process.env, platform = process.platform, { browser = false } = {}): ChromiumSearch {
  if (env.CHROMIUM_PATH) {
    const file = env.CHROMIUM_PATH;
    if (!isExecutable(file))
      return { problem: `CHROMIUM_PATH is ${file}, which is not an executable file. ${chromiumHint}` };
    if (isSnap(file))
      return { problem: `CHROMIUM_PATH is ${file}, a snap, which the tests cannot drive. ${chromiumHint}` };
    return { executablePath: file };
  }
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  const extensions = platform === 'win32' ? ['.exe'] : [''];
  const onPath = (env[pathKey] ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .flatMap((folder) =>
      commandNames
        .filter((name) => !browser || name !== headlessShell)
        .flatMap((name) => extensions.map((ext) => path.join(folder, name + ext))),
    );
  // The usual places asked only when PATH has none: chrome-launcher runs a few commands to list them.
  const candidates = function* () {
    yield* onPath;
    yield* installed(platform);
  };
  const snaps: string[] = [];
  for (const file of candidates()) {
    if (!isExecutable(file)) continue;
    if (!isSnap(file)) return { executablePath: file };
    if (!snaps.includes(realpathSync(file))) snaps.push(realpathSync(file));
  }
  return {
    problem: `${
      snaps.length > 0
        ? `Only a snap's Chromium was found (${snaps.join(', ')}), which the tests cannot drive.`
        : 'No Chrome or Chromium was found on PATH or where it is usually installed, and CHROMIUM_PATH is not set.'
    } ${chromiumHint}`,
  };
}

// Run as a command (by .ci/run): prints the executable, or the problem.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { executablePath, problem } = findChromium();
  if (executablePath) console.log(executablePath);
  else {
    console.error(problem);
    process.exitCode = 1;
  }
}
