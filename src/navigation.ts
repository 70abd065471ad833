/** The home page's sections as the navigation names them; the ids are the spec's. */
export const sectionLinks = [
  { label: 'About', section: 'about' },
  { label: 'Our Research', section: 'research' },
  { label: 'News', section: 'news' },
  { label: 'Members', section: 'team' },
  { label: 'Contacts', section: 'publications' },
] as const;

export const joinLink = { label: 'Join', section: 'contact' } as const;

/** Home page path of a section, e.g. '/#about'. */
export const sectionPath = (section: string) => `/#${section}`;
