import type { LegalPage } from './types.ts';

// These texts describe what the site itself does; they are not legal advice.
// Replace them with the consortium's own policy when it has one.
export const legal: { privacy: LegalPage; terms: LegalPage } = {
  privacy: {
    title: 'Privacy Policy',
    paragraphs: [
      'This website sets no cookies, runs no analytics and loads nothing from other servers.',
      'The contact form does not send your message anywhere by itself: it opens an e-mail in your own mail application, addressed to the consortium, which you then choose to send or not.',
    ],
  },
  terms: {
    title: 'Terms of Service',
    paragraphs: [
      'This website describes the European Consortium on Cross-Cultural Neuropsychology and its work. It is provided for information only.',
      'Articles listed on this site are published by their journals; the “View article” links lead to the publisher, whose terms apply there.',
    ],
  },
};
