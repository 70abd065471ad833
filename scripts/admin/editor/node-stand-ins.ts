/**
 * What the build's modules ask of Node, answered in the editor's browser
 * bundle (editor-bundle.ts maps node:path, node:fs and node:module here):
 *
 *  - node:path, for displayPath (scripts/lib/display-path.ts): the files the
 *    check reads in the browser are named as the repository names them
 *    (content/site.yml), which is how a problem shows them;
 *  - node:fs and node:module, for the pinned tz data (src/time-zone-data.ts):
 *    the same file, which /admin/ serves and the editor fetches when an event's
 *    time is first checked, given here before (provideTimeZoneData).
 */
export default { relative: (_from: string, to: string) => to, isAbsolute: () => false, sep: '/' };

let timeZoneData: string | undefined;

/** The pinned tz data file's text, fetched from /admin/: read by src/time-zones.ts from then on. */
export function provideTimeZoneData(text: string) {
  timeZoneData = text;
}

export const hasTimeZoneData = () => timeZoneData !== undefined;

export function readFileSync(file: string): string {
  if (!file.endsWith('latest.json') || timeZoneData === undefined)
    throw new Error(`the editor has not fetched ${file} yet`);
  return timeZoneData;
}

export const createRequire = () => ({ resolve: (id: string) => id });

/** process.cwd() as display-path.ts calls it: the files have no folder around them here. */
export const process = { cwd: () => '' };
