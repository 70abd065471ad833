/**
 * The shapes of everything the site says, declared once. The build checks the
 * files of content/ against this schema, the TypeScript types below are
 * inferred from it, and `npm run schema` turns it into the JSON Schemas of
 * content/schema/ that editors use to flag a mistake as you type.
 *
 * Every message is the "expected …" half of an error; the build adds where
 * it is and what was found.
 */
import * as v from 'valibot';
import { ORCID_PATTERN, ORCID_SHAPE_MESSAGE, orcidProblem } from './orcid.ts';

/** The icons a theme can show (drawn in src/components/ThemeIcon.tsx). */
export const themeIcons = ['globe', 'clipboard', 'heart', 'speech', 'book', 'people'] as const;
/** The colours a theme can have (one rule each in src/styles/theme-colors.css). */
export const themeColors = ['teal', 'indigo', 'amber', 'rose', 'violet', 'green'] as const;
export const newsTypes = ['Publication', 'Event', 'Announcement'] as const;

const text = v.pipe(v.string('expected text'), v.trim(), v.nonEmpty('expected text, not an empty value'));

const httpUrl = v.pipe(
  v.string('expected an http(s) address'),
  v.check(
    (value) => /^https?:\/\/[^\s/]+\.[^\s/]+/.test(value) && URL.canParse(value),
    'expected an address starting with https:// (or http://), such as https://example.org/page',
  ),
);

const email = v.pipe(
  v.string('expected an e-mail address'),
  v.regex(
    /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/,
    'expected an e-mail address such as name@example.org',
  ),
);

/** A year of the Gregorian calendar's day count, checked without Date's time zone. */
const daysInMonth = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Why an ISO date is not a real calendar day, or null when it is one. */
export function calendarDateProblem(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return 'expected a date written YYYY-MM-DD, such as 2021-09-15';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return `expected a real calendar date: there is no month ${month}`;
  const days = daysInMonth(year, month);
  if (day < 1 || day > days) return `expected a real calendar date: ${MONTHS[month - 1]} ${year} has ${days} days`;
  return null;
}

const isoDate = v.pipe(
  v.string('expected a date written YYYY-MM-DD, such as 2021-09-15'),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = calendarDateProblem(dataset.value);
    if (problem) addIssue({ message: problem });
  }),
);

const year = v.pipe(
  v.number('expected a year'),
  v.integer('expected a whole year'),
  v.minValue(1900, 'expected a year from 1900'),
  v.maxValue(2100, 'expected a year up to 2100'),
);

/** A path of a file in public/, such as uploads/logo.svg. */
const publicFile = v.pipe(
  v.string('expected the path of a file in public/'),
  v.regex(
    /^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[\w./-]+\.\w+$/,
    'expected the path of a file in public/, such as uploads/logo.svg',
  ),
);

/** The ids of the home page's sections, as the spec names them (a link goes to /#<id>). */
export const homeSections = ['about', 'research', 'news', 'team', 'publications', 'contact'] as const;
const sectionLink = v.strictObject({
  label: text,
  section: v.picklist(homeSections, `expected one of the home page's sections ${homeSections.join(', ')}`),
});

const withMailbox = v.pipe(text, v.includes('{mailbox}', 'expected text with {mailbox} where the mailbox link goes'));

export const siteSchema = v.strictObject({
  name: text,
  acronym: text,
  /** The address the site is served from, without a trailing slash. */
  siteUrl: v.pipe(
    httpUrl,
    v.check(
      (value) => !URL.canParse(value) || (new URL(value).pathname === '/' && !value.endsWith('/')),
      'expected an address without a path or trailing slash, such as https://eccron.eu',
    ),
  ),
  /** The consortium's mailbox: the contact form writes to it. */
  contactEmail: email,
  /** The consortium's social profile, opened by the Follow button. */
  socialProfileUrl: httpUrl,
  foundedYear: year,
  /** Path in public/ of the logo in the header. */
  logo: publicFile,
  /** Path in public/ of the 1200 × 630 picture shown when a page is shared. */
  ogImage: publicFile,
  hero: v.strictObject({ title: text, tagline: text }),
  /** The headings of the home page's sections. */
  headings: v.strictObject({ research: text, news: text, team: text, contact: text, join: text }),
  /** Short introductions under the home page's section headings. */
  intros: v.strictObject({ research: text, news: text, contact: text, join: text }),
  about: v.strictObject({
    heading: text,
    paragraphs: v.pipe(
      v.array(text, 'expected a list of paragraphs'),
      v.minLength(1, 'expected at least one paragraph'),
    ),
    positionStatementUrl: httpUrl,
    positionStatementLabel: text,
    /** The picture beside the text (drawn for a 560 × 420 box) and its text alternative. */
    illustration: v.strictObject({ src: publicFile, alt: text }),
  }),
  /** The links of the header (and the phone menu), the Join button and the footer. */
  navigation: v.strictObject({
    header: v.array(
      v.strictObject({
        ...sectionLink.entries,
        /** The part of the site the link stands for, such as /research: there it is marked as the current page. */
        pages: v.optional(
          v.pipe(text, v.regex(/^\/[a-z0-9/-]*[a-z0-9]$/, 'expected a path of the site such as /research')),
        ),
      }),
      'expected a list of links',
    ),
    join: sectionLink,
    footer: v.array(sectionLink, 'expected a list of links'),
  }),
  /** The contact form's words beyond the spec's labels; "{mailbox}" is where the mailbox link goes. */
  contactForm: v.strictObject({
    /** Shown until the form can send: JavaScript is off, or its script has not loaded. */
    needsScript: withMailbox,
    /** The message is too long for a mail link. */
    tooLong: withMailbox,
    /** The button that copies a message too long for a mail link. */
    copy: text,
    copied: withMailbox,
    copyFailed: withMailbox,
  }),
  stats: v.array(
    v.strictObject({ value: text, label: text }),
    'expected a list of figures, each with a value and a label',
  ),
  membersIntro: text,
  footerYear: year,
  /** Shown on the legal pages as "Last updated". */
  legalUpdated: isoDate,
});

const themeId = v.pipe(
  text,
  v.regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'expected an id of lower-case letters, digits and hyphens, such as caregiver (it becomes the address /research/<id>)',
  ),
);

export const themeSchema = v.strictObject({
  id: themeId,
  title: text,
  /** Title of the card on the home page, where it differs from `title`. */
  homeTitle: v.optional(text),
  description: text,
  icon: v.picklist(themeIcons, `expected one of the icons ${themeIcons.join(', ')}`),
  color: v.picklist(themeColors, `expected one of the colours ${themeColors.join(', ')}`),
});
export const themesSchema = v.pipe(
  v.array(themeSchema, 'expected a list of themes'),
  v.minLength(1, 'expected at least one theme'),
);

export const publicationSchema = v.pipe(
  v.strictObject({
    authors: text,
    /** Year of publication, 'in press', or null when the year is not known (cited as "n.d."). */
    year: v.nullable(v.union([year, v.literal('in press')], 'expected a year, "in press" or null (not known)')),
    title: text,
    journal: v.optional(text),
    volume: v.optional(text),
    issue: v.optional(text),
    pages: v.optional(text),
    /** A bare DOI such as 10.1080/13854046.2021.1981456; the link is built from it. */
    doi: v.optional(
      v.pipe(
        v.string('expected a DOI'),
        v.regex(
          /^10\.\d{4,9}\/\S+$/,
          'expected a bare DOI such as 10.1080/13854046.2021.1981456 (without https://doi.org/)',
        ),
      ),
    ),
    /** Used for the link only when there is no DOI. */
    url: v.optional(httpUrl),
  }),
  v.forward(
    v.check(
      (publication) => Boolean(publication.doi || publication.url),
      'expected a doi or a url, so that the entry can link to the article',
    ),
    ['doi'],
  ),
);
/** Publications per theme id. */
export const publicationsSchema = v.record(
  themeId,
  v.array(publicationSchema, 'expected a list of publications'),
  'expected a list of publications under each theme id',
);

export const memberSchema = v.strictObject({
  name: text,
  /** One of the country groups of the directory. */
  country: text,
  position: v.optional(text),
  institution: v.optional(text),
  email: v.optional(email),
  profileUrl: v.optional(httpUrl),
  /** An ORCID iD such as 0000-0002-1825-0097 (shown as a link with the iD icon). */
  orcid: v.optional(
    v.pipe(
      v.string('expected an ORCID iD'),
      v.regex(ORCID_PATTERN, ORCID_SHAPE_MESSAGE),
      // The check character, once the shape is right (a JSON Schema cannot say this part).
      v.rawCheck(({ dataset, addIssue }) => {
        const problem = dataset.typed ? orcidProblem(dataset.value) : null;
        if (problem) addIssue({ message: problem });
      }),
    ),
  ),
});
export const membersSchema = v.strictObject({
  /** The country groups, in the order the directory shows them. */
  countries: v.array(text, 'expected a list of countries'),
  members: v.array(memberSchema, 'expected a list of members'),
});

/** The front matter of a news item; its text is the Markdown below it. */
export const newsFrontMatterSchema = v.strictObject({
  title: text,
  date: isoDate,
  link: httpUrl,
  type: v.picklist(newsTypes, `expected one of ${newsTypes.join(', ')}`),
});
export const newsItemSchema = v.strictObject({
  ...newsFrontMatterSchema.entries,
  /** From the file name: news/2021-09-15-<id>.md. */
  id: text,
  /** Markdown. */
  summary: text,
});

export const legalFrontMatterSchema = v.strictObject({ title: text });
export const legalPageSchema = v.strictObject({
  ...legalFrontMatterSchema.entries,
  /** Markdown. */
  body: text,
});

/** The indexes of the entries whose key repeats an earlier entry's. */
function repeats<T>(list: readonly T[], key: (item: T) => unknown): number[] {
  const seen = new Set<unknown>();
  const found: number[] = [];
  list.forEach((item, index) => {
    const value = key(item);
    if (value === undefined) return;
    if (seen.has(value)) found.push(index);
    seen.add(value);
  });
  return found;
}

type Loose = Record<string, unknown>;
const record = (value: unknown): Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : {};
const list = (value: unknown): Loose[] => (Array.isArray(value) ? value.map(record) : []);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The rules that span entries and files. They read the content as it was
 * written, not only once every entry is valid, so that one build lists every
 * problem at once.
 */
function crossFileIssues(content: unknown): { message: string; path: (string | number)[] }[] {
  const issues: { message: string; path: (string | number)[] }[] = [];
  const { themes: rawThemes, publications: rawPublications, news: rawNews, directory: rawDirectory } = record(content);
  const themes = list(rawThemes);
  const publications = record(rawPublications);
  const news = list(rawNews);
  const directory = record(rawDirectory);

  for (const index of repeats(themes, (theme) => str(theme.id))) {
    issues.push({
      message: `expected an id no other theme has: "${str(themes[index]!.id)}" is used twice`,
      path: ['themes', index, 'id'],
    });
  }
  themes.forEach((theme, index) => {
    const id = str(theme.id);
    if (id && !(Array.isArray(publications[id]) && publications[id].length > 0)) {
      issues.push({
        message: `expected at least one publication for this theme, under "${id}:" in publications.yml`,
        path: ['themes', index, 'id'],
      });
    }
  });
  const themeIds = themes.map((theme) => str(theme.id)).filter((id) => id !== undefined);
  for (const id of Object.keys(publications)) {
    if (!themeIds.includes(id))
      issues.push({
        message: `expected the id of a theme of themes.yml (${themeIds.join(', ')})`,
        path: ['publications', id],
      });
  }
  const entries = Object.entries(publications).flatMap(([id, entries]) =>
    list(entries).map((publication, index) => ({ id, index, doi: str(publication.doi) })),
  );
  for (const index of repeats(entries, (entry) => entry.doi?.toLowerCase())) {
    const { id, index: position, doi } = entries[index]!;
    const first = entries.find((entry) => entry.doi?.toLowerCase() === doi!.toLowerCase())!;
    issues.push({
      message: `expected a DOI no other publication has: ${doi} is already listed as ${first.id}[${first.index}]`,
      path: ['publications', id, position, 'doi'],
    });
  }
  for (const index of repeats(news, (item) => str(item.id))) {
    issues.push({
      message: `expected a news id no other item has: "${str(news[index]!.id)}" is used twice`,
      path: ['news', index, 'id'],
    });
  }
  const countries = Array.isArray(directory.countries) ? directory.countries.map(str) : [];
  for (const index of repeats(countries, (country) => country)) {
    issues.push({
      message: `expected each country once: "${countries[index]}" is listed twice`,
      path: ['directory', 'countries', index],
    });
  }
  const members = list(directory.members);
  members.forEach((member, index) => {
    const country = str(member.country);
    if (country !== undefined && country.trim() !== '' && !countries.includes(country)) {
      issues.push({
        message: `expected one of the countries listed under countries: (${countries.join(', ')}); to add a country, add it to that list first`,
        path: ['directory', 'members', index, 'country'],
      });
    }
  });
  for (const index of repeats(members, (member) => str(member.name))) {
    issues.push({
      message: `expected each member once: "${str(members[index]!.name)}" is listed twice`,
      path: ['directory', 'members', index, 'name'],
    });
  }
  return issues;
}

/** Everything together, with the rules that span files. */
export const contentSchema = v.pipe(
  v.object({
    site: siteSchema,
    themes: themesSchema,
    publications: publicationsSchema,
    news: v.array(newsItemSchema),
    directory: membersSchema,
    legal: v.object({ privacy: legalPageSchema, terms: legalPageSchema }),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    for (const issue of crossFileIssues(dataset.value)) {
      addIssue({
        message: issue.message,
        path: issue.path.map((key) => ({ type: 'object', origin: 'value', input: {}, key, value: undefined })) as never,
      });
    }
  }),
);

export type SiteContent = v.InferOutput<typeof contentSchema>;
export type SiteSettings = v.InferOutput<typeof siteSchema>;
export type Theme = v.InferOutput<typeof themeSchema>;
export type ThemeIcon = (typeof themeIcons)[number];
export type ThemeColor = (typeof themeColors)[number];
export type Publication = v.InferOutput<typeof publicationSchema>;
export type NewsItem = v.InferOutput<typeof newsItemSchema>;
export type Member = v.InferOutput<typeof memberSchema>;
export type MembersDirectory = v.InferOutput<typeof membersSchema>;
export type LegalPage = v.InferOutput<typeof legalPageSchema>;
