// Citation.js ships no type declarations; the tests read the downloads back with it, a parser that is not ours.
declare module '@citation-js/core' {
  export const plugins: {
    input: { chain(data: string, options: { target: string; generateGraph?: boolean }): unknown };
  };
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
