/**
 * The tokens of the content's Markdown texts, kept between builds by the
 * bytes of each text (lib/kept-results.ts): marked compiles each of its
 * rules' regular expressions the first time it uses them, which cost a build
 * some 40 ms for a few short texts, while reading tokens back costs next to
 * nothing. The tokens are those lexMarkdown (src/markdown.tsx) gives; a new
 * version of marked or an edit of that module is a new key.
 */
import path from 'node:path';
import type { Token, TokensList } from 'marked';
import { lexMarkdown } from '../../../src/markdown.tsx';
import { codeOf, KeptResults } from '../../lib/kept-results.ts';

interface KeptTokens {
  tokens: Token[];
  /** The reference links' definitions, which marked hands on beside the tokens. */
  links: TokensList['links'];
}

const isKeptTokens = (value: unknown): value is KeptTokens =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as KeptTokens).tokens) &&
  typeof (value as KeptTokens).links === 'object' &&
  (value as KeptTokens).links !== null;

/** lexMarkdown, through the tokens kept in `folder` (none: lexed every time). */
export function markdownLexer(folder: string | undefined): (text: string) => Token[] {
  if (!folder) return lexMarkdown;
  const kept = new KeptResults(
    path.join(folder, 'markdown-tokens.tsv'),
    isKeptTokens,
    codeOf([new URL('../../../src/markdown.tsx', import.meta.url)], ['marked']),
  );
  return (text) => {
    const { tokens, links } = kept.of(text, () => {
      const lexed = lexMarkdown(text) as TokensList;
      return { tokens: [...lexed], links: lexed.links };
    });
    // As marked gives them: the definitions on the list, in an object without a prototype.
    return Object.assign(tokens, { links: Object.assign(Object.create(null), links) as TokensList['links'] });
  };
}
