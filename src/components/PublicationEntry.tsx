import type { ReactNode } from 'react';
import type { Publication } from '../content-schema.ts';
import { citationPieces, publicationLink, type CitationPiece } from '../citation.ts';
import { ExternalLink } from './ExternalLink.tsx';

/** Names and titles are isolated, so a right-to-left one cannot reorder the rest of the line. */
function Piece({ piece }: { piece: CitationPiece }): ReactNode {
  switch (piece.kind) {
    case 'text':
      return piece.text;
    case 'journal':
      return (
        <cite>
          <bdi>{piece.text}</bdi>
        </cite>
      );
    case 'volume':
      return <i>{piece.text}</i>;
    default:
      return <bdi>{piece.text}</bdi>;
  }
}

export function PublicationEntry({ publication }: { publication: Publication }) {
  const link = publicationLink(publication);
  return (
    <li className="publication">
      <p className="publication__citation">
        {citationPieces(publication).map((piece, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces are a fixed sequence rendered once to static markup, never reordered.
          <Piece key={index} piece={piece} />
        ))}
      </p>
      {link ? (
        <ExternalLink className="text-link publication__link" href={link}>
          View article
          <span className="visually-hidden">{`: ${publication.title}`}</span>
        </ExternalLink>
      ) : null}
    </li>
  );
}
