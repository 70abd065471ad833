import path from 'node:path';
import type { SiteContent } from '../../content/types.ts';
import { parseIsoDate } from '../../src/format.ts';
import type { Route } from '../../src/routes.tsx';
import type { Problem } from '../lib/problems.ts';
import { contentFiles, relative } from './load-content.ts';

/** Returns what is wrong with a value, or null when it is fine. */
type Rule = (value: unknown) => string | null;

const show = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value));

const text: Rule = (value) => (typeof value === 'string' && value.trim() !== '' ? null : 'expected text');
const optional =
  (rule: Rule): Rule =>
  (value) =>
    value === undefined || value === '' ? null : rule(value);
const matches =
  (pattern: RegExp, expected: string): Rule =>
  (value) =>
    typeof value === 'string' && pattern.test(value) ? null : `expected ${expected}`;
const oneOf =
  (allowed: readonly unknown[]): Rule =>
  (value) =>
    allowed.includes(value) ? null : `expected one of ${allowed.map((item) => JSON.stringify(item)).join(', ')}`;
const integer =
  (min: number, max: number): Rule =>
  (value) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? null : `expected a whole number from ${min} to ${max}`;
const list =
  (what: string): Rule =>
  (value) =>
    Array.isArray(value) && value.length > 0 && value.every((item) => text(item) === null) ? null : `expected a list of ${what}`;

const email = matches(/^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/, 'an e-mail address such as name@example.org');
const httpUrl: Rule = (value) => {
  if (typeof value === 'string' && /^https?:\/\//.test(value)) {
    try {
      new URL(value);
      return null;
    } catch {
      // reported below
    }
  }
  return 'expected an http(s) URL';
};
const origin: Rule = (value) =>
  httpUrl(value) ?? (typeof value === 'string' && new URL(value).pathname === '/' && !value.endsWith('/') ? null : 'expected an origin without a path or trailing slash, such as https://eccron.eu');
const doi = matches(/^10\.\d{4,9}\/\S+$/, 'a DOI such as 10.1080/13854046.2021.1981456 (without https://doi.org/)');
const isoDate: Rule = (value) => {
  try {
    parseIsoDate(String(value));
    return null;
  } catch {
    return 'expected a date of the form YYYY-MM-DD';
  }
};
const year: Rule = (value) => (value === null || value === 'in press' || integer(1900, 2100)(value) === null ? null : 'expected a year, "in press" or null');

export const themeIcons = ['globe', 'clipboard', 'heart', 'speech'] as const;
export const themeColors = ['teal', 'indigo', 'amber', 'rose'] as const;
export const newsTypes = ['Publication', 'Event', 'Announcement'] as const;

/**
 * Checks every content entity and returns all problems at once, each naming
 * the file, the entry and the field, so one build run shows everything to fix.
 */
export function validateContent(content: SiteContent, contentDir: string, routes: Route[]): Problem[] {
  const problems: Problem[] = [];
  const fileOf = (key: keyof typeof contentFiles) => relative(path.join(contentDir, contentFiles[key]));

  const check = (file: string, entry: string, record: unknown, rules: Record<string, Rule>) => {
    if (typeof record !== 'object' || record === null) {
      problems.push({ where: `${file} › ${entry}`, message: `expected an object, got ${show(record)}` });
      return;
    }
    for (const [field, rule] of Object.entries(rules)) {
      const value = (record as Record<string, unknown>)[field];
      const failure = rule(value);
      if (failure) problems.push({ where: `${file} › ${entry} › ${field}`, message: `${failure}, got ${show(value)}` });
    }
  };
  const expectList = (file: string, entry: string, value: unknown): unknown[] => {
    if (Array.isArray(value)) return value;
    problems.push({ where: `${file} › ${entry}`, message: `expected a list, got ${show(value)}` });
    return [];
  };
  const duplicates = (values: unknown[]) => values.filter((value, index) => values.indexOf(value) !== index);

  // Site settings
  const siteFile = fileOf('site');
  const { site } = content;
  check(siteFile, 'site', site, {
    name: text,
    acronym: text,
    siteUrl: origin,
    contactEmail: email,
    socialProfileUrl: httpUrl,
    foundedYear: integer(1900, 2100),
    membersIntro: text,
    footerYear: integer(1900, 2100),
    legalUpdated: isoDate,
  });
  if (site) {
    check(siteFile, 'site.hero', site.hero, { title: text, tagline: text });
    check(siteFile, 'site.intros', site.intros, { research: text, news: text, contact: text, join: text });
    check(siteFile, 'site.about', site.about, {
      heading: text,
      paragraphs: list('paragraphs'),
      positionStatementUrl: httpUrl,
      positionStatementLabel: text,
    });
    expectList(siteFile, 'site.stats', site.stats).forEach((stat, index) =>
      check(siteFile, `site.stats[${index}]`, stat, { value: text, label: text }),
    );
  }

  // Themes: each one needs its page in the route table and its publications.
  const themesFile = fileOf('themes');
  const themes = expectList(themesFile, 'themes', content.themes) as SiteContent['themes'];
  const themePaths = new Set(routes.map((route) => route.path));
  themes.forEach((theme, index) => {
    const entry = `themes[${index}]${theme?.id ? ` (${theme.id})` : ''}`;
    check(themesFile, entry, theme, {
      id: text,
      title: text,
      homeTitle: optional(text),
      description: text,
      icon: oneOf(themeIcons),
      color: oneOf(themeColors),
    });
    if (theme?.id && !themePaths.has(`/research/${theme.id}`)) {
      problems.push({ where: `${themesFile} › ${entry} › id`, message: `no route /research/${theme.id} in src/routes.tsx shows this theme` });
    }
  });
  for (const id of duplicates(themes.map((theme) => theme?.id))) {
    problems.push({ where: `${themesFile} › themes › id`, message: `"${id}" is used by more than one theme` });
  }

  // Publications, per theme.
  const publicationsFile = fileOf('publications');
  const themeIds = themes.map((theme) => theme?.id);
  const byTheme = (content.publications ?? {}) as Record<string, unknown>;
  for (const id of themeIds) {
    if (!Array.isArray(byTheme[id]) || (byTheme[id] as unknown[]).length === 0) {
      problems.push({ where: `${publicationsFile} › ${id}`, message: 'expected at least one publication for this theme' });
    }
  }
  for (const [themeId, entries] of Object.entries(byTheme)) {
    if (!themeIds.includes(themeId as never)) {
      problems.push({ where: `${publicationsFile} › ${themeId}`, message: `no theme with this id in ${themesFile}` });
    }
    expectList(publicationsFile, themeId, entries).forEach((publication, index) => {
      const title = (publication as { title?: unknown })?.title;
      const entry = `${themeId}[${index}]${typeof title === 'string' ? ` "${title.slice(0, 40)}${title.length > 40 ? '…' : ''}"` : ''}`;
      check(publicationsFile, entry, publication, {
        authors: text,
        year,
        title: text,
        journal: optional(text),
        volume: optional(text),
        issue: optional(text),
        pages: optional(text),
        doi: optional(doi),
        url: optional(httpUrl),
      });
      const { doi: doiValue, url } = (publication ?? {}) as { doi?: string; url?: string };
      if (!doiValue && !url) {
        problems.push({ where: `${publicationsFile} › ${entry} › doi`, message: 'expected a DOI or a URL, so that the entry can link to the article' });
      }
    });
  }

  // News
  const newsFile = fileOf('news');
  const news = expectList(newsFile, 'news', content.news) as SiteContent['news'];
  news.forEach((item, index) =>
    check(newsFile, `news[${index}]${item?.id ? ` (${item.id})` : ''}`, item, {
      id: text,
      title: text,
      date: isoDate,
      summary: text,
      link: httpUrl,
      type: oneOf(newsTypes),
    }),
  );
  for (const id of duplicates(news.map((item) => item?.id))) {
    problems.push({ where: `${newsFile} › news › id`, message: `"${id}" is used by more than one news item` });
  }

  // Members
  const membersFile = fileOf('directory');
  const directory = content.directory ?? ({} as SiteContent['directory']);
  const countries = expectList(membersFile, 'countries', directory.countries) as string[];
  for (const country of duplicates(countries)) {
    problems.push({ where: `${membersFile} › countries`, message: `"${country}" is listed more than once` });
  }
  const members = expectList(membersFile, 'members', directory.members) as SiteContent['directory']['members'];
  members.forEach((member, index) => {
    const entry = `members[${index}]${typeof member?.name === 'string' && member.name ? ` (${member.name})` : ''}`;
    check(membersFile, entry, member, {
      name: text,
      country: oneOf(countries),
      position: optional(text),
      institution: optional(text),
      email: optional(email),
      profileUrl: optional(httpUrl),
    });
  });
  for (const name of duplicates(members.map((member) => member?.name))) {
    problems.push({ where: `${membersFile} › members › name`, message: `"${name}" is listed more than once` });
  }

  // Legal pages
  const legalFile = fileOf('legal');
  for (const key of ['privacy', 'terms'] as const) {
    check(legalFile, `legal.${key}`, content.legal?.[key], { title: text, paragraphs: list('paragraphs') });
  }

  return problems;
}

/** Settings still holding a placeholder: the build succeeds but says so. */
export function placeholderWarnings(content: SiteContent, contentDir: string): Problem[] {
  const file = relative(path.join(contentDir, contentFiles.site));
  const placeholder = /\.example(\/|$)/;
  const warnings: Problem[] = [];
  if (placeholder.test(content.site.contactEmail)) {
    warnings.push({ where: `${file} › site › contactEmail`, message: `"${content.site.contactEmail}" is a placeholder; set the consortium's mailbox before going live` });
  }
  if (placeholder.test(content.site.siteUrl)) {
    warnings.push({ where: `${file} › site › siteUrl`, message: `"${content.site.siteUrl}" is a placeholder; set the site's address (or SITE_URL) before going live` });
  }
  return warnings;
}
