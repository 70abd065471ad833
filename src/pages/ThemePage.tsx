import type { Publication, SiteSettings, Theme } from '../content-schema.ts';
import { BackLink } from '../components/BackLink.tsx';
import { PageLayout } from '../components/PageLayout.tsx';
import { PublicationEntry } from '../components/PublicationEntry.tsx';
import { ThemeIcon } from '../components/ThemeIcon.tsx';
import { useUrls } from '../build-context.tsx';
import { countLabel } from '../format.ts';
import { bibtexEntry, citationFilePath, citationKeys } from '../citation-export.ts';
import { yearSuffixes } from '../citation.ts';

export function ThemePage({
  site,
  theme,
  publications,
}: {
  site: SiteSettings;
  theme: Theme;
  publications: Publication[];
}) {
  const urls = useUrls();
  const keys = citationKeys(publications);
  const suffixes = yearSuffixes(publications);
  return (
    <PageLayout site={site}>
      <div className={`page theme-page theme-page--${theme.color}`}>
        <div className="page__inner">
          <BackLink href={urls.href('/#research')}>Back to Research Areas</BackLink>
          <header className="theme-page__header">
            <ThemeIcon name={theme.icon} />
            <h1>{theme.title}</h1>
            <p className="page__lead">{theme.description}</p>
          </header>
          <section aria-labelledby="publications-title">
            <h2 id="publications-title">
              Publications <span className="count">{`(${countLabel(publications.length, 'entry', 'entries')})`}</span>
            </h2>
            <p className="publication-downloads">
              {'Download these citations: '}
              <a className="text-link" href={urls.asset(citationFilePath(theme.id, 'bib'))} download>
                BibTeX (.bib)
              </a>
              {' · '}
              <a className="text-link" href={urls.asset(citationFilePath(theme.id, 'ris'))} download>
                RIS (.ris)
              </a>
            </p>
            <ol className="publication-list">
              {publications.map((publication, index) => (
                <PublicationEntry
                  key={publication.title}
                  publication={publication}
                  bibtex={bibtexEntry(publication, keys[index]!)}
                  yearSuffix={suffixes[index]}
                />
              ))}
            </ol>
          </section>
        </div>
      </div>
    </PageLayout>
  );
}
