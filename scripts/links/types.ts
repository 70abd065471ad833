/** The four groups a checked link falls into, in the order the report lists them. */
export const groups = ['broken', 'moved', 'unverified', 'fine'] as const;
export type Group = (typeof groups)[number];

/** What one check found out about one address. */
export interface LinkResult {
  url: string;
  group: Group;
  /** One line a maintainer can act on: the status, where it led, what was asked. */
  detail: string;
  /** For links moved for good: the address to write instead. */
  newUrl?: string;
  /** When the answer was received (ISO 8601), for the cache's maximum age. */
  checkedAt: string;
  /**
   * No answer that says anything of the link (a reset, a time limit, a 429 or 5xx, a service answering something
   * unexpected): never cached, so the next run asks again.
   */
  transient?: true;
}

/** A place in the content where a maintainer writes a link. */
export interface SourceLine {
  file: string;
  line: number;
}

/** A checked link with where it is written and where it appears. */
export interface ReportedLink extends LinkResult {
  sources: SourceLine[];
  pages: string[];
}

/** The whole outcome of a run, as `--json` writes it and the workflow's issue step reads it. */
export interface LinkReport {
  /** True when the network could not be reached: nothing was checked, nothing is known. */
  offline: boolean;
  links: ReportedLink[];
  /** Requests sent in this run; 0 when every answer came from the cache. */
  requests: number;
  fromCache: number;
}
