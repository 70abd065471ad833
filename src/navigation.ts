/** Home page path of a section, e.g. '/#about'. */
export const sectionPath = (section: string) => `/#${section}`;

/** Whether a page (its route path, e.g. '/research/caregiver') lies within `pages` ('/research'). */
export const isWithin = (path: string | undefined, pages: string | undefined) =>
  path !== undefined && pages !== undefined && (path === pages || path.startsWith(`${pages}/`));
