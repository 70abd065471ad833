/**
 * Each built page read once, through the HTML parser, for the stages after
 * it: the output check wants its ids, links and images, the build report the
 * stylesheets and scripts it loads. Only that is kept, not the page's tags,
 * so 10,000 pages are read in about a second and in little memory.
 */
import { eachStartTag } from '../lib/html.ts';
import type { Problem } from '../lib/problems.ts';
import type { RenderedPage } from './render-pages.tsx';

const linkAttributes = ['href', 'src', 'action'] as const;
const imageAttributes = ['width', 'height', 'alt'] as const;

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
  eachStartTag(page.html, (name, attributes) => {
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
  });
  return reading;
}

/** Every page's reading, by its output file. */
export const readPages = (pages: RenderedPage[]): Map<string, PageReading> =>
  new Map(pages.map((page) => [page.file, readPage(page)]));
