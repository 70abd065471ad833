// Citation.js ships no type declarations; the cite command uses one function of it.
declare module '@citation-js/core' {
  export const plugins: {
    input: { chain(data: string, options: { target: string; generateGraph?: boolean }): unknown };
  };
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
