import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Token } from 'marked';
import * as v from 'valibot';
import { isMap, isScalar, isSeq } from 'yaml';
import { calendarDateProblem } from '../../src/format.ts';
import { accessibilityStatementSchema } from '../../src/content/accessibility.ts';
import { lexMarkdown } from '../../src/markdown.tsx';
import { legalPageSchema } from '../../src/content/legal.ts';
import { membersSchema } from '../../src/content/members.ts';
import { NEWS_FILE_NAME, newsItemSchema } from '../../src/content/news.ts';
import { publicationsSchema } from '../../src/content/publications.ts';
import { siteSchema } from '../../src/content/site.ts';
import type { SiteContent } from '../../src/content/site-content.ts';
import { themesSchema } from '../../src/content/themes.ts';
import { BuildError, type Problem } from '../lib/problems.ts';
import { crossFileProblems } from './content/cross-file.ts';
import {
  type DoiOnly,
  doiOnlyEntries,
  doiOnlyProblems,
  pendingPublications,
  withStandIns,
} from './content/doi-only.ts';
import { type CheckedFile, describeIssue, type Keys, type Labeller, locate, noLabel } from './content/issues.ts';
import { addOrigin, markdownLinks, type Origins } from './content/markdown-links.ts';
import { parseSource, relative, type Source, walk } from './content/source.ts';

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

/** volume: 36 means the text "36", as it was typed (YAML would read 1.50 as 1.5). */
function numbersAsTyped(source: Source) {
  const root = source.doc.contents;
  if (!isMap(root)) return;
  for (const pair of root.items) {
    if (!isSeq(pair.value)) continue;
    for (const entry of pair.value.items) {
      if (!isMap(entry)) continue;
      for (const field of entry.items) {
        const key = isScalar(field.key) ? field.key.value : undefined;
        if ((key === 'volume' || key === 'issue' || key === 'pages') && isScalar(field.value)) {
          if (typeof field.value.value === 'number' && field.value.source) field.value.value = field.value.source;
        }
      }
    }
  }
}

/**
 * Reads every file of the content folder: the YAML files, the news items and
 * the legal pages. Each file is checked with its own schema, then the rules
 * across files; every problem is located where it is found. Throws a
 * BuildError listing every problem, each with file, line and column.
 */
export async function readContent(
  contentDir: string,
  publicDir?: string,
  /** The build's date (YYYY-MM-DD): a statement reviewed more than 12 months before it is warned about. */
  today?: string,
  /** A publication that holds only its DOI: refused, or shown as pending (the dev server's preview). */
  doiOnlyEntry: DoiOnly = 'refuse',
): Promise<LoadedContent> {
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const origins: Origins = new Map();
  const markdown = new Map<string, Token[]>();

  const read = async (name: string, markdown: boolean, what: string): Promise<Source> => {
    const file = path.join(contentDir, name);
    let bytes: Uint8Array;
    try {
      bytes = await readFile(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      problems.push({
        where: relative(file),
        message:
          code === 'ENOENT'
            ? `is missing; it should hold ${what}`
            : `could not be read (${code ?? (error as Error).message})`,
      });
      bytes = new Uint8Array();
      return parseSource(file, bytes, markdown, what).source;
    }
    const result = parseSource(file, bytes, markdown, what);
    problems.push(...result.problems);
    warnings.push(...result.warnings);
    return result.source;
  };

  // News files: every file of news/ is one item, named by its date and id; anything else is said, not skipped.
  const newsDir = path.join(contentDir, 'news');
  const newsNames: string[] = [];
  for (const name of existsSync(newsDir) ? (await readdir(newsDir)).sort() : []) {
    if (name.startsWith('.')) continue; // .DS_Store and the like, which no one writes on purpose
    const where = relative(path.join(newsDir, name));
    const match = NEWS_FILE_NAME.exec(name);
    const dated = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(name);
    if (match) {
      const problem = calendarDateProblem(match[1]!);
      if (problem) problems.push({ where, message: `the date in the file name: ${problem}` });
      else newsNames.push(name);
    } else if (/\.(markdown|mdown|mkd|txt)$/i.test(name) || (/\.md$/i.test(name) && !name.endsWith('.md'))) {
      problems.push({
        where,
        message: `news files end in .md; rename it to ${name.replace(/\.[^.]+$/, '.md')}`,
      });
    } else {
      problems.push({
        where,
        message: `expected a news file named YYYY-MM-DD-<id>.md, such as 2026-11-01-autumn-meeting.md (the date, then an id of lower-case letters, digits and hyphens)${dated ? '' : '; the date is missing'}`,
      });
    }
  }

  const [site, themes, publications, members, privacy, terms, accessibility, ...news] = await Promise.all([
    read('site.yml', false, 'the site settings'),
    read('themes.yml', false, 'the list of research themes'),
    read('publications.yml', false, 'the publications under the id of their theme'),
    read('members.yml', false, 'countries: and members:'),
    read(
      path.join('legal', 'privacy-policy.md'),
      true,
      'the privacy policy: front matter with its title, the text below',
    ),
    read(
      path.join('legal', 'terms-of-service.md'),
      true,
      'the terms of service: front matter with its title, the text below',
    ),
    read(
      'accessibility.md',
      true,
      'the accessibility statement: front matter with title, compliance, enforcementBody, prepared and reviewed, the introduction below',
    ),
    ...newsNames.map((name) =>
      read(
        path.join('news', name),
        true,
        'a news item: front matter with title, date, link and type, the summary below',
      ),
    ),
  ]);
  if (problems.length > 0) throw new BuildError('Reading content', sorted(problems));

  numbersAsTyped(publications);
  const data = (source: Source) => source.doc.toJS() as unknown;
  const frontMatter = (source: Source) => {
    const value = data(source);
    return typeof value === 'object' && value !== null ? value : {};
  };
  const file = (source: Source, schema: v.GenericSchema, raw: unknown, label: Labeller = noLabel): CheckedFile => ({
    source,
    schema,
    raw,
    label,
  });
  const siteData = data(site);
  const files = {
    site: file(site, siteSchema, siteData),
    themes: file(themes, themesSchema, data(themes), labels.themes(data(themes))),
    publications: file(publications, publicationsSchema, data(publications), labels.publications(data(publications))),
    members: file(members, membersSchema, data(members), labels.members(data(members))),
    news: news.map((source, index) =>
      file(source, newsItemSchema, {
        ...frontMatter(source),
        id: NEWS_FILE_NAME.exec(newsNames[index]!)![2],
        summary: source.body?.text,
      }),
    ),
    privacy: file(privacy, legalPageSchema, { ...frontMatter(privacy), body: privacy.body?.text }),
    terms: file(terms, legalPageSchema, { ...frontMatter(terms), body: terms.body?.text }),
    accessibility: file(accessibility, accessibilityStatementSchema, {
      ...frontMatter(accessibility),
      body: accessibility.body?.text,
    }),
  };

  // The preview shows a publication that holds only its DOI as pending, with a note at it, instead of refusing it.
  const pending = doiOnlyEntry === 'pending' ? doiOnlyEntries(files.publications.raw) : [];
  if (pending.length > 0) {
    const standIns = withStandIns(files.publications);
    files.publications.raw = standIns.raw;
    warnings.push(...standIns.notes);
  }

  // Each file on its own.
  const output = new Map<CheckedFile, unknown>();
  const all = [
    files.site,
    files.themes,
    files.publications,
    files.members,
    ...files.news,
    files.privacy,
    files.terms,
    files.accessibility,
  ];
  // A publication typed as its DOI alone is told once, with the command that fills it, not as each missing field.
  const doiOnly = new Set(doiOnlyEntries(files.publications.raw).map(([theme, index]) => `${theme}\n${index}`));
  for (const checked of all) {
    const result = v.safeParse(checked.schema, checked.raw, { abortEarly: false });
    if (result.success) output.set(checked, result.output);
    else
      for (const issue of result.issues) {
        // A key of publications.yml that is no theme's id is told by the rule across files, with the id meant.
        const keyIssue = checked === files.publications && issue.path?.length === 1 && issue.path[0]!.origin === 'key';
        const inDoiOnly =
          checked === files.publications && doiOnly.has(`${issue.path?.[0]?.key}\n${issue.path?.[1]?.key}`);
        if (!keyIssue && !inDoiOnly) problems.push(describeIssue(checked, issue));
      }
  }
  problems.push(...doiOnlyProblems(files.publications));

  // Then the rules across files.
  problems.push(...crossFileProblems(files));

  // The links of the Markdown, and the files site.yml names.
  for (const checked of [...files.news, files.privacy, files.terms, files.accessibility]) {
    const { body } = checked.source;
    if (!body) continue;
    const tokens = lexMarkdown(body.text);
    markdown.set(body.text, tokens);
    const found = markdownLinks(checked.source, body.text, tokens, body.line, origins);
    problems.push(...found.problems);
    warnings.push(...found.warnings);
  }
  const publicFiles: Keys[] = [['logo'], ['ogImage'], ['about', 'illustration', 'src']];
  for (const keys of publicFiles) {
    const value = keys.reduce<unknown>((object, key) => at(object, key), siteData);
    if (typeof value !== 'string') continue;
    const { depth } = walk(site.doc, keys);
    if (depth !== keys.length) continue;
    addOrigin(origins, `/${value}`, () => locate(files.site, keys));
    if (publicDir && !existsSync(path.join(publicDir, value))) {
      problems.push({
        ...locate(files.site, keys),
        message: `expected a file that exists in ${relative(publicDir)}/, found "${value}", which is not there`,
      });
    }
  }

  // The home page's sections the navigation links to, so a broken one is traced to its line too.
  const navigation = at(siteData, 'navigation');
  const sectionLinks: Keys[] = [
    ...['header', 'footer'].flatMap((part) => {
      const links = at(navigation, part);
      return Array.isArray(links) ? links.map((_, index): Keys => ['navigation', part, index, 'section']) : [];
    }),
    ['navigation', 'join', 'section'],
  ];
  for (const keys of sectionLinks) {
    const section = keys.reduce<unknown>((object, key) => at(object, key), siteData);
    if (typeof section === 'string') addOrigin(origins, `/#${section}`, () => locate(files.site, keys));
  }

  if (problems.length > 0) throw new BuildError('Checking content', sorted(problems));
  const content = {
    site: output.get(files.site),
    themes: output.get(files.themes),
    publications: pendingPublications(output.get(files.publications) as SiteContent['publications'], pending),
    news: files.news.map((checked) => output.get(checked)),
    directory: output.get(files.members),
    legal: { privacy: output.get(files.privacy), terms: output.get(files.terms) },
    accessibility: output.get(files.accessibility),
  } as SiteContent;
  if (today) warnings.push(...staleReview(files.accessibility, content.accessibility.reviewed, today));
  content.news.sort((a, b) => (a.date === b.date ? a.id.localeCompare(b.id) : a.date < b.date ? 1 : -1));
  return { content, warnings: sorted(warnings), origins, markdown };
}

/** The content alone, for the tools that only render it. */
export async function loadContent(contentDir: string, publicDir?: string): Promise<SiteContent> {
  return (await readContent(contentDir, publicDir)).content;
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

const sorted = (problems: Problem[]) =>
  problems.sort((a, b) => a.where.localeCompare(b.where, 'en', { numeric: true }));

/** Settings still holding a placeholder: the build succeeds but says so. */
export function placeholderWarnings(content: SiteContent, contentDir: string): Problem[] {
  const file = relative(path.join(contentDir, 'site.yml'));
  const placeholder = /\.example(\/|$)/;
  const warnings: Problem[] = [];
  if (placeholder.test(content.site.contactEmail)) {
    warnings.push({
      where: `${file} › contactEmail`,
      message: `"${content.site.contactEmail}" is a placeholder; set the consortium's mailbox before going live`,
    });
  }
  if (placeholder.test(new URL(content.accessibility.enforcementBody.url).hostname)) {
    warnings.push({
      where: `${relative(path.join(contentDir, 'accessibility.md'))} › enforcementBody`,
      message: `"${content.accessibility.enforcementBody.url}" is a placeholder; set the name and address of the body that handles accessibility complaints in the consortium's member state before going live`,
    });
  }
  if (placeholder.test(content.site.siteUrl)) {
    warnings.push({
      where: `${file} › siteUrl`,
      message: `"${content.site.siteUrl}" is a placeholder; set the site's address (or SITE_URL) before going live`,
    });
  }
  return warnings;
}
