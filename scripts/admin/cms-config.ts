/**
 * The CMS's configuration (admin/config.json), generated at every build from
 * the content schema and the content: which file holds what, and each file's
 * form from its schema (schema-fields.ts). Never written by hand.
 */
// One schema per content file, as the build checks them.
import { accessibilityFrontMatterSchema } from '../../src/content/accessibility.ts';
import { legalFrontMatterSchema } from '../../src/content/legal.ts';
import { membersSchema } from '../../src/content/members.ts';
import { newsFrontMatterSchema } from '../../src/content/news.ts';
import { PUBLICATION_TYPE_LABELS, PUBLICATION_TYPES, publicationsSchema } from '../../src/content/publications.ts';
import { siteSchema } from '../../src/content/site.ts';
import { WCAG_21_AA } from '../../src/wcag.ts';
import { themesSchema } from '../../src/content/themes.ts';
import { type CmsBackend, signInMethods } from '../lib/cms-backend.ts';
import { withPreviewPanes } from './preview/previewed.ts';
import { type CmsField, dayField, fieldFor, fieldsOf, labelOf } from './schema-fields.ts';

/** What the content itself decides: the keys of publications.yml, the themes' titles. */
export interface CmsContentFacts {
  themes: { id: string; title: string }[];
  /**
   * The site's name and logo (a file of public/), for the editor's first screen, and the time zone of every event
   * that names none (the build requires a zone for an event at a time of day); absent while unreadable.
   */
  site?: { name?: string; logo?: string; timezone?: string };
  /** In local mode, the name of the folder to pick (the checkout's), which the first screen names. */
  folder?: string;
}

/**
 * The files of content/ the CMS edits, each with the schema the build checks it with.
 * `root` says what the file is at its top: an object (fields), a list, or a map with known keys.
 */
export const contentFiles = {
  site: { file: 'content/site.yml', label: 'Site settings', schema: siteSchema },
  themes: { file: 'content/themes.yml', label: 'Research themes', schema: themesSchema },
  publications: { file: 'content/publications.yml', label: 'Publications', schema: publicationsSchema },
  members: { file: 'content/members.yml', label: 'Members', schema: membersSchema },
  news: { folder: 'content/news', label: 'News', schema: newsFrontMatterSchema },
  legal: {
    files: [
      { name: 'privacy', file: 'content/legal/privacy-policy.md', label: 'Privacy policy' },
      { name: 'terms', file: 'content/legal/terms-of-service.md', label: 'Terms of service' },
    ],
    schema: legalFrontMatterSchema,
  },
  accessibility: {
    file: 'content/accessibility.md',
    label: 'Accessibility statement',
    schema: accessibilityFrontMatterSchema,
  },
} as const;

/** Markdown below the front matter, which the CMS calls the body. */
const body = (label: string, hint: string): CmsField => ({ name: 'body', label, widget: 'markdown', hint });
const markdownHint =
  'Markdown: paragraphs, *emphasis*, **strong**, [links](https://…) and lists. A page of this site is linked from its root, as in [our research](/research/).';

/**
 * A paper is its DOI: the DOI comes first (the schema's first field, so the CMS writes it first too) and is enough to
 * save; the rest is filled in from it by the pull request's "Fill publications" check (or npm run cite -- fill),
 * and typed only for a publication without a DOI, so no field is marked required. The build refuses an entry left
 * as its DOI alone, so nothing half-filled is published; npm run dev shows it as pending.
 */
function doiEnough(list: CmsField): CmsField {
  const fields = list.fields ?? [];
  if (fields[0]?.name !== 'doi') throw new Error('the publication schema does not start with its doi field');
  return {
    ...list,
    summary: '{{fields.title}} {{fields.doi}}',
    fields: fields.map((field) => {
      const optional = { ...field, required: false };
      // The DOI with its "Fill from the DOI" button (the site's own field, editor/doi-field.ts).
      if (field.name === 'doi') return { ...optional, widget: 'eccron-doi' as const };
      // The kinds by name, not by their ids ("edited-book").
      if (field.name === 'type')
        return {
          ...optional,
          options: PUBLICATION_TYPES.map((value) => ({ label: PUBLICATION_TYPE_LABELS[value], value })),
          hint: 'Leave empty for a journal article; choose the kind for anything else.',
        };
      return optional;
    }),
  };
}

/**
 * Where the CMS saves: the repository of a host, offering only the sign-ins that work there (with GitHub only through
 * an OAuth helper); or a folder of this computer only (npm run dev), named as the checkout's folder is.
 */
const backendConfig = (backend: CmsBackend | undefined, folder = 'site') =>
  backend
    ? {
        name: 'github',
        repo: backend.repo,
        branch: backend.branch,
        ...(backend.authUrl ? { base_url: backend.authUrl } : {}),
        // GitHub Enterprise Server's REST API (/api/v3) and GraphQL API (/api/graphql), the latter named: Sveltia CMS
        // 0.221.1 makes /graphql of /api/v3, which no server answers.
        ...(backend.apiRoot
          ? { api_root: backend.apiRoot, graphql_api_root: backend.apiRoot.replace(/\/v3$/, '/graphql') }
          : {}),
        auth_methods: signInMethods(backend),
      }
    : { name: 'github', repo: `local/${folder}`, branch: 'main' };

/** The forms of the YAML files: site settings, themes, publications by theme, members. */
function settingsCollection(facts: CmsContentFacts) {
  const themesList = fieldFor('themes', contentFiles.themes.schema, '');
  const publications = fieldFor('publications', contentFiles.publications.schema, '', {
    keys: { '': facts.themes.map((theme) => ({ name: theme.id, label: theme.title })) },
  });
  const members = fieldsOf(contentFiles.members.schema, {
    // A member's country is one of the country groups above it in the same file (the build checks it too).
    relations: {
      'members.*.country': {
        collection: 'settings',
        file: 'members',
        value_field: 'countries.*',
        search_fields: ['countries.*'],
      },
    },
  });
  const fileForm = (name: 'site' | 'themes' | 'publications' | 'members', fields: CmsField[]) => ({
    name,
    label: contentFiles[name].label,
    file: contentFiles[name].file,
    fields,
  });
  return {
    name: 'settings',
    label: 'Site and lists',
    files: [
      fileForm('site', fieldsOf(contentFiles.site.schema)),
      // themes.yml is a list at its top: the list is the file.
      fileForm('themes', [{ ...themesList, label: contentFiles.themes.label, root: true }]),
      // publications.yml is a map from theme id to its list: one list per theme.
      fileForm('publications', publications.fields!.map(doiEnough)),
      // Collapsed, each member says their country: the page groups them by it.
      fileForm(
        'members',
        members.map((field) =>
          field.name === 'members' ? { ...field, summary: '{{fields.name}} · {{fields.country}}' } : field,
        ),
      ),
    ],
  };
}

/** The kinds of news item the News view holds; an event is in Events or All-day events. */
const NEWS_TYPES = ['Publication', 'Announcement'];
/** An event's start as the build reads it: a day (an all-day event), or a day and a local time. */
const TIMED = '^\\d{4}-\\d{2}-\\d{2}[ T]\\d';
const DAY = '^\\d{4}-\\d{2}-\\d{2}$';

/**
 * The start or end of an event, typed as the file keeps it (editor/moment-field.ts): a day and a time of day on the
 * 24-hour clock, in the event's zone, written 2026-05-19 14:00; or a day, written 2026-05-19. `siteZone` is the zone
 * of site.yml, which an event without one of its own is in.
 */
function moment(field: CmsField, timed: boolean, required: boolean, siteZone?: string): CmsField {
  const { pattern: _, ...rest } = field;
  const starts = field.name === 'start';
  if (!timed)
    return dayField(
      { ...rest, required },
      starts ? 'The day it starts.' : 'The last day, when it lasts more than one day; else leave it empty.',
    );
  return {
    ...rest,
    required,
    widget: 'eccron-moment',
    time: true,
    ...(siteZone ? { site_timezone: siteZone } : {}),
    hint: starts
      ? 'The day it starts, as year-month-day (such as 2026-05-19), and the time on the 24-hour clock (such as 14:00), in its time zone below.'
      : 'The time it ends, on the 24-hour clock; its day only when that is not the day it starts (left empty, it is the start’s day). Leave both empty when it has no set end.',
  };
}

/**
 * The news items (content/news/*.md, one Markdown file each, its summary the body), in three views of the same
 * folder, since the CMS cannot show a field for one kind of item only: News (publications and announcements),
 * Events (with a start time, in a time zone) and All-day events (with a start day). An event's fields are asked
 * for in its own views alone, with pickers that write what the build reads. (A view is filtered by a field it
 * shows, so an Event without a start, which the build accepts, is in none: it is edited in its file.)
 */
function newsCollections(siteZone: string | undefined) {
  const fields = fieldsOf(contentFiles.news.schema);
  const named = (name: string) => fields.find((field) => field.name === name)!;
  const [title, date, link, type, start, end, timezone] = [
    'title',
    'date',
    'link',
    'type',
    'start',
    'end',
    'timezone',
  ].map(named) as CmsField[];
  // Where it is, how to join and register, and what happened to it once the plan changed (issue 34's fields).
  const where = ['location', 'address', 'online', 'registration', 'status'].map(named).map(ownHint);
  const summary = body('Summary', markdownHint);
  const event: CmsField = { name: 'type', label: type!.label, widget: 'hidden', default: 'Event' };
  const common = [title!, date!, link!];
  return [
    {
      ...newsView('news', contentFiles.news.label, 'News item', 'date'),
      filter: { field: 'type', value: NEWS_TYPES },
      fields: [...common, { ...type!, options: NEWS_TYPES }, summary],
    },
    {
      ...newsView('events', 'Events', 'Event', 'start'),
      filter: { field: 'start', pattern: TIMED },
      fields: [
        ...common,
        event,
        moment(start!, true, true, siteZone),
        moment(end!, true, false, siteZone),
        // Required here unless site.yml gives every event its zone, as the build requires; the hint says which.
        { ...ownHint(timezone!), required: !siteZone, hint: zoneHint(siteZone) },
        ...where,
        summary,
      ],
    },
    {
      ...newsView('all-day-events', 'All-day events', 'All-day event', 'start'),
      filter: { field: 'start', pattern: DAY },
      fields: [...common, event, moment(start!, false, true), moment(end!, false, false), ...where, summary],
    },
  ];
}

/**
 * The Time zone field's hint: it promises the site's zone only when site.yml names one (else the field is required,
 * and says so).
 */
const zoneHint = (siteZone: string | undefined) =>
  siteZone
    ? `Where its times are local: type a city, such as Amsterdam, and press Enter. Left empty, the site’s zone, ${siteZone}.`
    : 'Where its times are local: type a city, such as Amsterdam, and press Enter. Needed for every event at a time of day (the site settings name no zone for all events).';

/** In an event's own views, the schema's "Only for a news item of type Event." goes without saying. */
const ownHint = (field: CmsField): CmsField => ({
  ...field,
  hint: field.hint?.replace(/^Only for a news item of type Event\. /, ''),
});

/** A view of the news folder: its files named from their date and title, newest first as the site shows them. */
const newsView = (name: string, label: string, singular: string, sortBy: 'date' | 'start') => ({
  name,
  label,
  label_singular: singular,
  folder: contentFiles.news.folder,
  extension: 'md',
  format: 'frontmatter',
  create: true,
  // news/2021-09-15-<id>.md: the id comes from the title.
  slug: '{{fields.date}}-{{slug}}',
  summary: `{{fields.${sortBy}}} · {{fields.title}}`,
  sortable_fields: { fields: [sortBy, 'title'], default: { field: sortBy, direction: 'descending' } },
});

/** A choice of WCAG success criteria offered with their names ("1.4.3 Contrast (Minimum)"), not as bare numbers. */
function namedCriteria(field: CmsField): CmsField {
  const names: Record<string, string> = WCAG_21_AA;
  const options = field.options?.every((option) => typeof option === 'string' && option in names)
    ? field.options.map((option) => ({ label: `${option} ${names[option as string]}`, value: option as string }))
    : field.options;
  return {
    ...field,
    ...(options ? { options } : {}),
    ...(field.fields ? { fields: field.fields.map(namedCriteria) } : {}),
    ...(field.field ? { field: namedCriteria(field.field) } : {}),
  };
}

/** The Markdown pages: the two legal pages, and the accessibility statement. */
const pageCollections = () => [
  {
    name: 'legal',
    label: 'Legal pages',
    files: contentFiles.legal.files.map((page) => ({
      name: page.name,
      label: page.label,
      file: page.file,
      fields: [...fieldsOf(contentFiles.legal.schema), body(labelOf('text'), markdownHint)],
    })),
  },
  {
    name: 'accessibility',
    label: contentFiles.accessibility.label,
    files: [
      {
        name: 'statement',
        label: contentFiles.accessibility.label,
        file: contentFiles.accessibility.file,
        // "How this site was tested" is not a field: the build writes it from what the project runs.
        fields: [...fieldsOf(contentFiles.accessibility.schema).map(namedCriteria), body('Introduction', markdownHint)],
      },
    ],
  },
];

export function cmsConfig(facts: CmsContentFacts, backend: CmsBackend | undefined, siteUrl: string) {
  const { name, logo } = facts.site ?? {};
  return {
    backend: backendConfig(backend, facts.folder),
    // The first screen says where you are: the site's name and logo (a path of this site: no other host is asked).
    ...(name ? { app_title: name } : {}),
    ...(logo ? { logo: { src: `${new URL(siteUrl).pathname}${logo}` } } : {}),
    // Each change is a pull request, checked by CI before it reaches main.
    publish_mode: 'editorial_workflow',
    site_url: siteUrl,
    media_folder: 'public/uploads',
    // As content/ names files of public/: uploads/logo.svg, without a leading slash.
    public_folder: 'uploads',
    output: { omit_empty_optional_fields: true },
    // The forms are long: the whole width goes to the form, but where the preview pane shows the entry as the site
    // does (preview/previewed.ts).
    editor: { preview: false },
    // A news item's file name is its id: plain letters, as the existing ones.
    slug: { encoding: 'ascii', clean_accents: true },
    collections: withPreviewPanes([
      settingsCollection(facts),
      ...newsCollections(facts.site?.timezone),
      ...pageCollections(),
    ]),
  };
}
