/**
 * Asks the DOI system for records by content negotiation, through the one
 * polite client: at most five requests at once, a time limit per request,
 * and retries with growing waits on 429, 5xx and transient failures (a
 * reset, a refused connection, a time limit, a body cut short) that honour
 * Retry-After, each wait told (`onWait`), the whole bounded by the command's
 * deadline. A lookup gives a record or "not registered" (the registry's 404);
 * anything else (no network, the registry failing after the retries, an
 * answer that is not a record) is `unanswered`: it could not be checked,
 * which the commands' exit code 2 tells.
 */
import {
  duration,
  HttpClient,
  type HttpClientOptions,
  type HttpError,
  type HttpResult,
  type RetryPolicy,
} from '../lib/http-client.ts';
import { doiUrl } from '../../src/doi.ts';
import { trimTrailingSlashes } from '../../src/urls.ts';
import type { CslRecord } from '../lib/csl-record.ts';
import { services } from '../lib/services.ts';

export interface ResolverOptions
  extends Pick<HttpClientOptions, 'userAgent' | 'timeoutMs' | 'concurrency' | 'onWait' | 'ca' | 'clock'>,
    Pick<RetryPolicy, 'retries' | 'backoffMs' | 'maxWaitMs'> {
  /** DOI_RESOLVER, or https://doi.org (read by the command, scripts/lib/services.ts). */
  resolver: string;
  /** The command's deadline: it stops every request and wait, and a wait that would end after `deadlineAt` is not begun. */
  signal?: AbortSignal;
  deadlineAt?: number;
}

export const defaultResolverOptions = (userAgent: string): ResolverOptions => ({
  resolver: services.doiResolver.address,
  userAgent,
  timeoutMs: 20_000,
  retries: 3,
  backoffMs: 1_000,
  maxWaitMs: 120_000,
  concurrency: 5,
});

export type Resolution =
  | { doi: string; ok: true; record: CslRecord }
  | {
      doi: string;
      ok: false;
      reason: string;
      /** The registry's 404: an answer, and the one a person acts on by correcting the DOI. */
      notRegistered?: true;
      /** Set when no network was reached, for the one offline line. */
      offline?: HttpError;
      /**
       * No record could be had: no network, a failure or 429/5xx after the retries, the deadline, or an answer that is
       * not a record (HTML, broken JSON, another status). Could not be checked; asking later may answer it.
       */
      unanswered?: true;
    };

/** The reason a lookup could not be made, in words: the deadline, the time limit, or the failure. */
function unmade(answer: Extract<HttpResult, { kind: 'error' }>, options: ResolverOptions): string {
  if (answer.code === 'EABORTED') return answer.message;
  const reason =
    answer.code === 'ETIMEDOUT' && answer.message.startsWith('no answer')
      ? `the registry did not answer within ${duration(options.timeoutMs)}`
      : `the request failed: ${answer.message}`;
  return `${reason}, ${answer.tries} tries`;
}

/** One DOI's record. Never throws: a failure is a reason in words. */
async function resolveDoi(doi: string, client: HttpClient, options: ResolverOptions): Promise<Resolution> {
  const url = doiUrl(doi, trimTrailingSlashes(options.resolver));
  const answer = await client.request(url, {
    accept: 'application/vnd.citationstyles.csl+json',
    ...askWithin(options),
  });
  const unanswered = (reason: string) => ({ doi, ok: false, reason, unanswered: true }) as const;
  if (answer.kind === 'error') {
    if (answer.offline)
      return {
        ...unanswered(`no network: ${new URL(url).host} could not be reached (${answer.code})`),
        offline: answer,
      };
    return unanswered(unmade(answer, options));
  }
  const { status } = answer;
  if (status === 404)
    return {
      doi,
      ok: false,
      reason: 'not registered: the DOI system does not know this DOI (404)',
      notRegistered: true,
    };
  if (status === 429 || status >= 500) {
    const reason = `the registry answered ${status}${status === 429 ? ' (too many requests)' : ''}`;
    if (answer.retryAfterMs === undefined) return unanswered(`${reason}, ${answer.tries} tries`);
    return unanswered(`${reason} and asked to wait ${Math.ceil(answer.retryAfterMs / 1000)} s; try later`);
  }
  if (answer.loop) return unanswered(`the registry's redirects go round in a loop (${answer.loop.join(' → ')})`);
  if (status < 200 || status >= 300) return unanswered(`the registry answered ${status}`);
  try {
    const record = JSON.parse(answer.body.toString('utf8')) as unknown;
    if (typeof record !== 'object' || record === null || Array.isArray(record)) throw new Error('not an object');
    return { doi, ok: true, record: record as CslRecord };
  } catch {
    const type = String(answer.headers['content-type'] ?? 'no type').split(';')[0];
    return unanswered(`the registry answered with something that is not a CSL-JSON record (${type})`);
  }
}

/** The command's deadline, for each request: stopped by it, and no wait begun that would end after it. */
export const askWithin = (options: Pick<ResolverOptions, 'signal' | 'deadlineAt'>) => ({
  signal: options.signal,
  deadlineAt: options.deadlineAt,
});

/** Every DOI's record, at most `concurrency` requests at once, in the order given. */
export function resolveAll(dois: readonly string[], options: ResolverOptions): Promise<Resolution[]> {
  const client = registryClient(options);
  return Promise.all(dois.map((doi) => resolveDoi(doi, client, options)));
}

/** The client the cite command asks registries with (the DOI resolver, Crossref's API), on these options. */
export const registryClient = (options: ResolverOptions) =>
  new HttpClient({
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs,
    perHost: options.concurrency,
    concurrency: options.concurrency,
    retry: { retries: options.retries, retryErrors: true, backoffMs: options.backoffMs, maxWaitMs: options.maxWaitMs },
    onWait: options.onWait,
    ca: options.ca,
    clock: options.clock,
  });
