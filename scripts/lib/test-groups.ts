/**
 * The test files of a run share a few processes instead of one each. A test
 * file's process pays for its start (Node, tsx, the test runner: about 0.4 s
 * of CPU) and for loading the modules its neighbours load too (Playwright for
 * every browser file). On two cores, the 52 unit files took 124 s of CPU in
 * processes of their own and 79 s in two; the 32 files that build took 128 s
 * in their own and 73 s in one. Node 20's test runner has no option for it
 * (Node 22's --experimental-test-isolation=none is one), so a group is a
 * module, written into the run's folder, that imports its files in turn:
 * their tests run one after the other in the group's process, and each test
 * is still reported at its own file and line. The browser files are grouped
 * apart from the others, in more and smaller groups: they wait on Chromium,
 * and their waits go on side by side. A file named alone on the command line
 * runs alone.
 *
 * A file's hooks outside any describe are its group's: a `before` runs before
 * the group's first test, an `after` once the whole group has run, and a
 * `beforeEach` or `afterEach` around every test of the group (verify's clears
 * its own maps, which is harmless). A file whose tests need a process to themselves
 * says so with a line of its own, `// npm test: a process of its own`, and why
 * (one that measures its own process's CPU time, which a neighbour's ended
 * child would add to).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The line by which a test file asks for a process of its own. */
export const ownProcessMark = /^\/\/ npm test: a process of its own\b/m;

/** The least a file is taken to cost in a group, in ms. */
const minimumMs = 1000;

/** A file to run, and what it cost when last run (the order and the groups' balance follow from it). */
export interface Costed {
  file: string;
  ms: number;
}

export interface Group {
  /** What the group's files are ("test files", "browser files"), and its place among those groups ("2 of 4"). */
  name: string;
  place: string;
  /** The module that imports the group's files, in the run's folder. */
  entry: string;
  files: string[];
  ms: number;
}

/**
 * Up to `count` groups of the files, two files at least in each (one file makes no group: it runs as itself), the
 * costliest dealt first, each to the group that costs least so far; each group's module is written into `folder`.
 */
export function groupFiles(
  files: Costed[],
  { name, count, folder }: { name: string; count: number; folder: string },
): Group[] {
  const size = Math.min(count, Math.floor(files.length / 2));
  if (size === 0) return [];
  const groups = Array.from({ length: size }, () => ({ files: [] as string[], ms: 0 }));
  for (const { file, ms } of files.toSorted((a, b) => b.ms - a.ms)) {
    const cheapest = groups.reduce((least, group) => (group.ms < least.ms ? group : least));
    cheapest.files.push(file);
    // A file costs something however quick it was: files of no cost would all go to one group.
    cheapest.ms += Math.max(ms, minimumMs);
  }
  return groups.map((group, index) => {
    const entry = path.join(folder, `${name.replaceAll(' ', '-')}-${index + 1}-of-${size}.test.mjs`);
    const imports = group.files.map((file) => `import ${JSON.stringify(pathToFileURL(path.resolve(file)).href)};`);
    writeFileSync(entry, `${imports.join('\n')}\n`);
    return { name, place: `${index + 1} of ${size}`, entry, ...group };
  });
}

/** How the closing table names a group: what it ran, its place and how many files. */
export const groupLabel = (group: Group) => `${groupName(group)} (${group.files.length} in one process)`;

/** A group as a file's line names it: "test files, 2 of 4". */
export const groupName = (group: Group) => `${group.name}, ${group.place}`;
