/**
 * What `npm run verify` prints, and its exit code: 0 the live site is this
 * build; 1 it is not (each difference named, with its page or field); 2 it
 * could not be checked (what did not come, and why). A proven difference
 * outweighs what could not be fetched: the site is then known not to be the
 * build, and both are listed.
 */
import { offlineLine } from '../lib/http-client.ts';
import type { Unchecked, VerifyResult } from './compare.ts';
import { short } from './difference.ts';
import { rewriteDescriptions } from './rewrites.ts';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Paths shown on one line before "and N more". */
const shownPaths = 8;

/** What could not be checked: one line per reason, naming the files it stopped. */
function uncheckedLines(unchecked: Unchecked[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const { where, reason } of unchecked) byReason.set(reason, [...(byReason.get(reason) ?? []), where]);
  return [...byReason].map(([reason, paths]) => {
    if (paths.length === 1) return `? ${paths[0]}: could not check: ${reason}`;
    const more = paths.length > shownPaths ? ` and ${paths.length - shownPaths} more` : '';
    return `? ${paths.length} files could not be checked (${reason}): ${paths.slice(0, shownPaths).join(', ')}${more}`;
  });
}

/** The last line: the verdict, and how long it took. */
function verdict(result: Extract<VerifyResult, { kind: 'compared' }>, elapsed: string): [string, number] {
  const { files, mismatches, unchecked, stopped } = result;
  const over = `${plural(files, 'file')}, build.json and the 404 page`;
  if (mismatches.length > 0) {
    const also = unchecked.length > 0 ? `; ${unchecked.length} could not be checked` : '';
    return [
      `✗ The live site is not this build: ${plural(mismatches.length, 'difference')} over ${over}${also} (${elapsed}).`,
      1,
    ];
  }
  if (stopped)
    return [`? Could not check the live site: build.json did not come, so nothing else was asked (${elapsed}).`, 2];
  if (unchecked.length > 0)
    return [
      `? Could not check the live site: ${unchecked.length} of ${files + 2} could not be fetched (named above); all that came is this build (${elapsed}).`,
      2,
    ];
  return [`✓ The live site is this build: ${over}, byte for byte (${elapsed}).`, 0];
}

/** The command's report: each difference and each file not checked on a line of its own; and the exit code. */
export function verifyReport(result: VerifyResult, url: string, elapsedMs = 0): { text: string; exitCode: number } {
  if (result.kind === 'offline') return { text: offlineLine(result.error, 'Nothing was verified'), exitCode: 2 };
  const { identity, mismatches, unchecked, rewrites } = result;
  const lines = [
    `Verifying ${url} against the build of commit ${identity.commit ?? 'unknown'}, content ${short(identity.content)}, dated ${identity.date} (${identity.generator})`,
    ...mismatches.map((mismatch) => `✗ ${mismatch.where}: ${mismatch.message}`),
    ...uncheckedLines(unchecked),
    ...rewrites.map(
      ({ name, pages }) =>
        `Tolerated (--allow-rewrite ${name}, ${rewriteDescriptions[name]}) on ${plural(pages.length, 'page')}: ${pages.join(', ')}`,
    ),
  ];
  const [last, exitCode] = verdict(result, `${(elapsedMs / 1000).toFixed(1)} s`);
  lines.push(last);
  return { text: lines.join('\n'), exitCode };
}
