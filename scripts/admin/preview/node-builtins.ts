/**
 * What src/time-zones.ts asks of Node (node:fs, node:module), answered in the
 * preview's browser bundle: the pinned tz data it reads, bundled as
 * moment-timezone publishes it, so that an event's offset in the preview is the
 * build's. The bundle maps node:fs and node:module here (bundle.ts).
 */
import packed from 'moment-timezone/data/packed/latest.json' with { type: 'json' };

const TZ_DATA = 'moment-timezone/data/packed/latest.json';

export const createRequire = () => ({ resolve: (id: string) => id });

export function readFileSync(file: string): string {
  if (file !== TZ_DATA) throw new Error(`${file} is not bundled for the browser`);
  return JSON.stringify(packed);
}
