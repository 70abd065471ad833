import type { SiteContent } from '../content-schema.ts';
import { AboutSection } from '../components/AboutSection.tsx';
import { ContactSection } from '../components/ContactSection.tsx';
import { Hero } from '../components/Hero.tsx';
import { MembersDirectory } from '../components/MembersDirectory.tsx';
import { NewsSection } from '../components/NewsSection.tsx';
import { PageLayout } from '../components/PageLayout.tsx';
import { ResearchSection } from '../components/ResearchSection.tsx';

export function HomePage({ content }: { content: SiteContent }) {
  const { site } = content;
  return (
    <PageLayout site={site}>
      <Hero hero={site.hero} />
      <AboutSection site={site} />
      <ResearchSection themes={content.themes} heading={site.headings.research} intro={site.intros.research} />
      <NewsSection news={content.news} heading={site.headings.news} intro={site.intros.news} timezone={site.timezone} />
      <MembersDirectory directory={content.directory} heading={site.headings.team} intro={site.membersIntro} />
      <ContactSection site={site} />
    </PageLayout>
  );
}
