import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { markdownLexer } from './content/markdown-tokens.ts';
import type { SiteContent } from '../../src/content/site-content.ts';
import { BuildError, type Problem } from '../lib/problems.ts';
import {
  CONTENT_FILES,
  type CheckOptions,
  type ContentFileName,
  type ContentSources,
  checkContent,
  type LoadedContent,
  NEWS_ITEM,
  newsFileProblem,
} from './content/check-content.ts';
import { keptCheck } from './content/kept-check.ts';
import { readBytes, sourceOf } from './content/site-settings.ts';
import { relative, type Source } from './content/source.ts';
import { sortedByPlace } from './content/place-order.ts';

export type { LoadedContent } from './content/check-content.ts';

export interface LoadOptions extends Omit<CheckOptions, 'publicFiles' | 'lex'> {
  /** The folder the files site.yml names (logo, images) must exist in; unchecked without it. */
  publicDir?: string;
  /** The folder where the build keeps what it made from unchanged bytes (the Markdown's tokens); none: nothing kept. */
  keptIn?: string;
  /** The code of the build command as a whole (BuildOptions.code): the check of unchanged content is kept only under it. */
  code?: string;
}

/**
 * Reads every file of the content folder: the YAML files, the news items and
 * the legal pages, and checks them (content/check-content.ts): each file with
 * its own schema, then the rules across files; every problem is located where
 * it is found. Throws a BuildError listing every problem, each with file, line
 * and column. With the command's code named, the check of the same bytes is
 * kept between builds (content/kept-check.ts).
 */
export async function loadContent(contentDir: string, options: LoadOptions = {}): Promise<LoadedContent> {
  const { publicDir, keptIn, code, ...check } = options;
  const folder = await readFolder(contentDir);
  const publicFiles = publicDir
    ? { folder: relative(publicDir), exists: (name: string) => existsSync(path.join(publicDir, name)) }
    : undefined;
  const lex = markdownLexer(keptIn);
  const checked = (files: CheckOptions['publicFiles']) =>
    checkContent(parseSources(folder), { ...check, publicFiles: files, lex });
  const read = [...folder.named.map(([, file]) => file), ...folder.news];
  if (!keptIn || !code || folder.problems.length > 0 || !read.every(isRead)) return checked(publicFiles);
  return keptCheck({ folder: keptIn, code, options: check, files: read, publicFiles, lex }, checked);
}

/** The news folder's file names; anything but a dated news file is said, not skipped. */
async function newsFileNames(newsDir: string): Promise<{ names: string[]; problems: Problem[] }> {
  const names: string[] = [];
  const problems: Problem[] = [];
  for (const name of existsSync(newsDir) ? (await readdir(newsDir)).sort() : []) {
    if (name.startsWith('.')) continue; // .DS_Store and the like, which no one writes on purpose
    const problem = newsFileProblem(name, relative(path.join(newsDir, name)));
    if (problem) problems.push(problem);
    else names.push(name);
  }
  return { names, problems };
}

/** A content file as read: where it is, what it should hold, and its bytes or why they could not be read. */
interface FolderFile {
  file: string;
  what: string;
  bytes: Uint8Array | NodeJS.ErrnoException;
}

const isRead = (file: FolderFile): file is FolderFile & { bytes: Uint8Array } => file.bytes instanceof Uint8Array;

/** The content folder as read: each named file, each news item by its file name, and the news names refused. */
interface ContentFolder {
  named: [ContentFileName, FolderFile][];
  news: (FolderFile & { name: string })[];
  problems: Problem[];
}

/** Every content file read (parsed by parseSources). */
async function readFolder(contentDir: string): Promise<ContentFolder> {
  const news = await newsFileNames(path.join(contentDir, 'news'));
  const read = async (name: string, what: string): Promise<FolderFile> => {
    const file = path.join(contentDir, name);
    return { file, what, bytes: await readBytes(file) };
  };
  const files = Object.entries(CONTENT_FILES) as [ContentFileName, readonly [string, string]][];
  const [named, items] = await Promise.all([
    Promise.all(
      files.map(async ([key, [name, what]]) => [key, await read(name, what)] as [ContentFileName, FolderFile]),
    ),
    Promise.all(news.names.map(async (name) => ({ name, ...(await read(`news/${name}`, NEWS_ITEM)) }))),
  ]);
  return { named, news: items, problems: news.problems };
}

/** Every content file parsed; a file that cannot be (missing, not UTF-8, not YAML) stops here. */
function parseSources(folder: ContentFolder): ContentSources {
  const problems = [...folder.problems];
  const warnings: Problem[] = [];
  const parse = ({ file, what, bytes }: FolderFile): Source => {
    const result = sourceOf(file, bytes, file.endsWith('.md'), what);
    problems.push(...result.problems);
    warnings.push(...result.warnings);
    return result.source;
  };
  const named = folder.named.map(([key, file]) => [key, parse(file)] as const);
  const news = folder.news.map((file) => ({ name: file.name, source: parse(file) }));
  if (problems.length > 0) throw new BuildError('Reading content', sortedByPlace(problems));
  return { ...(Object.fromEntries(named) as Record<ContentFileName, Source>), news, warnings };
}

/** Whether a setting still holds the README's placeholder, on the reserved .example domain. */
export const isPlaceholder = (value: string) => /\.example(\/|$)/.test(value);

/** Settings still holding a placeholder: the build succeeds but says so. */
export function placeholderWarnings(content: SiteContent, contentDir: string): Problem[] {
  const file = relative(path.join(contentDir, 'site.yml'));
  const warnings: Problem[] = [];
  if (isPlaceholder(content.site.contactEmail)) {
    warnings.push({
      where: `${file} › contactEmail`,
      message: `"${content.site.contactEmail}" is a placeholder; set the consortium's mailbox before going live`,
    });
  }
  if (isPlaceholder(new URL(content.accessibility.enforcementBody.url).hostname)) {
    warnings.push({
      where: `${relative(path.join(contentDir, 'accessibility.md'))} › enforcementBody`,
      message: `"${content.accessibility.enforcementBody.url}" is a placeholder; set the name and address of the body that handles accessibility complaints in the consortium's member state before going live`,
    });
  }
  if (isPlaceholder(content.site.siteUrl)) {
    warnings.push({
      where: `${file} › siteUrl`,
      message: `"${content.site.siteUrl}" is a placeholder; set the site's address (or SITE_URL) before going live`,
    });
  }
  return warnings;
}
