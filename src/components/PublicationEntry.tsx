import type { Publication } from '../content-schema.ts';
import { citationParts, publicationLink } from '../citation.ts';
import { ExternalLink } from './ExternalLink.tsx';

export function PublicationEntry({ publication }: { publication: Publication }) {
  const { lead, journal, volume, tail } = citationParts(publication);
  const link = publicationLink(publication);
  return (
    <li className="publication">
      <p className="publication__citation">
        {lead}
        {journal ? (
          <>
            {' '}
            <cite>{journal}</cite>
            {volume ? (
              <>
                {', '}
                <i>{volume}</i>
              </>
            ) : null}
            {tail}
          </>
        ) : null}
      </p>
      {link ? (
        <ExternalLink className="text-link" href={link}>
          View article
          <span className="visually-hidden">{`: ${publication.title}`}</span>
        </ExternalLink>
      ) : null}
    </li>
  );
}
