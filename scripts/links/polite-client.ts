import type { LookupFunction } from 'node:net';
import http from 'node:http';
import https from 'node:https';

/** An answer from a server, or the network error that stood in its way. */
export type Answer =
  | {
      kind: 'response';
      status: number;
      headers: http.IncomingHttpHeaders;
      body: string;
      /** Set when the server asked for a longer wait than the checker allows itself. */
      retryAfterMs?: number;
    }
  | { kind: 'error'; code: string; message: string };

export interface ClientOptions {
  userAgent: string;
  /** Per request, from sending it to the end of the headers (or of the body read for GET). */
  timeoutMs: number;
  /** Requests in flight at once, across all hosts. Each host gets one at a time whatever this is. */
  concurrency: number;
  /** A pause between two requests to the same host. */
  hostGapMs: number;
  /** Host name resolution; tests give one that answers without DNS. */
  lookup?: LookupFunction;
}

/** How much of a GET's body is read: enough to recognise a bot challenge page. */
const bodyLimit = 32 * 1024;

/**
 * Sends requests the way a good citizen does: one at a time per host, a few at
 * once overall, a timeout on each, a User-Agent naming the site, and a host's
 * "come back later" (Retry-After) kept for every later request to that host.
 */
export class PoliteClient {
  requests = 0;
  private readonly hosts = new Map<string, { tail: Promise<void>; notBefore: number }>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: ClientOptions) {}

  /** Holds later requests to this host back until `ms` from now. */
  pauseHost(url: string, ms: number): void {
    const host = this.host(url);
    host.notBefore = Math.max(host.notBefore, Date.now() + ms);
  }

  async request(url: string, method: 'HEAD' | 'GET', accept?: string): Promise<Answer> {
    const host = this.host(url);
    const previous = host.tail;
    let release!: () => void;
    host.tail = new Promise((resolve) => {
      release = resolve;
    });
    await previous;
    try {
      const wait = host.notBefore - Date.now();
      if (wait > 0) await sleep(wait);
      await this.slot();
      try {
        return await this.send(url, method, accept);
      } finally {
        this.active--;
        this.waiting.shift()?.();
      }
    } finally {
      host.notBefore = Math.max(host.notBefore, Date.now() + this.options.hostGapMs);
      release();
    }
  }

  private host(url: string) {
    const key = new URL(url).host;
    let host = this.hosts.get(key);
    if (!host) {
      host = { tail: Promise.resolve(), notBefore: 0 };
      this.hosts.set(key, host);
    }
    return host;
  }

  private async slot(): Promise<void> {
    while (this.active >= this.options.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.active++;
  }

  private send(url: string, method: 'HEAD' | 'GET', accept?: string): Promise<Answer> {
    const target = new URL(url);
    // Names under .invalid never resolve (RFC 6761), so DNS is not asked.
    if (target.hostname.endsWith('.invalid')) {
      return Promise.resolve({ kind: 'error', code: 'ENOTFOUND', message: `getaddrinfo ENOTFOUND ${target.hostname}` });
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      return Promise.resolve({ kind: 'error', code: 'EPROTOCOL', message: `leads to a ${target.protocol} address` });
    }
    this.requests++;
    const transport = target.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      let settled = false;
      const finish = (answer: Answer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(answer);
      };
      let request: http.ClientRequest;
      try {
        request = transport.request(
          target,
          {
            method,
            headers: {
              'user-agent': this.options.userAgent,
              accept: accept ?? 'text/html,application/xhtml+xml,*/*;q=0.8',
            },
            lookup: this.options.lookup,
            agent: false,
          },
          (response) => {
            const status = response.statusCode ?? 0;
            if (method === 'HEAD' || (status >= 300 && status < 400)) {
              response.resume();
              finish({ kind: 'response', status, headers: response.headers, body: '' });
              response.destroy();
              return;
            }
            const chunks: Buffer[] = [];
            let length = 0;
            const done = () =>
              finish({
                kind: 'response',
                status,
                headers: response.headers,
                body: Buffer.concat(chunks).toString('utf8'),
              });
            response.on('data', (chunk: Buffer) => {
              chunks.push(chunk);
              length += chunk.length;
              if (length >= bodyLimit) {
                done();
                response.destroy();
              }
            });
            response.on('end', done);
            response.on('error', done);
            response.on('close', done);
          },
        );
      } catch (error) {
        resolve({ kind: 'error', code: 'EREQUEST', message: (error as Error).message });
        return;
      }
      const timer = setTimeout(() => {
        finish({ kind: 'error', code: 'ETIMEDOUT', message: `no answer within ${this.options.timeoutMs / 1000} s` });
        request.destroy();
      }, this.options.timeoutMs);
      request.on('error', (error: NodeJS.ErrnoException) => {
        finish({ kind: 'error', code: error.code ?? 'ERROR', message: error.message });
      });
      request.end();
    });
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
