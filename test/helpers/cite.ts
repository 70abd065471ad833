/** The cite command in a test: a copy of the fixture content to work on, and the command run on it, its output kept. */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CiteOptions, runCite } from '../../scripts/cite.ts';

export const fixture = (...parts: string[]) => path.resolve('test/fixtures', ...parts);

/** A copy of the fixture content with the cite fixture's publications.yml. */
export async function citeContent() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cite-test-'));
  const contentDir = path.join(dir, 'content');
  await cp(fixture('content'), contentDir, { recursive: true });
  await cp(fixture('doi', 'publications.yml'), path.join(contentDir, 'publications.yml'));
  const file = path.join(contentDir, 'publications.yml');
  return {
    dir,
    contentDir,
    file,
    read: () => readFile(file, 'utf8'),
    done: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Runs `npm run cite -- …` on a content folder; its exit code and everything it printed. */
export async function runCiteOn(argv: string[], contentDir: string, options: CiteOptions = {}) {
  const lines: string[] = [];
  const code = await runCite([...argv, '--content', contentDir], { ...options, print: (line) => lines.push(line) });
  return { code, output: lines.join('\n') };
}
