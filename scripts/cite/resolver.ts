/**
 * Asks the DOI system for records by content negotiation, the way registries
 * ask to be asked: a User-Agent naming the site and its mailbox (Crossref's
 * "polite pool"), at most five requests at once, a time limit per request,
 * and retries with growing waits on 429 and 5xx that honour Retry-After.
 */
import type { CslRecord } from './record.ts';

export interface ResolverOptions {
  /** DOI_RESOLVER, or https://doi.org. */
  resolver: string;
  userAgent: string;
  timeoutMs: number;
  /** Retries after the first try. */
  retries: number;
  /** The first wait when the server gives no Retry-After; doubled each time. */
  backoffMs: number;
  /** The longest Retry-After honoured; a longer one is reported instead of waited for. */
  maxWaitMs: number;
  concurrency: number;
}

export const defaultResolverOptions = (userAgent: string): ResolverOptions => ({
  resolver: process.env.DOI_RESOLVER?.trim() || 'https://doi.org',
  userAgent,
  timeoutMs: 20_000,
  retries: 3,
  backoffMs: 1_000,
  maxWaitMs: 120_000,
  concurrency: 5,
});

export type Resolution =
  | { doi: string; ok: true; record: CslRecord }
  | { doi: string; ok: false; reason: string; offline?: boolean };

const OFFLINE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ENETUNREACH', 'EHOSTUNREACH', 'ECONNRESET']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date, as RFC 9110 allows; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** One DOI's record, with retries. Never throws: a failure is a reason in words. */
async function resolveDoi(doi: string, options: ResolverOptions): Promise<Resolution> {
  const url = `${options.resolver.replace(/\/+$/, '')}/${doi.split('/').map(encodeURIComponent).join('/')}`;
  let lastReason = '';
  for (let attempt = 0; attempt <= options.retries; attempt += 1) {
    let wait = options.backoffMs * 2 ** attempt;
    try {
      const response = await fetch(url, {
        headers: { Accept: 'application/vnd.citationstyles.csl+json', 'User-Agent': options.userAgent },
        redirect: 'follow',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (response.status === 404) {
        await response.body?.cancel();
        return { doi, ok: false, reason: 'not registered: the DOI system does not know this DOI (404)' };
      }
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel();
        lastReason = `the registry answered ${response.status}${response.status === 429 ? ' (too many requests)' : ''}`;
        const asked = retryAfterMs(response.headers.get('retry-after'));
        if (asked !== undefined) {
          if (asked > options.maxWaitMs) {
            return {
              doi,
              ok: false,
              reason: `${lastReason} and asked to wait ${Math.ceil(asked / 1000)} s; try later`,
            };
          }
          wait = asked;
        }
      } else if (!response.ok) {
        await response.body?.cancel();
        return { doi, ok: false, reason: `the registry answered ${response.status}` };
      } else {
        const text = await response.text();
        try {
          const record = JSON.parse(text) as unknown;
          if (typeof record !== 'object' || record === null || Array.isArray(record)) throw new Error('not an object');
          return { doi, ok: true, record: record as CslRecord };
        } catch {
          return { doi, ok: false, reason: 'the registry answered with something that is not a CSL-JSON record' };
        }
      }
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      if (cause?.code && OFFLINE_CODES.has(cause.code)) {
        return { doi, ok: false, offline: true, reason: `could not reach ${options.resolver} (${cause.code})` };
      }
      const name = (error as Error).name;
      lastReason =
        name === 'TimeoutError' || name === 'AbortError'
          ? `the registry did not answer within ${options.timeoutMs < 1000 ? `${options.timeoutMs} ms` : `${Math.round(options.timeoutMs / 1000)} s`}`
          : `the request failed: ${(error as Error).message}${(cause as { message?: string } | undefined)?.message ? ` (${(cause as { message: string }).message})` : ''}`;
    }
    if (attempt < options.retries) await sleep(wait);
  }
  return { doi, ok: false, reason: `${lastReason}, ${options.retries + 1} tries` };
}

/** Every DOI's record, at most `concurrency` requests at once, in the order given. */
export async function resolveAll(dois: readonly string[], options: ResolverOptions): Promise<Resolution[]> {
  const results: Resolution[] = new Array(dois.length);
  let next = 0;
  const worker = async () => {
    while (next < dois.length) {
      const index = next;
      next += 1;
      results[index] = await resolveDoi(dois[index]!, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, dois.length) }, worker));
  return results;
}
