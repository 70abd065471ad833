/**
 * One request and its whole answer, for the HTTP client (http-client.ts),
 * over undici. Strict as `curl --fail` is: a body shorter than its
 * Content-Length, a chunked body without its last chunk, a connection reset
 * or closed mid-body is an error ("cut short after 5,583 of 11,166 bytes"),
 * never content; a time limit covers the whole exchange, so a body that
 * stalls after its headers ends too. A body sent with a Content-Encoding
 * (gzip, deflate, br) is decoded, so an encoding is never taken for content.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, constants, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import type { Agent, Dispatcher } from 'undici';
import { type Attempt, count, duration, failure } from './http-answer.ts';

export interface Exchange {
  method: 'GET' | 'HEAD';
  headers: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
}

/** What was read of a body when it failed: the bytes that arrived, and how many were announced. */
interface Progress {
  received: number;
  expected?: number;
  chunked?: boolean;
}

class TimeLimit extends Error {}

/** Sends one request and reads its answer whole (or to `maxBytes`); never throws. */
export async function exchange(agent: Agent, url: string, request: Exchange): Promise<Attempt> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeLimit()), request.timeoutMs);
  const stop = () => controller.abort(request.signal?.reason);
  request.signal?.addEventListener('abort', stop, { once: true });
  const progress: Progress = { received: 0 };
  let phase: 'headers' | 'body' = 'headers';
  try {
    const answer = await agent.request({
      origin: new URL(url).origin,
      path: `${new URL(url).pathname}${new URL(url).search}`,
      method: request.method,
      headers: request.headers,
      signal: controller.signal,
    });
    phase = 'body';
    const headers = answer.headers as IncomingHttpHeaders;
    const length = Number(headers['content-length']);
    progress.expected = headers['content-length'] !== undefined && Number.isInteger(length) ? length : undefined;
    progress.chunked = /chunked/i.test(String(headers['transfer-encoding'] ?? ''));
    const noBody = request.method === 'HEAD' || (answer.statusCode >= 300 && answer.statusCode < 400);
    if (noBody) {
      await answer.body.dump();
      return { kind: 'response', url, status: answer.statusCode, headers, body: Buffer.alloc(0), truncated: false };
    }
    const { raw, truncated } = await readBody(answer.body, request.maxBytes, progress);
    const decoded = decode(raw, headers['content-encoding'], truncated, request.maxBytes);
    if (typeof decoded === 'string') return failure(url, 'EENCODING', decoded);
    return { kind: 'response', url, status: answer.statusCode, headers, body: decoded, truncated };
  } catch (error) {
    return describe(url, error, { phase, progress, timeoutMs: request.timeoutMs, aborted: controller.signal });
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', stop);
  }
}

/** The body's bytes, to `maxBytes` (the rest is not read); throws as the body fails, with `progress` kept. */
async function readBody(body: Dispatcher.ResponseData['body'], maxBytes: number, progress: Progress) {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) {
    chunks.push(chunk.subarray(0, maxBytes - progress.received));
    progress.received += chunk.length;
    if (progress.received > maxBytes) {
      body.destroy();
      return { raw: Buffer.concat(chunks), truncated: true };
    }
  }
  return { raw: Buffer.concat(chunks), truncated: false };
}

const decoders: Record<string, (data: Buffer, options: object) => Buffer> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  br: brotliDecompressSync,
  // "deflate" is zlib-wrapped by the standard and raw by some servers: both are read.
  deflate: (data, options) => {
    try {
      return inflateSync(data, options);
    } catch {
      return inflateRawSync(data, options);
    }
  },
};

/** The body with its Content-Encoding undone (last applied, first undone), or why it cannot be. */
function decode(raw: Buffer, encoding: string | string[] | undefined, truncated: boolean, maxBytes: number) {
  const codings = String(encoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  // A body read only in part decodes as far as it goes.
  const options = { maxOutputLength: maxBytes, ...(truncated && { finishFlush: constants.Z_SYNC_FLUSH }) };
  let body = raw;
  for (const coding of codings.reverse()) {
    const decoder = decoders[coding];
    if (!decoder) return `answered in the "${coding}" encoding, which this client cannot read`;
    try {
      body = decoder(body, options);
    } catch (error) {
      if (truncated) return body.subarray(0, 0);
      return `answered with a ${coding} body that cannot be decoded: ${(error as Error).message}, ${count(raw.length)} bytes as sent`;
    }
  }
  return body;
}

interface Failed {
  phase: 'headers' | 'body';
  progress: Progress;
  timeoutMs: number;
  aborted: AbortSignal;
}

/** What went wrong, in a code and words: a body cut short says how far it came. */
function describe(url: string, error: unknown, failed: Failed): Attempt {
  const { phase, progress, timeoutMs, aborted } = failed;
  const { code, message } = error as { code?: string; message?: string };
  const sofar = `${count(progress.received)}${progress.expected === undefined ? '' : ` of ${count(progress.expected)}`} bytes`;
  const timedOut = aborted.reason instanceof TimeLimit || /TIMEOUT/.test(code ?? '');
  if (aborted.aborted && !timedOut) return failure(url, 'EABORTED', (aborted.reason as Error)?.message ?? 'stopped');
  if (timedOut)
    return failure(
      url,
      'ETIMEDOUT',
      phase === 'headers'
        ? `no answer within ${duration(timeoutMs)}`
        : `the body stalled: ${sofar} within ${duration(timeoutMs)}`,
    );
  if (phase === 'body' && (code === 'ECONNRESET' || code === 'EPIPE' || code?.startsWith('UND_ERR'))) {
    const before = progress.chunked ? 'before the last chunk' : 'before the body did';
    return failure(url, 'ESHORTREAD', `cut short after ${sofar}: the connection ended ${before}`);
  }
  if (code === 'ECONNRESET') return failure(url, code, 'the connection was reset before the answer');
  if (code === 'UND_ERR_SOCKET') return failure(url, 'ECONNRESET', 'the connection was closed before the answer');
  if (code?.startsWith('UND_ERR') || !code) return failure(url, 'EREQUEST', message ?? String(error));
  return failure(url, code, message ?? code);
}
