/**
 * The one HTTP client of the commands that use the network (cite, check-links,
 * verify). It asks the way a good citizen does: a User-Agent naming the site
 * and its mailbox (Crossref's "polite pool"), few requests at once to a host
 * and overall, a time limit on each, and retries with growing waits that
 * honour Retry-After, kept for every later request to that host. A failure is
 * an answer, never a throw; one without network is worded by `offlineLine`.
 */
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { SiteSettings } from '../../src/content/site.ts';
import { Gate } from './gate.ts';

export interface RetryPolicy {
  /** Tries after the first. */
  retries: number;
  /** The answers asked again: by default 429 and every 5xx. */
  retryStatus: (status: number) => boolean;
  /** Whether a timeout or a failed connection is asked again (one without network never is). */
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
}

export interface RequestOptions {
  method?: 'GET' | 'HEAD';
  accept?: string;
  /** Follow redirects (to ten; the 3xx that would close a loop is the answer), or give a 3xx as the answer. */
  redirect?: 'follow' | 'manual';
  /** How much of the body is read; the rest is left unread and `truncated` set. */
  maxBytes?: number;
  retry?: Partial<RetryPolicy>;
}

type HttpResponse = {
  kind: 'response';
  /** The address that gave this answer: the one asked, or the last redirect's. */
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Empty for HEAD and for a redirect's own answer. */
  body: Buffer;
  truncated: boolean;
  tries: number;
  /** Set when the server asked for a longer wait than the policy's `maxWaitMs`. */
  retryAfterMs?: number;
  /** The redirects followed to this answer, in order: each one's status and the address it sent to (none if 'manual'). */
  redirects?: { status: number; to: string }[];
};

export type HttpError = {
  kind: 'error';
  url: string;
  /** A Node error code, ETIMEDOUT for the time limit, EPROTOCOL for an address not http(s). */
  code: string;
  message: string;
  /** The network or the host cannot be reached at all. */
  offline: boolean;
  tries: number;
};

export type HttpResult = HttpResponse | HttpError;
type Attempt = Omit<HttpResponse, 'tries'> | Omit<HttpError, 'tries'>;

const defaultRetry: RetryPolicy = {
  retries: 0,
  retryStatus: (status) => status === 429 || status >= 500,
  retryErrors: false,
  backoffMs: 1_000,
  maxWaitMs: 60_000,
};

const OFFLINE_CODES = new Set(
  'ENOTFOUND EAI_AGAIN ECONNREFUSED ENETUNREACH EHOSTUNREACH ENETDOWN ECONNRESET'.split(' '),
);
const MAX_REDIRECTS = 10;

/** The one line every command prints when it cannot reach the network, then stops. */
export function offlineLine(error: Pick<HttpError, 'url' | 'code'>, consequence: string): string {
  return `No network: could not reach ${new URL(error.url).origin} (${error.code}). ${consequence}; run the command again when online.`;
}

/** "300 ms" or "20 s". */
export const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

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

export class HttpClient {
  /** Requests sent (not counting those answered without the network). */
  requests = 0;
  private readonly hosts = new Map<string, HostGate>();
  private readonly all: Gate;
  private readonly retry: RetryPolicy;

  constructor(private readonly options: HttpClientOptions) {
    this.all = new Gate(options.concurrency);
    this.retry = { ...defaultRetry, ...options.retry };
  }

  /** Asks, following redirects when told to and asking again as the retry policy says. */
  async request(url: string, request: RequestOptions = {}): Promise<HttpResult> {
    const policy = { ...this.retry, ...request.retry };
    for (let tries = 1; ; tries += 1) {
      const answer = await this.follow(url, request);
      const last = tries > policy.retries;
      if (answer.kind === 'error') {
        if (last || answer.offline || !policy.retryErrors) return { ...answer, tries };
        await sleep(policy.backoffMs * 2 ** (tries - 1));
        continue;
      }
      if (last || !policy.retryStatus(answer.status)) return { ...answer, tries };
      const asked = retryAfterMs(answer.headers['retry-after']);
      if (asked !== undefined && asked > policy.maxWaitMs) return { ...answer, tries, retryAfterMs: asked };
      this.pauseHost(answer.url, asked ?? policy.backoffMs * 2 ** (tries - 1));
    }
  }

  /**
   * Whether the network is there, asked of DNS for the host of `url` without
   * sending it anything: an error (to give to `offlineLine`) when not.
   */
  reachable(url: string): Promise<HttpError | undefined> {
    const { hostname } = new URL(url);
    if (/^[\d.]+$|^\[.*\]$/.test(hostname) || hostname === 'localhost') return Promise.resolve(undefined);
    const lookup = this.options.lookup ?? (dnsLookup as LookupFunction);
    return new Promise((resolve) =>
      lookup(hostname, {}, (error) => {
        const code = error?.code ?? '';
        const offline = error && OFFLINE_CODES.has(code);
        resolve(offline ? { kind: 'error', url, code, message: error.message, offline, tries: 0 } : undefined);
      }),
    );
  }

  /** Holds later requests to this host back until `ms` from now. */
  private pauseHost(url: string, ms: number): void {
    const host = this.host(url);
    host.notBefore = Math.max(host.notBefore, Date.now() + ms);
  }

  private async follow(url: string, request: RequestOptions): Promise<Attempt> {
    const redirects: NonNullable<HttpResponse['redirects']> = [];
    for (let current = url; ; ) {
      const answer = await this.scheduled(current, request);
      if (answer.kind === 'error' || request.redirect === 'manual') return answer;
      const location = answer.status >= 300 && answer.status < 400 ? answer.headers.location : undefined;
      const next = location && URL.canParse(location, current) ? new URL(location, current).href : undefined;
      const loop = next === url || redirects.some((hop) => hop.to === next);
      if (!next || loop || redirects.length === MAX_REDIRECTS) return { ...answer, redirects };
      redirects.push({ status: answer.status, to: next });
      current = next;
    }
  }

  /** One request, when its host and the client have room for it. */
  private async scheduled(url: string, request: RequestOptions): Promise<Attempt> {
    const host = this.host(url);
    await host.enter();
    try {
      for (let wait = host.notBefore - Date.now(); wait > 0; wait = host.notBefore - Date.now()) await sleep(wait);
      await this.all.enter();
      try {
        return await this.send(url, request);
      } finally {
        this.all.leave();
      }
    } finally {
      host.notBefore = Math.max(host.notBefore, Date.now() + (this.options.hostGapMs ?? 0));
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
    const failed = (code: string, message: string) =>
      ({ kind: 'error', url, code, message, offline: OFFLINE_CODES.has(code) }) as const;
    // Names under .invalid never resolve (RFC 6761), so DNS is not asked.
    if (target.hostname.endsWith('.invalid')) {
      return Promise.resolve(failed('ENOTFOUND', `getaddrinfo ENOTFOUND ${target.hostname}`));
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      return Promise.resolve(failed('EPROTOCOL', `leads to a ${target.protocol} address`));
    }
    this.requests += 1;
    const method = request.method ?? 'GET';
    const maxBytes = request.maxBytes ?? 16 * 1024 * 1024;
    const transport = target.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      let settled = false;
      const finish = (answer: Attempt) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(answer);
      };
      let outgoing: http.ClientRequest;
      try {
        outgoing = transport.request(
          target,
          {
            method,
            headers: {
              'user-agent': this.options.userAgent,
              accept: request.accept ?? 'text/html,application/xhtml+xml,*/*;q=0.8',
            },
            lookup: this.options.lookup,
            agent: false,
          },
          (response) => {
            const status = response.statusCode ?? 0;
            const chunks: Buffer[] = [];
            let length = 0;
            const done = (truncated: boolean) => {
              const body = Buffer.concat(chunks);
              finish({ kind: 'response', url, status, headers: response.headers, body, truncated });
              response.destroy();
            };
            if (method === 'HEAD' || (status >= 300 && status < 400)) return done(false);
            response.on('data', (chunk: Buffer) => {
              chunks.push(chunk.subarray(0, maxBytes - length));
              length += chunk.length;
              if (length > maxBytes) done(true);
            });
            response.on('end', () => done(false));
            response.on('error', () => done(false));
            response.on('close', () => done(false));
          },
        );
      } catch (error) {
        resolve(failed('EREQUEST', (error as Error).message));
        return;
      }
      const timer = setTimeout(() => {
        finish(failed('ETIMEDOUT', `no answer within ${duration(this.options.timeoutMs)}`));
        outgoing.destroy();
      }, this.options.timeoutMs);
      outgoing.on('error', (error: NodeJS.ErrnoException) => finish(failed(error.code ?? 'ERROR', error.message)));
      outgoing.end();
    });
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
