/**
 * The specification's fixed strings and counts, checked on a build of the
 * real content. Counts are checked as "the number shown is the number of
 * entries", and lists as "the spec's entries are there, in the spec's order",
 * so that a maintainer adding a member, a news item, a publication or a theme
 * keeps them passing (test/walkthrough.test.ts proves it).
 */
import assert from 'node:assert/strict';
import type { SiteContent } from '../../src/content-schema.ts';
import { countLabel } from '../../src/format.ts';
import { routes } from '../../src/routes.tsx';
import { attributesOf, startTags, textOf, textsOf } from './html.ts';
import { readPage } from './site.ts';

const specThemes = [
  {
    id: 'cross-cultural',
    title: 'Cross-Cultural Assessment and Adaptation',
    homeTitle: 'Cross-Cultural Assessment and Adaptation',
  },
  {
    id: 'cognitive-screening',
    title: 'Cognitive Screening Tools and Test Validation',
    homeTitle: 'Cognitive Screening Tools and Test Validation',
  },
  { id: 'caregiver', title: 'Caregiver Research', homeTitle: 'Caregiver Research' },
  { id: 'interpreter-mediated', title: 'Interpreter-Mediated Assessment', homeTitle: 'More' },
];
const specCountries = [
  'Denmark',
  'France',
  'Germany',
  'Greece',
  'Italy',
  'Malta',
  'Netherlands',
  'Norway',
  'Portugal',
  'Romania',
  'Spain',
  'Switzerland',
  'UK',
  'USA/Russia',
];

/** The items of `list` that are in `subset`, to compare with `subset` in its order. */
const inOrder = (list: readonly (string | undefined)[], subset: readonly string[]) =>
  list.filter((item) => subset.includes(item!));

/** The route table declares the spec's routes, in its order; a theme added later gets its page too. */
export function checkSpecRoutes(content: SiteContent) {
  const paths = routes(content).map((route) => route.path);
  const spec = [
    '/',
    '/research',
    '/research/cross-cultural',
    '/research/cognitive-screening',
    '/research/caregiver',
    '/research/interpreter-mediated',
    '/privacy-policy',
    '/terms-of-service',
  ];
  assert.deepEqual(
    paths.filter((path) => spec.includes(path)),
    spec,
  );
}

export async function checkSpecStrings(outDir: string, content: SiteContent) {
  checkHomePage(await readPage(outDir, '/'), content);
  await checkResearchPages(outDir, content);

  // Legal pages.
  for (const [route, title] of [
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
  ] as const) {
    const page = textOf(await readPage(outDir, route));
    assert.ok(page.includes(`${title} Last updated: May 19, 2025`), route);
    assert.ok(page.includes('Back to Home'), route);
  }
}

function checkHomePage(home: string, content: SiteContent) {
  const text = textOf(home);

  // Sections and headings of the home page.
  const ids = startTags(home)
    .map((tag) => tag.attributes.get('id'))
    .filter(Boolean);
  const sections = ['about', 'research', 'news', 'team', 'publications', 'contact'];
  assert.deepEqual(inOrder(ids, sections), sections);
  for (const heading of ['About ECCroN', 'Our Research', 'News', 'Our Members', 'Contact Us', 'Join Our Consortium']) {
    assert.ok(text.includes(heading), heading);
  }
  for (const label of [
    'About Our Research News Members Contacts Join',
    'Our Research Join Consortium',
    'About us Research Contact',
  ]) {
    assert.ok(text.includes(label), label);
  }

  // About: founding, stats, position statement.
  assert.match(text, /founded in 2019/);
  assert.match(text, /Specialists 16\+/);
  assert.match(text, /Countries 10\+/);
  assert.ok(attributesOf(home, 'a', 'href').includes('https://doi.org/10.1080/13854046.2021.1981456'));
  assert.match(text, /Follow ECCroN \(opens in a new tab\)/);

  // Research cards: the spec's four, in order, the fourth titled "More".
  const research = home.slice(home.indexOf('id="research"'), home.indexOf('id="news"'));
  const cardTitles = textsOf(research, 'h3.theme-card__title');
  assert.deepEqual(
    inOrder(
      cardTitles,
      specThemes.map((theme) => theme.homeTitle),
    ),
    specThemes.map((theme) => theme.homeTitle),
  );
  const cardLinks = attributesOf(research, 'a', 'href');
  for (const theme of specThemes) assert.ok(cardLinks.includes(`/research/${theme.id}/`), theme.id);

  // The spec's news item, a Publication dated Sep 15, 2021.
  assert.match(home, /<time dateTime="2021-09-15">Sep 15, 2021<\/time>/);
  assert.match(text, /Publication Sep 15, 2021 Our position statement has been accepted/);

  // Members: the spec's countries in its order, the founders' intro.
  const team = home.slice(home.indexOf('id="team"'), home.indexOf('id="publications"'));
  const countries = textsOf(team, 'h3.member-group__country');
  assert.deepEqual(
    inOrder(countries, specCountries),
    specCountries.filter((country) => countries.includes(country)),
  );
  assert.match(textOf(team), /16 specialists from ten countries/);

  // Contact: the mailbox of the settings beside the form (the island writes its mail link to it); 4 rows.
  assert.ok(
    attributesOf(home.slice(home.indexOf('id="contact"')), 'a', 'href').includes(`mailto:${content.site.contactEmail}`),
  );
  assert.equal(
    startTags(home)
      .find((tag) => tag.name === 'textarea')!
      .attributes.get('rows'),
    '4',
  );

  // Footer.
  assert.match(text, /© 2025 European Consortium on Cross-Cultural Neuropsychology/);
}

async function checkResearchPages(outDir: string, content: SiteContent) {
  // /research: the spec's themes with their counts, which are the numbers of entries.
  const overview = await readPage(outDir, '/research');
  const overviewText = textOf(overview);
  const overviewTitles = textsOf(overview, 'h2.theme-card__title');
  assert.deepEqual(
    inOrder(
      overviewTitles,
      specThemes.map((theme) => theme.title),
    ),
    specThemes.map((theme) => theme.title),
  );
  const counts = [...overviewText.matchAll(/\d+ publications?\b/g)].map((match) => match[0]);
  assert.deepEqual(
    counts,
    content.themes.map((theme) => countLabel(content.publications[theme.id]!.length, 'publication')),
  );
  assert.ok(overviewText.includes('Return to Homepage'));

  // Theme pages: one "View article" per entry.
  for (const theme of specThemes) {
    const page = textOf(await readPage(outDir, `/research/${theme.id}`));
    assert.ok(page.includes('Back to Research Areas'), theme.id);
    assert.equal(
      page.match(/View article/g)?.length,
      content.publications[theme.id]!.length,
      `${theme.id}: one link per entry`,
    );
  }
}
