/**
 * The one HTTP client of the commands that use the network (cite, check-links,
 * verify). It asks the way a good citizen does: a User-Agent naming the site
 * and its mailbox (Crossref's "polite pool"), few requests at once to a host
 * and overall, a pause between requests to a host, a time limit on each, and
 * retries with growing waits that honour Retry-After, kept for every later
 * request to that host. A failure is an answer, never a throw: "offline" only
 * when the name cannot be resolved or the network cannot be reached (worded
 * by `offlineLine`), "transient" for what asking again may mend (a reset, a
 * refused connection, a time limit, a body cut short), which the call's
 * policy retries.
 *
 * The connections, HTTP parsing and the body's completeness are undici's
 * (Node's own client, the one behind fetch): a pool of kept-alive connections
 * per host, and a body shorter than its Content-Length, a chunked body
 * without its last chunk or a connection closed mid-body an error, never
 * content. The policy above is ours: undici's retry and redirect
 * interceptors neither hold a host back for its Retry-After, nor hand a
 * longer wait back, nor give each hop's status (see docs/architecture.md).
 */
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import tls from 'node:tls';
import { Agent } from 'undici';
import type { SiteSettings } from '../../src/content/site.ts';
import { type Clock, systemClock } from './clock.ts';
import { Gate } from './gate.ts';
import { type Attempt, failure, type HttpError, type HttpResponse, type HttpResult } from './http-answer.ts';
import { exchange } from './http-exchange.ts';

export type { HttpError, HttpResult } from './http-answer.ts';
export { count, duration, size } from './http-answer.ts';

export interface RetryPolicy {
  /** Tries after the first. */
  retries: number;
  /** The answers asked again: by default 429 and every 5xx. */
  retryStatus: (status: number) => boolean;
  /** Whether a transient failure (a reset, a refusal, a time limit, a body cut short) is asked again; offline never is. */
  retryErrors: boolean;
  /** The wait before the first retry when the server gives no Retry-After; doubled for each next one. */
  backoffMs: number;
  /** The longest Retry-After waited for; a longer one ends the tries and is given as `retryAfterMs`. */
  maxWaitMs: number;
}

export interface HttpClientOptions {
  userAgent: string;
  /** Per request, from sending it to the end of the headers (HEAD, 3xx) or of the body read. */
  timeoutMs: number;
  /** Requests in flight at once to one host. */
  perHost: number;
  /** Requests in flight at once across all hosts. */
  concurrency: number;
  /** A pause between two requests to the same host. */
  hostGapMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Host name resolution; tests give one that answers without DNS. */
  lookup?: LookupFunction;
  /** Certificates trusted besides the system's; tests give their loopback server's. */
  ca?: string;
  /** Told of each wait before a request is asked again, so that a command can say it waits, and for how long. */
  onWait?: (wait: Wait) => void;
  /** The clock of the time limits and the waits (scripts/lib/clock.ts); the system's by default. */
  clock?: Clock;
}

/** A wait before asking again: for whom, how long, and why (a status, with whether the server asked for the wait, or a failure). */
export interface Wait {
  url: string;
  ms: number;
  /** The try that comes after the wait, of how many at most. */
  next: number;
  of: number;
  why: { status: number; asked: boolean } | { error: string };
}

export interface RequestOptions {
  method?: 'GET' | 'HEAD';
  accept?: string;
  /** Follow redirects (to ten; the 3xx that would close a loop is the answer), or give a 3xx as the answer. */
  redirect?: 'follow' | 'manual';
  /**
   * How much of the body, decoded, is read; the rest is left unread and `truncated` set. Without it an answer is read
   * to 16 MiB, and a longer one is an ETOOLARGE error, never a body cut without a word.
   */
  maxBytes?: number;
  retry?: Partial<RetryPolicy>;
  /** Stops the request, its retries and its waits (a command's deadline): the answer is an EABORTED error. */
  signal?: AbortSignal;
  /** When that signal will stop it (the client's clock's time): a wait that would end later is not begun, the answer given at once. */
  deadlineAt?: number;
}

/** What an answer is read to when the caller sets no limit. */
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

const defaultRetry: RetryPolicy = {
  retries: 0,
  retryStatus: (status) => status === 429 || status >= 500,
  retryErrors: false,
  backoffMs: 1_000,
  maxWaitMs: 60_000,
};

const MAX_REDIRECTS = 10;

/** The one line every command prints when it cannot reach the network, then stops. */
export function offlineLine(error: Pick<HttpError, 'url' | 'code'>, consequence: string): string {
  return `No network: could not reach ${new URL(error.url).origin} (${error.code}). ${consequence}; run the command again when online.`;
}

/** Retry-After as milliseconds from now: delay-seconds or an HTTP date (RFC 9110, 10.2.3). */
export function retryAfterMs(value: string | string[] | null | undefined, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\s*\d+\s*$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The site, its address and its mailbox from site.yml, in Crossref's form: a server's owner can tell who asks. */
export function siteUserAgent(
  site: Pick<SiteSettings, 'name' | 'acronym' | 'siteUrl' | 'contactEmail'>,
  tool: string,
): string {
  const text = (value: string) => value.trim().replace(/[()\\;\s]+/g, '') || undefined;
  const product = [text(site.acronym) ?? text(site.name), 'site', tool].filter(Boolean).join('-');
  const email = text(site.contactEmail);
  const about = [text(site.siteUrl), email && `mailto:${email}`].filter(Boolean);
  return `${product.replace(/[^\w.-]+/g, '-')}/1.0${about.length > 0 ? ` (${about.join('; ')})` : ''}`;
}

/** A host's room for requests, which also holds when its next request may start. */
class HostGate extends Gate {
  notBefore = 0;
}

/** Whether a wait of `ms` from `now` would end after the request's deadline. */
const beyond = (request: RequestOptions, now: number, ms: number) =>
  request.deadlineAt !== undefined && now + ms > request.deadlineAt;

/** The answer the caller's signal gives: why the caller stopped. */
const stopped = (url: string, signal: AbortSignal) =>
  ({ ...failure(url, 'EABORTED', (signal.reason as Error | undefined)?.message ?? 'stopped'), tries: 0 }) as const;

export class HttpClient {
  /** Requests sent (not counting those answered without the network). */
  requests = 0;
  private readonly hosts = new Map<string, HostGate>();
  private readonly all: Gate;
  private readonly retry: RetryPolicy;
  private readonly agent: Agent;
  /** The clock the client waits by; those who ask through it date what they learn by it too. */
  readonly clock: Clock;

  constructor(private readonly options: HttpClientOptions) {
    this.clock = options.clock ?? systemClock;
    this.all = new Gate(options.concurrency);
    this.retry = { ...defaultRetry, ...options.retry };
    this.agent = new Agent({
      connections: options.perHost,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connect: {
        timeout: options.timeoutMs,
        lookup: options.lookup,
        ...(options.ca && { ca: [...tls.rootCertificates, options.ca] }),
      },
    });
  }

  /** Asks, following redirects when told to and asking again as the retry policy says. */
  async request(url: string, request: RequestOptions = {}): Promise<HttpResult> {
    const policy = { ...this.retry, ...request.retry };
    const beyondDeadline = (ms: number) => beyond(request, this.clock.now(), ms);
    for (let tries = 1; ; tries += 1) {
      const answer = await this.follow(url, request);
      if (request.signal?.aborted) return { ...stopped(url, request.signal), tries };
      const last = tries > policy.retries;
      const backoff = policy.backoffMs * 2 ** (tries - 1);
      const wait = (ms: number, why: Wait['why']) =>
        this.options.onWait?.({ url: answer.url, ms, next: tries + 1, of: policy.retries + 1, why });
      if (answer.kind === 'error') {
        if (last || !answer.transient || !policy.retryErrors || beyondDeadline(backoff)) return { ...answer, tries };
        wait(backoff, { error: answer.message });
        await this.clock.sleep(backoff, request.signal);
        continue;
      }
      if (last || !policy.retryStatus(answer.status)) return { ...answer, tries };
      const asked = retryAfterMs(answer.headers['retry-after'], this.clock.now());
      if (asked !== undefined && (asked > policy.maxWaitMs || beyondDeadline(asked)))
        return { ...answer, tries, retryAfterMs: asked };
      if (beyondDeadline(backoff)) return { ...answer, tries };
      wait(asked ?? backoff, { status: answer.status, asked: asked !== undefined });
      this.pauseHost(answer.url, asked ?? backoff);
    }
  }

  /**
   * Whether the network is there, asked of DNS for the host of `url` without
   * sending it anything: an error (to give to `offlineLine`) when not.
   */
  reachable(url: string): Promise<HttpError | undefined> {
    const { hostname } = new URL(url);
    if (/^[\d.]+$|^\[.*\]$/.test(hostname) || hostname === 'localhost') return Promise.resolve(undefined);
    // Names under .invalid never resolve (RFC 6761), so DNS is not asked.
    if (hostname.endsWith('.invalid'))
      return Promise.resolve({ ...failure(url, 'ENOTFOUND', `getaddrinfo ENOTFOUND ${hostname}`), tries: 0 });
    const lookup = this.options.lookup ?? (dnsLookup as LookupFunction);
    return new Promise((resolve) =>
      lookup(hostname, {}, (error) => {
        const answer = error ? failure(url, error.code ?? '', error.message) : undefined;
        resolve(answer?.offline ? { ...answer, tries: 0 } : undefined);
      }),
    );
  }

  /** Closes the kept-alive connections (they never hold the process open, so this is only tidiness). */
  close(): Promise<void> {
    return this.agent.close();
  }

  /** Holds later requests to this host back until `ms` from now. */
  private pauseHost(url: string, ms: number): void {
    const host = this.host(url);
    host.notBefore = Math.max(host.notBefore, this.clock.now() + ms);
  }

  private async follow(url: string, request: RequestOptions): Promise<Attempt> {
    const redirects: NonNullable<HttpResponse['redirects']> = [];
    for (let current = url; ; ) {
      const answer = await this.scheduled(current, request);
      if (answer.kind === 'error' || request.redirect === 'manual') return answer;
      const location = answer.status >= 300 && answer.status < 400 ? answer.headers.location : undefined;
      const next = location && URL.canParse(location, current) ? new URL(location, current).href : undefined;
      if (next && (next === url || redirects.some((hop) => hop.to === next)))
        return { ...answer, redirects, loop: [url, ...redirects.map((hop) => hop.to), next] };
      if (!next || redirects.length === MAX_REDIRECTS) return { ...answer, redirects };
      // A redirect from https to http would send the request, and read the answer, in the clear.
      if (current.startsWith('https:') && !next.startsWith('https:'))
        return failure(url, 'EREDIRECT', `redirected from ${current} to ${next}, which leaves https; not followed`);
      redirects.push({ status: answer.status, to: next });
      current = next;
    }
  }

  /** One request, when its host and the client have room for it and the host's pause is over. */
  private async scheduled(url: string, request: RequestOptions): Promise<Attempt> {
    const host = this.host(url);
    await host.enter();
    try {
      for (let wait = host.notBefore - this.clock.now(); wait > 0; wait = host.notBefore - this.clock.now()) {
        await this.clock.sleep(wait, request.signal);
        if (request.signal?.aborted) return stopped(url, request.signal);
      }
      await this.all.enter();
      try {
        if (request.signal?.aborted) return stopped(url, request.signal);
        return await this.send(url, request);
      } finally {
        this.all.leave();
      }
    } finally {
      host.notBefore = Math.max(host.notBefore, this.clock.now() + (this.options.hostGapMs ?? 0));
      host.leave();
    }
  }

  private host(url: string): HostGate {
    const key = new URL(url).host;
    if (!this.hosts.has(key)) this.hosts.set(key, new HostGate(this.options.perHost));
    return this.hosts.get(key)!;
  }

  private send(url: string, request: RequestOptions): Promise<Attempt> {
    const target = new URL(url);
    // Names under .invalid never resolve (RFC 6761), so DNS is not asked.
    if (target.hostname.endsWith('.invalid'))
      return Promise.resolve(failure(url, 'ENOTFOUND', `getaddrinfo ENOTFOUND ${target.hostname}`));
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      return Promise.resolve(failure(url, 'EPROTOCOL', `leads to a ${target.protocol} address`));
    this.requests += 1;
    return exchange(this.agent, url, {
      method: request.method ?? 'GET',
      headers: {
        'user-agent': this.options.userAgent,
        accept: request.accept ?? 'text/html,application/xhtml+xml,*/*;q=0.8',
        'accept-encoding': 'gzip, deflate, br',
      },
      timeoutMs: this.options.timeoutMs,
      clock: this.clock,
      maxBytes: request.maxBytes ?? DEFAULT_MAX_BYTES,
      overLimit: request.maxBytes === undefined ? 'refuse' : 'truncate',
      signal: request.signal,
    });
  }
}
