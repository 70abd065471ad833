/** content/publications.yml: the publications, under the id of their theme. */
import * as v from 'valibot';
import { DOI_PATTERN } from '../doi.ts';
import { described, httpUrl, LIMITS, numberOrText, text, textOf, year } from './fields.ts';
import { themeId } from './themes.ts';

/**
 * The kinds of reference, each cited and exported as APA 7, BibTeX and RIS
 * treat it. An entry without `type` is a journal article, as every entry was
 * before types existed.
 */
export const PUBLICATION_TYPES = [
  'article',
  'chapter',
  'book',
  'edited-book',
  'conference-paper',
  'thesis',
  'report',
  'preprint',
  'dataset',
  'software',
  'presentation',
] as const;

/**
 * The fields each kind of publication uses besides authors, year, title, DOI and URL (docs/citations.md, "Kinds of
 * publication"): what `cite` fills and imports for it, and what its reference shows.
 */
export const KIND_FIELDS: Record<(typeof PUBLICATION_TYPES)[number], readonly (keyof Publication)[]> = {
  article: ['journal', 'volume', 'issue', 'pages', 'articleNumber'],
  chapter: ['editors', 'bookTitle', 'edition', 'volume', 'pages', 'publisher'],
  book: ['edition', 'volume', 'publisher'],
  'edited-book': ['editors', 'edition', 'publisher'],
  'conference-paper': ['editors', 'bookTitle', 'pages', 'publisher'],
  thesis: ['degree', 'institution', 'repository'],
  report: ['reportNumber', 'institution', 'publisher'],
  preprint: ['version', 'repository'],
  dataset: ['version', 'repository'],
  software: ['version', 'repository'],
  presentation: ['presentationType', 'event', 'location'],
};

/**
 * Which version a free copy is (Unpaywall's publishedVersion, acceptedVersion, submittedVersion): the publisher's,
 * the accepted manuscript, or the version submitted before peer review.
 */
export const FREE_COPY_VERSIONS = ['published', 'accepted', 'preprint'] as const;

/** Each kind as the CMS's form offers it, in a clinician's words (the file keeps the short id). */
export const PUBLICATION_TYPE_LABELS: Record<(typeof PUBLICATION_TYPES)[number], string> = {
  article: 'Journal article',
  chapter: 'Chapter in an edited book',
  book: 'Book (a whole book by its authors)',
  'edited-book': 'Edited book (editors only)',
  'conference-paper': 'Paper in conference proceedings',
  thesis: 'Thesis (doctoral or master’s)',
  report: 'Report of an institution',
  preprint: 'Preprint (not yet peer reviewed)',
  dataset: 'Data set',
  software: 'Software',
  presentation: 'Presentation at a conference (a talk, a poster)',
};

/** An optional field with the label and hint the CMS form shows. */
const labelled = <T extends v.GenericSchema>(schema: T, title: string, hint: string) =>
  v.optional(described(schema, title, hint));

/** Said of each field a DOI's record fills in. */
const filled = 'Filled in from the DOI when there is one.';

export const publicationSchema = v.pipe(
  v.strictObject({
    /** A bare DOI such as 10.1080/13854046.2021.1981456; the link is built from it. First: a paper is its DOI. */
    doi: labelled(
      v.pipe(
        v.string('expected a DOI'),
        v.regex(DOI_PATTERN, 'expected a bare DOI such as 10.1080/13854046.2021.1981456 (without https://doi.org/)'),
      ),
      'DOI',
      'A paper with a DOI: type the DOI alone, such as 10.1080/13854046.2021.1981456 (without https://doi.org/), and save; the authors, year, title and the rest are filled in from it. Leave empty for a publication without one.',
    ),
    /** Left out only for an edited book, whose editors stand in the authors' place. */
    authors: labelled(
      textOf(LIMITS.description),
      'Authors',
      `Written as in APA, such as "Franzen, S., van den Berg, E., & Nielsen, T. R."; a group author as written, in braces when its name holds a comma ({Council on Cardiopulmonary, Critical Care}); "et al." at the end when the list goes on. ${filled}`,
    ),
    /** Year of publication, 'in press', or null (or left out) when the year is not known (cited as "n.d."). */
    year: v.optional(
      described(
        v.nullable(v.union([year, v.literal('in press')], 'expected a year, "in press" or null (not known)')),
        'Year',
        `The year it was published, or "in press"; left empty when not known (cited as n.d.). ${filled}`,
      ),
      null,
    ),
    title: described(
      text,
      'Title',
      `The title as published, its subtitle after a colon, such as "Cross-cultural assessment in Europe: A Delphi study". ${filled}`,
    ),
    type: labelled(
      v.picklist(
        PUBLICATION_TYPES,
        `expected one of ${PUBLICATION_TYPES.join(', ')} (leave it out for a journal article)`,
      ),
      'Kind of publication',

      'Leave empty for a journal article. chapter: a chapter in an edited book; book: a whole book by its authors; edited-book: a book with editors only; conference-paper: a paper in conference proceedings; thesis: a doctoral or master’s thesis; report: a report of an institution; preprint: a paper not yet peer reviewed (PsyArXiv, medRxiv…); dataset or software: data or a program in a repository; presentation: a talk or poster at a conference.',
    ),
    journal: labelled(
      text,
      'Journal',
      'For a journal article: the journal’s full name, such as The Clinical Neuropsychologist.',
    ),
    editors: labelled(
      textOf(LIMITS.description),
      'Editors (of the book)',
      'For a chapter, a conference paper or an edited book, written like the authors, such as "Editor, E., & Other, O."',
    ),
    bookTitle: labelled(
      text,
      'Book or proceedings title',
      'For a chapter: the book it is in; for a conference paper: the proceedings, such as "The Handbook of Example Studies".',
    ),
    edition: labelled(
      numberOrText,
      'Edition',
      'Only from the second edition on: 2 for "2nd ed.", or words such as "Rev.".',
    ),
    /** Text, though often typed as a number: 36 is read as "36". */
    volume: labelled(numberOrText, 'Volume', `For a journal article: the volume, such as 36. ${filled}`),
    issue: labelled(numberOrText, 'Issue', `For a journal article: the issue, such as 3 or S7. ${filled}`),
    pages: labelled(numberOrText, 'Pages', 'First and last page, such as 546-557.'),
    articleNumber: labelled(
      numberOrText,
      'Article number',
      'For a journal that numbers its articles instead of giving pages, such as e70034.',
    ),
    reportNumber: labelled(
      numberOrText,
      'Report number',
      'For a report: its number in the institution’s series, such as 2024-03.',
    ),
    degree: labelled(
      v.picklist(['doctoral', 'masters'], 'expected doctoral or masters'),
      'Degree (thesis)',
      'For a thesis: doctoral (a PhD) or masters.',
    ),
    institution: labelled(
      text,
      'University or institution',
      'For a thesis: the university; for a report: the institution that issued it, such as Example University.',
    ),
    publisher: labelled(
      text,
      'Publisher',
      'For a book, a chapter, proceedings or a report: who published it, such as Example Press.',
    ),
    repository: labelled(
      text,
      'Preprint server or repository',
      'For a preprint, a data set or software: where it is kept, such as PsyArXiv, medRxiv, Zenodo, OSF or GitHub.',
    ),
    version: labelled(
      numberOrText,
      'Version',
      'For a data set, software or a preprint: the version cited, such as 1.2.',
    ),
    presentationType: labelled(
      text,
      'Kind of presentation',
      'For a presentation: what it was, as APA writes it in brackets, such as Paper presentation, Poster presentation, Conference session or Keynote address.',
    ),
    event: labelled(
      text,
      'Conference',
      'For a presentation: the conference or meeting, such as Annual Meeting of the International Neuropsychological Society.',
    ),
    location: labelled(
      text,
      'Place of the conference',
      'For a presentation: where the conference took place, such as Lisbon, Portugal (or Online).',
    ),
    /** Used for the link only when there is no DOI. */
    url: labelled(
      httpUrl,
      'Web address',
      'Only when there is no DOI: where the publication can be read, such as https://example.org/report.pdf.',
    ),
    freeCopy: labelled(
      httpUrl,
      'Free copy (to read without a subscription)',
      'A legal free copy: the open-access article, or the accepted manuscript or preprint in a repository such as PubMed Central. For an entry with a DOI, the site’s fill of the publications finds one through Unpaywall; one typed here is kept.',
    ),
    freeCopyVersion: labelled(
      v.picklist(FREE_COPY_VERSIONS, `expected one of ${FREE_COPY_VERSIONS.join(', ')}`),
      'Version of the free copy',
      'published: the publisher’s own version; accepted: the accepted manuscript (peer reviewed, before typesetting); preprint: the version submitted, before peer review. Leave empty when not known.',
    ),
    freeCopyFoundBy: labelled(
      v.picklist(['Unpaywall'], 'expected Unpaywall (or leave it out for a free copy typed by hand)'),
      'Free copy found by',
      'Set by the site’s fill of the publications: the next fill replaces or removes this copy as Unpaywall’s answer changes. Leave it empty to keep the copy as typed.',
    ),
  }),
  v.forward(
    v.check(
      (publication) =>
        Boolean(publication.authors) || Boolean(publication.editors) || publication.type === 'edited-book',
      'has no "authors"; add them (an edited book may list "editors" instead)',
    ),
    ['authors'],
  ),
  v.forward(
    v.check(
      (publication) => publication.type !== 'chapter' || Boolean(publication.bookTitle),
      'is a chapter without "bookTitle"; add the title of the book the chapter is in',
    ),
    ['bookTitle'],
  ),
  v.forward(
    v.check(
      (publication) => Boolean(publication.freeCopy) || (!publication.freeCopyVersion && !publication.freeCopyFoundBy),
      'has a version or finder of a free copy but no "freeCopy"; add its address, or delete those lines',
    ),
    ['freeCopy'],
  ),
  v.forward(
    v.check(
      (publication) => publication.type !== 'edited-book' || Boolean(publication.editors),
      'is an edited book without "editors"; add them, written like authors ("Editor, E., & Other, O.")',
    ),
    ['editors'],
  ),
);
/** Publications per theme id. */
export const publicationsSchema = v.record(
  themeId,
  v.array(publicationSchema, 'expected a list of publications'),
  'expected a list of publications under each theme id',
);

export type Publication = v.InferOutput<typeof publicationSchema>;
