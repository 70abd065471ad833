/** content/site.yml: the settings and the words of the site beyond its lists. */
import * as v from 'valibot';
import { email, httpUrl, isoDate, LIMITS, publicFile, text, textOf, timeZone, year } from './fields.ts';

/** The ids of the home page's sections, as the spec names them (a link goes to /#<id>). */
const homeSections = ['about', 'research', 'news', 'team', 'publications', 'contact'] as const;
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
  ogImage: v.pipe(publicFile, v.title('Link-preview image')),
  hero: v.strictObject({ title: text, tagline: text }),
  /** The headings of the home page's sections. */
  headings: v.strictObject({ research: text, news: text, team: text, contact: text, join: text }),
  /** Short introductions under the home page's section headings. */
  intros: v.strictObject({ research: text, news: text, contact: text, join: text }),
  about: v.strictObject({
    heading: text,
    paragraphs: v.pipe(
      v.array(textOf(LIMITS.paragraph), 'expected a list of paragraphs'),
      v.minLength(1, 'expected at least one paragraph'),
    ),
    positionStatementUrl: httpUrl,
    positionStatementLabel: text,
    /** The picture beside the text (drawn for a 560 × 420 box) and its text alternative. */
    illustration: v.strictObject({
      src: v.pipe(publicFile, v.title('Image file')),
      alt: v.pipe(text, v.title('Text alternative (what the image shows, for screen readers)')),
    }),
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
  /** Where the times of events are local when an event names no time zone of its own. */
  timezone: v.optional(
    v.pipe(
      timeZone,
      v.title('Time zone of events'),
      v.description('Where the times of events are local, such as Europe/Amsterdam, unless an event names its own.'),
    ),
  ),
});

export type SiteSettings = v.InferOutput<typeof siteSchema>;
