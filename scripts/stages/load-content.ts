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
  const content: Record<string, unknown> = {};
  const problems = [];
  for (const [key, file] of Object.entries(contentFiles)) {
    const fullPath = path.join(contentDir, file);
    try {
      const module = await import(`${pathToFileURL(fullPath).href}?v=${generation}`);
      if (!(key in module)) {
        problems.push({ where: relative(fullPath), message: `expected an export named "${key}"` });
      }
      content[key] = module[key];
    } catch (error) {
      problems.push({ where: relative(fullPath), message: `could not be loaded: ${(error as Error).message.split('\n')[0]}` });
    }
  }
  if (problems.length > 0) throw new BuildError('Loading content', problems);
  return content as unknown as SiteContent;
}

export const relative = (file: string) => path.relative(process.cwd(), file).split(path.sep).join('/');
