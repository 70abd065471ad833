/**
 * The shapes of everything the site says. Content files are checked against
 * these types by `npm run check` and against the rules in
 * scripts/stages/validate-content.ts by every build.
 */

export interface SiteSettings {
  name: string;
  acronym: string;
  /** Origin the site is served from, without a trailing slash; used for canonical URLs and the sitemap. */
  siteUrl: string;
  /** The consortium's mailbox: the contact form addresses its mailto: link here. */
  contactEmail: string;
  /** The consortium's social profile page, opened by the Follow button. */
  socialProfileUrl: string;
  foundedYear: number;
  hero: { title: string; tagline: string };
  /** Short introductions under the home page's section headings. */
  intros: { research: string; news: string; contact: string; join: string };
  about: { heading: string; paragraphs: string[]; positionStatementUrl: string; positionStatementLabel: string };
  stats: { value: string; label: string }[];
  membersIntro: string;
  footerYear: number;
  /** ISO date (YYYY-MM-DD) shown on the legal pages as "Last updated". */
  legalUpdated: string;
}

export type ThemeId = 'cross-cultural' | 'cognitive-screening' | 'caregiver' | 'interpreter-mediated';
export type ThemeIcon = 'globe' | 'clipboard' | 'heart' | 'speech';
export type ThemeColor = 'teal' | 'indigo' | 'amber' | 'rose';

export interface Theme {
  id: ThemeId;
  title: string;
  /** Title of the card on the home page, where it differs from `title`. */
  homeTitle?: string;
  description: string;
  icon: ThemeIcon;
  color: ThemeColor;
}

export interface Publication {
  authors: string;
  /** Year of publication, 'in press', or null when the year is not known (cited as "n.d."). */
  year: number | 'in press' | null;
  title: string;
  journal?: string;
  volume?: string;
  issue?: string;
  pages?: string;
  /** Bare DOI such as 10.1080/13854046.2021.1981456; the link is built from it. */
  doi?: string;
  /** Used for the link only when there is no DOI. */
  url?: string;
}

export type PublicationsByTheme = Record<ThemeId, Publication[]>;

export interface NewsItem {
  id: string;
  title: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  summary: string;
  link: string;
  type: 'Publication' | 'Event' | 'Announcement';
}

export interface Member {
  name: string;
  country: string;
  position?: string;
  institution?: string;
  email?: string;
  profileUrl?: string;
}

export interface MembersDirectory {
  /** The country groups, in the order the directory shows them. */
  countries: string[];
  members: Member[];
}

export interface LegalPage {
  title: string;
  paragraphs: string[];
}

export interface SiteContent {
  site: SiteSettings;
  themes: Theme[];
  publications: PublicationsByTheme;
  news: NewsItem[];
  directory: MembersDirectory;
  legal: { privacy: LegalPage; terms: LegalPage };
}
