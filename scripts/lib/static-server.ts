import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

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
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

interface HeaderRule {
  pattern: RegExp;
  headers: [string, string][];
}

/** Reads a Netlify / Cloudflare Pages style _headers file: a path pattern, then indented "Name: value" lines. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const pattern = new RegExp(`^${line.trim().replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
      rules.push({ pattern, headers: [] });
    } else if (rules.length > 0) {
      const at = line.indexOf(':');
      rules[rules.length - 1]!.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
    }
  }
  return rules;
}

export interface StaticServerOptions {
  root: string;
  /** Sub-folder the site lives under, e.g. '/eccron-site'. */
  basePath?: string;
  port?: number;
  /** Lets the dev server add its reload script to every page. */
  transformHtml?: (html: string) => string;
  /** Handles a request before the files do (the dev server's event stream); returns true when it answered. */
  intercept?: (request: http.IncomingMessage, response: http.ServerResponse) => boolean;
}

const isFile = async (file: string) => (await stat(file).catch(() => null))?.isFile() ?? false;
const isDirectory = async (file: string) => (await stat(file).catch(() => null))?.isDirectory() ?? false;

/**
 * Serves a built site the way a static host does: /research/ serves
 * research/index.html, /research redirects to /research/, unknown paths get
 * 404.html with status 404, and the site's _headers file is applied.
 */
export async function startStaticServer(options: StaticServerOptions): Promise<{ url: string; close: () => Promise<void> }> {
  const root = path.resolve(options.root);
  const base = options.basePath ?? '';

  const server = http.createServer(async (request, response) => {
    try {
      if (options.intercept?.(request, response)) return;
      const url = new URL(request.url ?? '/', 'http://localhost');
      const send = async (status: number, file: string) => {
        const headerRules = parseHeadersFile(await readFile(path.join(root, '_headers'), 'utf8').catch(() => ''));
        for (const rule of headerRules) {
          if (rule.pattern.test(url.pathname)) for (const [name, value] of rule.headers) response.setHeader(name, value);
        }
        const type = contentTypes[path.extname(file)] ?? 'application/octet-stream';
        let body: Buffer | string = await readFile(file);
        if (type.startsWith('text/html') && options.transformHtml) body = options.transformHtml(body.toString('utf8'));
        response.setHeader('Content-Type', type);
        if (!response.hasHeader('Cache-Control')) response.setHeader('Cache-Control', 'no-cache');
        response.writeHead(status);
        response.end(request.method === 'HEAD' ? undefined : body);
      };
      const notFound = async () => {
        const page = path.join(root, '404.html');
        if (await isFile(page)) return send(404, page);
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      };

      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      let pathname: string;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        return notFound();
      }
      if (base && pathname === base) {
        response.writeHead(301, { Location: `${base}/${url.search}` }).end();
        return;
      }
      if (base && !pathname.startsWith(`${base}/`)) return notFound();
      const sitePath = pathname.slice(base.length);
      const file = path.join(root, sitePath);
      if (!file.startsWith(root)) return notFound();

      if (sitePath.endsWith('/')) {
        const index = path.join(file, 'index.html');
        return (await isFile(index)) ? send(200, index) : notFound();
      }
      if (await isFile(file)) return send(200, file);
      if (await isDirectory(file)) {
        response.writeHead(301, { Location: `${pathname}/${url.search}` }).end();
        return;
      }
      return notFound();
    } catch (error) {
      response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(String(error));
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
