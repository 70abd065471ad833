/**
 * The home page's sections as the navigation names them; the ids are the
 * spec's. `pages` is the part of the site a link stands for: on those pages
 * the link is marked as the current one.
 */
export const sectionLinks = [
  { label: 'About', section: 'about' },
  { label: 'Our Research', section: 'research', pages: '/research' },
  { label: 'News', section: 'news' },
  { label: 'Members', section: 'team' },
  { label: 'Contacts', section: 'publications' },
] as const;

export const joinLink = { label: 'Join', section: 'contact' } as const;

/** Home page path of a section, e.g. '/#about'. */
export const sectionPath = (section: string) => `/#${section}`;

/** Whether a page (its route path, e.g. '/research/caregiver') lies within `pages` ('/research'). */
export const isWithin = (path: string | undefined, pages: string | undefined) =>
  path !== undefined && pages !== undefined && (path === pages || path.startsWith(`${pages}/`));
