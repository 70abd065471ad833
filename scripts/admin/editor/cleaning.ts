/**
 * Forgiving where the meaning is certain: what people paste, cleaned to what
 * the file keeps, by the site's one rule for each (src/doi.ts, src/orcid.ts).
 * Each returns the cleaned value, or undefined when there is nothing to clean
 * or the meaning is not certain (then the check says what is wrong).
 */
import { bareDoi } from '../../../src/doi.ts';
import { ORCID_PATTERN } from '../../../src/orcid.ts';

/** A DOI pasted as its address or with its prefix (https://doi.org/…, doi:…) → the DOI alone. */
export function cleanedDoi(typed: string): string | undefined {
  const doi = bareDoi(typed);
  return doi && doi !== typed.trim() && !/^10\./.test(typed.trim()) ? doi : undefined;
}

/** An ORCID iD pasted as its address (https://orcid.org/0000-…) → the iD alone. */
export function cleanedOrcid(typed: string): string | undefined {
  const found = /^\s*(?:https?:\/\/)?(?:www\.)?orcid\.org\/(\d{4}-\d{4}-\d{4}-\d{3}[\dXx])\/?\s*$/i.exec(typed);
  const orcid = found?.[1]?.toUpperCase();
  return orcid && ORCID_PATTERN.test(orcid) ? orcid : undefined;
}

/** An address typed without its scheme (www.example.org/page, example.org) → the same with https://. */
export function withScheme(typed: string): string | undefined {
  const text = typed.trim();
  // A scheme of its own (http:, mailto:), not a port (example.org:8080).
  if (/^[a-z][a-z\d+.-]*:(?!\d)/i.test(text) || /\s/.test(text)) return undefined;
  return /^(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?$/i.test(text)
    ? `https://${text}`
    : undefined;
}

/**
 * Authors pasted one to a line ("Franzen, S." / "Nielsen, T. R.") → the one-line list APA writes ("Franzen, S., &
 * Nielsen, T. R."); undefined for text on one line. A line's own trailing comma and leading "&" are the list's.
 */
export function apaAuthorList(pasted: string): { list: string; count: number } | undefined {
  const names = pasted
    .split(/\s*[\r\n]+\s*/)
    .map((line) =>
      line
        .trim()
        .replace(/^(?:&|and)\s+/i, '')
        .replace(/[,;]$/, '')
        .trim(),
    )
    .filter(Boolean);
  if (names.length < 2) return undefined;
  const last = names.at(-1)!;
  const list = /^et al\.?$/i.test(last)
    ? `${names.slice(0, -1).join(', ')}, et al.`
    : `${names.slice(0, -1).join(', ')}, & ${last}`;
  return { list, count: /^et al\.?$/i.test(last) ? names.length - 1 : names.length };
}
