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

/**
 * A reading as it is kept: its ids, then its findings one after the other (a link as its tag, attribute and value, a
 * problem as its object), its stylesheets and its scripts. Half the JSON of the reading's own shape, which a build
 * of 10,000 pages wrote and read back as 23 MB.
 */
type KeptReading = [
  ids: string[],
  findings: (string | { problem: Problem })[],
  stylesheets: string[],
  scripts: string[],
];

const isKeptReading = (value: unknown): value is KeptReading =>
  Array.isArray(value) && value.length === 4 && value.every((part) => Array.isArray(part));

const keptReading = (reading: PageReading): KeptReading => [
  [...reading.ids],
  reading.findings.flatMap((found): KeptReading[1] =>
    'problem' in found ? [found] : [found.tag, found.attribute, found.value],
  ),
  reading.stylesheets,
  reading.scripts,
];

/** How a page is read: `pageHash`, when known, stands for its HTML (build-identity.ts's sha256 of it). */
export type PageReader = (page: Page, pageHash?: string) => PageReading;

/**
 * Readings that share what pages repeat (the header's and footer's links and ids): one string and one finding for
 * each, however many pages hold it, each string a copy of its own. A string cut from a page keeps the whole page in
 * memory, as long as the string lives: 10,000 readings kept 10,000 pages of two bytes a character.
 */
function sharedReadings() {
  const strings = new Map<string, string>();
  /**
   * By tag, attribute and value, each a map of its own: a key joined from the three was a new string for every link
   * of every page, copied whole to be looked up (some 10% of the time a build of 10,000 pages spent reading them).
   */
  const findings = new Map<string, Map<string, Map<string, PageReading['findings'][number]>>>();
  const one = (text: string) => {
    let kept = strings.get(text);
    if (kept === undefined) {
      kept = JSON.parse(JSON.stringify(text)) as string;
      strings.set(kept, kept);
    }
    return kept;
  };
  const within = <T>(map: Map<string, Map<string, T>>, key: string) => {
    let inner = map.get(key);
    if (inner === undefined) {
      inner = new Map();
      map.set(one(key), inner);
    }
    return inner;
  };
  const link = (tag: string, attribute: string, value: string) => {
    const byValue = within(within(findings, tag), attribute);
    let kept = byValue.get(value);
    if (kept === undefined) {
      kept = { tag: one(tag), attribute: one(attribute), value: one(value) };
      byValue.set(kept.value, kept);
    }
    return kept;
  };
  const problem = (found: { problem: Problem }) => JSON.parse(JSON.stringify(found)) as typeof found;
  return {
    /** A reading as readPage gives it. */
    of: (reading: PageReading): PageReading => ({
      ids: new Set([...reading.ids].map(one)),
      findings: reading.findings.map((found) =>
        'problem' in found ? problem(found) : link(found.tag, found.attribute, found.value),
      ),
      stylesheets: reading.stylesheets.map(one),
      scripts: reading.scripts.map(one),
    }),
    /** A reading as it is kept. */
    kept: ([ids, found, stylesheets, scripts]: KeptReading): PageReading => {
      const readingFindings: PageReading['findings'] = [];
      for (let index = 0; index < found.length; ) {
        const item = found[index]!;
        if (typeof item === 'string') {
          readingFindings.push(link(item, found[index + 1] as string, found[index + 2] as string));
          index += 3;
        } else {
          readingFindings.push(problem(item));
          index += 1;
        }
      }
      return {
        ids: new Set(ids.map(one)),
        findings: readingFindings,
        stylesheets: stylesheets.map(one),
        scripts: scripts.map(one),
      };
    },
  };
}

/** readPage, through the readings kept in `folder` (none: every page read). */
export function pageReader(folder: string | undefined): PageReader {
  const shared = sharedReadings();
  if (!folder) return (page) => shared.of(readPage(page));
  const kept = new KeptResults(
    path.join(folder, 'page-readings.tsv'),
    isKeptReading,
    codeOf(
      [new URL('./read-pages.ts', import.meta.url), new URL('../lib/html.ts', import.meta.url)],
      ['htmlparser2', 'entities'],
    ),
  );
  return (page, pageHash) => {
    let read: PageReading | undefined;
    // The file is part of what is read: it names the page in a problem.
    const reading = kept.of(`${page.file}\0${pageHash ?? page.html}`, () => {
      read = readPage(page);
      return keptReading(read);
    });
    // Read now, its reading is at hand; else it is taken from what was kept.
    return read ? shared.of(read) : shared.kept(reading);
  };
}

/** Every page's reading, by its output file. */
export const readPages = (pages: RenderedPage[], read: PageReader = readPage) =>
  new Map(pages.map((page) => [page.file, read(page)]));
