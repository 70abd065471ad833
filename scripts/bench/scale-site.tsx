/**
 * The route table of the scale benchmark: the site's own routes, and as many
 * more as asked, each a page of the real layout (the header with its menu
 * island, the contact section with its form island) around one citation. The
 * citations are the content's own publications, taken in turn: nothing is
 * made up, and a page has the size and shape of a real one whatever the count,
 * so the cost per route compares from 1,000 to 10,000 routes.
 */
import type { Publication, SiteContent } from '../../src/content-schema.ts';
import { ContactSection } from '../../src/components/ContactSection.tsx';
import { PageLayout } from '../../src/components/PageLayout.tsx';
import { PublicationEntry } from '../../src/components/PublicationEntry.tsx';
import { type Route, routes as siteRoutes } from '../../src/routes.tsx';

function CitationPage({
  site,
  publication,
  number,
}: {
  site: SiteContent['site'];
  publication: Publication;
  number: number;
}) {
  return (
    <PageLayout site={site}>
      <div className="page">
        <div className="page__inner">
          <h1>{`${publication.title} (${number})`}</h1>
          <ol className="publication-list">
            <PublicationEntry publication={publication} />
          </ol>
        </div>
      </div>
      <ContactSection site={site} />
    </PageLayout>
  );
}

/** The site's routes and generated ones, `count` in all (at least the site's own). */
export const scaleRoutes =
  (count: number) =>
  (content: SiteContent): Route[] => {
    const own = siteRoutes(content);
    const citations = Object.values(content.publications).flat();
    if (citations.length === 0) throw new Error('the scale benchmark cites the content: it has no publications');
    const generated = Array.from({ length: Math.max(0, count - own.length) }, (_, index): Route => {
      const publication = citations[index % citations.length]!;
      const number = index + 1;
      return {
        path: `/citations/${String(number).padStart(5, '0')}`,
        title: () => `${publication.title} (${number})`,
        description: ({ site }) => `A page of the ${site.acronym} scale benchmark: one citation.`,
        page: ({ site }) => <CitationPage site={site} publication={publication} number={number} />,
      };
    });
    return [...own, ...generated];
  };
