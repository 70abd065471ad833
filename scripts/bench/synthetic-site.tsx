/**
 * Generated content for the scale benchmark: a site of any number of routes,
 * built by the real pipeline (buildSite with options.content and
 * options.routes). Everything here is SYNTHETIC and says so: the consortium is
 * "Synthetic Benchmark Consortium", people and journals are made-up names,
 * addresses are on the reserved .example domain and DOIs use 10.5555, the
 * prefix Crossref reserves for examples. Nothing of it is ever published.
 *
 * The route table is the real one (home, research overview, four theme pages,
 * two legal pages) plus one page per synthetic publication, so the pages have
 * the size and shape of real ones. Theme pages list only the first entries of
 * their theme, so that every page stays the size of a real page and the cost
 * per route is comparable from 100 to 10,000 routes.
 */
import type { Publication, SiteContent, Theme } from '../../src/content-schema.ts';
import { BackLink } from '../../src/components/BackLink.tsx';
import { PageLayout } from '../../src/components/PageLayout.tsx';
import { PublicationEntry } from '../../src/components/PublicationEntry.tsx';
import { useUrls } from '../../src/build-context.tsx';
import { citationText } from '../../src/citation.ts';
import { routes as siteRoutes, type Route } from '../../src/routes.tsx';

/** Small deterministic PRNG (mulberry32): the same count always gives the same site. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

const syllables = [
  'ka',
  'ro',
  'len',
  'mi',
  'val',
  'di',
  'sor',
  'te',
  'na',
  'bel',
  'um',
  'fra',
  'zen',
  'lo',
  'ri',
  'dan',
  'ves',
  'ta',
];
const initials = 'ABCDEFGHIJKLMNOPRSTVW';
const topics = [
  'verbal fluency',
  'figure copying',
  'story recall',
  'picture naming',
  'trail making',
  'digit span',
  'clock drawing',
  'category fluency',
  'visual memory',
  'executive function',
  'orientation',
  'praxis',
];
const groups = [
  'older adults with little formal education',
  'bilingual adults',
  'recent migrants',
  'people tested through an interpreter',
  'a memory-clinic sample',
  'community-dwelling adults',
  'family caregivers',
  'people with low literacy',
];
const designs = [
  'a validation study',
  'a normative study',
  'a systematic review',
  'a cross-sectional study',
  'a Delphi study',
  'a pilot study',
];
const journals = [
  'Journal of Synthetic Benchmark Data',
  'Synthetic Neuropsychology Reports',
  'Archives of Generated Assessment',
];
const countries = ['Avaland', 'Borsenia', 'Corvia', 'Dalmoor', 'Estrava', 'Fennick', 'Galdor', 'Hessing'];

const themeIds = ['cross-cultural', 'cognitive-screening', 'caregiver', 'interpreter-mediated'] as const;
/** The route table's pages: home, research overview, legal pages, accessibility statement, a page per theme. */
const fixedRouteCount = 5 + themeIds.length;
/** How many entries each theme page lists. */
const listedPerTheme = 12;

export interface SyntheticSite {
  content: SiteContent;
  routes: Route[];
}

function PublicationPage({
  site,
  theme,
  publication,
}: {
  site: SiteContent['site'];
  theme: Theme;
  publication: Publication;
}) {
  const urls = useUrls();
  return (
    <PageLayout site={site}>
      <div className={`page theme-page theme-page--${theme.color}`}>
        <div className="page__inner">
          <BackLink href={urls.href(`/research/${theme.id}`)}>{`Back to ${theme.title}`}</BackLink>
          <h1>{publication.title}</h1>
          <ol className="publication-list">
            <PublicationEntry publication={publication} />
          </ol>
        </div>
      </div>
    </PageLayout>
  );
}

/** A site of exactly `routeCount` routes (at least the 8 of the real route table). */
export function syntheticSite(routeCount: number): SyntheticSite {
  if (!Number.isInteger(routeCount) || routeCount < fixedRouteCount) {
    throw new Error(`a synthetic site needs at least ${fixedRouteCount} routes, got ${routeCount}`);
  }
  const rng = random(routeCount);
  const surname = () => {
    const word = Array.from({ length: rng.int(2, 3) }, () => rng.pick(syllables)).join('');
    return word[0]!.toUpperCase() + word.slice(1);
  };
  const person = () => `${rng.pick([...initials])}. ${surname()}`;

  const themes: Theme[] = themeIds.map((id, index) => ({
    id,
    title: `Synthetic theme ${index + 1}: ${topics[index]}`,
    description: `Generated benchmark text about ${topics[index]} in ${groups[index]}. Not real research.`,
    icon: (['globe', 'clipboard', 'heart', 'speech'] as const)[index]!,
    color: (['teal', 'indigo', 'amber', 'rose'] as const)[index]!,
  }));

  const publicationCount = routeCount - fixedRouteCount;
  const generated = Array.from({ length: Math.max(publicationCount, themeIds.length) }, (_, index) => {
    const authorCount = rng.int(1, 6);
    const authors = Array.from({ length: authorCount }, () => {
      const [initial, name] = person().split(' ');
      return `${name}, ${initial}`;
    });
    const authorText = authors.length === 1 ? authors[0]! : `${authors.slice(0, -1).join(', ')}, & ${authors.at(-1)}`;
    const firstPage = rng.int(1, 900);
    const publication: Publication = {
      authors: authorText,
      year: rng.int(1995, 2025),
      title: `Synthetic study ${index + 1}: ${rng.pick(topics)} in ${rng.pick(groups)}, ${rng.pick(designs)}`,
      journal: rng.pick(journals),
      volume: String(rng.int(1, 60)),
      issue: String(rng.int(1, 12)),
      pages: `${firstPage}-${firstPage + rng.int(5, 30)}`,
      doi: `10.5555/synthetic.${index + 1}`,
    };
    return {
      theme: themes[index % themes.length]!,
      slug: `synthetic-${String(index + 1).padStart(5, '0')}`,
      publication,
    };
  });

  const publications = Object.fromEntries(
    themeIds.map((id) => [
      id,
      generated
        .filter((entry) => entry.theme.id === id)
        .slice(0, listedPerTheme)
        .map((entry) => entry.publication),
    ]),
  );

  const content: SiteContent = {
    site: {
      name: 'Synthetic Benchmark Consortium',
      acronym: 'SynBench',
      siteUrl: 'https://synthetic.example',
      contactEmail: 'contact@synthetic.example',
      socialProfileUrl: 'https://social.synthetic.example/synbench',
      foundedYear: 2019,
      navigation: {
        header: [
          { label: 'About', section: 'about' },
          { label: 'Research', section: 'research', pages: '/research' },
          { label: 'Contact', section: 'contact' },
        ],
        join: { label: 'Join', section: 'contact' },
        footer: [{ label: 'About', section: 'about' }],
      },
      contactForm: {
        needsScript: 'The form needs JavaScript; write to {mailbox}.',
        tooLong: 'Too long for a mail link; copy it into an email to {mailbox}.',
        copy: 'Copy message',
        copied: 'Copied; paste it into an email to {mailbox}.',
        copyFailed: 'Select and copy it into an email to {mailbox}.',
      },
      hero: {
        title: 'Synthetic Benchmark Consortium',
        tagline: 'Generated content for measuring the build. Not a real organisation.',
      },
      intros: {
        research: 'Generated research themes, for the benchmark only.',
        news: 'Generated news items, for the benchmark only.',
        contact: 'This form belongs to a generated site and reaches no one.',
        join: 'There is nothing to join: every name on this site is generated.',
      },
      about: {
        heading: 'About SynBench',
        paragraphs: [
          'SynBench is generated content used to measure how the build scales. None of it describes real people or research.',
          'Its pages have the shape and size of the real site: a header, a main column and a footer around generated text.',
        ],
        positionStatementUrl: 'https://doi.org/10.5555/synthetic.statement',
        positionStatementLabel: 'Read the synthetic statement',
        illustration: { src: 'uploads/team.svg', alt: 'An illustration.' },
      },
      stats: [
        { value: `${publicationCount}`, label: 'Synthetic publications' },
        { value: `${countries.length}`, label: 'Made-up countries' },
      ],
      membersIntro: 'Generated members of a generated consortium, grouped by made-up country.',
      footerYear: 2025,
      legalUpdated: '2025-05-19',
      logo: 'uploads/logo.svg',
      ogImage: 'uploads/og-image.jpg',
      headings: {
        research: 'Synthetic research',
        news: 'Synthetic news',
        team: 'Synthetic members',
        contact: 'Synthetic contact',
        join: 'Synthetic join',
      },
    },
    themes,
    publications,
    news: Array.from({ length: 3 }, (_, index) => ({
      id: `synthetic-news-${index + 1}`,
      title: `Synthetic announcement ${index + 1}`,
      date: `2024-0${index + 1}-15`,
      summary: 'A generated news item for the benchmark.',
      link: `https://news.synthetic.example/${index + 1}`,
      type: (['Publication', 'Event', 'Announcement'] as const)[index]!,
    })),
    directory: {
      countries,
      members: Array.from({ length: 24 }, (_, index) => {
        const name = `${person()} (synthetic ${index + 1})`;
        return {
          name,
          country: countries[index % countries.length]!,
          position: 'Generated member',
          institution: `Synthetic Institute ${index + 1}`,
          ...(index % 2 === 0 ? { email: `member${index + 1}@synthetic.example` } : {}),
          ...(index % 3 === 0 ? { profileUrl: `https://people.synthetic.example/${index + 1}` } : {}),
        };
      }),
    },
    legal: {
      privacy: { title: 'Privacy Policy', body: 'Generated text: this site collects nothing.' },
      terms: { title: 'Terms of Service', body: 'Generated text: this site is a benchmark fixture.' },
    },
    accessibility: {
      title: 'Accessibility Statement',
      compliance: 'partially',
      knownIssues: [{ issue: 'Generated issue of a benchmark fixture.', alternative: 'A generated alternative.' }],
      enforcementBody: { name: 'Generated enforcement body', url: 'https://enforcement.synthetic.example/' },
      prepared: '2025-05-19',
      reviewed: '2025-05-19',
      body: 'Generated text: the accessibility statement of a benchmark fixture.',
    },
  };

  const publicationRoutes: Route[] = generated.slice(0, publicationCount).map(({ theme, slug, publication }) => ({
    path: `/publications/${slug}`,
    title: () => publication.title,
    description: () => citationText(publication),
    page: ({ site }) => <PublicationPage site={site} theme={theme} publication={publication} />,
  }));

  return { content, routes: [...siteRoutes(content), ...publicationRoutes] };
}
