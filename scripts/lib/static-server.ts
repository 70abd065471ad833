import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileAt, normaliseBasePath, percentDecoded } from '../../src/urls.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

interface HeaderRule {
  pattern: RegExp;
  /** A null value removes the header. */
  headers: [string, string | null][];
}

/** Reads a Netlify / Cloudflare Pages style _headers file: a path pattern, then indented "Name: value" lines. */
function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const pattern = new RegExp(
        `^${line
          .trim()
          .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')}$`,
      );
      rules.push({ pattern, headers: [] });
    } else if (rules.length > 0) {
      const at = line.indexOf(':');
      // "! Name" (Cloudflare Pages' syntax) takes away a header an earlier rule gave.
      if (line.trim().startsWith('!')) rules[rules.length - 1]!.headers.push([line.trim().slice(1).trim(), null]);
      else if (at > 0) rules[rules.length - 1]!.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
    }
  }
  return rules;
}

/** The rules of the last _headers text read: a server and verify ask for each file's headers of the same text. */
let parsed: { text: string; rules: HeaderRule[] } | undefined;

/** The headers a _headers file gives a site path: every matching rule in order, a later one winning. */
export function headersFor(headersFile: string, sitePath: string): Record<string, string> {
  if (parsed?.text !== headersFile) parsed = { text: headersFile, rules: parseHeadersFile(headersFile) };
  const headers: Record<string, string> = {};
  for (const rule of parsed.rules) {
    if (!rule.pattern.test(sitePath)) continue;
    for (const [name, value] of rule.headers) {
      if (value === null) delete headers[name];
      else headers[name] = value;
    }
  }
  return headers;
}

export interface StaticServerOptions {
  root: string;
  /** Sub-folder the site lives under, e.g. '/eccron-site' (a trailing slash is fine). */
  basePath?: string;
  port?: number;
  /** Lets the dev server add its reload script to every page. */
  transformHtml?: (html: string) => string;
  /** Handles a request before the files do (the dev server's event stream); returns true when it answered. */
  intercept?: (request: http.IncomingMessage, response: http.ServerResponse) => boolean;
}

type Found = { kind: 'file'; file: string; body: Buffer } | { kind: 'directory' } | { kind: 'missing' };

const missingCodes = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP', 'ENAMETOOLONG']);
// O_NOFOLLOW refuses a symlink swapped in after realpath() looked; O_NONBLOCK keeps a named pipe from
// holding the request forever. Windows has neither flag and neither risk.
const openFlags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Finds `relative` (a decoded site path) inside `root` and reads it in one
 * open file handle, so a file that is replaced or removed meanwhile is either
 * read whole or reported missing. A path that leaves the root, by `..`, by an
 * absolute part or through a symlink, is missing.
 */
async function lookUp(root: string, relative: string): Promise<Found> {
  let realRoot: string;
  let real: string;
  try {
    realRoot = await realpath(root);
    const candidate = path.resolve(realRoot, `.${path.sep}${relative}`);
    if (!isInside(realRoot, candidate)) return { kind: 'missing' };
    real = await realpath(candidate);
  } catch (error) {
    if (missingCodes.has((error as NodeJS.ErrnoException).code ?? '')) return { kind: 'missing' };
    throw error;
  }
  if (!isInside(realRoot, real)) return { kind: 'missing' };
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(real, openFlags);
  } catch (error) {
    // Windows cannot open a folder as a file.
    if ((await stat(real).catch(() => null))?.isDirectory()) return { kind: 'directory' };
    if (missingCodes.has((error as NodeJS.ErrnoException).code ?? '')) return { kind: 'missing' };
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) return { kind: 'directory' };
    if (!stats.isFile()) return { kind: 'missing' };
    return { kind: 'file', file: real, body: await handle.readFile() };
  } catch (error) {
    if (missingCodes.has((error as NodeJS.ErrnoException).code ?? '')) return { kind: 'missing' };
    throw error;
  } finally {
    await handle.close().catch(() => {});
  }
}

/** The folder's identity (device and inode), or null while there is no folder at that path. */
async function folderIdentity(root: string): Promise<string | null> {
  const stats = await stat(root, { bigint: true }).catch(() => null);
  return stats?.isDirectory() ? `${stats.dev}:${stats.ino}` : null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * lookUp, steady across a build's swap: the build renames the served folder
 * away and the new one into its place, so for a moment there is no folder, or
 * a lookup that started in the old one ends after it was moved. A file found
 * missing while the folder was absent or replaced is looked up again in the
 * folder now in place, once it is there; only a file missing from a folder
 * that stayed put is missing.
 */
async function lookUpSteady(root: string, relative: string): Promise<Found> {
  for (let attempt = 0; ; attempt += 1) {
    const before = await folderIdentity(root);
    const found = await lookUp(root, relative);
    if (found.kind !== 'missing' || attempt === 3) return found;
    const now = await folderIdentity(root);
    if (before !== null && before === now) return found;
    // The swap's two renames follow each other at once; a second is far more than they ever take.
    for (let waited = 0; (await folderIdentity(root)) === null && waited < 1000; waited += 5) await pause(5);
  }
}

const isInside = (root: string, file: string) =>
  file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

class BadRequest extends Error {}

/** A control character (which a terminal or a log would act on) or a backslash (a separator on Windows). */
function hasControlCharacterOrBackslash(text: string): boolean {
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || character === '\\') return true;
  }
  return false;
}

/**
 * The path of a request target, decoded once. Anything a browser never sends
 * and a file name never needs is refused as a bad request: bytes outside
 * printable ASCII, broken percent-encoding, control characters or NUL once
 * decoded, backslashes (a path separator on Windows, and `/\host` is another
 * origin to a browser) and `.` or `..` segments.
 */
function requestPath(target: string): { raw: string; search: string; decoded: string } {
  if (!target.startsWith('/') || /[^\x21-\x7e]/.test(target)) throw new BadRequest();
  const query = target.indexOf('?');
  const raw = query === -1 ? target : target.slice(0, query);
  const search = query === -1 ? '' : target.slice(query);
  const decoded = percentDecoded(raw);
  if (decoded === undefined || hasControlCharacterOrBackslash(decoded)) throw new BadRequest();
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) throw new BadRequest();
  return { raw, search, decoded };
}

/**
 * A Location on this origin, built from the decoded path: empty segments
 * dropped (so `//host` cannot appear) and every segment encoded again (so a
 * decoded `/` or `\` stays inside its segment). It always starts with one
 * `/` followed by something that is neither `/` nor `\`.
 */
const sameOrigin = (decodedPath: string) =>
  `/${decodedPath
    .split('/')
    .filter((segment) => segment !== '')
    .map(encodeURIComponent)
    .join('/')}`;

/** The served folder as a request sees it. */
interface Site {
  root: string;
  base: string;
  transformHtml?: (html: string) => string;
}

type RequestTarget = ReturnType<typeof requestPath>;

/** The ways a request is answered: each with its length, and without a body for HEAD. */
function replies(request: http.IncomingMessage, response: http.ServerResponse) {
  const head = request.method === 'HEAD';
  const finish = (status: number, headers: Record<string, string>, body: Buffer | string = '') => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    response.writeHead(status, { ...headers, 'Content-Length': String(bytes.length) });
    response.end(head ? undefined : bytes);
  };
  const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
    finish(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache', ...headers }, text);
  const redirect = (location: string) => plain(301, `Moved to ${location}`, { Location: location });
  return { finish, plain, redirect };
}

type Replies = ReturnType<typeof replies>;

/**
 * Serves a built site the way a static host does: /research/ serves
 * research/index.html, /research redirects to /research/, unknown paths get
 * 404.html with status 404, and the site's _headers file is applied.
 *
 * Every request ends in a response: a file that vanishes or cannot be read
 * while it is served answers 404 or 500, never takes the server down.
 */
export async function startStaticServer(
  options: StaticServerOptions,
): Promise<{ url: string; close: () => Promise<void> }> {
  const site: Site = {
    root: path.resolve(options.root),
    base: normaliseBasePath(options.basePath ?? ''),
    transformHtml: options.transformHtml,
  };
  const answer = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (options.intercept?.(request, response)) return;
    const reply = replies(request, response);
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return reply.plain(405, 'Method not allowed', { Allow: 'GET, HEAD' });
    let target: RequestTarget;
    try {
      target = requestPath(request.url ?? '/');
    } catch (error) {
      if (error instanceof BadRequest) return reply.plain(400, 'Bad request');
      throw error;
    }
    return serve(site, target, reply);
  };

  const server = http.createServer((request, response) => {
    answer(request, response).catch((error: NodeJS.ErrnoException) => internalError(request, response, error));
  });
  // A client that hangs up or sends garbage is its own problem, never the server's.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${site.base}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A site path to its file: under the base path, a folder redirected to its trailing slash, else the 404 page. */
async function serve(site: Site, { search, decoded }: RequestTarget, reply: Replies) {
  const send = (status: number, found: Extract<Found, { kind: 'file' }>) =>
    sendFile(site, decoded, status, found, reply);
  const notFound = async () => {
    const page = await lookUpSteady(site.root, '404.html');
    if (page.kind === 'file') return send(404, page);
    reply.plain(404, 'Not found');
  };
  const { base } = site;
  if (base && decoded === base) return reply.redirect(`${sameOrigin(decoded)}/${search}`);
  if (base && !decoded.startsWith(`${base}/`)) return notFound();
  const sitePath = decoded.slice(base.length);

  const found = await lookUpSteady(site.root, fileAt(sitePath));
  if (found.kind === 'file') return send(200, found);
  if (found.kind === 'directory' && !sitePath.endsWith('/')) return reply.redirect(`${sameOrigin(decoded)}/${search}`);
  return notFound();
}

/** A file with the headers _headers gives its path (no-cache unless they say otherwise) and its type. */
async function sendFile(
  site: Site,
  decoded: string,
  status: number,
  found: Extract<Found, { kind: 'file' }>,
  reply: Replies,
) {
  const headersFile = await lookUpSteady(site.root, '_headers');
  const headers = headersFile.kind === 'file' ? headersFor(headersFile.body.toString('utf8'), decoded) : {};
  const type = contentTypes[path.extname(found.file)] ?? 'application/octet-stream';
  let body: Buffer = found.body;
  if (type.startsWith('text/html') && site.transformHtml) body = Buffer.from(site.transformHtml(body.toString('utf8')));
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'cache-control'))
    headers['Cache-Control'] = 'no-cache';
  reply.finish(status, { ...headers, 'Content-Type': type }, body);
}

/** A request that failed while it was served: 500, or a cut connection once the headers are out. */
function internalError(request: http.IncomingMessage, response: http.ServerResponse, error: NodeJS.ErrnoException) {
  console.error(`Could not serve ${JSON.stringify(request.url)}: ${error.code ?? error.message}`);
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const text = 'Internal server error';
  response.writeHead(500, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
  });
  response.end(request.method === 'HEAD' ? undefined : text);
}
