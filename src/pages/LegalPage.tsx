import type { LegalPage as LegalText, SiteSettings } from '../content-schema.ts';
import { BackLink } from '../components/BackLink.tsx';
import { PageLayout } from '../components/PageLayout.tsx';
import { useUrls } from '../build-context.tsx';
import { formatDate } from '../format.ts';
import { Markdown } from '../markdown.tsx';

export function LegalPage({ site, page }: { site: SiteSettings; page: LegalText }) {
  const urls = useUrls();
  return (
    <PageLayout site={site}>
      <div className="page">
        <div className="page__inner page__inner--narrow">
          <BackLink href={urls.href('/')}>Back to Home</BackLink>
          <h1>{page.title}</h1>
          <p className="page__updated">
            {'Last updated: '}
            <time dateTime={site.legalUpdated}>{formatDate(site.legalUpdated, 'long')}</time>
          </p>
          <Markdown source={page.body} />
        </div>
      </div>
    </PageLayout>
  );
}
