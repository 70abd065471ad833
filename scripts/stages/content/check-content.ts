/**
 * The content check itself, on files already read: each file by its own
 * schema, then the rules across files, the links of the Markdown and the
 * files site.yml names. It reads nothing (load-content.ts reads the folder),
 * so that the editor at /admin/ runs the same check in the browser, on the
 * entry about to be saved and the files beside it, before anything is written.
 */
import type { Token } from 'marked';
import * as v from 'valibot';
import { calendarDateProblem } from '../../../src/format.ts';
import { accessibilityStatementSchema } from '../../../src/content/accessibility.ts';
import { lexMarkdown } from '../../../src/markdown.tsx';
import { legalPageSchema } from '../../../src/content/legal.ts';
import { membersSchema } from '../../../src/content/members.ts';
import { NEWS_FILE_NAME, newsItemSchema } from '../../../src/content/news.ts';
import { publicationsSchema } from '../../../src/content/publications.ts';
import { siteSchema } from '../../../src/content/site.ts';
import type { SiteContent } from '../../../src/content/site-content.ts';
import { themesSchema } from '../../../src/content/themes.ts';
import { BuildError, type Problem } from '../../lib/problems.ts';
import { type ContentFiles, crossFileProblems } from './cross-file.ts';
import { type DoiOnly, doiOnlyEntries, doiOnlyProblems, pendingPublications, withStandIns } from './doi-only.ts';
import { incompleteWarnings } from './incomplete.ts';
import { type CheckedFile, describeIssue, type Keys, type Labeller, locate, noLabel } from './issues.ts';
import { addOrigin, markdownLinks, type Origins } from './markdown-links.ts';
import { type Source, walk } from './source.ts';
import { keepTextAsTyped } from './text-as-typed.ts';
import { sortedByPlace } from './place-order.ts';

export interface LoadedContent {
  content: SiteContent;
  /** What the build accepts but a maintainer should look at, each with its file and line. */
  warnings: Problem[];
  /** The site paths and public files the content links to, with the line each is written on. */
  origins: Origins;
  /** The Markdown texts with their tokens, lexed once here for the link check, the pages and the feed. */
  markdown: Map<string, Token[]>;
}

const short = (title: string) => (title.length > 40 ? `${title.slice(0, 40)}…` : title);
const named = (entry: unknown, field: string) => {
  const value = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};
const at = (value: unknown, key: string | number) =>
  typeof value === 'object' && value !== null ? (value as Record<string | number, unknown>)[key] : undefined;

/** "themes[1] (second-example)", "members[16] (Ingrid Example)", "caregiver[0] "The title…"": entries as a person finds them. */
const labels: Record<'themes' | 'publications' | 'members', (raw: unknown) => Labeller> = {
  themes: (raw) => (keys) => {
    if (typeof keys[0] !== 'number') return { text: '', covers: 0 };
    const id = named(at(raw, keys[0]), 'id');
    return { text: `themes[${keys[0]}]${id ? ` (${id})` : ''}`, covers: 1 };
  },
  publications: (raw) => (keys) => {
    if (typeof keys[0] !== 'string' || typeof keys[1] !== 'number') return { text: '', covers: 0 };
    const title = named(at(at(raw, keys[0]), keys[1]), 'title');
    return { text: `${keys[0]}[${keys[1]}]${title ? ` "${short(title)}"` : ''}`, covers: 2 };
  },
  members: (raw) => (keys) => {
    if (keys[0] !== 'members' || typeof keys[1] !== 'number') return { text: '', covers: 0 };
    const person = named(at(at(raw, 'members'), keys[1]), 'name');
    return { text: `members[${keys[1]}]${person ? ` (${person})` : ''}`, covers: 2 };
  },
};

/** A value the schema declares as text is the text typed (version: 1.10 is "1.10", not the number 1.1). */
function textAsTyped(sources: ContentSources) {
  const schemas: [Source, v.GenericSchema][] = [
    [sources.site, siteSchema],
    [sources.themes, themesSchema],
    [sources.publications, publicationsSchema],
    [sources.members, membersSchema],
    [sources.privacy, legalPageSchema],
    [sources.terms, legalPageSchema],
    [sources.accessibility, accessibilityStatementSchema],
    ...sources.news.map(({ source }): [Source, v.GenericSchema] => [source, newsItemSchema]),
  ];
  for (const [source, schema] of schemas) keepTextAsTyped(source.doc, schema);
}

/** The content files besides the news, by the name the check gives each. */
export type ContentFileName = 'site' | 'themes' | 'publications' | 'members' | 'privacy' | 'terms' | 'accessibility';

/** Each of them, in the content folder, with what it should hold (said when it is empty or missing). */
export const CONTENT_FILES = {
  site: ['site.yml', 'the site settings'],
  themes: ['themes.yml', 'the list of research themes'],
  publications: ['publications.yml', 'the publications under the id of their theme'],
  members: ['members.yml', 'countries: and members:'],
  privacy: ['legal/privacy-policy.md', 'the privacy policy: front matter with its title, the text below'],
  terms: ['legal/terms-of-service.md', 'the terms of service: front matter with its title, the text below'],
  accessibility: [
    'accessibility.md',
    'the accessibility statement: front matter with title, compliance, enforcementBody, prepared and reviewed, the introduction below',
  ],
} as const satisfies Record<ContentFileName, readonly [string, string]>;
export const NEWS_ITEM = 'a news item: front matter with title, date, link and type, the summary below';

export type ContentSources = { [name in ContentFileName]: Source } & {
  /** Each news item with its file name, which gives its id. */
  news: { name: string; source: Source }[];
  warnings: Problem[];
};

/** Every content file, checked. */
interface CheckedContent extends ContentFiles {
  privacy: CheckedFile;
  terms: CheckedFile;
  accessibility: CheckedFile;
}

export interface CheckOptions {
  /** The folder the files site.yml names (logo, images) must exist in, as a problem names it; unchecked without it. */
  publicFiles?: { folder: string; exists: (name: string) => boolean };
  /** The build's date (YYYY-MM-DD): a statement reviewed more than 12 months before it is warned about. */
  today?: string;
  /** A publication that holds only its DOI: refused (a build to publish), or shown as pending (the dev preview). */
  doiOnly?: DoiOnly;
  /** How a Markdown text becomes tokens: lexMarkdown unless given (the build passes one that keeps them between runs). */
  lex?: (text: string) => Token[];
}

/**
 * Checks every content file, read: each by its own schema, then the rules across files; every problem is located
 * where it is found. Throws a BuildError listing every problem, each with file, line and column.
 */
export function checkContent(sources: ContentSources, options: CheckOptions = {}): LoadedContent {
  const files = checkedFiles(sources);
  // Read before the preview gives a DOI-only entry its stand-ins, which have no journal either.
  const incomplete = incompleteWarnings(files.publications);
  const pending = standInPending(files, options.doiOnly);
  const { output, problems } = checkEachFile(files);
  problems.push(...crossFileProblems(files));
  const links = contentLinks(files, options.publicFiles, options.lex ?? lexMarkdown);
  problems.push(...links.problems);
  if (problems.length > 0) throw new BuildError('Checking content', sortedByPlace(problems));

  const content = siteContent(files, output, pending.entries);
  const warnings = [...sources.warnings, ...pending.notes, ...links.warnings, ...incomplete];
  if (options.today) warnings.push(...staleReview(files.accessibility, content.accessibility.reviewed, options.today));
  return { content, warnings: sortedByPlace(warnings), origins: links.origins, markdown: links.markdown };
}

/** Why a file of the news folder is not read as a news item (`where` names it), or undefined when it is one. */
export function newsFileProblem(name: string, where: string): Problem | undefined {
  const match = NEWS_FILE_NAME.exec(name);
  const dated = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(name);
  if (match) {
    const problem = calendarDateProblem(match[1]!);
    return problem ? { where, message: `the date in the file name: ${problem}` } : undefined;
  }
  if (/\.(markdown|mdown|mkd|txt)$/i.test(name) || (/\.md$/i.test(name) && !name.endsWith('.md')))
    return { where, message: `news files end in .md; rename it to ${name.replace(/\.[^.]+$/, '.md')}` };
  return {
    where,
    message: `expected a news file named YYYY-MM-DD-<id>.md, such as 2026-11-01-autumn-meeting.md (the date, then an id of lower-case letters, digits and hyphens)${dated ? '' : '; the date is missing'}`,
  };
}

const data = (source: Source) => source.doc.toJS() as unknown;
const frontMatter = (source: Source) => {
  const value = data(source);
  return typeof value === 'object' && value !== null ? value : {};
};
/** A Markdown page's front matter, with the text below it as `body`. */
const withBody = (source: Source) => ({ ...frontMatter(source), body: source.body?.text });
function checked(source: Source, schema: v.GenericSchema, raw: unknown, label: Labeller = noLabel): CheckedFile {
  return { source, schema, raw, label };
}

/** Each file with its schema and what it holds as written. */
function checkedFiles(sources: ContentSources): CheckedContent {
  const { site, themes, publications, members, privacy, terms, accessibility } = sources;
  textAsTyped(sources);
  return {
    site: checked(site, siteSchema, data(site)),
    themes: checked(themes, themesSchema, data(themes), labels.themes(data(themes))),
    publications: checked(
      publications,
      publicationsSchema,
      data(publications),
      labels.publications(data(publications)),
    ),
    members: checked(members, membersSchema, data(members), labels.members(data(members))),
    news: sources.news.map(({ name, source }) =>
      checked(source, newsItemSchema, {
        ...frontMatter(source),
        id: NEWS_FILE_NAME.exec(name)![2],
        summary: source.body?.text,
      }),
    ),
    privacy: checked(privacy, legalPageSchema, withBody(privacy)),
    terms: checked(terms, legalPageSchema, withBody(terms)),
    accessibility: checked(accessibility, accessibilityStatementSchema, withBody(accessibility)),
  };
}

/**
 * The preview shows a publication that holds only its DOI as pending, with a note at it, instead of refusing it:
 * each such entry is given stand-ins for the schema, and is replaced by the pending entry after the check.
 */
function standInPending(files: CheckedContent, doiOnly: DoiOnly = 'refuse') {
  const entries = doiOnly === 'pending' ? doiOnlyEntries(files.publications.raw) : [];
  if (entries.length === 0) return { entries, notes: [] };
  const standIns = withStandIns(files.publications);
  files.publications.raw = standIns.raw;
  return { entries, notes: standIns.notes };
}

/** Each file checked by its own schema: what the schema gives for the valid ones, and every issue of the others. */
function checkEachFile(files: CheckedContent): { output: Map<CheckedFile, unknown>; problems: Problem[] } {
  const output = new Map<CheckedFile, unknown>();
  const problems: Problem[] = [];
  const { site, themes, publications, members, news, privacy, terms, accessibility } = files;
  // A publication typed as its DOI alone is told once, with the command that fills it, not as each missing field.
  const doiOnly = new Set(doiOnlyEntries(publications.raw).map(([theme, index]) => `${theme}\n${index}`));
  for (const file of [site, themes, publications, members, ...news, privacy, terms, accessibility]) {
    const result = v.safeParse(file.schema, file.raw, { abortEarly: false });
    if (result.success) output.set(file, result.output);
    else
      for (const issue of result.issues) {
        // A key of publications.yml that is no theme's id is told by the rule across files, with the id meant.
        const keyIssue = file === publications && issue.path?.length === 1 && issue.path[0]!.origin === 'key';
        const inDoiOnly = file === publications && doiOnly.has(`${issue.path?.[0]?.key}\n${issue.path?.[1]?.key}`);
        if (!keyIssue && !inDoiOnly) problems.push(describeIssue(file, issue));
      }
  }
  problems.push(...doiOnlyProblems(publications));
  return { output, problems };
}

/**
 * The links of the Markdown (lexed here, once, for the pages and the feed too),
 * the files site.yml names, and the sections the navigation links to, each
 * with the line it is written on, so a broken one is traced to it.
 */
function contentLinks(files: CheckedContent, publicFiles: CheckOptions['publicFiles'], lex: (text: string) => Token[]) {
  const origins: Origins = new Map();
  const markdown = new Map<string, Token[]>();
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  for (const file of [...files.news, files.privacy, files.terms, files.accessibility]) {
    const { body } = file.source;
    if (!body) continue;
    const tokens = lex(body.text);
    markdown.set(body.text, tokens);
    const found = markdownLinks(file.source, body.text, tokens, body.line, origins, siteAddress(files.site));
    problems.push(...found.problems);
    warnings.push(...found.warnings);
  }
  problems.push(...publicFileLinks(files.site, publicFiles, origins));
  navigationLinks(files.site, origins);
  ownAddresses(files, origins);
  return { origins, markdown, problems, warnings };
}

/** The site's address as site.yml writes it, without a trailing slash; undefined while it is no address. */
function siteAddress(site: CheckedFile): string | undefined {
  const url = at(site.raw, 'siteUrl');
  return typeof url === 'string' && /^https:\/\/[^/\s]+/.test(url.trim()) ? url.trim().replace(/\/+$/, '') : undefined;
}

/**
 * The addresses of the fields (a registration page, a news item's link) on the site's own address: each is a page
 * the build must produce, so a broken one is told at its field, not only as the page's link.
 */
function ownAddresses(files: CheckedContent, origins: Origins) {
  const address = siteAddress(files.site);
  if (!address) return;
  const visit = (file: CheckedFile, value: unknown, keys: Keys) => {
    if (typeof value === 'string') {
      if (value.startsWith(`${address}/`)) addOrigin(origins, value.slice(address.length), () => locate(file, keys));
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) visit(file, item, [...keys, index]);
    } else if (typeof value === 'object' && value !== null)
      for (const [key, item] of Object.entries(value))
        if (key !== 'body' && key !== 'summary') visit(file, item, [...keys, key]);
  };
  const { site, themes, publications, members, news, privacy, terms, accessibility } = files;
  for (const file of [site, themes, publications, members, ...news, privacy, terms, accessibility])
    visit(file, file.raw, []);
}

/** The files of public/ that site.yml names: each must exist. */
function publicFileLinks(site: CheckedFile, publicFiles: CheckOptions['publicFiles'], origins: Origins): Problem[] {
  const problems: Problem[] = [];
  const named: Keys[] = [['logo'], ['ogImage'], ['about', 'illustration', 'src']];
  for (const keys of named) {
    const value = keys.reduce<unknown>((object, key) => at(object, key), site.raw);
    if (typeof value !== 'string') continue;
    const { depth } = walk(site.source.doc, keys);
    if (depth !== keys.length) continue;
    addOrigin(origins, `/${value}`, () => locate(site, keys));
    if (publicFiles && !publicFiles.exists(value)) {
      problems.push({
        ...locate(site, keys),
        message: `expected a file that exists in ${publicFiles.folder}/, found "${value}", which is not there`,
      });
    }
  }
  return problems;
}

/** The home page's sections the navigation links to. */
function navigationLinks(site: CheckedFile, origins: Origins) {
  const navigation = at(site.raw, 'navigation');
  const sectionLinks: Keys[] = [
    ...['header', 'footer'].flatMap((part) => {
      const links = at(navigation, part);
      return Array.isArray(links) ? links.map((_, index): Keys => ['navigation', part, index, 'section']) : [];
    }),
    ['navigation', 'join', 'section'],
  ];
  for (const keys of sectionLinks) {
    const section = keys.reduce<unknown>((object, key) => at(object, key), site.raw);
    if (typeof section === 'string') addOrigin(origins, `/#${section}`, () => locate(site, keys));
  }
}

/** The content as the pages take it: what each file's schema gave, the news newest first. */
function siteContent(
  files: CheckedContent,
  output: Map<CheckedFile, unknown>,
  pending: [string, number][],
): SiteContent {
  const content = {
    site: output.get(files.site),
    themes: output.get(files.themes),
    publications: pendingPublications(output.get(files.publications) as SiteContent['publications'], pending),
    news: files.news.map((file) => output.get(file)),
    directory: output.get(files.members),
    legal: { privacy: output.get(files.privacy), terms: output.get(files.terms) },
    accessibility: output.get(files.accessibility),
  } as SiteContent;
  content.news.sort((a, b) => (a.date === b.date ? a.id.localeCompare(b.id) : a.date < b.date ? 1 : -1));
  return content;
}

/**
 * The statement is to be reviewed at least once a year: a review date more
 * than 12 months before the build's date is said, at its line. Compared as
 * text (YYYY-MM-DD), so no clock or time zone is involved.
 */
function staleReview(file: CheckedFile, reviewed: string, today: string): Problem[] {
  const yearBefore = `${String(Number(today.slice(0, 4)) - 1).padStart(4, '0')}${today.slice(4)}`;
  if (reviewed >= yearBefore) return [];
  return [
    {
      ...locate(file, ['reviewed']),
      message: `the accessibility statement was last reviewed on ${reviewed}, more than 12 months before the build's date ${today}; review it, then set reviewed: to the date of the review`,
    },
  ];
}
