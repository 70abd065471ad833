/** A DOI as people paste it (https://doi.org/…, doi:…, with spaces) → the bare DOI the content stores, or null. */
export function bareDoi(input: string): string | null {
  let value = input.trim();
  value = value.replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, '').replace(/^doi:\s*/i, '');
  try {
    if (/%[0-9A-Fa-f]{2}/.test(value)) value = decodeURIComponent(value);
  } catch {
    return null;
  }
  return /^10\.\d{4,9}\/\S+$/.test(value) ? value : null;
}

/** DOIs compare without regard to case (the DOI system treats them so). */
export const sameDoi = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
