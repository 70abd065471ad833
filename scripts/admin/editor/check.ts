/**
 * The build's content check, run by the editor before it saves: the files of
 * content/ as the site has them (admin/content.json), with the entry being
 * saved in place of its file, checked by checkContent, the build's own
 * function, as `npm run dev` checks them (a paper that holds only its DOI is
 * pending, not refused). A save is refused for what it brings: every problem
 * of the file being saved, and a problem elsewhere that the files did not have
 * without it (a theme left without publications). It reads nothing and runs
 * alike in the browser and under Node, where the tests hold it to the build.
 */
import { BuildError, type Problem } from '../../lib/problems.ts';
import {
  CONTENT_FILES,
  type ContentFileName,
  type ContentSources,
  checkContent,
  NEWS_ITEM,
  newsFileProblem,
} from '../../stages/content/check-content.ts';
import type { Origins } from '../../stages/content/markdown-links.ts';
import { parseSource, type Source } from '../../stages/content/source.ts';

/** The content folder, as the repository and the CMS's configuration name it. */
const CONTENT_FOLDER = 'content';

/** The content's files by their path in the repository (content/site.yml, content/news/….md), as text. */
export type ContentTexts = Record<string, string>;

export interface ContentCheck {
  problems: Problem[];
  warnings: Problem[];
  /** The site paths the content links to, with where each is written (only when there are no problems). */
  origins: Origins;
}

const encoder = new TextEncoder();

/** The files read as the build reads them (parseSource): the sources, and what stops the check there. */
function sourcesOf(files: ContentTexts): { sources: ContentSources; problems: Problem[] } {
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const read = (name: string, what: string): Source => {
    const file = `${CONTENT_FOLDER}/${name}`;
    const text = files[file];
    const result = parseSource(file, encoder.encode(text ?? ''), name.endsWith('.md'), what);
    if (text === undefined) problems.push({ where: file, message: `is missing; it should hold ${what}` });
    else problems.push(...result.problems);
    warnings.push(...result.warnings);
    return result.source;
  };
  const named = Object.fromEntries(
    (Object.entries(CONTENT_FILES) as [ContentFileName, readonly [string, string]][]).map(([key, [name, what]]) => [
      key,
      read(name, what),
    ]),
  ) as Record<ContentFileName, Source>;
  const news: ContentSources['news'] = [];
  const folder = `${CONTENT_FOLDER}/news/`;
  for (const file of Object.keys(files).sort()) {
    const name = file.slice(folder.length);
    if (!file.startsWith(folder) || name.includes('/') || name.startsWith('.')) continue;
    const problem = newsFileProblem(name, file);
    if (problem) problems.push(problem);
    else news.push({ name, source: read(`news/${name}`, NEWS_ITEM) });
  }
  return { sources: { ...named, news, warnings }, problems };
}

/** Every file checked together, as the dev server's build checks them. */
export function checkFiles(files: ContentTexts): ContentCheck {
  const { sources, problems } = sourcesOf(files);
  if (problems.length > 0) return { problems, warnings: [], origins: new Map() };
  try {
    const { warnings, origins } = checkContent(sources, { doiOnly: 'pending' });
    return { problems: [], warnings, origins };
  } catch (error) {
    if (error instanceof BuildError) return { problems: error.problems, warnings: [], origins: new Map() };
    throw error;
  }
}

/** The file a problem is in, as the repository names it. */
export const fileOf = (problem: Problem): string =>
  problem.field?.file ?? /^(.+?)(?::\d+(?::\d+)?)?(?: › |$)/.exec(problem.where)?.[1] ?? problem.where;

const told = (problem: Problem) => `${problem.where}\n${problem.message}`;

/** A file about to be written: its path in the repository and its text. */
export interface Saving {
  path: string;
  text: string;
}

/**
 * What saving `saving` over `files` would bring: the problems of its file and the new ones elsewhere, and the
 * warnings of its file. `before` is the check of `files` as they are, when already made.
 */
export function checkSave(files: ContentTexts, saving: Saving, before = checkFiles(files)): ContentCheck {
  const after = checkFiles({ ...files, [saving.path]: saving.text });
  const known = new Set(before.problems.map(told));
  const noted = new Set(before.warnings.map((warning) => fileOf(warning) + warning.message));
  return {
    problems: after.problems.filter((problem) => fileOf(problem) === saving.path || !known.has(told(problem))),
    // The file's notes the save brings (the same note about an entry left as it was is no news).
    warnings: after.warnings.filter(
      (warning) => fileOf(warning) === saving.path && !noted.has(fileOf(warning) + warning.message),
    ),
    origins: after.origins,
  };
}
