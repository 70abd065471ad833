import type { SiteSettings } from '../content-schema.ts';
import { PageLayout } from '../components/PageLayout.tsx';
import { useUrls } from '../build-context.tsx';

/** Served by static hosts for any unknown path, at any depth: every URL in it is root-absolute. */
export function NotFoundPage({ site }: { site: SiteSettings }) {
  const urls = useUrls();
  return (
    <PageLayout site={site}>
      <div className="page">
        <div className="page__inner page__inner--narrow">
          <h1>Page not found</h1>
          <p className="page__lead">
            There is no page at this address. It may have moved, or the link may be mistyped.
          </p>
          <p className="page__actions">
            <a className="button" href={urls.href('/')}>
              Return to Homepage
            </a>
            <a className="button button--outline" href={urls.href('/research')}>
              Research Themes
            </a>
          </p>
        </div>
      </div>
    </PageLayout>
  );
}
