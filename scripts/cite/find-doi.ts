/**
 * `fill --find-dois`: a DOI for an entry that has none, looked up by a
 * bibliographic query to Crossref's REST API (CROSSREF_API, or
 * https://api.crossref.org) through the one polite client, and proposed only
 * when exactly one record agrees with the entry on its title, year and first
 * author. The DOI is written like any filled field, for a person to review in
 * the pull request; anything less certain is reported and left alone.
 */
import { trimTrailingSlashes } from '../../src/urls.ts';
import type { HttpClient, HttpError } from '../lib/http-client.ts';
import { bareDoi } from '../../src/doi.ts';
import { foldAccents } from '../../src/text.ts';
import { titleKey } from './publications-file.ts';
import { askWithin, type ResolverOptions, registryClient } from './resolver.ts';
import { plainText } from '../lib/untrusted-text.ts';

export interface Wanted {
  title: string;
  year: unknown;
  /** The first author's (or editor's) family name, as the content writes it. */
  family: string;
}

export type Found =
  | { ok: true; doi: string }
  /** `unanswered`: the query could not be checked (no network, Crossref failing after the retries, no list of works). */
  | { ok: false; reason: string; offline?: HttpError; unanswered?: true };

interface WorkItem {
  DOI?: string;
  title?: string[];
  issued?: { 'date-parts'?: (number | null)[][] };
  author?: { family?: string; name?: string }[];
}

/** A family name as two spellings of it share it: accents, case and punctuation set aside. */
const nameKey = (name: string) =>
  foldAccents(name)
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, '');

async function findOne(wanted: Wanted, client: HttpClient, api: string, options: ResolverOptions): Promise<Found> {
  const query = [wanted.title, wanted.family, typeof wanted.year === 'number' ? wanted.year : ''].join(' ').trim();
  const url = `${trimTrailingSlashes(api)}/works?query.bibliographic=${encodeURIComponent(query)}&rows=20&select=DOI,title,author,issued`;
  const answer = await client.request(url, { accept: 'application/json', ...askWithin(options) });
  if (answer.kind === 'error')
    return { ok: false, reason: answer.message, unanswered: true, ...(answer.offline ? { offline: answer } : {}) };
  // Whatever is not a list of works could not be checked: asking later may answer it.
  if (answer.status === 429 || answer.status >= 500) {
    const wait =
      answer.retryAfterMs === undefined ? '' : ` and asked to wait ${Math.ceil(answer.retryAfterMs / 1000)} s`;
    return {
      ok: false,
      reason: `the registry answered ${answer.status}${wait}, ${answer.tries} tries`,
      unanswered: true,
    };
  }
  if (answer.status !== 200) return { ok: false, reason: `the registry answered ${answer.status}`, unanswered: true };
  let items: WorkItem[];
  try {
    items = (JSON.parse(answer.body.toString('utf8')) as { message: { items: WorkItem[] } }).message.items;
    if (!Array.isArray(items)) throw new Error('no items');
  } catch {
    return { ok: false, reason: 'the registry answered with something that is not a list of works', unanswered: true };
  }
  const key = titleKey(wanted.title, wanted.year);
  const family = nameKey(wanted.family);
  const matches = new Set<string>();
  for (const item of items) {
    const title = item.title?.[0];
    const year = item.issued?.['date-parts']?.[0]?.[0];
    const first = item.author?.[0];
    const doi = item.DOI ? bareDoi(item.DOI) : null;
    if (!title || !doi || !first) continue;
    if (titleKey(plainText(title, 'title'), year) !== key) continue;
    if (nameKey(first.family ?? first.name ?? '') !== family) continue;
    matches.add(doi.toLowerCase());
  }
  if (matches.size === 1) return { ok: true, doi: [...matches][0]! };
  if (matches.size === 0) return { ok: false, reason: 'no record agrees on title, year and first author' };
  return {
    ok: false,
    reason: `${matches.size} records agree on title, year and first author (${[...matches].join(', ')}); add the right one by hand`,
  };
}

/** A DOI, or why not, for each entry, at most `concurrency` queries at once, in the order given. */
export function findDois(wanted: readonly Wanted[], options: ResolverOptions, api: string): Promise<Found[]> {
  const client = registryClient(options);
  return Promise.all(wanted.map((one) => findOne(one, client, api, options)));
}
