/**
 * What the HTTP client hands back (http-client.ts), and the words for it: an
 * answer, or a failure marked offline or transient by its code.
 */
import type { IncomingHttpHeaders } from 'node:http';

export type HttpResponse = {
  kind: 'response';
  /** The address that gave this answer: the one asked, or the last redirect's. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** Empty for HEAD and for a redirect's own answer; decoded when it came with a Content-Encoding. */
  body: Buffer;
  /** More than the caller's `maxBytes` came (decoded): `body` is its first `maxBytes` bytes, the rest was not read. */
  truncated: boolean;
  tries: number;
  /** Set when the server asked for a longer wait than the policy's `maxWaitMs`. */
  retryAfterMs?: number;
  /** The redirects followed to this answer, in order: each one's status and the address it sent to (none if 'manual'). */
  redirects?: { status: number; to: string }[];
  /** When the redirects go round: the addresses of the loop, the first one again last (this answer is its last 3xx). */
  loop?: string[];
};

export type HttpError = {
  kind: 'error';
  url: string;
  /**
   * A Node error code (ECONNRESET, ECONNREFUSED, ENOTFOUND…), or ETIMEDOUT for the time limit, ESHORTREAD for a body
   * cut short, EENCODING for a body that cannot be decoded, EBADANSWER for an answer that is not HTTP, ETOOLARGE for
   * a body longer than the client reads when the caller set no limit, EREDIRECT for a redirect refused, EPROTOCOL for
   * an address not http(s), EABORTED when the caller's signal stopped it.
   */
  code: string;
  message: string;
  /** The name cannot be resolved or the network cannot be reached: nothing else will answer either. */
  offline: boolean;
  /** Asking again may give an answer: a reset, a refused connection, a time limit, a body cut short or garbled. */
  transient: boolean;
  tries: number;
};

export type HttpResult = HttpResponse | HttpError;
export type Attempt = Omit<HttpResponse, 'tries'> | Omit<HttpError, 'tries'>;

/** No network: the name cannot be resolved, or the network (or the route to the host) is not there. */
const OFFLINE_CODES = new Set('ENOTFOUND EAI_AGAIN ENETUNREACH ENETDOWN EHOSTUNREACH'.split(' '));
/** What asking again may mend. */
const TRANSIENT_CODES = new Set(
  'ECONNRESET EPIPE ECONNREFUSED ECONNABORTED ETIMEDOUT ESHORTREAD EENCODING EBADANSWER EHOSTDOWN'.split(' '),
);
/** An error answer for `url`, marked offline or transient by its code. */
export const failure = (url: string, code: string, message: string): Omit<HttpError, 'tries'> => ({
  kind: 'error',
  url,
  code,
  message,
  offline: OFFLINE_CODES.has(code),
  transient: TRANSIENT_CODES.has(code),
});

/** "300 ms" or "20 s". */
export const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

/** "11,166": a count of bytes as a person reads it, the same in every locale. */
export const count = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** "16 MiB", "32 KiB" or "900 bytes": a size as a limit is set. */
export const size = (bytes: number) =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MiB`
    : bytes >= 1024 && bytes % 1024 === 0
      ? `${bytes / 1024} KiB`
      : `${count(bytes)} bytes`;
