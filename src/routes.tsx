import type { ReactElement } from 'react';
import type { SiteContent, Theme } from './content-schema.ts';
import { AccessibilityPage } from './pages/AccessibilityPage.tsx';
import { eventJsonLd } from './event-json-ld.ts';
import { HomePage } from './pages/HomePage.tsx';
import { LegalPage } from './pages/LegalPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { ResearchIndexPage } from './pages/ResearchIndexPage.tsx';
import { ThemePage } from './pages/ThemePage.tsx';
import { breadcrumbs, organization, publicationList } from './structured-data.ts';
import type { Urls } from './urls.ts';

type FromContent<T> = (content: SiteContent) => T;

export interface Route {
  /** The URL path, as the spec writes it. */
  path: string;
  title: FromContent<string>;
  description: FromContent<string>;
  page: FromContent<ReactElement>;
  /** Structured data for search engines, on the build's date: one <script type="application/ld+json"> per block. */
  jsonLd?: (content: SiteContent, urls: Urls, today: string) => object[];
}

/** Home › a page: the trail of a page one step below the home page. */
const homeTrail = (content: SiteContent, name: string, path: string) => [
  { name: content.site.acronym, path: '/' },
  { name, path },
];

/** A theme's page: one per entry of content/themes.yml, at /research/<id>. */
const themeRoute = (theme: Theme): Route => ({
  path: `/research/${theme.id}`,
  title: () => theme.title,
  description: () => theme.description,
  page: (content) => (
    <ThemePage site={content.site} theme={theme} publications={content.publications[theme.id] ?? []} />
  ),
  jsonLd: (content, urls) => [
    breadcrumbs(
      [...homeTrail(content, 'Research Themes', '/research'), { name: theme.title, path: `/research/${theme.id}` }],
      urls,
    ),
    publicationList(theme, content.publications[theme.id] ?? [], urls),
  ],
});

/**
 * The one list of pages the build writes, in the order of the spec: the
 * fixed pages, and a page for each research theme of the content.
 */
export const routes = (content: SiteContent): Route[] => [
  {
    path: '/',
    title: ({ site }) => `${site.acronym} – ${site.name}`,
    description: ({ site }) => `${site.name}: ${site.hero.tagline}`,
    page: (content) => <HomePage content={content} />,
    jsonLd: (content, urls, today) => [
      organization(content.site, content.directory, urls),
      ...eventJsonLd(content, urls, today),
    ],
  },
  {
    path: '/research',
    title: () => 'Research Themes',
    description: ({ site }) => `The research themes of ${site.acronym} and their publications.`,
    page: (content) => <ResearchIndexPage content={content} />,
  },
  ...content.themes.map(themeRoute),
  {
    path: '/privacy-policy',
    title: ({ legal }) => legal.privacy.title,
    description: ({ site }) => `How the ${site.acronym} website handles your data.`,
    page: (content) => <LegalPage site={content.site} page={content.legal.privacy} />,
    jsonLd: (content, urls) => [breadcrumbs(homeTrail(content, content.legal.privacy.title, '/privacy-policy'), urls)],
  },
  {
    path: '/terms-of-service',
    title: ({ legal }) => legal.terms.title,
    description: ({ site }) => `The terms of use of the ${site.acronym} website.`,
    page: (content) => <LegalPage site={content.site} page={content.legal.terms} />,
    jsonLd: (content, urls) => [breadcrumbs(homeTrail(content, content.legal.terms.title, '/terms-of-service'), urls)],
  },
  {
    path: '/accessibility',
    title: ({ accessibility }) => accessibility.title,
    description: ({ site }) =>
      `How accessible the ${site.acronym} website is, how it is tested, and how to report a barrier.`,
    page: (content) => <AccessibilityPage site={content.site} statement={content.accessibility} />,
    jsonLd: (content, urls) => [breadcrumbs(homeTrail(content, content.accessibility.title, '/accessibility'), urls)],
  },
];

/**
 * Not a route of the site: the page static hosts serve, as /404.html, for any
 * unknown path. Written beside the routes but kept out of the sitemap.
 */
export const notFoundPage = {
  file: '404.html',
  title: () => 'Page not found',
  description: ({ site }: SiteContent) => `This page does not exist on the ${site.acronym} website.`,
  page: (content: SiteContent) => <NotFoundPage site={content.site} />,
};
