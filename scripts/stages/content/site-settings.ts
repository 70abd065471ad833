/**
 * content/site.yml for the commands that need only the site's settings (the
 * User-Agent of cite, check-links and verify; the site's own address, which
 * the link checker does not ask about): read and checked as the build reads
 * and checks it, so a mistake is told at its line, never passed over.
 */
import path from 'node:path';
import * as v from 'valibot';
import { siteSchema, type SiteSettings } from '../../../src/content/site.ts';
import { formatProblem, type Problem } from '../../lib/problems.ts';
import { type CheckedFile, describeIssue, noLabel } from './issues.ts';
import { readSource } from './read-source.ts';

/** What the site settings are said to hold when site.yml is missing or empty. */
export const SITE_SETTINGS = 'the site settings';

/** site.yml could not be read or checked: every problem, worded as the build words them. */
export class SettingsError extends Error {
  constructor(readonly problems: Problem[]) {
    const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
    super(`The site settings could not be read: ${count}\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'SettingsError';
  }
}

/** The settings of `contentDir`/site.yml; throws a SettingsError naming every problem at its line. */
export async function readSiteSettings(contentDir: string): Promise<SiteSettings> {
  const { source, problems } = await readSource(path.join(contentDir, 'site.yml'), false, SITE_SETTINGS);
  if (problems.length > 0) throw new SettingsError(problems);
  const file: CheckedFile = { source, schema: siteSchema, raw: source.doc.toJS(), label: noLabel };
  const result = v.safeParse(siteSchema, file.raw, { abortEarly: false });
  if (!result.success) throw new SettingsError(result.issues.map((issue) => describeIssue(file, issue)));
  return result.output;
}
