import type { LegalPage as LegalText, SiteSettings } from '../content-schema.ts';
import { TextPage } from '../components/TextPage.tsx';
import { Markdown } from '../markdown.tsx';

export function LegalPage({ site, page }: { site: SiteSettings; page: LegalText }) {
  return (
    <TextPage site={site} title={page.title} dateLabel="Last updated: " date={site.legalUpdated}>
      <Markdown source={page.body} />
    </TextPage>
  );
}
