import { lookup as dnsLookup } from 'node:dns';
import { readFile } from 'node:fs/promises';
import type { LookupFunction } from 'node:net';
import path from 'node:path';
import { parse } from 'yaml';
import { readCache, writeCache } from './cache.ts';
import { type CheckSettings, checkLink } from './check.ts';
import { externalLinks } from './collect.ts';
import { PoliteClient } from './polite-client.ts';
import { findSources } from './sources.ts';
import type { LinkReport, LinkResult } from './types.ts';

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
}

export const defaults = {
  maxAgeMs: 24 * 60 * 60 * 1000,
  timeoutMs: 15_000,
  concurrency: 4,
  hostGapMs: 500,
  check: {
    doiHandleApi: 'https://doi.org/api/handles',
    orcidApi: 'https://pub.orcid.org/v3.0',
    maxRedirects: 10,
    retryAfterCapMs: 60_000,
    retryDelayMs: 2_000,
  },
} satisfies Partial<RunOptions>;

/** A User-Agent that names the site, its address and its mailbox, so a site's owner can tell who is asking. */
export async function userAgentFor(contentDir: string): Promise<string> {
  let site: { name?: unknown; acronym?: unknown; siteUrl?: unknown; contactEmail?: unknown } = {};
  try {
    site = parse(await readFile(path.join(contentDir, 'site.yml'), 'utf8')) ?? {};
  } catch {
    // Without settings the checker still names itself.
  }
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const product = (text(site.acronym) ?? text(site.name) ?? 'site').replace(/[^\w.-]+/g, '-');
  const about = [text(site.name), text(site.siteUrl) && `+${text(site.siteUrl)}`, text(site.contactEmail)]
    .filter(Boolean)
    .map((part) => part!.replace(/[()\\]/g, ''));
  return `${product}-link-check/1.0${about.length > 0 ? ` (${about.join('; ')})` : ''}`;
}

const offlineCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN']);

/** Whether the name of the DOI API's host can be looked up: a quick, private sign of being online. */
function canResolve(hostname: string, lookup: LookupFunction): Promise<boolean> {
  if (/^[\d.]+$|^\[.*\]$/.test(hostname) || hostname === 'localhost') return Promise.resolve(true);
  return new Promise((resolve) => {
    lookup(hostname, {}, (error) => resolve(!error || !offlineCodes.has(error.code ?? '')));
  });
}

/** Checks every external link of a built site, asking the network only for what the cache does not know. */
export async function checkSite(options: RunOptions): Promise<LinkReport & { offlineHost?: string }> {
  const ownOrigin = await siteOrigin(options.contentDir);
  const links = await externalLinks(options.distDir, ownOrigin ? [ownOrigin] : []);
  const urls = [...links.keys()];
  const sources = await findSources(options.contentDir, urls, options.relativeTo);
  const cached = options.fresh ? new Map<string, LinkResult>() : await readCache(options.cacheFile, options.maxAgeMs);
  const toCheck = urls.filter((url) => !cached.has(url));

  const client = new PoliteClient({
    userAgent: await userAgentFor(options.contentDir),
    timeoutMs: options.timeoutMs,
    concurrency: options.concurrency,
    hostGapMs: options.hostGapMs,
    lookup: options.lookup,
  });

  const needsNetwork = toCheck.some((url) => !url.startsWith('mailto:'));
  const probeHost = new URL(options.check.doiHandleApi).hostname;
  if (needsNetwork && !(await canResolve(probeHost, options.lookup ?? (dnsLookup as LookupFunction)))) {
    return { offline: true, offlineHost: probeHost, links: [], requests: 0, fromCache: 0 };
  }

  const fresh = await Promise.all(toCheck.map((url) => checkLink(url, client, options.check)));
  const results = new Map<string, LinkResult>([...cached, ...fresh.map((result) => [result.url, result] as const)]);

  await writeCache(options.cacheFile, [...results.values()]);

  return {
    offline: false,
    requests: client.requests,
    fromCache: urls.length - toCheck.length,
    links: urls.map((url) => ({ ...results.get(url)!, sources: sources.get(url) ?? [], pages: links.get(url)! })),
  };
}

async function siteOrigin(contentDir: string): Promise<string | undefined> {
  try {
    const site = parse(await readFile(path.join(contentDir, 'site.yml'), 'utf8'));
    return typeof site?.siteUrl === 'string' ? new URL(site.siteUrl).origin : undefined;
  } catch {
    return undefined;
  }
}
