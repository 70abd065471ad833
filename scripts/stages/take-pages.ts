/**
 * Each page as it comes from rendering: encoded once into the UTF-8 bytes that
 * will be written, hashed for the build's identity (build-identity.ts) and read
 * for the output check and the report (read-pages.ts), so that the string React
 * made is garbage before the next page is rendered. A string holding one
 * character beyond Latin-1 takes two bytes a character; 10,000 pages held as
 * strings, and again with their identity filled in, took most of a build's
 * memory, and the garbage collector's time with it.
 */
import { sha256 } from './build-identity.ts';
import type { PageReader, PageReading } from './read-pages.ts';
import type { BuiltPage, RenderedPage } from './render-pages.tsx';

export interface TakenPages {
  /** Each page with its HTML as bytes. */
  pages: BuiltPage[];
  /** Each page's sha256 as build-identity.ts writes it, by output file. */
  hashes: Map<string, string>;
  /** Each page's reading, by output file. */
  readings: Map<string, PageReading>;
}

export function takePages(rendered: Iterable<RenderedPage>, read: PageReader): TakenPages {
  const taken: TakenPages = { pages: [], hashes: new Map(), readings: new Map() };
  for (const page of rendered) {
    const bytes = Buffer.from(page.html);
    const pageHash = sha256(bytes);
    taken.pages.push({ route: page.route, file: page.file, html: bytes });
    taken.hashes.set(page.file, pageHash);
    taken.readings.set(page.file, read(page, pageHash));
  }
  return taken;
}
