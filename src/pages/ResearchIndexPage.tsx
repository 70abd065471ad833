import type { SiteContent } from '../content-schema.ts';
import { PageLayout } from '../components/PageLayout.tsx';
import { ThemeCard } from '../components/ThemeCard.tsx';
import { useUrls } from '../build-context.tsx';
import { countLabel } from '../format.ts';

export function ResearchIndexPage({ content }: { content: SiteContent }) {
  const urls = useUrls();
  return (
    <PageLayout site={content.site}>
      <div className="page">
        <div className="page__inner">
          <h1>Research Themes</h1>
          <p className="page__lead">{content.site.intros.research}</p>
          <div className="card-grid card-grid--two">
            {content.themes.map((theme) => (
              <ThemeCard key={theme.id} theme={theme} title={theme.title} headingLevel="h2">
                <p className="theme-card__description">{theme.description}</p>
                <p className="theme-card__count">
                  {countLabel((content.publications[theme.id] ?? []).length, 'publication')}
                </p>
              </ThemeCard>
            ))}
          </div>
          <p className="page__actions">
            <a className="button" href={urls.href('/')}>
              Return to Homepage
            </a>
          </p>
        </div>
      </div>
    </PageLayout>
  );
}
