/** The one DOI rule, for the content, cite and the link checker: what a DOI is, how people write it, its link. */
import { percentDecoded } from './urls.ts';

/** A bare DOI, as the content stores it: 10., a registrant code of 4 to 9 digits, a slash, a suffix without spaces. */
export const DOI_PATTERN = /^10\.\d{4,9}\/\S+$/;

/** A DOI as people paste it (bare, doi:…, https://doi.org/…, http://dx.doi.org/…, percent-encoded) → bare, or null. */
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

/**
 * A DOI's address at a resolver (doi.org, or the handle API). What RFC 3986
 * does not allow in a path is percent-encoded as UTF-8, as the DOI Handbook
 * asks ("%", '"', "#", "?", space, "<", ">", "{", "}", "^", "[", "]", "`",
 * "|", "\", non-ASCII); the rest stays, so an everyday DOI reads as itself.
 * toWellFormed: encodeURIComponent throws on a lone surrogate ("\ud800" in YAML).
 */
export const doiUrl = (doi: string, resolver = 'https://doi.org') =>
  `${resolver}/${doi.toWellFormed().replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/gu, (character) => encodeURIComponent(character))}`;

/** The DOI a doi.org (or dx.doi.org) address leads to, or null: the reverse of doiUrl. */
export const doiOfUrl = (url: string): string | null =>
  /^https?:\/\/(?:dx\.)?doi\.org\//i.test(url.trim()) ? bareDoi(url) : null;

/**
 * The registries the editor at /admin/ asks for a DOI's record, from the browser, when a person presses "Fill from
 * the DOI": Crossref's and DataCite's public APIs, each answering CSL-JSON to a cross-origin request (Crossref's
 * recorded answer carries Access-Control-Allow-Origin: *, test/fixtures/doi/). /admin/'s policy allows these hosts
 * alone (src/security.ts).
 */
export const doiRegistries = {
  crossref: (doi: string) =>
    `${doiUrl(doi, 'https://api.crossref.org/works')}/transform/application/vnd.citationstyles.csl+json`,
  datacite: (doi: string) => doiUrl(doi, 'https://api.datacite.org/dois'),
  hosts: ['https://api.crossref.org', 'https://api.datacite.org'],
} as const;
