import type { ReactElement } from 'react';
import type { SiteContent, ThemeId } from '../content/types.ts';
import { HomePage } from './pages/HomePage.tsx';
import { LegalPage } from './pages/LegalPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { ResearchIndexPage } from './pages/ResearchIndexPage.tsx';
import { ThemePage } from './pages/ThemePage.tsx';
import type { Urls } from './urls.ts';

type FromContent<T> = (content: SiteContent) => T;

export interface Route {
  /** The URL path, as the spec writes it. */
  path: string;
  title: FromContent<string>;
  description: FromContent<string>;
  page: FromContent<ReactElement>;
  jsonLd?: (content: SiteContent, urls: Urls) => object;
}

const theme = (content: SiteContent, id: ThemeId) => {
  const found = content.themes.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`content/themes.ts has no theme "${id}"`);
  return found;
};

const themeRoute = (id: ThemeId): Route => ({
  path: `/research/${id}`,
  title: (content) => theme(content, id).title,
  description: (content) => theme(content, id).description,
  page: (content) => <ThemePage site={content.site} theme={theme(content, id)} publications={content.publications[id]} />,
});

/** The one list of pages the build writes, in the order of the spec. */
export const routes: Route[] = [
  {
    path: '/',
    title: ({ site }) => `${site.acronym} – ${site.name}`,
    description: ({ site }) => `${site.name}: ${site.hero.tagline}`,
    page: (content) => <HomePage content={content} />,
    jsonLd: ({ site }, urls) => ({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: site.name,
      alternateName: site.acronym,
      url: urls.absolute('/'),
      logo: urls.absolute('/uploads/logo.svg'),
      foundingDate: String(site.foundedYear),
      description: site.hero.tagline,
    }),
  },
  {
    path: '/research',
    title: () => 'Research Themes',
    description: ({ site }) => `The research themes of ${site.acronym} and their publications.`,
    page: (content) => <ResearchIndexPage content={content} />,
  },
  themeRoute('cross-cultural'),
  themeRoute('cognitive-screening'),
  themeRoute('caregiver'),
  themeRoute('interpreter-mediated'),
  {
    path: '/privacy-policy',
    title: ({ legal }) => legal.privacy.title,
    description: ({ site }) => `How the ${site.acronym} website handles your data.`,
    page: (content) => <LegalPage site={content.site} page={content.legal.privacy} path="/privacy-policy" />,
  },
  {
    path: '/terms-of-service',
    title: ({ legal }) => legal.terms.title,
    description: ({ site }) => `The terms of use of the ${site.acronym} website.`,
    page: (content) => <LegalPage site={content.site} page={content.legal.terms} path="/terms-of-service" />,
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

/** Where a route's page is written: directory style, so /research and /research/caregiver can both exist. */
export function outputFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}
