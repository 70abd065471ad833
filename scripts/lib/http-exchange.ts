/**
 * One request and its whole answer, for the HTTP client (http-client.ts),
 * over undici. Strict as `curl --fail` is: a body shorter than its
 * Content-Length, a chunked body without its last chunk, a connection reset
 * or closed mid-body is an error ("cut short after 5,583 of 11,166 bytes"),
 * never content; an answer that is not HTTP is an error, never a status; a
 * time limit covers the whole exchange, so a body that stalls or trickles
 * after its headers ends too. A body sent with a Content-Encoding (gzip,
 * deflate, br) is decoded as it arrives, so an encoding is never taken for
 * content, and a limit on the body is a limit on what the caller gets: the
 * rest is never read, never held in memory, and never silently dropped (the
 * answer says it was cut, or is an error when the caller set no limit).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import type { Agent, Dispatcher } from 'undici';
import type { Clock } from './clock.ts';
import { type Attempt, count, duration, failure, size } from './http-answer.ts';

export interface Exchange {
  method: 'GET' | 'HEAD';
  headers: Record<string, string>;
  timeoutMs: number;
  /** The clock of the time limit, and of when bytes came. */
  clock: Clock;
  /** How much of the body, decoded, is read. */
  maxBytes: number;
  /** A body longer than `maxBytes`: its first `maxBytes` bytes marked `truncated` (the caller's limit), or an ETOOLARGE error. */
  overLimit: 'truncate' | 'refuse';
  signal?: AbortSignal;
}

/** What was read of a body when it failed: the bytes that arrived, how many were announced, and when. */
interface Progress {
  received: number;
  expected?: number;
  chunked?: boolean;
  /** When the headers came, and when the last byte of the body did (the clock's time). */
  bodyFrom?: number;
  lastByte?: number;
}

class TimeLimit extends Error {}
/** An error of the body as it arrived (a reset, the time limit), told from an error decoding it. */
class BodyFailure extends Error {
  constructor(readonly original: unknown) {
    super('the body failed');
  }
}
/** A coding that could not be undone, and why. */
class DecodeFailure extends Error {
  constructor(
    readonly coding: string,
    readonly original: Error,
  ) {
    super(original.message);
  }
}
/** Thrown by the reader once it has what it reads, which ends the transfer. */
const enough = new Error('enough of the body was read');

/** Sends one request and reads its answer whole (or to `maxBytes`); never throws. */
export async function exchange(agent: Agent, url: string, request: Exchange): Promise<Attempt> {
  const controller = new AbortController();
  const { clock } = request;
  const cancelLimit = clock.after(request.timeoutMs, () => controller.abort(new TimeLimit()));
  const stop = () => controller.abort(request.signal?.reason);
  request.signal?.addEventListener('abort', stop, { once: true });
  const progress: Progress = { received: 0 };
  let phase: 'headers' | 'body' = 'headers';
  try {
    const target = new URL(url);
    const answer = await agent.request({
      origin: target.origin,
      path: `${target.pathname}${target.search}`,
      method: request.method,
      headers: request.headers,
      signal: controller.signal,
    });
    phase = 'body';
    const headers = answer.headers as IncomingHttpHeaders;
    Object.assign(progress, announced(headers), { bodyFrom: clock.now() });
    const noBody = request.method === 'HEAD' || (answer.statusCode >= 300 && answer.statusCode < 400);
    if (noBody) {
      await answer.body.dump();
      return { kind: 'response', url, status: answer.statusCode, headers, body: Buffer.alloc(0), truncated: false };
    }
    const read = await readBody(answer.body, headers['content-encoding'], request, progress);
    if ('undecodable' in read) return failure(url, 'EENCODING', read.undecodable);
    if (read.truncated && request.overLimit === 'refuse')
      return failure(url, 'ETOOLARGE', `answered with more than ${size(request.maxBytes)}; not read`);
    return { kind: 'response', url, status: answer.statusCode, headers, ...read };
  } catch (error) {
    const cause = error instanceof BodyFailure ? error.original : error;
    const failed = { phase, progress, timeoutMs: request.timeoutMs, aborted: controller.signal, now: clock.now() };
    return describe(url, cause, failed);
  } finally {
    cancelLimit();
    request.signal?.removeEventListener('abort', stop);
  }
}

/** How long the body is said to be, and whether it comes in chunks. */
function announced(headers: IncomingHttpHeaders): Pick<Progress, 'expected' | 'chunked'> {
  const length = Number(headers['content-length']);
  return {
    expected: headers['content-length'] !== undefined && Number.isInteger(length) ? length : undefined,
    chunked: /chunked/i.test(String(headers['transfer-encoding'] ?? '')),
  };
}

type Stage = (source: AsyncIterable<Buffer>) => AsyncIterable<Buffer>;

/** A zlib decoder as a stage: what it decodes, as it decodes it; its own failure a DecodeFailure. */
const decodedBy = (coding: string, create: (head: Buffer) => NodeJS.ReadWriteStream): Stage =>
  async function* (source) {
    const chunks = source[Symbol.asyncIterator]();
    // The first two bytes decide between deflate's two forms; every other decoder takes them as they come.
    const head: Buffer[] = [];
    let next = await chunks.next();
    while (!next.done && Buffer.concat(head).length + next.value.length < 2) {
      head.push(next.value);
      next = await chunks.next();
    }
    if (!next.done) head.push(next.value);
    const first = Buffer.concat(head);
    const rest = async function* () {
      yield first;
      if (next.done) return;
      for (let more = await chunks.next(); !more.done; more = await chunks.next()) yield more.value;
    };
    const decoder = create(first);
    // Its failure is the decoder's, read below; the feeding is not waited for, so that stopping early never hangs.
    pipeline(Readable.from(rest()), decoder).catch(() => undefined);
    try {
      for await (const chunk of decoder as AsyncIterable<Buffer>) yield chunk;
    } catch (error) {
      throw error instanceof BodyFailure ? error : new DecodeFailure(coding, error as Error);
    } finally {
      (decoder as unknown as { destroy(): void }).destroy();
    }
  };

/** "deflate" is zlib-wrapped by the standard and raw by some servers: a zlib header says which. */
const zlibHeader = (head: Buffer) =>
  head.length >= 2 && (head[0]! & 0x0f) === 8 && ((head[0]! << 8) | head[1]!) % 31 === 0;

const decoders: Record<string, Stage> = {
  gzip: decodedBy('gzip', () => createGunzip()),
  'x-gzip': decodedBy('gzip', () => createGunzip()),
  br: decodedBy('br', () => createBrotliDecompress()),
  deflate: decodedBy('deflate', (head) => (zlibHeader(head) ? createInflate() : createInflateRaw())),
};

/**
 * The body, decoded (last coding applied, first undone), to `maxBytes` of it: what comes after is not read, and
 * `truncated` says so. Throws as the body fails, with `progress` kept; a coding that cannot be undone is said in words.
 */
async function readBody(
  body: Dispatcher.ResponseData['body'],
  encoding: string | string[] | undefined,
  { maxBytes, clock }: Pick<Exchange, 'maxBytes' | 'clock'>,
  progress: Progress,
): Promise<{ body: Buffer; truncated: boolean } | { undecodable: string }> {
  const codings = String(encoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
    .reverse();
  const unknown = codings.find((coding) => !decoders[coding]);
  if (unknown !== undefined) {
    body.destroy();
    return { undecodable: `answered in the "${unknown}" encoding, which this client cannot read` };
  }
  const counted: Stage = async function* (source) {
    try {
      for await (const chunk of source) {
        progress.received += chunk.length;
        progress.lastByte = clock.now();
        yield chunk;
      }
    } catch (error) {
      throw new BodyFailure(error);
    }
  };
  const kept: Buffer[] = [];
  let length = 0;
  const keep = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      kept.push(chunk.subarray(0, maxBytes - length));
      length += chunk.length;
      if (length > maxBytes) throw enough;
    }
  };
  try {
    // Node's typings take a fixed number of stages; the chain is as long as the answer's codings.
    const chain = pipeline as (...stages: unknown[]) => Promise<void>;
    await chain(body, counted, ...codings.map((coding) => decoders[coding]!), keep);
  } catch (error) {
    if (error === enough) return { body: Buffer.concat(kept), truncated: true };
    if (!(error instanceof DecodeFailure)) throw error;
    return {
      undecodable: `answered with a ${error.coding} body that cannot be decoded: ${error.message}, ${count(progress.received)} bytes as sent`,
    };
  }
  return { body: Buffer.concat(kept), truncated: false };
}

interface Failed {
  phase: 'headers' | 'body';
  progress: Progress;
  timeoutMs: number;
  aborted: AbortSignal;
  /** When it failed. */
  now: number;
}

/** At the time limit: a body still arriving came too slowly (a trickle), one that stopped stalled. */
function tooSlow(progress: Progress, timeoutMs: number, now: number): string {
  const sofar = `${count(progress.received)}${progress.expected === undefined ? '' : ` of ${count(progress.expected)}`} bytes`;
  const window = Math.min(Math.max(2_000, timeoutMs / 10), timeoutMs / 2);
  if (progress.lastByte === undefined || now - progress.lastByte > window)
    return `the body stalled: ${sofar} within ${duration(timeoutMs)}`;
  const seconds = (now - (progress.bodyFrom ?? now)) / 1000;
  const rate = Math.max(1, Math.round(progress.received / Math.max(seconds, 0.001)));
  return `the body came too slowly: ${sofar} within ${duration(timeoutMs)} (about ${count(rate)} byte${rate === 1 ? '' : 's'} a second)`;
}

/** What went wrong, in a code and words: a body cut short says how far it came. */
function describe(url: string, error: unknown, failed: Failed): Attempt {
  const { phase, progress, timeoutMs, aborted, now } = failed;
  const { code, message, name } = error as { code?: string; message?: string; name?: string };
  const sofar = `${count(progress.received)}${progress.expected === undefined ? '' : ` of ${count(progress.expected)}`} bytes`;
  const timedOut = aborted.reason instanceof TimeLimit || /TIMEOUT/.test(code ?? '');
  if (aborted.aborted && !timedOut) return failure(url, 'EABORTED', (aborted.reason as Error)?.message ?? 'stopped');
  if (timedOut)
    return failure(
      url,
      'ETIMEDOUT',
      phase === 'headers' ? `no answer within ${duration(timeoutMs)}` : tooSlow(progress, timeoutMs, now),
    );
  // undici's parser refusing the answer: a server speaking another protocol, or a status line or chunk that is not HTTP.
  if (name === 'HTTPParserError' || code?.startsWith('HPE_'))
    return failure(url, 'EBADANSWER', `answered with something that is not HTTP (${message ?? code})`);
  if (phase === 'body' && (code === 'ECONNRESET' || code === 'EPIPE' || code?.startsWith('UND_ERR'))) {
    const before = progress.chunked ? 'before the last chunk' : 'before the body did';
    return failure(url, 'ESHORTREAD', `cut short after ${sofar}: the connection ended ${before}`);
  }
  if (code === 'ECONNRESET') return failure(url, code, 'the connection was reset before the answer');
  if (code === 'UND_ERR_SOCKET') return failure(url, 'ECONNRESET', 'the connection was closed before the answer');
  if (code?.startsWith('UND_ERR') || !code) return failure(url, 'EREQUEST', message ?? String(error));
  return failure(url, code, message ?? code);
}
