/**
 * The APA oracle: citeproc-js (through Citation.js) with the official APA 7
 * CSL style of the CSL styles repository (http://www.zotero.org/styles/apa,
 * bundled by @citation-js/plugin-csl). Our entries are handed to it as
 * CSL-JSON, field for field; nothing of our formatter is used.
 */
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-csl';
import { parseAuthors } from '../../src/citation-export.ts';
import type { Publication } from '../../src/content/publications.ts';

/** The CSL type APA's style reads each kind of publication as. */
const CSL_TYPE: Record<NonNullable<Publication['type']>, string> = {
  article: 'article-journal',
  chapter: 'chapter',
  book: 'book',
  'edited-book': 'book',
  'conference-paper': 'paper-conference',
  thesis: 'thesis',
  report: 'report',
  preprint: 'article',
  dataset: 'dataset',
  software: 'software',
  presentation: 'speech',
};

/** What a thesis or a report is, in words, as APA's style shows it (its genre). */
const DEGREE = { doctoral: 'Doctoral dissertation', masters: 'Master’s thesis' } as const;

const names = (list: string | undefined) =>
  list
    ? parseAuthors(list).map((name) =>
        name.given
          ? { family: name.family, given: name.given, ...(name.suffix ? { suffix: name.suffix } : {}) }
          : { literal: name.family },
      )
    : undefined;

/** Who issued the work, as CSL's publisher, for each kind. */
function publisherOf(publication: Publication): string | undefined {
  switch (publication.type ?? 'article') {
    case 'thesis':
      return publication.institution;
    case 'report':
      return publication.publisher ?? publication.institution;
    case 'preprint':
    case 'dataset':
    case 'software':
      return publication.repository ?? publication.publisher;
    default:
      return publication.publisher;
  }
}

/** The entry as a CSL-JSON item. */
function cslItem(publication: Publication, id: string): Record<string, unknown> {
  const kind = publication.type ?? 'article';
  const item: Record<string, unknown> = {
    id,
    // A paper in proceedings published as a book (a publisher named, no editors): APA 10.5 cites it as a chapter,
    // which the style does only when it has editors; it is handed over as one (docs/citations.md, deliberate).
    type: kind === 'conference-paper' && publication.publisher && !publication.editors ? 'chapter' : CSL_TYPE[kind],
    title: publication.title,
    author: names(publication.authors),
    editor: names(publication.editors),
    'container-title': publication.journal ?? publication.bookTitle,
    volume: publication.volume,
    issue: publication.issue,
    page: publication.pages,
    number: publication.articleNumber ?? publication.reportNumber,
    edition: publication.edition,
    version: publication.version,
    publisher: publisherOf(publication),
    archive: kind === 'thesis' ? publication.repository : undefined,
    'event-title': publication.event,
    'event-place': publication.location,
    // A report's genre labels its number ("Report No. 7"); without a number APA names no genre.
    genre:
      kind === 'thesis'
        ? DEGREE[publication.degree ?? 'doctoral']
        : kind === 'presentation'
          ? publication.presentationType
          : publication.reportNumber
            ? 'Report'
            : undefined,
    DOI: publication.doi,
    URL: publication.doi ? undefined : publication.url,
  };
  if (typeof publication.year === 'number') item.issued = { 'date-parts': [[publication.year]] };
  if (publication.year === 'in press') item.status = 'in press';
  return Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined));
}

/** Each entry's APA 7 reference as citeproc-js writes it, as plain text, in the entries' order. */
export function citeprocApa(publications: readonly Publication[]): string[] {
  const items = publications.map((publication, index) => cslItem(publication, `p${index}`));
  const entries = new Cite(items).format('bibliography', {
    format: 'text',
    template: 'apa',
    lang: 'en-US',
    asEntryArray: true,
  }) as unknown as [string, string][];
  const byId = new Map(entries.map(([id, line]) => [id, line.replace(/\s+/g, ' ').trim()]));
  return items.map((item) => byId.get(item.id as string)!);
}
