/**
 * Citation.js (its BibTeX and RIS readers, not ours) as the reader of the site's downloads: what a reader must find
 * in each entry's citations.bib or citations.ris, field by field, and what Citation.js found.
 */
import assert from 'node:assert/strict';
import { plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { bibtexFile, parseAuthors, risFile } from '../../src/citation-export.ts';
import type { Publication } from '../../src/content-schema.ts';

type CslName = { family?: string; given?: string; literal?: string; suffix?: string; 'non-dropping-particle'?: string };
interface Parsed {
  type?: string;
  author?: CslName[];
  editor?: CslName[];
  title?: string;
  DOI?: string;
  issued?: { 'date-parts'?: number[][]; raw?: string };
  status?: string;
  'container-title'?: string;
  volume?: string;
  issue?: string;
  page?: string;
  number?: string;
  edition?: string;
  version?: string;
  genre?: string;
  'event-title'?: string;
  'event-place'?: string;
  publisher?: string | string[];
}
export const readWithCitationJs = (text: string) =>
  plugins.input.chain(text, { target: '@csl/list+object', generateGraph: false }) as Parsed[];

/**
 * The CSL type Citation.js gives each kind's download: BibTeX's @misc is its "document", and RIS's SLIDE (how Zotero
 * writes and reads a presentation) a "motion_picture", as the RIS specification names it a slide.
 */
const SAME_IN_BOTH = {
  article: 'article-journal',
  chapter: 'chapter',
  book: 'book',
  'edited-book': 'book',
  'conference-paper': 'paper-conference',
  thesis: 'thesis',
  report: 'report',
} as const;
const CSL_TYPE: Record<'bib' | 'ris', Record<NonNullable<Publication['type']>, string>> = {
  bib: { ...SAME_IN_BOTH, preprint: 'document', dataset: 'document', software: 'document', presentation: 'manuscript' },
  ris: {
    ...SAME_IN_BOTH,
    preprint: 'manuscript',
    dataset: 'dataset',
    software: 'software',
    presentation: 'motion_picture',
  },
};

/** People as [family, given, suffix], a group author or single name as its family; "et al." is no one. */
const people = (...lists: (string | undefined)[]) =>
  lists.flatMap((list) => parseAuthors(list ?? '').map((name) => [name.family, name.given ?? '', name.suffix ?? '']));
/**
 * What Citation.js read each name as. RIS has no way to keep a group's name whole where it holds a comma, so
 * Citation.js reads "Council on Cardiopulmonary, Critical Care, Perioperative and Resuscitation" as a family, a given
 * name and a suffix; such a name counts as read when its parts, joined again, are the group's name.
 */
const read = (names: CslName[] | undefined, groups: string[] = []) =>
  (names ?? [])
    .filter((name) => !['others', 'et al.'].includes(name.family ?? name.literal ?? ''))
    .map((name) => {
      const joined = [name.family, name.given, name.suffix].filter(Boolean).join(', ');
      if (groups.includes(joined)) return [joined, '', ''];
      return [
        name.literal ?? [name['non-dropping-particle'], name.family].filter(Boolean).join(' '),
        name.given ?? '',
        name.suffix ?? '',
      ];
    });

/** The kinds whose publisher (a report's institution or publisher) a reader finds in the publisher field. */
const PUBLISHED = new Set(['chapter', 'book', 'edited-book', 'conference-paper', 'report']);

/**
 * Who issued the work, as Citation.js must find it: RIS's PB, one or (a report's institution and publisher) two;
 * BibTeX's publisher, or a report's institution where it has no publisher.
 */
function issuers(publication: Publication, format: 'bib' | 'ris'): string[] {
  if (!PUBLISHED.has(publication.type ?? 'article')) return [];
  const { institution, publisher } = publication;
  const found = format === 'ris' ? [institution, publisher] : [publisher ?? institution];
  return found.filter((name): name is string => name !== undefined);
}

/** What a reader must find in the download of `publication`, and what Citation.js found, field by field. */
function comparable(publication: Publication, parsed: Parsed, format: 'bib' | 'ris') {
  const kind = publication.type ?? 'article';
  const groups =
    format === 'ris'
      ? people(publication.authors, publication.editors)
          .filter(([family, given]) => !given && family!.includes(','))
          .map(([family]) => family!)
      : [];
  return {
    wanted: {
      type: CSL_TYPE[format][kind],
      names: people(publication.authors, publication.editors),
      title: publication.title,
      DOI: publication.doi,
      year: typeof publication.year === 'number' ? publication.year : undefined,
      // RIS's PY holds a year only: "in press" is a note there (N1), which Citation.js does not read as a status.
      inPress: publication.year === 'in press' && format === 'bib',
      container: publication.journal ?? publication.bookTitle,
      volume: publication.volume,
      issue: publication.issue,
      page: publication.pages,
      number: publication.articleNumber ?? publication.reportNumber,
      edition: publication.edition,
      issuers: issuers(publication, format),
      // The RIS specification gives an unpublished work (UNPB) no version: cite writes a preprint's in ET, which our
      // reader takes back and Citation.js leaves out.
      version: format === 'ris' && kind === 'preprint' ? undefined : publication.version,
      // What a presentation was and where: BibTeX's type, eventtitle and venue (RIS's T2, CY and M3 Citation.js reads
      // as a slide's).
      presentation:
        format === 'bib' && kind === 'presentation'
          ? // Where no kind of presentation is typed, Citation.js reads the entrysubtype that marks a talk as its genre.
            [publication.presentationType ?? 'presentation', publication.event, publication.location]
          : [],
    },
    found: {
      type: parsed.type,
      names: [...read(parsed.author, groups), ...read(parsed.editor, groups)],
      title: parsed.title,
      DOI: parsed.DOI,
      year: parsed.issued?.['date-parts']?.[0]?.[0],
      inPress: parsed.status === 'inpress' || parsed.issued?.raw === 'in press',
      container: parsed['container-title'],
      volume: parsed.volume,
      issue: parsed.issue,
      page: parsed.page?.replace(/–/g, '-'),
      number: parsed.number,
      edition: parsed.edition,
      issuers: PUBLISHED.has(kind) ? [parsed.publisher ?? []].flat() : [],
      version: parsed.version,
      presentation:
        format === 'bib' && kind === 'presentation' ? [parsed.genre, parsed['event-title'], parsed['event-place']] : [],
    },
  };
}

/** Every entry's download, read by Citation.js's BibTeX and RIS parsers (not ours), holds what the entry holds; what Citation.js read. */
export function assertReadBack(list: readonly Publication[], format: 'bib' | 'ris'): Parsed[] {
  const parsed = readWithCitationJs(format === 'bib' ? bibtexFile(list) : risFile(list));
  assert.equal(parsed.length, list.length);
  parsed.forEach((entry, index) => {
    const { wanted, found } = comparable(list[index]!, entry, format);
    assert.deepEqual(found, wanted, `${format}: ${list[index]!.title}`);
  });
  return parsed;
}
