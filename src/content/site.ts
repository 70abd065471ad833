/** content/site.yml: the settings and the words of the site beyond its lists. */
import * as v from 'valibot';
import { described, email, httpUrl, isoDate, LIMITS, publicFile, text, textOf, timeZone, year } from './fields.ts';

/** The ids of the home page's sections, as the spec names them (a link goes to /#<id>). */
const homeSections = ['about', 'research', 'news', 'team', 'publications', 'contact'] as const;
const sectionLink = v.strictObject({
  label: described(text, 'Link text', 'The words of the link, such as About.'),
  section: described(
    v.picklist(homeSections, `expected one of the home page's sections ${homeSections.join(', ')}`),
    'Section it leads to',
    "The home page's section: about, research, news, team (the members), publications (the Contact Us heading) or contact (the form).",
  ),
});

const withMailbox = v.pipe(text, v.includes('{mailbox}', 'expected text with {mailbox} where the mailbox link goes'));
/** A line of the home page, with the words the form shows above and under it. */
const line = (title: string, hint: string) => described(text, title, hint);

export const siteSchema = v.strictObject({
  name: line(
    'Name of the consortium',
    'In full, as in the header and the browser tab, such as European Consortium on Cross-Cultural Neuropsychology.',
  ),
  acronym: line('Short name', 'The acronym, used where space is short, such as ECCroN.'),
  /** The address the site is served from, without a trailing slash. */
  siteUrl: described(
    v.pipe(
      httpUrl,
      v.check(
        (value) => !URL.canParse(value) || (new URL(value).pathname === '/' && !value.endsWith('/')),
        'expected an address without a path or trailing slash, such as https://eccron.eu',
      ),
    ),
    'Address of the site',
    'Where the site is published, without a slash at the end, such as https://eccron.eu. Shared links and the sitemap use it.',
  ),
  /** The consortium's mailbox: the contact form writes to it. */
  contactEmail: described(
    email,
    'Contact mailbox',
    "The consortium's e-mail address, where the contact form's messages go, such as secretariat@example.org.",
  ),
  /** The consortium's social profile, opened by the Follow button. */
  socialProfileUrl: described(
    httpUrl,
    'Social profile page',
    "The consortium's page on a social network, opened by the Follow button, such as https://example.org/eccron.",
  ),
  foundedYear: described(year, 'Year founded', 'The year the consortium was founded, such as 2019.'),
  /** Path in public/ of the logo in the header. */
  logo: described(
    publicFile,
    'Logo file',
    'The logo in the header and on the editor’s first screen: a file of the folder public/, named without "public/", such as uploads/logo.svg.',
  ),
  /** Path in public/ of the 1200 × 630 picture shown when a page is shared. */
  ogImage: described(
    publicFile,
    'Link-preview image',
    'The picture shown when a page is shared (1200 × 630 pixels): a file of public/, such as uploads/og-image.jpg.',
  ),
  hero: described(
    v.strictObject({
      title: line('Title', 'The large title at the top, such as the consortium’s name.'),
      tagline: line(
        'Sentence under the title',
        'One sentence saying what the consortium does, such as "Clinicians and researchers working together for fair assessment across Europe."',
      ),
    }),
    'Top of the home page',
    'The large title and the sentence under it, above the two buttons.',
  ),
  /** The headings of the home page's sections. */
  headings: described(
    v.strictObject({
      research: line('Research section', 'Such as Our Research.'),
      news: line('News section', 'Such as News.'),
      team: line('Members section', 'Such as Our Members.'),
      contact: line('Contact heading', 'Such as Contact Us.'),
      join: line('Joining section (with the form)', 'Such as Join Our Consortium.'),
    }),
    'Section headings',
    "The headings of the home page's sections.",
  ),
  /** Short introductions under the home page's section headings. */
  intros: described(
    v.strictObject({
      research: line(
        'Under the research heading',
        'One or two sentences introducing the themes, such as "Our members study how culture and language shape test results."',
      ),
      news: line(
        'Under the news heading',
        'Such as Publications, announcements and events from the consortium, with a calendar of our events to subscribe to.',
      ),
      contact: line(
        'Under the contact heading',
        'One or two sentences inviting questions, such as "Questions about our work? We would like to hear from you."',
      ),
      join: line(
        'Under the joining heading',
        'Who may join, and what to write in the form, such as "Clinicians and researchers who work with diverse populations are welcome."',
      ),
    }),
    'Section introductions',
    "The sentences under the home page's section headings.",
  ),
  about: described(
    v.strictObject({
      heading: line('Heading', 'Such as About ECCroN.'),
      paragraphs: described(
        v.pipe(
          v.array(
            described(
              textOf(LIMITS.paragraph),
              'Paragraph',
              'One paragraph of the About text, such as "ECCroN was founded in 2019 by neuropsychologists from across Europe."',
            ),
            'expected a list of paragraphs',
          ),
          v.minLength(1, 'expected at least one paragraph'),
        ),
        'Paragraphs',
        'The About text, one paragraph each, in the order shown.',
      ),
      positionStatementUrl: described(
        httpUrl,
        'Position statement address',
        'Where the position statement can be read, such as https://doi.org/10.1080/13854046.2021.1981456.',
      ),
      positionStatementLabel: line('Position statement link text', 'Such as Read our position statement.'),
      /** The picture beside the text (drawn for a 560 × 420 box) and its text alternative. */
      illustration: described(
        v.strictObject({
          src: described(publicFile, 'Image file', 'A file of public/, such as uploads/team.svg.'),
          alt: line(
            'Text alternative (what the image shows, for screen readers)',
            'One sentence saying what the picture shows, such as "Illustration: a map of Europe linking member cities."',
          ),
        }),
        'Illustration',
        'The picture beside the About text, drawn for a box of 560 × 420 pixels.',
      ),
    }),
    'About section',
    'The heading, text, position statement link and picture of the About section.',
  ),
  /** The links of the header (and the phone menu), the Join button and the footer. */
  navigation: described(
    v.strictObject({
      header: described(
        v.array(
          v.strictObject({
            ...sectionLink.entries,
            /** The part of the site the link stands for, such as /research: there it is marked as the current page. */
            pages: v.optional(
              described(
                v.pipe(text, v.regex(/^\/[a-z0-9/-]*[a-z0-9]$/, 'expected a path of the site such as /research')),
                'Part of the site it stands for',
                'Optional: a path such as /research; on those pages the link is shown as the current one.',
              ),
            ),
          }),
          'expected a list of links',
        ),
        'Header links',
        'The links at the top of every page (and in the phone menu), in the order shown.',
      ),
      join: described(sectionLink, 'Join button', 'The button at the end of the header.'),
      footer: described(
        v.array(sectionLink, 'expected a list of links'),
        'Footer links',
        'The links at the foot of every page, in the order shown.',
      ),
    }),
    'Menus',
    'The links of the header, the Join button and the footer.',
  ),
  /** The contact form's words beyond the spec's labels; "{mailbox}" is where the mailbox link goes. */
  contactForm: described(
    v.strictObject({
      /** Shown until the form can send: JavaScript is off, or its script has not loaded. */
      needsScript: described(
        withMailbox,
        'When the form cannot send',
        'Shown while JavaScript is off; write {mailbox} where the mailbox goes, such as "Please write to {mailbox} instead."',
      ),
      /** The message is too long for a mail link. */
      tooLong: described(
        withMailbox,
        'When a message is too long',
        'Shown when a message is too long for a mail link, such as "Copy it, then paste it into an email to {mailbox}."',
      ),
      /** The button that copies a message too long for a mail link. */
      copy: line('Copy button', 'The button that copies a long message, such as Copy message.'),
      copied: described(
        withMailbox,
        'After copying',
        'Shown once the message is copied, such as "Message copied. Paste it into an email to {mailbox}."',
      ),
      copyFailed: described(
        withMailbox,
        'When copying fails',
        'Shown when the browser does not let the page copy, such as "Copy your message and paste it into an email to {mailbox}."',
      ),
    }),
    'Contact form messages',
    'What the contact form says beyond its labels. Write {mailbox} where the mailbox address goes.',
  ),
  stats: described(
    v.array(
      v.strictObject({
        value: line('Figure', 'Such as 16+.'),
        label: line('What it counts', 'Such as Specialists.'),
      }),
      'expected a list of figures, each with a value and a label',
    ),
    'Figures',
    'The figures of the About section, in the order shown, such as 16+ Specialists.',
  ),
  membersIntro: line(
    'Members introduction',
    'The sentence above the members directory, such as "Members are grouped below by the country in which they work."',
  ),
  footerYear: described(year, 'Copyright year', 'The year of the copyright line in the footer, such as 2025.'),
  /** Shown on the legal pages as "Last updated". */
  legalUpdated: described(
    isoDate,
    'Legal pages last updated',
    'The date shown as "Last updated" on the privacy policy and the terms of service.',
  ),
  /** Where the times of events are local when an event names no time zone of its own. */
  timezone: v.optional(
    described(
      timeZone,
      'Time zone of events',
      'Where the times of events are local unless an event names its own; type a city to find it, such as Amsterdam for Europe/Amsterdam.',
    ),
  ),
});

export type SiteSettings = v.InferOutput<typeof siteSchema>;
