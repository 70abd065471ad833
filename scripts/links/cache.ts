import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../lib/atomic-write.js';
import type { LinkResult } from './types.ts';

interface CacheFile {
  version: 1;
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
  if (parsed?.version !== 1 || typeof parsed.results !== 'object') return fresh;
  for (const [url, result] of Object.entries(parsed.results)) {
    const age = now - Date.parse(result.checkedAt);
    if (age >= 0 && age < maxAgeMs) fresh.set(url, result);
  }
  return fresh;
}

/** Writes the cache whole, so an interrupted run never leaves half a file (or a temporary one). */
export function writeCache(file: string, results: LinkResult[]): void {
  const contents: CacheFile = {
    version: 1,
    results: Object.fromEntries(results.map((result) => [result.url, result])),
  };
  writeFileAtomic(file, `${JSON.stringify(contents, null, 2)}\n`);
}
