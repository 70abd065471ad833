import type { LookupFunction } from 'node:net';
import { type Clock, systemClock } from '../lib/clock.ts';
import { HttpClient, type HttpError, siteUserAgent } from '../lib/http-client.ts';
import { readSiteSettings } from '../stages/content/site-settings.ts';
import { readCache, writeCache } from './cache.ts';
import { type CheckSettings, checkLink } from './check.ts';
import { externalLinks } from './collect.ts';
import { findSources } from './sources.ts';
import type { LinkReport, LinkResult } from './types.ts';
import { services } from '../lib/services.ts';

export interface RunOptions {
  distDir: string;
  contentDir: string;
  /** Content file paths are shown relative to this folder. */
  relativeTo: string;
  cacheFile: string;
  /** Cached results younger than this are used instead of asking again. */
  maxAgeMs: number;
  /** Ignore the cache (results are still written to it). */
  fresh: boolean;
  timeoutMs: number;
  concurrency: number;
  hostGapMs: number;
  check: CheckSettings;
  lookup?: LookupFunction;
  /** The clock of the waits, time limits and the cache's age; the system's by default. */
  clock?: Clock;
}

export const defaults = {
  maxAgeMs: 24 * 60 * 60 * 1000,
  timeoutMs: 15_000,
  concurrency: 4,
  hostGapMs: 500,
  check: {
    doiHandleApi: services.doiHandleApi.address,
    orcidApi: services.orcidApi.address,
    retryAfterCapMs: 60_000,
    retryDelayMs: 2_000,
  },
} satisfies Partial<RunOptions>;

/** Checks every external link of a built site, asking only what the cache does not know; a SettingsError for site.yml. */
export async function checkSite(options: RunOptions): Promise<LinkReport & { unreachable?: HttpError }> {
  const site = await readSiteSettings(options.contentDir);
  const links = await externalLinks(options.distDir, [new URL(site.siteUrl).origin]);
  const urls = [...links.keys()];
  const sources = await findSources(options.contentDir, urls, options.relativeTo);
  const clock = options.clock ?? systemClock;
  const cached = options.fresh
    ? new Map<string, LinkResult>()
    : await readCache(options.cacheFile, options.maxAgeMs, clock.now());
  const toCheck = urls.filter((url) => !cached.has(url));

  const client = new HttpClient({
    userAgent: siteUserAgent(site, 'link-check'),
    timeoutMs: options.timeoutMs,
    perHost: 1,
    concurrency: options.concurrency,
    hostGapMs: options.hostGapMs,
    lookup: options.lookup,
    clock,
  });

  // Whether the DOI API's host name can be looked up: a quick, private sign of being online.
  const unreachable = toCheck.some((url) => !url.startsWith('mailto:'))
    ? await client.reachable(options.check.doiHandleApi)
    : undefined;
  if (unreachable) return { offline: true, unreachable, links: [], requests: 0, fromCache: 0 };

  const fresh = await Promise.all(toCheck.map((url) => checkLink(url, client, options.check)));
  const results = new Map<string, LinkResult>([...cached, ...fresh.map((result) => [result.url, result] as const)]);

  writeCache(options.cacheFile, [...results.values()]);

  return {
    offline: false,
    requests: client.requests,
    fromCache: urls.length - toCheck.length,
    links: urls.map((url) => ({ ...results.get(url)!, sources: sources.get(url) ?? [], pages: links.get(url)! })),
  };
}
