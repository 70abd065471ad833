/**
 * The Chromium that the browser tests, `npm run screenshots` and
 * `npm run bench:lighthouse` drive: CHROMIUM_PATH, or Debian's. It is never
 * downloaded.
 */
import { accessSync, constants } from 'node:fs';

/** Flags for a headless run that asks nothing of the network on its own (updates, sync). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** CHROMIUM_PATH when set, otherwise Debian's /usr/bin/chromium; `looked` names where it was looked for. */
export function findChromium(): { executablePath?: string; looked: string[] } {
  const candidates = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return { executablePath: candidates.find(isExecutable), looked: candidates };
}
