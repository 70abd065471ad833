/**
 * Each page as it comes from rendering: encoded once into the UTF-8 bytes that
 * will be written, hashed for the build's identity (build-identity.ts) and read
 * for the output check and the report (read-pages.ts), so that the string React
 * made is garbage before the next page is rendered. A string holding one
 * character beyond Latin-1 takes two bytes a character; 10,000 pages held as
 * strings, and again with their identity filled in, took most of a build's
 * memory, and the garbage collector's time with it.
 */
import { type PageBytes, pageWriter } from './build-identity.ts';
import type { PageReader, PageReading } from './read-pages.ts';
import type { BuiltPage, RenderedPage } from './render-pages.tsx';

export interface TakenPages {
  /** Each page with its HTML as bytes. */
  pages: BuiltPage[];
  /** Each page's sha256 as build-identity.ts writes it, and the room left in it for its identity, by output file. */
  made: Map<string, Omit<PageBytes, 'bytes'>>;
  /** Each page's reading, by output file. */
  readings: Map<string, PageReading>;
}

/** `room`: the bytes each page's identity will take (build-identity.ts's identityRoom). */
export function takePages(rendered: Iterable<RenderedPage>, read: PageReader, room: number): TakenPages {
  const taken: TakenPages = { pages: [], made: new Map(), readings: new Map() };
  const pageBytes = pageWriter();
  for (const page of rendered) {
    const { bytes, ...made } = pageBytes(page.html, room);
    taken.pages.push({ route: page.route, file: page.file, html: bytes });
    taken.made.set(page.file, made);
    taken.readings.set(page.file, read(page, made.hash));
  }
  return taken;
}
