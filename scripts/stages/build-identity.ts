import { hash } from 'node:crypto';
import type { CmsIdentity } from '../lib/cms-backend.ts';
import { buildIdentityPlaceholder } from '../../src/build-context.tsx';
import { escapeHtml } from '../../src/escape.ts';
import { BuildError } from '../lib/problems.ts';
import type { OutputFile } from './output-files.ts';
import type { BuiltPage } from './render-pages.tsx';

/** What build.json holds: which build a published site is. */
export interface BuildIdentity {
  /** The commit built, or null when it could not be known (no git, no CI variable). */
  commit: string | null;
  /** sha256 of the site: of the list of every file's path and sha256 (pages with the placeholder in place of their identity). */
  content: string;
  /** The date the build took as today (YYYY-MM-DD). */
  date: string;
  /** The generator and its version, from package.json: name@version. */
  generator: string;
  /** Where the CMS at /admin/ saves (the repository, or null for the local mode only), and where that came from. */
  cms?: CmsIdentity;
}

export const buildIdentityFile = 'build.json';

/** The start of <meta name="build"> as pages are written (by React, and by the CMS stage), before the identity is known. */
const placeholderTag = `<meta name="build" content="${buildIdentityPlaceholder}"`;

const sha256 = (bytes: string | Uint8Array) => `sha256:${hash('sha256', bytes, 'hex')}`;

/** The value of a page's <meta name="build">: the site's identity and the page's own hash, as "name=value" pairs. */
const pageIdentity = (identity: BuildIdentity, pageHash: string) =>
  `commit=${identity.commit ?? 'unknown'} content=${identity.content} date=${identity.date} generator=${identity.generator} page=${pageHash}`;

const identityTag = (identity: BuildIdentity, pageHash: string) =>
  `<meta name="build" content="${escapeHtml(pageIdentity(identity, pageHash))}"`;

/**
 * The bytes the filled <meta name="build"> will take in every page of a build, known before the site's hash: the
 * hashes in it are of one length, of characters no escaping changes.
 */
export const identityRoom = (inputs: Omit<BuildIdentity, 'content'>) => {
  const anyHash = sha256('');
  return Buffer.byteLength(identityTag({ ...inputs, content: anyHash }, anyHash));
};

/** A page as its bytes, with `room` bytes for its identity where the placeholder is (at `room.at`), and its sha256. */
export interface PageBytes {
  bytes: Buffer;
  /** The page's hash, taken with the placeholder in place. */
  hash: string;
  /** Where its identity goes, and how many bytes were left for it; none when the page has not one placeholder. */
  room?: { at: number; length: number };
}

/** The size of the blocks pages are written into (pageWriter): some hundred pages of the site each. */
const blockBytes = 1024 * 1024;

/**
 * Rendered pages as the bytes to be written, with room left for each page's identity: filling it in then writes into
 * the page (identifyBuild), where making each page again with its identity held every page twice at once. The
 * pages are written straight from their text into large blocks, one after the other, each page a view of its
 * block: a Buffer of its own for every page, made and then copied once more to leave the room, cost a build of
 * 10,000 pages 20,000 allocations outside V8's heap, each one counted against the next garbage collection.
 */
export function pageWriter(): (html: string, room: number) => PageBytes {
  let block = Buffer.allocUnsafeSlow(0);
  let used = 0;
  const take = (length: number) => {
    if (used + length > block.length) {
      block = Buffer.allocUnsafeSlow(Math.max(blockBytes, length));
      used = 0;
    }
    const bytes = block.subarray(used, used + length);
    used += length;
    return bytes;
  };
  return (html, room) => {
    const at = html.indexOf(placeholderTag);
    if (at === -1 || html.indexOf(placeholderTag, at + placeholderTag.length) !== -1) {
      const bytes = Buffer.from(html);
      return { bytes, hash: sha256(bytes) };
    }
    // The page as rendered, hashed, then the rest of it moved along to leave the room where the placeholder was.
    const rendered = Buffer.byteLength(html);
    const length = rendered - placeholderTag.length + room;
    const space = take(Math.max(rendered, length));
    space.write(html);
    const pageHash = sha256(space.subarray(0, rendered));
    const head = space.indexOf(placeholderTag);
    space.copyWithin(head + room, head + placeholderTag.length, rendered);
    space.fill(0x20, head, head + room);
    return { bytes: space.subarray(0, length), hash: pageHash, room: { at: head, length: room } };
  };
}

/**
 * Gives the site its identity: build.json, and the same identity in the
 * <meta name="build"> of every page, with the page's own hash so that a host
 * that rewrites HTML can still be checked page by page. A page cannot hold
 * its own hash, nor the site its content hash, so both are taken with the
 * placeholder still in the pages; the identity changes no other byte, and two
 * builds of the same input stay identical.
 */
export function identifyBuild(
  pages: BuiltPage[],
  files: OutputFile[],
  inputs: Omit<BuildIdentity, 'content'>,
  /** Pages already made into bytes with room for their identity (pageBytes), by path. */
  made: Map<string, Omit<PageBytes, 'bytes'>> = new Map(),
): { pages: BuiltPage[]; files: OutputFile[]; identity: BuildIdentity } {
  const once = (html: string | Uint8Array) => {
    const text = typeof html === 'string' ? html : bufferOf(html);
    const at = text.indexOf(placeholderTag);
    return at !== -1 && text.indexOf(placeholderTag, at + 1) === -1;
  };
  const problems = pages
    .filter((page) => !made.get(page.file)?.room && !once(page.html))
    .map((page) => ({ where: page.file, message: `expected one ${placeholderTag}/> in the head (src/Document.tsx)` }));
  if (problems.length > 0) throw new BuildError('Giving the pages their build identity', problems);

  // Each file hashed once; the site's hash is that of the list of paths and hashes.
  const hashes = new Map(files.map((file) => [file.path, made.get(file.path)?.hash ?? sha256(file.contents)]));
  const list = [...hashes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const identity: BuildIdentity = {
    commit: inputs.commit,
    content: sha256(list.map(([path, hash]) => `${path}\0${hash}\n`).join('')),
    date: inputs.date,
    generator: inputs.generator,
    ...(inputs.cms ? { cms: inputs.cms } : {}),
  };

  // Every HTML file with the placeholder: the pages (as text or as their bytes), and the CMS's page.
  const pageFiles = new Set(pages.map((page) => page.file));
  const filled = new Map<string, string | Uint8Array>();
  for (const file of files) {
    if (!file.path.endsWith('.html')) continue;
    const tag = () => identityTag(identity, hashes.get(file.path)!);
    const room = made.get(file.path)?.room;
    if (typeof file.contents === 'string') {
      if (file.contents.includes(placeholderTag)) filled.set(file.path, file.contents.replace(placeholderTag, tag()));
    } else if (room) filled.set(file.path, intoRoom(bufferOf(file.contents), room, tag()));
    else if (pageFiles.has(file.path)) filled.set(file.path, withTag(file.contents, tag()));
  }
  return {
    identity,
    pages: pages.map((page) => ({ ...page, html: filled.get(page.file) ?? page.html })),
    files: [
      ...files.map((file) => (filled.has(file.path) ? { ...file, contents: filled.get(file.path)! } : file)),
      { path: buildIdentityFile, contents: `${JSON.stringify(identity, null, 2)}\n` },
    ],
  };
}

/** A page's bytes with `tag` in place of the placeholder (there once: checked above). */
function withTag(bytes: Uint8Array, tag: string): Uint8Array {
  const page = bufferOf(bytes);
  const at = page.indexOf(placeholderTag);
  return Buffer.concat([page.subarray(0, at), Buffer.from(tag), page.subarray(at + Buffer.byteLength(placeholderTag))]);
}

/** The page with `tag` in its room: written into it when it fits exactly, as it does (identityRoom). */
function intoRoom(page: Buffer, room: { at: number; length: number }, tag: string): Buffer {
  if (Buffer.byteLength(tag) === room.length) {
    page.write(tag, room.at);
    return page;
  }
  return Buffer.concat([page.subarray(0, room.at), Buffer.from(tag), page.subarray(room.at + room.length)]);
}

/** The same bytes as a Buffer, which can look for text. */
const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
