/**
 * How many times each news item has changed, from the git history of the
 * news folder: what an event's SEQUENCE counts in the calendar files. A
 * calendar app takes a changed event only when its SEQUENCE is higher than the
 * one it holds, and a static build remembers nothing of the builds before it
 * but what the content and its history hold: each commit (along the first
 * parent, as the branch saw them) that gave an item's file other contents is
 * one change, whatever changed (its date, time, place, status or words), and
 * a file whose uncommitted contents differ from its last commit one more. A
 * file renamed with the same id (a new news date) and the same contents is no
 * change. The count only grows as commits are added, so the SEQUENCE never
 * falls, as long as the build sees the whole history: a shallow clone or a
 * folder outside git is said in `incomplete`, which the build warns about.
 *
 * The build command reads it and gives it to the pipeline (BuildOptions), so
 * that a build's inputs stay its options and files.
 */
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import { NEWS_FILE_NAME } from '../../src/content/news.ts';

const run = promisify(execFile);

export interface EventRevisions {
  /** For each news item's id, how many times its file has changed since it was first written. */
  changes: ReadonlyMap<string, number>;
  /** Why the count may be short (the history is cut, or there is none), or undefined when it is whole. */
  incomplete?: string;
}

const git = async (folder: string, args: string[]) =>
  (
    await run('git', ['-C', folder, ...args], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      timeout: 60_000,
      windowsHide: true,
    })
  ).stdout;

/** The id of a news file's name, or undefined for another file (or one in a sub-folder). */
const idOf = (name: string) => NEWS_FILE_NAME.exec(name)?.[2];

/**
 * The contents of each id after each commit that touched it, oldest first: `git log --raw -z`, each commit
 * "\x01<hash>\0", then for each file ":<modes> <old blob> <new blob> <status>\0<path>\0". A rename is a deletion
 * and an addition in one commit; the addition wins.
 */
function versionsByCommit(log: string): Map<string, string | null>[] {
  return log
    .split('\x01')
    .slice(1)
    .map((commit) => {
      const fields = commit.split('\0').slice(1);
      const versions = new Map<string, string | null>();
      for (let index = 0; index + 1 < fields.length; index += 2) {
        const [meta, name] = [fields[index]!.trim(), fields[index + 1]!];
        const id = idOf(name);
        if (id === undefined) continue;
        if (meta.endsWith('D')) {
          if (!versions.has(id)) versions.set(id, null);
        } else versions.set(id, meta.split(' ')[3]!);
      }
      return versions;
    });
}

/** The changes of each id along the commits, and the contents each has at the last of them. */
function countChanges(commits: Map<string, string | null>[]) {
  const last = new Map<string, string | null>();
  const changes = new Map<string, number>();
  for (const versions of commits)
    for (const [id, version] of versions) {
      const before = last.get(id);
      last.set(id, version);
      if (before === undefined) changes.set(id, 0);
      // A deletion is no version a calendar shows; the item written again is one more.
      else if (version !== null && version !== before) changes.set(id, changes.get(id)! + 1);
    }
  return { last, changes };
}

/** The blob of each news file as it is now, as git would store it (its line ends made git's). */
async function currentVersions(newsDir: string): Promise<Map<string, string>> {
  const names = (await readdir(newsDir).catch(() => [])).filter((name) => idOf(name) !== undefined).sort();
  if (names.length === 0) return new Map();
  const blobs = (await git(newsDir, ['hash-object', '--', ...names])).trim().split('\n');
  return new Map(names.map((name, index) => [idOf(name)!, blobs[index]!]));
}

/** The changes of each news item of `newsDir` (content/news), from git; never throws. */
export async function readEventRevisions(newsDir: string): Promise<EventRevisions> {
  try {
    const [shallow, log, now] = await Promise.all([
      git(newsDir, ['rev-parse', '--is-shallow-repository']),
      git(newsDir, [
        'log',
        '--first-parent',
        '--diff-merges=first-parent',
        '--reverse',
        '--raw',
        '--no-abbrev',
        '--no-renames',
        '--relative',
        '-z',
        '--format=%x01%H',
        '--',
        '.',
      ]),
      currentVersions(newsDir),
    ]);
    const { last, changes } = countChanges(versionsByCommit(log));
    for (const [id, version] of now) {
      const committed = last.get(id);
      if (committed !== undefined && committed !== version) changes.set(id, (changes.get(id) ?? 0) + 1);
    }
    return shallow.trim() === 'true'
      ? {
          changes,
          incomplete:
            'the checkout holds only the latest commits (a shallow clone), so the changes of each event before them are not counted',
        }
      : { changes };
  } catch (error) {
    const { syscall, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
    const why = syscall?.startsWith('spawn')
      ? 'git cannot be started'
      : /not a git repository/i.test(stderr ?? '')
        ? 'the content is not in a git checkout'
        : `git could not read the history (${(stderr ?? String(error)).trim().split('\n')[0]})`;
    return { changes: new Map(), incomplete: `${why}, so no change of an event is counted` };
  }
}
