/**
 * The pinned tz data (moment-timezone's data/packed/latest.json, pinned by
 * package-lock.json) as text, read from the installed package. On a module of
 * its own, the one file time-zones.ts reads: the editor's script in the
 * browser runs the same time-zone code on the same file, which /admin/ serves
 * and the script fetches instead (scripts/admin/editor/time-zone-data.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export function publishedTimeZoneText(): string {
  const require = createRequire(import.meta.url);
  return readFileSync(require.resolve('moment-timezone/data/packed/latest.json'), 'utf8');
}
