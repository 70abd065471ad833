/**
 * Each built page read once, through the HTML parser, for the stages after
 * it: the output check wants its ids, links and images, the build report the
 * stylesheets and scripts it loads. Only that is kept, not the page's tags,
 * so 10,000 pages are read in about a second and in little memory. What a
 * page gave is kept between builds by its bytes (lib/kept-results.ts): the
 * parser reads a build's first pages before V8 has made it fast, some 40 ms
 * for the ten pages of the site, and most pages come out of a build as they
 * went into the last.
 */
import path from 'node:path';
import { eachStartTag } from '../lib/html.ts';
import { codeOf, KeptResults } from '../lib/kept-results.ts';
import type { Problem } from '../lib/problems.ts';
import type { RenderedPage } from './render-pages.tsx';

const linkAttributes = ['href', 'src', 'action'] as const;
const imageAttributes = ['width', 'height', 'alt'] as const;
/** The attributes a reading looks at: only these are taken from the page. */
const readAttributes = ['id', 'rel', ...linkAttributes, ...imageAttributes];

export interface PageReading {
  /** The ids of its elements, which a #fragment may name. */
  ids: Set<string>;
  /** Its links and its images' problems, in document order. */
  findings: ({ problem: Problem } | { tag: string; attribute: string; value: string })[];
  /** The addresses of the stylesheets (<link rel="stylesheet">) and scripts (<script src>) it loads. */
  stylesheets: string[];
  scripts: string[];
}

export function readPage(page: Pick<RenderedPage, 'file' | 'html'>): PageReading {
  const reading: PageReading = { ids: new Set(), findings: [], stylesheets: [], scripts: [] };
  eachStartTag(
    page.html,
    (name, attributes) => {
      if (attributes.id !== undefined) reading.ids.add(attributes.id);
      if (name === 'img') {
        for (const required of imageAttributes) {
          if (attributes[required] === undefined) {
            reading.findings.push({
              problem: {
                where: `page ${page.file} › <img src="${attributes.src ?? ''}">`,
                message: `image has no ${required} attribute`,
              },
            });
          }
        }
      }
      for (const attribute of linkAttributes) {
        const value = attributes[attribute];
        if (value !== undefined) reading.findings.push({ tag: name, attribute, value });
      }
      if (name === 'script' && attributes.src !== undefined) reading.scripts.push(attributes.src);
      if (name === 'link' && attributes.rel === 'stylesheet' && attributes.href !== undefined)
        reading.stylesheets.push(attributes.href);
    },
    readAttributes,
  );
  return reading;
}

type Page = Pick<RenderedPage, 'file' | 'html'>;

/** A reading as JSON holds it: the ids as a list. */
type KeptReading = Omit<PageReading, 'ids'> & { ids: string[] };

const isKeptReading = (value: unknown): value is KeptReading =>
  typeof value === 'object' &&
  value !== null &&
  ['ids', 'findings', 'stylesheets', 'scripts'].every((key) => Array.isArray((value as Record<string, unknown>)[key]));

/** How a page is read: `pageHash`, when known, stands for its HTML (build-identity.ts's sha256 of it). */
export type PageReader = (page: Page, pageHash?: string) => PageReading;

/**
 * Readings that share what pages repeat (the header's and footer's links and ids): one string and one finding for
 * each, however many pages hold it, each string a copy of its own. A string cut from a page keeps the whole page in
 * memory, as long as the string lives: 10,000 readings kept 10,000 pages of two bytes a character.
 */
function sharedReadings() {
  const strings = new Map<string, string>();
  const findings = new Map<string, PageReading['findings'][number]>();
  const one = (text: string) => {
    let kept = strings.get(text);
    if (kept === undefined) {
      kept = JSON.parse(JSON.stringify(text)) as string;
      strings.set(kept, kept);
    }
    return kept;
  };
  const finding = (found: PageReading['findings'][number]) => {
    if ('problem' in found) return JSON.parse(JSON.stringify(found)) as typeof found;
    const key = `${found.tag}\0${found.attribute}\0${found.value}`;
    let kept = findings.get(key);
    if (kept === undefined) {
      kept = { tag: one(found.tag), attribute: one(found.attribute), value: one(found.value) };
      findings.set(one(key), kept);
    }
    return kept;
  };
  return (reading: { ids: Iterable<string> } & Omit<PageReading, 'ids'>): PageReading => ({
    ids: new Set([...reading.ids].map(one)),
    findings: reading.findings.map(finding),
    stylesheets: reading.stylesheets.map(one),
    scripts: reading.scripts.map(one),
  });
}

/** readPage, through the readings kept in `folder` (none: every page read). */
export function pageReader(folder: string | undefined): PageReader {
  const shared = sharedReadings();
  if (!folder) return (page) => shared(readPage(page));
  const kept = new KeptResults(
    path.join(folder, 'page-readings.tsv'),
    isKeptReading,
    codeOf(
      [new URL('./read-pages.ts', import.meta.url), new URL('../lib/html.ts', import.meta.url)],
      ['htmlparser2', 'entities'],
    ),
  );
  return (page, pageHash) => {
    // The file is part of what is read: it names the page in a problem.
    const reading = kept.of(`${page.file}\0${pageHash ?? page.html}`, () => {
      const { ids, ...rest } = readPage(page);
      return { ids: [...ids], ...rest };
    });
    return shared(reading);
  };
}

/** Every page's reading, by its output file. */
export const readPages = (pages: RenderedPage[], read: PageReader = readPage) =>
  new Map(pages.map((page) => [page.file, read(page)]));
