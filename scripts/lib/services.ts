/**
 * The public services the network commands ask, each with the setting (an
 * environment variable, read by the commands alone) that points it elsewhere:
 * a mirror, or a test's loopback stand-in. One table, so that `cite` and
 * `check-links` never disagree on where ORCID or the DOI system answers.
 */
export const services = {
  /** Resolves a DOI to its record by content negotiation (cite). */
  doiResolver: { setting: 'DOI_RESOLVER', address: 'https://doi.org' },
  /** Says whether a DOI is registered, without visiting the publisher (check-links). */
  doiHandleApi: { setting: 'DOI_HANDLE_API', address: 'https://doi.org/api/handles' },
  /** Members' public ORCID records (cite orcid, check-links). */
  orcidApi: { setting: 'ORCID_API', address: 'https://pub.orcid.org/v3.0' },
  /** Crossref's search, for fill --find-dois. */
  crossrefApi: { setting: 'CROSSREF_API', address: 'https://api.crossref.org' },
  /** Unpaywall, for the free copy of each DOI (cite). */
  openAccessApi: { setting: 'OPEN_ACCESS_API', address: 'https://api.unpaywall.org/v2' },
} as const;
