import type { Publication, SiteSettings, Theme } from '../content-schema.ts';
import { BackLink } from '../components/BackLink.tsx';
import { PageLayout } from '../components/PageLayout.tsx';
import { PublicationEntry } from '../components/PublicationEntry.tsx';
import { ThemeIcon } from '../components/ThemeIcon.tsx';
import { useUrls } from '../build-context.tsx';
import { countLabel } from '../format.ts';
import { bibtexEntry, citationFilePath, citationKeys } from '../citation-export.ts';
import { yearSuffixes } from '../citation.ts';
import { groupedByYear, type YearGroup, yearGroups } from '../publication-years.ts';

/** A short list: one list of entries, each with its "View article" and its BibTeX. */
function EntryList({ publications, suffixes }: { publications: Publication[]; suffixes: string[] }) {
  const keys = citationKeys(publications);
  return (
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
  );
}

/** The index of a long list's years, at its top: a link to each year's heading, with how many entries it has. */
function YearIndex({ groups }: { groups: YearGroup[] }) {
  return (
    <nav className="year-index" id="years" aria-label="Publications by year">
      <ul>
        {groups.map((group) => (
          <li key={group.id}>
            <a href={`#${group.id}`}>{group.label}</a> <span className="count">{`(${group.entries.length})`}</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A long list, grouped by year under the index of its years; each year ends with a way back to the index. */
function YearGroups({ publications, suffixes }: { publications: Publication[]; suffixes: string[] }) {
  const groups = yearGroups(publications);
  return (
    <>
      <YearIndex groups={groups} />
      {groups.map((group) => (
        <section key={group.id} className="publication-year" aria-labelledby={group.id}>
          <h3 id={group.id}>
            {group.label} <span className="count">{`(${countLabel(group.entries.length, 'entry', 'entries')})`}</span>
          </h3>
          <ol className="publication-list publication-list--compact">
            {group.entries.map((index) => (
              <PublicationEntry key={index} publication={publications[index]!} yearSuffix={suffixes[index]} compact />
            ))}
          </ol>
          <p className="publication-year__back">
            <a href="#years">Back to the years</a>
          </p>
        </section>
      ))}
    </>
  );
}

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
            {groupedByYear(publications) ? (
              <YearGroups publications={publications} suffixes={suffixes} />
            ) : (
              <EntryList publications={publications} suffixes={suffixes} />
            )}
          </section>
        </div>
      </div>
    </PageLayout>
  );
}
