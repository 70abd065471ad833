/** A file of the finished site, held in memory until every check has passed. */
export interface OutputFile {
  /** Relative to the output root, with forward slashes. */
  path: string;
  contents: Uint8Array | string;
}
