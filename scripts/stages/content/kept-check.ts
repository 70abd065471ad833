/**
 * The content's check kept between builds (lib/kept-results.ts), by the bytes of every content file, the check's
 * options and the command's code: a build of content that has not changed since the last reads the content as the
 * pages take it, and the warnings, instead of parsing the YAML and checking it again (on a warm build, a quarter of
 * the time after start-up went to the YAML parser before V8 had made it fast). The files of public/ the check looked
 * for are looked for again: one removed or added since is a new check. A check that refuses the content is never
 * kept, so its problems are always found and worded as they are now.
 *
 * What is kept has no positions: where the content writes each link is worked out, by checking the content again,
 * only when the output check finds that link broken.
 */
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Token } from 'marked';
import type { SiteContent } from '../../../src/content/site-content.ts';
import { KeptResults } from '../../lib/kept-results.ts';
import type { Problem } from '../../lib/problems.ts';
import type { CheckOptions, LoadedContent } from './check-content.ts';
import type { Origins } from './markdown-links.ts';
import { relative } from './source.ts';

interface KeptCheck {
  content: SiteContent;
  warnings: Problem[];
  /** The Markdown texts, lexed again through the tokens kept of them (markdown-tokens.ts). */
  texts: string[];
  /** Each path the content links to, and at how many places it is written. */
  origins: [string, number][];
  /** The files of public/ the check looked for, and whether each was there. */
  looked: [string, boolean][];
}

/** A check whose content JSON does not give back as it is (a number YAML reads as infinite): made every time. */
interface NotKept {
  notKept: true;
}

export interface KeptCheckInputs {
  /** Where the build keeps what it made (BuildOptions.keptIn). */
  folder: string;
  /** The code of the build command (BuildOptions.code). */
  code: string;
  /** The check's options besides the files of public/ (the build's date, DOI-only entries). */
  options: Omit<CheckOptions, 'publicFiles' | 'lex'>;
  /** Every content file, with its bytes. */
  files: { file: string; bytes: Uint8Array }[];
  publicFiles: CheckOptions['publicFiles'];
  lex: (text: string) => Token[];
}

/** A few versions of the content: each is the size of the content as JSON. */
const keepUnusedAtMost = 8;

/** `check(publicFiles)`'s result, kept by the inputs; `check` throws when the content is refused. */
export function keptCheck(
  inputs: KeptCheckInputs,
  check: (publicFiles: CheckOptions['publicFiles']) => LoadedContent,
): LoadedContent {
  const { publicFiles } = inputs;
  const stillThere = (looked: [string, boolean][]) =>
    looked.every(([name, there]) => publicFiles !== undefined && publicFiles.exists(name) === there);
  const isResult = (value: unknown): value is KeptCheck | NotKept =>
    isKeptCheck(value) && ('notKept' in value || stillThere(value.looked));
  const kept = new KeptResults(path.join(inputs.folder, 'content-check.tsv'), isResult, inputs.code, keepUnusedAtMost);
  let checked: LoadedContent | undefined;
  const result = kept.of(keyOf(inputs), () => {
    const looked = new Map<string, boolean>();
    const looking = publicFiles && {
      folder: publicFiles.folder,
      exists: (name: string) => {
        const there = publicFiles.exists(name);
        looked.set(name, there);
        return there;
      },
    };
    checked = check(looking);
    return toKeep(checked, [...looked]);
  });
  if (checked) return checked;
  if ('notKept' in result) return check(publicFiles);
  return fromKept(result, inputs.lex, () => check(publicFiles).origins);
}

/** What is kept of a check: its content, warnings and Markdown texts, and its origins counted. */
function toKeep(checked: LoadedContent, looked: [string, boolean][]): KeptCheck | NotKept {
  const kept: KeptCheck = {
    content: checked.content,
    warnings: checked.warnings,
    texts: [...checked.markdown.keys()],
    origins: [...checked.origins].map(([where, list]) => [where, list.length]),
    looked,
  };
  const back = JSON.parse(JSON.stringify(kept)) as KeptCheck;
  return isDeepStrictEqual(back, kept) ? kept : { notKept: true };
}

/** The check as it was, its origins located only when one is asked for (a broken link), by checking again. */
function fromKept(kept: KeptCheck, lex: (text: string) => Token[], originsOfCheck: () => Origins): LoadedContent {
  let located: Origins | undefined;
  const origins: Origins = new Map(
    kept.origins.map(([where, count]) => [
      where,
      Array.from({ length: count }, (_, index) => () => {
        located ??= originsOfCheck();
        const origin = located.get(where)?.[index];
        return origin ? origin() : { where };
      }),
    ]),
  );
  const markdown = new Map(kept.texts.map((text) => [text, lex(text)]));
  return { content: kept.content, warnings: kept.warnings, origins, markdown };
}

/** The key: the options, each file's place (problems name it) and length, then the bytes of every file. */
function keyOf({ options, files, publicFiles }: KeptCheckInputs): Uint8Array {
  const header = JSON.stringify({
    options,
    publicFolder: publicFiles?.folder ?? null,
    files: files.map(({ file, bytes }) => [relative(file), bytes.length]),
  });
  return Buffer.concat([Buffer.from(`${header}\n`), ...files.map((file) => file.bytes)]);
}

const isKeptCheck = (value: unknown): value is KeptCheck | NotKept => {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if (record.notKept === true) return true;
  return (
    typeof record.content === 'object' &&
    record.content !== null &&
    ['warnings', 'texts', 'origins', 'looked'].every((key) => Array.isArray(record[key]))
  );
};
