/**
 * The best legal free copy of a paper, asked of Unpaywall by its DOI
 * (`https://api.unpaywall.org/v2/<doi>?email=…`; OPEN_ACCESS_API sets another
 * address, as DOI_RESOLVER does for the registry), through the one polite
 * client. Unpaywall asks every caller for an e-mail address: the site's
 * contact mailbox, or the one given with --email, never the README's
 * placeholder (Unpaywall refuses addresses on example domains).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { parse } from 'yaml';
import { email as emailSchema } from '../../src/content/fields.ts';
import type { FREE_COPY_VERSIONS } from '../../src/content/publications.ts';
import { trimTrailingSlashes } from '../../src/urls.ts';
import type { HttpError, HttpResult } from '../lib/http-client.ts';
import { displayPath } from '../lib/problems.ts';
import { isPlaceholder } from '../stages/load-content.ts';
import { askWithin, type ResolverOptions, registryClient } from './resolver.ts';
import { safeUrl, UntrustedTextError } from '../lib/untrusted-text.ts';
import { services } from '../lib/services.ts';

/** Which version the free copy is: the publisher's, the accepted manuscript, or the version submitted (a preprint). */
type CopyVersion = (typeof FREE_COPY_VERSIONS)[number];

export type OpenAccess =
  /** `version` is null when Unpaywall does not say which version the copy is. */
  | { doi: string; found: 'copy'; url: string; version: CopyVersion | null }
  | { doi: string; found: 'none' }
  /** Unpaywall does not know the DOI (404): a DataCite or mEDRA DOI, or one not registered. */
  | { doi: string; found: 'unknown-doi' }
  | { doi: string; found: 'failed'; reason: string; offline?: HttpError };

const VERSIONS: Record<string, CopyVersion> = {
  publishedVersion: 'published',
  acceptedVersion: 'accepted',
  submittedVersion: 'preprint',
};

const plural = (count: number) => `${count} ${count === 1 ? 'try' : 'tries'}`;

/** The failures an answer can be, in words; undefined for a 200 to read. */
function failure(doi: string, answer: HttpResult): OpenAccess | undefined {
  if (answer.kind === 'error') {
    const reason =
      answer.code === 'ETIMEDOUT' && answer.message.startsWith('no answer')
        ? 'Unpaywall did not answer in time'
        : answer.message;
    return {
      doi,
      found: 'failed',
      reason: `${reason}, ${plural(answer.tries)}`,
      ...(answer.offline && { offline: answer }),
    };
  }
  if (answer.status === 404) return { doi, found: 'unknown-doi' };
  if (answer.status === 422)
    return { doi, found: 'failed', reason: 'Unpaywall refused the e-mail address (422); give a real mailbox' };
  if (answer.status < 200 || answer.status >= 300) {
    const wait =
      answer.retryAfterMs === undefined ? '' : ` and asked to wait ${Math.ceil(answer.retryAfterMs / 1000)} s`;
    return { doi, found: 'failed', reason: `Unpaywall answered ${answer.status}${wait}, ${plural(answer.tries)}` };
  }
  return undefined;
}

/** Unpaywall's record read as the best free copy: `best_oa_location`'s PDF, else its page; none when it has none. */
function bestCopy(doi: string, record: unknown): OpenAccess {
  const failed = (reason: string): OpenAccess => ({ doi, found: 'failed', reason });
  if (typeof record !== 'object' || record === null || !('is_oa' in record))
    return failed('Unpaywall answered with something that is not one of its records');
  const { is_oa: isOa, best_oa_location: best } = record as { is_oa: unknown; best_oa_location?: unknown };
  if (isOa !== true || typeof best !== 'object' || best === null) return { doi, found: 'none' };
  const location = best as Record<string, unknown>;
  const address = [location.url_for_pdf, location.url, location.url_for_landing_page].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  if (!address) return { doi, found: 'none' };
  try {
    const url = safeUrl(address, 'free copy’s address');
    return { doi, found: 'copy', url, version: VERSIONS[String(location.version)] ?? null };
  } catch (error) {
    if (error instanceof UntrustedTextError) return failed(`the record cannot be used: ${error.message}`);
    throw error;
  }
}

/**
 * The best free copy of each DOI, in the order given, at most `concurrency`
 * requests at once. Never throws: a failure is a reason in words, and one
 * without network carries `offline` for `offlineLine`.
 */
export async function findOpenAccess(
  dois: readonly string[],
  options: { email: string; resolver: ResolverOptions; api?: string },
): Promise<OpenAccess[]> {
  const client = registryClient(options.resolver);
  const api = trimTrailingSlashes(options.api ?? services.openAccessApi.address);
  return Promise.all(
    dois.map(async (doi) => {
      const address = `${api}/${doi.split('/').map(encodeURIComponent).join('/')}?email=${encodeURIComponent(options.email)}`;
      const answer = await client.request(address, { accept: 'application/json', ...askWithin(options.resolver) });
      const failed = failure(doi, answer);
      if (failed || answer.kind === 'error') return failed!;
      let record: unknown;
      try {
        record = JSON.parse(answer.body.toString('utf8'));
      } catch {
        record = undefined;
      }
      return bestCopy(doi, record);
    }),
  );
}

/**
 * The e-mail address Unpaywall is asked with: --email when given, else the
 * site's contact mailbox (contactEmail of site.yml). Refused, in one line
 * that says what to do, while it is not an address or is still the placeholder.
 */
export async function openAccessEmail(
  contentDir: string,
  typed?: string,
): Promise<{ email: string } | { refused: string }> {
  const settings = displayPath(path.join(contentDir, 'site.yml'));
  let email = typed?.trim();
  if (email === undefined) {
    try {
      const site = parse(await readFile(path.join(contentDir, 'site.yml'), 'utf8')) as {
        contactEmail?: unknown;
      } | null;
      email = typeof site?.contactEmail === 'string' ? site.contactEmail.trim() : undefined;
    } catch {
      email = undefined;
    }
  }
  const from = typed === undefined ? `contactEmail in ${settings}` : '--email';
  const fix = `set contactEmail in ${settings} to the consortium's mailbox (README, "Settings to fill in"), or give one with --email`;
  if (!email)
    return {
      refused: `Unpaywall, which finds free copies, needs an e-mail address and ${settings} has no contactEmail: ${fix}. Nothing was asked.`,
    };
  if (!v.is(emailSchema, email))
    return {
      refused: `Unpaywall needs an e-mail address, and ${from} "${email}" is not one: ${fix}. Nothing was asked.`,
    };
  if (isPlaceholder(email))
    return {
      refused: `Unpaywall needs a real e-mail address, and ${from} is still the placeholder "${email}": ${fix}. Nothing was asked.`,
    };
  return { email };
}
