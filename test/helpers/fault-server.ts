/**
 * A fault-injecting server on loopback, in front of another server (the
 * preview server serving a build, the recorded DOI resolver, the link
 * checker's fixture server): it asks the server behind it for each answer,
 * whole, and passes it on as it is, or with one of the faults a network or a
 * host really has (the cases of the issue that made verify, cite fill and
 * check-links strict): a byte changed, the body replaced, a body cut short
 * with a correct Content-Length or a chunked body without its last chunk, a
 * reset before or during the answer, a stall before or after the headers,
 * a gzip encoding, valid or corrupt, a header dropped.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { DrivenClock } from './clock.ts';

/** An answer as the server behind gave it, whole: what a fault changes. */
export interface Answer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

export type Fault =
  /** The connection reset (TCP RST) before any answer: curl exits 56. */
  | 'reset'
  /** The headers and half the body, then a reset. */
  | 'reset-mid-body'
  /** A correct Content-Length, half the body, then the connection closed: curl exits 18. */
  | 'close-mid-body'
  /** Chunked, half the body in one chunk, then the connection closed without the last chunk: curl exits 18. */
  | 'chunked-cut'
  /** The headers, then nothing, until the server closes. */
  | 'stall-after-headers'
  /** Nothing at all, until the server closes. */
  | 'stall'
  /** The body gzip-encoded, with its Content-Encoding and Content-Length. */
  | 'gzip'
  /** The same, with the gzip trailer's checksum broken. */
  | 'gzip-corrupt'
  /** No HTTP at all: a line of another protocol (an SSH server's greeting), then the connection closed: curl exits 1. */
  | 'not-http'
  /**
   * The headers, then the body one byte at a time, every `trickle` ms, until the client gives up; on `clock`, when
   * given, the client's driven clock (test/helpers/clock.ts): each byte moves it on by `trickle` ms once it is sent,
   * and the bytes go as fast as they are taken, so that no real time is waited.
   */
  | { trickle: number; clock?: Pick<DrivenClock, 'advance'> }
  /** The body, then `append` more bytes (zeros), streamed and never held, the Content-Length counting them all. */
  | { append: number }
  /** Any other change of the answer: a byte, the body, a header, the status. */
  | ((answer: Answer) => Answer);

export interface FaultServer {
  /** The server's address, with a trailing slash. */
  url: string;
  /** Every request received, in order, and once its answer ends the bytes sent for it (headers and body). */
  requests: { method: string; path: string; at: number; sent?: number }[];
  /** Faults for a path, one per request in order; once they run out the path is passed on as it is. */
  once(path: string, ...faults: Fault[]): void;
  /** A fault for every request whose path matches, for as long as the server runs (or until `clear`). */
  always(matches: (path: string) => boolean, fault: Fault): void;
  clear(): void;
  /** Resolves at the next request for `path` (or for a path it matches): a test waits for this event, never for a time. */
  asked(path: string | ((path: string) => boolean)): Promise<void>;
  close(): Promise<void>;
}

/** One byte of the body changed, at `at` (a fraction of its length): every other byte and header as it was. */
export const changeByte =
  (at = 0.5) =>
  (answer: Answer): Answer => {
    const body = Buffer.from(answer.body);
    const index = Math.min(body.length - 1, Math.floor(body.length * at));
    body[index] = body[index]! ^ 0x01;
    return { ...answer, body };
  };

/** Asks the server behind for `path` as a plain client would, and reads the whole answer. */
function fetchWhole(target: string, request: http.IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      new URL(request.url ?? '/', target),
      { method: request.method, headers: { ...request.headers, host: new URL(target).host, connection: 'close' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers: http.OutgoingHttpHeaders = { ...response.headers };
          delete headers['transfer-encoding'];
          delete headers.connection;
          resolve({ status: response.statusCode ?? 502, headers, body: Buffer.concat(chunks) });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Writes the answer whole, with its Content-Length. */
function send(response: http.ServerResponse, answer: Answer, head: boolean): void {
  response.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
  response.end(head ? undefined : answer.body);
}

/** The gzip encoding of the answer; `corrupt` breaks its trailer's CRC-32, so that decoding it fails at the end. */
function gzipped(answer: Answer, corrupt: boolean): Answer {
  const body = gzipSync(answer.body);
  if (corrupt) body.writeUInt32LE((body.readUInt32LE(body.length - 8) ^ 0xffffffff) >>> 0, body.length - 8);
  return { ...answer, headers: { ...answer.headers, 'content-encoding': 'gzip' }, body };
}

/** The headers, then one byte of the body every `ms`, for as long as the client listens. */
function trickle(
  response: http.ServerResponse,
  answer: Answer,
  ms: number,
  clock?: Pick<DrivenClock, 'advance'>,
): void {
  response.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
  response.flushHeaders();
  let sent = 0;
  if (clock) {
    const next = () => {
      if (sent >= answer.body.length || response.destroyed) return;
      sent += 1;
      // Time moves on once the byte is out, and the next waits a turn of the event loop, in which the client reads it.
      response.write(answer.body.subarray(sent - 1, sent), () => {
        clock.advance(ms);
        setImmediate(next);
      });
    };
    next();
    return;
  }
  const timer = setInterval(() => {
    if (sent >= answer.body.length) return clearInterval(timer);
    response.write(answer.body.subarray(sent, sent + 1));
    sent += 1;
  }, ms);
  response.on('close', () => clearInterval(timer));
}

/** The body and `extra` zero bytes after it, 64 KiB at a time as the client takes them: a 200 MB answer never in memory. */
function append(response: http.ServerResponse, answer: Answer, extra: number): void {
  response.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length + extra) });
  const block = Buffer.alloc(64 * 1024);
  let left = extra;
  const more = () => {
    while (left > 0 && !response.destroyed) {
      const piece = block.subarray(0, Math.min(block.length, left));
      left -= piece.length;
      if (!response.write(piece)) return void response.once('drain', more);
    }
    if (left === 0) response.end();
  };
  response.write(answer.body);
  more();
}

/** Serves `answer` with `fault`: the cut and reset answers send half the body first. */
function serveFault(request: http.IncomingMessage, response: http.ServerResponse, answer: Answer, fault: Fault) {
  const socket = request.socket;
  const half = answer.body.subarray(0, Math.floor(answer.body.length / 2));
  const head = request.method === 'HEAD';
  if (typeof fault === 'function') return send(response, fault(answer), head);
  if (typeof fault === 'object')
    return 'trickle' in fault
      ? trickle(response, answer, fault.trickle, fault.clock)
      : append(response, answer, fault.append);
  switch (fault) {
    case 'not-http':
      return socket.end('SSH-2.0-OpenSSH_9.2\r\n');
    case 'reset':
      return socket.resetAndDestroy();
    case 'stall':
      return;
    case 'stall-after-headers':
      response.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
      return response.flushHeaders();
    case 'gzip':
    case 'gzip-corrupt':
      return send(response, gzipped(answer, fault === 'gzip-corrupt'), head);
    case 'close-mid-body':
    case 'reset-mid-body':
      response.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
      return response.write(half, () => (fault === 'reset-mid-body' ? socket.resetAndDestroy() : socket.end()));
    case 'chunked-cut': {
      const { 'content-length': _, ...headers } = answer.headers;
      response.writeHead(answer.status, { ...headers, 'transfer-encoding': 'chunked' });
      return response.write(half, () => socket.end());
    }
  }
}

/** A fault-injecting server in front of `target` (an origin such as http://127.0.0.1:4173). */
export async function startFaultServer(target: string): Promise<FaultServer> {
  const requests: FaultServer['requests'] = [];
  const queued = new Map<string, Fault[]>();
  const standing: { matches: (path: string) => boolean; fault: Fault }[] = [];
  const waiting: { matches: (path: string) => boolean; resolve: () => void }[] = [];
  const server = http.createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://fault').pathname;
    const asked: FaultServer['requests'][number] = { method: request.method ?? 'GET', path, at: Date.now() };
    requests.push(asked);
    const { socket } = request;
    const before = socket.bytesWritten;
    response.on('close', () => {
      asked.sent = socket.bytesWritten - before;
    });
    for (const waiter of waiting.filter((one) => one.matches(path))) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
    const fault = queued.get(path)?.shift() ?? standing.find((one) => one.matches(path))?.fault;
    const answer = await fetchWhole(target, request).catch((error: Error) => error);
    // The server behind failing is a defect of the test, not a fault injected: a 502 naming it, never a closed
    // connection a test would take for the reset it asked for.
    if (answer instanceof Error) {
      return response
        .writeHead(502, { 'content-type': 'text/plain' })
        .end(`The fault server could not ask ${target}: ${answer.message}`);
    }
    try {
      if (fault) serveFault(request, response, answer, fault);
      else send(response, answer, request.method === 'HEAD');
    } catch (error) {
      // A fault that throws is a defect of the test: answered at once, named, never left to time out.
      if (response.headersSent) return request.socket.destroy();
      response.writeHead(500, { 'content-type': 'text/plain' }).end(`The fault server failed: ${error}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    once: (path, ...faults) => queued.set(path, [...(queued.get(path) ?? []), ...faults]),
    always: (matches, fault) => standing.push({ matches, fault }),
    clear: () => {
      queued.clear();
      standing.length = 0;
    },
    asked: (path) =>
      new Promise((resolve) =>
        waiting.push({ matches: typeof path === 'string' ? (asked) => asked === path : path, resolve }),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
