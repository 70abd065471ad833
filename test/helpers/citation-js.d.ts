// Citation.js ships no type declarations; the tests read the downloads back with it, and render APA with its
// citeproc-js: readers and a formatter that are not ours.
declare module '@citation-js/core' {
  export const plugins: {
    input: { chain(data: string, options: { target: string; generateGraph?: boolean }): unknown };
  };
  export class Cite {
    constructor(data: unknown);
    format(
      type: 'bibliography',
      options: {
        format: 'text' | 'html';
        template: string;
        lang: string;
        entry?: string | string[];
        asEntryArray?: boolean;
      },
    ): string;
  }
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
declare module '@citation-js/plugin-csl';
