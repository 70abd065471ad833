/**
 * The repository the GitHub stand-in holds: its files in commits, its
 * branches, and its pull requests, changed as GitHub changes them when the
 * CMS creates a branch, commits on it, opens, labels and merges a pull
 * request. A file's id is its git blob id (as `git hash-object` computes it);
 * commits and trees are named by hashing what they hold, in their place.
 */
import { createHash } from 'node:crypto';

/** A commit: its files (path → blob id), its parent, its message and its time. */
export interface Commit {
  sha: string;
  files: Map<string, string>;
  parent?: string;
  message: string;
  date: string;
}

export interface PullRequest {
  number: number;
  nodeId: string;
  title: string;
  head: string;
  base: string;
  draft: boolean;
  state: 'open' | 'closed';
  merged: boolean;
  labels: string[];
  created: string;
  updated: string;
}

const sha1 = (text: string | Buffer) => createHash('sha1').update(text).digest('hex');

/** A file's id as git computes it: the SHA-1 of "blob <length>\0" and its bytes. */
const blobId = (text: string) => {
  const bytes = Buffer.from(text, 'utf8');
  return sha1(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]));
};

/** The time of the n-th change, a minute after the one before: the same on every run. */
const timeOf = (step: number) => new Date(Date.UTC(2031, 0, 6, 9, step)).toISOString().replace('.000Z', 'Z');

export class Repository {
  readonly blobs = new Map<string, string>();
  readonly commits = new Map<string, Commit>();
  readonly branches = new Map<string, string>();
  readonly pulls: PullRequest[] = [];
  /**
   * Called with each commit the Site workflow runs for (.github/workflows/site.yml: a push to the default branch, a
   * pull request opened or pushed to), as GitHub starts it.
   */
  onRun: (commit: Commit) => void = () => {};
  private step = 0;

  constructor(
    readonly owner: string,
    readonly name: string,
    readonly defaultBranch: string,
    files: Record<string, string>,
  ) {
    const initial = this.commit({ files: new Map(), message: 'The site as it is', changes: files });
    this.branches.set(defaultBranch, initial.sha);
  }

  now() {
    this.step += 1;
    return timeOf(this.step);
  }

  /** The commit a branch name, a "refs/heads/…" name or a commit id stands for. */
  resolve(ref: string): Commit | undefined {
    const name = ref.replace(/^refs\/heads\//, '');
    return this.commits.get(this.branches.get(name) ?? name);
  }

  text(commit: Commit, path: string): string | undefined {
    const id = commit.files.get(path);
    return id === undefined ? undefined : this.blobs.get(id);
  }

  /** The files of a commit, as text by path. */
  filesOf(commit: Commit): Record<string, string> {
    return Object.fromEntries([...commit.files].map(([path, id]) => [path, this.blobs.get(id)!]));
  }

  private commit(options: {
    files: Map<string, string>;
    parent?: string;
    message: string;
    changes: Record<string, string>;
    deletions?: string[];
  }): Commit {
    const files = new Map(options.files);
    for (const [path, text] of Object.entries(options.changes)) {
      const id = blobId(text);
      this.blobs.set(id, text);
      files.set(path, id);
    }
    for (const path of options.deletions ?? []) files.delete(path);
    const tree = [...files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, id]) => `${id} ${path}`);
    const date = this.now();
    const sha = sha1(['commit', options.parent ?? '', options.message, date, ...tree].join('\n'));
    const commit = {
      sha,
      files,
      message: options.message,
      date,
      ...(options.parent ? { parent: options.parent } : {}),
    };
    this.commits.set(sha, commit);
    return commit;
  }

  /** A new branch at a commit; false when one of that name exists (GitHub refuses it). */
  createBranch(name: string, sha: string): boolean {
    if (this.branches.has(name)) return false;
    this.branches.set(name, sha);
    return true;
  }

  /** A commit on a branch, refused (undefined) unless the branch is where the committer expects it. */
  commitOnBranch(
    branch: string,
    expectedHead: string,
    change: { changes: Record<string, string>; deletions: string[]; message: string },
  ) {
    const head = this.resolve(branch);
    if (!head || head.sha !== expectedHead) return undefined;
    const commit = this.commit({ files: head.files, parent: head.sha, ...change });
    this.branches.set(branch, commit.sha);
    const pulled = this.pulls.some((pull) => pull.state === 'open' && pull.head === branch);
    if (branch === this.defaultBranch || pulled) this.onRun(commit);
    return commit;
  }

  openPull(options: { title: string; head: string; base: string; draft: boolean }): PullRequest {
    const number = 1347 + this.pulls.length;
    const time = this.now();
    const pull: PullRequest = {
      ...options,
      number,
      nodeId: Buffer.from(`04:PullRequest${number}`).toString('base64'),
      state: 'open',
      merged: false,
      labels: [],
      created: time,
      updated: time,
    };
    this.pulls.push(pull);
    const head = this.resolve(options.head);
    if (head) this.onRun(head);
    return pull;
  }

  pull(number: number) {
    return this.pulls.find((pull) => pull.number === number);
  }

  /** Merges a pull request onto its base with a merge commit: the base gains the head's files. */
  merge(pull: PullRequest, title: string): Commit {
    const base = this.resolve(pull.base)!;
    const head = this.resolve(pull.head)!;
    const changes = this.filesOf(head);
    const deletions = [...base.files.keys()].filter((path) => !head.files.has(path));
    const commit = this.commit({ files: base.files, parent: base.sha, message: title, changes, deletions });
    this.branches.set(pull.base, commit.sha);
    Object.assign(pull, { state: 'closed', merged: true, updated: this.now() });
    this.onRun(commit);
    return commit;
  }
}
