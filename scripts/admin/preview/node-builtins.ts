/**
 * What the modules of the preview's browser bundle ask of Node, answered in
 * the browser (bundle.ts maps node:fs, node:module and node:path here):
 * src/time-zones.ts reads the pinned tz data, bundled as moment-timezone
 * publishes it, so that an event's offset in the preview is the build's.
 */
import packed from 'moment-timezone/data/packed/latest.json' with { type: 'json' };

const TZ_DATA = 'moment-timezone/data/packed/latest.json';

export const createRequire = () => ({ resolve: (id: string) => id });

export function readFileSync(file: string): string {
  if (file !== TZ_DATA) throw new Error(`${file} is not bundled for the browser`);
  return JSON.stringify(packed);
}

const notInTheBrowser = () => {
  throw new Error('node:path is not in the browser');
};

/** node:path, for editor-places.ts, whose one use of it (problemFile, the dev server's) the browser never makes. */
export default { relative: notInTheBrowser, resolve: notInTheBrowser, isAbsolute: notInTheBrowser, sep: '/' };
