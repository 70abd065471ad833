/**
 * Locally, after a save, a link to the page it changed on the dev site, as
 * the live site's panel gives once a change is published: which page, by
 * the same function (deploy/entry-page.ts, changedPages).
 */
import { parse } from 'yaml';
import type { SiteContent } from '../../../src/content-schema.ts';
import { changedPages } from '../deploy/entry-page.ts';
import type { ContentTexts } from './check.ts';

/** The entry last let through by the check: its collection, entry, file and data, and the files before it. */
interface Saving {
  collection: string;
  slug: string;
  path: string;
  after: Record<string, unknown>;
  files: ContentTexts;
}

let saving: Saving | undefined;

/** The check let a save through: once the build has it, its page is linked. */
export function noteSaving(entry: Saving) {
  saving = entry;
}

const record = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The site's root, where its pages are: /admin/ is a folder of it. */
const siteRoot = () => new URL('..', location.href);

/**
 * The links to the pages the last save changed, when the build `files` names is of it (paths as the dev server
 * names them, content/… or without content/); else nothing.
 */
export function changedPageLinks(files: string[]): HTMLParagraphElement | undefined {
  const entry = saving;
  if (!entry || !files.some((file) => entry.path.endsWith(file))) return undefined;
  const themes = (parse(entry.files['content/themes.yml'] ?? '') ?? []) as SiteContent['themes'];
  // What the file held before: a YAML file's data (which themes' publications changed); a news item is one page.
  const before = entry.path.endsWith('.yml') ? record(parse(entry.files[entry.path] ?? '') as unknown) : undefined;
  const pages = changedPages(
    { collection: entry.collection, slug: entry.slug, ...(before ? { before } : {}), after: entry.after },
    Array.isArray(themes) ? themes : [],
  );
  const links = document.createElement('p');
  links.append('See it on the site: ');
  for (const [index, page] of pages.entries()) {
    const link = Object.assign(document.createElement('a'), {
      href: new URL(page.replace(/^\//, ''), siteRoot()).href,
      textContent: page,
    });
    links.append(index ? ' · ' : '', link);
  }
  return links;
}
