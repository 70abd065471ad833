import type { SiteSettings } from './types.ts';

const foundedYear = 2019;

export const site: SiteSettings = {
  name: 'European Consortium on Cross-Cultural Neuropsychology',
  acronym: 'ECCroN',

  // SETTING: the address the site is served from (no trailing slash). Canonical
  // URLs, Open Graph tags, sitemap.xml and robots.txt are built from it.
  // The environment variable SITE_URL overrides it for one build.
  siteUrl: 'https://eccron.example',

  // SETTING: the consortium's mailbox. No public address is known, so this is a
  // placeholder on a reserved domain; the build warns until it is replaced.
  contactEmail: 'contact@eccron.example',

  // SETTING: the consortium's social profile, opened by the Follow button. No
  // official profile is known; until there is one this is the ECCroN page on a
  // founder's website, the only page about the consortium found.
  socialProfileUrl: 'https://www.sannefranzen.nl/eccron/',

  foundedYear,
  hero: {
    title: 'European Consortium on Cross-Cultural Neuropsychology',
    tagline:
      'Clinicians and researchers working together for fair, culturally applicable neuropsychological assessment across Europe.',
  },
  intros: {
    research:
      'Our members study how culture, language and education shape performance on cognitive tests, and how assessment can be made fair for everyone.',
    news: 'Publications and announcements from the consortium.',
    contact: 'Questions about our work, an idea for a collaboration, or a request to speak at your event? We would like to hear from you.',
    join: 'Clinicians and researchers who work with culturally and linguistically diverse populations are welcome to join. Tell us who you are and what you work on.',
  },
  about: {
    heading: 'About ECCroN',
    paragraphs: [
      `ECCroN was founded in ${foundedYear} by neuropsychologists, clinicians and researchers from across Europe who assess people from many cultural, linguistic and educational backgrounds.`,
      'We support the development and use of assessments that are culturally applicable, and we oppose the use of race-based norms. Our members share tests, data and clinical experience so that a diagnosis does not depend on where a person was born or which language they speak.',
      'Our position statement, published in The Clinical Neuropsychologist, sets out the state of cross-cultural neuropsychological assessment in Europe and what needs to change.',
    ],
    positionStatementUrl: 'https://doi.org/10.1080/13854046.2021.1981456',
    positionStatementLabel: 'Read our position statement',
  },
  stats: [
    { value: '16+', label: 'Specialists' },
    { value: '10+', label: 'Countries' },
  ],
  membersIntro:
    'The consortium was founded by 16 specialists from ten countries. Members are grouped below by the country in which they work.',
  footerYear: 2025,
  legalUpdated: '2025-05-19',
};
