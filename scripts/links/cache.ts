import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../lib/atomic-write.js';
import type { LinkResult } from './types.ts';

/** 2 since transient failures are no longer kept: a cache of version 1 may hold a reset as the link's answer. */
interface CacheFile {
  version: 2;
  results: Record<string, LinkResult>;
}

/** Results younger than `maxAgeMs`, by address; an unreadable or absent cache is an empty one. */
export async function readCache(file: string, maxAgeMs: number, now = Date.now()): Promise<Map<string, LinkResult>> {
  let parsed: CacheFile;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return new Map();
  }
  const fresh = new Map<string, LinkResult>();
  if (parsed?.version !== 2 || typeof parsed.results !== 'object') return fresh;
  for (const [url, result] of Object.entries(parsed.results)) {
    const age = now - Date.parse(result.checkedAt);
    if (age >= 0 && age < maxAgeMs) fresh.set(url, result);
  }
  return fresh;
}

/**
 * Writes the cache whole, so an interrupted run never leaves half a file (or a temporary one). A transient failure is
 * left out: it says nothing of the link, and the next run asks again.
 */
export function writeCache(file: string, results: LinkResult[]): void {
  const contents: CacheFile = {
    version: 2,
    results: Object.fromEntries(results.filter((result) => !result.transient).map((result) => [result.url, result])),
  };
  writeFileAtomic(file, `${JSON.stringify(contents, null, 2)}\n`);
}
