import { Fragment, type ReactNode } from 'react';
import type { Publication } from '../content-schema.ts';
import { citationPieces, FREE_COPY_VERSION_WORDS, publicationLink, type CitationPiece } from '../citation.ts';
import { ExternalLink } from './ExternalLink.tsx';

/**
 * Names and titles are isolated, so a right-to-left one cannot reorder the rest of the line. `compact`: in a long
 * list, the DOI's link is plain, styled and broken by the list's stylesheet rule, which costs no bytes per entry.
 */
function Piece({ piece, compact }: { piece: CitationPiece; compact?: boolean }): ReactNode {
  switch (piece.kind) {
    case 'text':
      return piece.text;
    case 'journal':
    case 'work':
      return (
        <cite>
          <bdi>{piece.text}</bdi>
        </cite>
      );
    case 'volume':
      return <i>{piece.text}</i>;
    case 'link':
      // APA 7 ends the reference with its DOI as a live link; it may break after each "/" and ".".
      return compact ? (
        <ExternalLink href={piece.text}>{piece.text}</ExternalLink>
      ) : (
        <ExternalLink className="text-link publication__doi" href={piece.text}>
          <BreakableLine line={piece.text} />
        </ExternalLink>
      );
    default:
      return <bdi>{piece.text}</bdi>;
  }
}

/**
 * A line with a break opportunity (<wbr>) after each "/" and each "." inside
 * a word, so that an address or a DOI can wrap in a narrow grid column: a
 * list item's width is its longest unbreakable word. Copied, the text is
 * unchanged.
 */
function BreakableLine({ line }: { line: string }) {
  const parts = line.split(/(?<=[/.]|^@\w+\{)(?=\S)/);
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts are rendered once to static markup, never reordered.
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/**
 * The entry's BibTeX, one field a line, in a disclosure that opens without
 * JavaScript. Lines are <br>-separated text rather than a <pre>, so a long
 * title wraps on a phone instead of widening the page; copied, it is still
 * one field a line.
 */
function BibtexDisclosure({ bibtex, title }: { bibtex: string; title: string }) {
  const lines = bibtex.trimEnd().split('\n');
  return (
    <details className="publication__bibtex">
      <summary>
        BibTeX<span className="visually-hidden">{` of ${title}`}</span>
      </summary>
      <p>
        <code>
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are rendered once to static markup, never reordered.
            <Fragment key={index}>
              {index > 0 ? <br /> : null}
              <BreakableLine line={line} />
            </Fragment>
          ))}
        </code>
      </p>
    </details>
  );
}

/** What the link leads to, in the words a reader expects. */
const LINK_WORD: Record<NonNullable<Publication['type']>, string> = {
  article: 'article',
  chapter: 'chapter',
  book: 'book',
  'edited-book': 'book',
  'conference-paper': 'paper',
  thesis: 'thesis',
  report: 'report',
  preprint: 'preprint',
  dataset: 'data set',
  software: 'software',
  presentation: 'presentation',
};

/**
 * The legal free copy, beside the publisher's link: "Free to read", and which version it is where that matters. In a
 * long list it follows the reference inside its list item, which names what it is a copy of.
 */
function FreeCopyLink({ publication, compact }: { publication: Publication; compact?: boolean }) {
  if (!publication.freeCopy) return null;
  const version = publication.freeCopyVersion === 'published' ? undefined : publication.freeCopyVersion;
  const words = version && FREE_COPY_VERSION_WORDS[version];
  return (
    <>
      {' '}
      <ExternalLink
        className={compact ? undefined : 'text-link publication__link publication__free'}
        href={publication.freeCopy}
      >
        {words ? `Free to read (${words})` : 'Free to read'}
        {compact ? null : <span className="visually-hidden">{`: ${publication.title}`}</span>}
      </ExternalLink>
    </>
  );
}

/** The reference's pieces, or the title alone for a paper saved as its DOI alone (the dev server's preview). */
const referencePieces = (publication: Publication, yearSuffix: string, pending: boolean, compact?: boolean) =>
  pending
    ? publication.title
    : citationPieces(publication, yearSuffix).map((piece, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces are a fixed sequence rendered once to static markup, never reordered.
        <Piece key={index} piece={piece} compact={compact} />
      ));

/**
 * An entry of a long list: its APA reference, whose DOI or address is the link to the work, and its free copy; the
 * theme's .bib and .ris above the list hold every entry's BibTeX.
 */
function CompactEntry({
  publication,
  yearSuffix,
  pending,
}: {
  publication: Publication;
  yearSuffix: string;
  pending: boolean;
}) {
  return (
    <li>
      {referencePieces(publication, yearSuffix, pending, true)}
      <FreeCopyLink publication={publication} compact />
    </li>
  );
}

/**
 * `yearSuffix`: the entry's letter in a list holding other works of its authors and year ("2020a", yearSuffixes).
 * `compact`: an entry of a long list (publication-years.ts), its reference alone.
 */
export function PublicationEntry({
  publication,
  bibtex,
  yearSuffix = '',
  compact = false,
}: {
  publication: Publication;
  bibtex?: string;
  yearSuffix?: string;
  compact?: boolean;
}) {
  const link = publicationLink(publication);
  // A paper saved as its DOI alone, shown by the dev server's preview until its details are filled in (the build
  // refuses it): its title says so, and it has no author, which every checked publication has (or editors).
  const pending = !publication.authors && !publication.editors;
  if (compact) return <CompactEntry publication={publication} yearSuffix={yearSuffix} pending={pending} />;
  return (
    <li className="publication">
      <p className="publication__citation">{referencePieces(publication, yearSuffix, pending)}</p>
      {link ? (
        <ExternalLink className="text-link publication__link" href={link}>
          {`View ${LINK_WORD[publication.type ?? 'article']}`}
          <span className="visually-hidden">{`: ${publication.title}`}</span>
        </ExternalLink>
      ) : null}
      <FreeCopyLink publication={publication} />
      {bibtex && !pending ? <BibtexDisclosure bibtex={bibtex} title={publication.title} /> : null}
    </li>
  );
}
