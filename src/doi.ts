import { percentDecoded } from './urls.ts';

/**
 * The one DOI rule: what a DOI is, how people write one, and the address
 * that leads to it. The content, the cite command and the link checker all
 * use these, so a DOI the build accepts is the one the tools find and check.
 */

/** A bare DOI, as the content stores it: 10., a registrant code of 4 to 9 digits, a slash, a suffix without spaces. */
export const DOI_PATTERN = /^10\.\d{4,9}\/\S+$/;

/** The resolver every DOI link goes to. */
const RESOLVER = 'https://doi.org';

/**
 * A DOI as people paste it (bare, doi:…, https://doi.org/…, http://dx.doi.org/…,
 * percent-encoded, with spaces around it) → the bare DOI, or null.
 */
export function bareDoi(input: string): string | null {
  const written = input
    .trim()
    .replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '');
  const value = /%[0-9A-Fa-f]{2}/.test(written) ? percentDecoded(written) : written;
  return value !== undefined && DOI_PATTERN.test(value) ? value : null;
}

/** DOIs compare without regard to case (the DOI system treats them so). */
export const sameDoi = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

// What a URL path cannot hold as it is (RFC 3986 allows unreserved, sub-delims, ":", "@", and "/" between segments).
const NOT_IN_PATH = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/gu;

/**
 * The address of a DOI at a resolver (https://doi.org, or the handle API).
 * Every character RFC 3986 does not allow in a URL path is percent-encoded as
 * UTF-8: those the DOI Handbook says must be ("%", '"', "#", "?", space) and
 * should be ("<", ">", "{", "}", "^", "[", "]", "`", "|", "\\"), and all
 * non-ASCII; the rest, "/" included, stays as written, so an everyday DOI
 * reads as itself (https://doi.org/10.1080/13854046.2021.1981456).
 */
export function doiUrl(doi: string, resolver = RESOLVER): string {
  // encodeURIComponent throws on a lone surrogate, which a DOI typed in YAML as "\ud800" could hold.
  return `${resolver}/${doi.toWellFormed().replace(NOT_IN_PATH, (character) => encodeURIComponent(character))}`;
}

/** The DOI a doi.org (or dx.doi.org) address leads to, or null: the reverse of doiUrl. */
export const doiOfUrl = (url: string): string | null =>
  /^https?:\/\/(?:dx\.)?doi\.org\//i.test(url.trim()) ? bareDoi(url) : null;
