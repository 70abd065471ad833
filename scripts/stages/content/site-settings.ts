import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { siteSchema, type SiteSettings } from '../../../src/content/site.ts';
import { countLabel } from '../../../src/format.ts';
import { formatProblem, type Problem } from '../../lib/problems.ts';
import { type CheckedFile, describeIssue, noLabel } from './issues.ts';
import { parseSource, type ReadResult, relative } from './source.ts';

/** A content file read and parsed (parseSource); a missing or unreadable one is a problem, with an empty source. */
const readSource = async (file: string, markdown: boolean, what: string): Promise<ReadResult> =>
  sourceOf(file, await readBytes(file), markdown, what);

/** A file's bytes, or why they could not be read. */
export const readBytes = (file: string): Promise<Uint8Array | NodeJS.ErrnoException> =>
  readFile(file).catch((error: NodeJS.ErrnoException) => error);

/** readSource on what readBytes gave. */
export function sourceOf(
  file: string,
  bytes: Uint8Array | NodeJS.ErrnoException,
  markdown: boolean,
  what: string,
): ReadResult {
  if (bytes instanceof Uint8Array) return parseSource(file, bytes, markdown, what);
  const message =
    bytes.code === 'ENOENT'
      ? `is missing; it should hold ${what}`
      : `could not be read (${bytes.code ?? bytes.message})`;
  const { source } = parseSource(file, new Uint8Array(), markdown, what);
  return { source, problems: [{ where: relative(file), message }], warnings: [] };
}

/** site.yml could not be read or checked: every problem, worded as the build words them. */
export class SettingsError extends Error {
  constructor(readonly problems: Problem[]) {
    super(
      `The site settings could not be read: ${countLabel(problems.length, 'problem')}\n${problems.map(formatProblem).join('\n')}`,
    );
  }
}

/** site.yml for the commands' User-Agent, read and checked as the build does: a mistake is told at its line. */
export async function readSiteSettings(contentDir: string): Promise<SiteSettings> {
  const { source, problems } = await readSource(path.join(contentDir, 'site.yml'), false, 'the site settings');
  if (problems.length > 0) throw new SettingsError(problems);
  const file: CheckedFile = { source, schema: siteSchema, raw: source.doc.toJS(), label: noLabel };
  const result = v.safeParse(siteSchema, file.raw, { abortEarly: false });
  if (!result.success) throw new SettingsError(result.issues.map((issue) => describeIssue(file, issue)));
  return result.output;
}
