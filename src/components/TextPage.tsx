import type { ReactNode } from 'react';
import type { SiteSettings } from '../content-schema.ts';
import { useUrls } from '../build-context.tsx';
import { formatDate } from '../format.ts';
import { BackLink } from './BackLink.tsx';
import { PageLayout } from './PageLayout.tsx';

/** A date as the pages show it ("May 19, 2025"), machine-readable too. */
export const DateText = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDate(iso, 'long')}</time>;

/** The frame of a page of text (the legal pages, the accessibility statement): a way home, the title and its date. */
export function TextPage({
  site,
  title,
  dateLabel,
  date,
  children,
}: {
  site: SiteSettings;
  title: string;
  /** "Last updated: ", shown before the date. */
  dateLabel: string;
  date: string;
  children: ReactNode;
}) {
  const urls = useUrls();
  return (
    <PageLayout site={site}>
      <div className="page">
        <div className="page__inner page__inner--narrow">
          <BackLink href={urls.href('/')}>Back to Home</BackLink>
          <h1>{title}</h1>
          <p className="page__updated">
            {dateLabel}
            <DateText iso={date} />
          </p>
          {children}
        </div>
      </div>
    </PageLayout>
  );
}
