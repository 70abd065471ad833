/**
 * What the browser tests know of the site they load: the fixture content
 * (test/fixtures/content), its routes and the viewports they look at it in.
 */
import { countLabel } from '../../../src/format.ts';
import { routes } from '../../../src/routes.tsx';
import { fixtureContent } from '../site.ts';

/** The content the browser tests' site is built from: test/fixtures/content. */
export const content = await fixtureContent();

/** Every route of that site, as the link policy writes them (trailing slash). */
export const routePaths = routes(content).map((route) => (route.path === '/' ? '/' : `${route.path}/`));

/** The 404 page as a file, and an unknown path the server answers with it (status 404). */
export const notFoundFile = '/404.html';
export const unknownPath = '/no-such-page/';

/** The research themes, in card order, with the count /research/ shows for each. */
export const themes = content.themes.map((theme) => ({
  id: theme.id,
  title: theme.title,
  homeTitle: theme.homeTitle ?? theme.title,
  count: countLabel(content.publications[theme.id]!.length, 'publication'),
}));

/** The navigation's choices and the home page section each one leads to. */
export const navChoices = [
  { label: 'About', section: 'about' },
  { label: 'Our Research', section: 'research' },
  { label: 'News', section: 'news' },
  { label: 'Members', section: 'team' },
  { label: 'Contacts', section: 'publications' },
  { label: 'Join', section: 'contact' },
] as const;

export const desktop = { width: 1280, height: 800 } as const;
export const mobile = { width: 375, height: 812 } as const;
