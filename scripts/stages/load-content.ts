import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteContent } from '../../content/types.ts';
import { BuildError } from '../lib/problems.ts';

/** Which file each part of the content comes from, so problems can name it. */
export const contentFiles = {
  site: 'site.ts',
  themes: 'themes.ts',
  publications: 'publications.ts',
  news: 'news.ts',
  directory: 'members.ts',
  legal: 'legal.ts',
} as const satisfies Record<keyof SiteContent, string>;

let generation = 0;

/**
 * Imports every content module afresh. The query string gives each load its
 * own module instance, so the dev server sees edits without restarting.
 */
export async function loadContent(contentDir: string): Promise<SiteContent> {
  generation += 1;
  // All at once: each import is a round trip to tsx's loader thread, so one
  // after the other they would wait on each other for nothing.
  const loaded = await Promise.all(
    Object.entries(contentFiles).map(async ([key, file]) => {
      const fullPath = path.join(contentDir, file);
      try {
        const module = await import(`${pathToFileURL(fullPath).href}?v=${generation}`);
        if (!(key in module)) return { key, problem: { where: relative(fullPath), message: `expected an export named "${key}"` } };
        return { key, value: module[key] as unknown };
      } catch (error) {
        return { key, problem: { where: relative(fullPath), message: `could not be loaded: ${(error as Error).message.split('\n')[0]}` } };
      }
    }),
  );
  const content: Record<string, unknown> = {};
  const problems = [];
  for (const result of loaded) {
    content[result.key] = result.value;
    if (result.problem) problems.push(result.problem);
  }
  if (problems.length > 0) throw new BuildError('Loading content', problems);
  return content as unknown as SiteContent;
}

export const relative = (file: string) => path.relative(process.cwd(), file).split(path.sep).join('/');
