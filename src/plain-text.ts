/**
 * Markdown of the content as plain text, for what is read outside the site:
 * a calendar's DESCRIPTION and the JSON-LD's description. Emphasis marks go,
 * a link becomes its words with its absolute address after them, so a link
 * to a page of the site still leads there from a calendar app; a list keeps
 * its dashes or numbers; paragraphs are separated by a blank line. It is the
 * text the page shows: a character reference is its character, and HTML
 * written in the text (which the page shows as text) stays as written.
 */
import { decodeHTML } from 'entities';
import type { Token, Tokens } from 'marked';
import type { LexedMarkdown } from './build-context.tsx';
import { lexMarkdown, linkKind } from './markdown.tsx';
import type { Urls } from './urls.ts';

/** Where a link of the text leads, as an address readable anywhere; undefined for one the site drops. */
function address(href: string, urls: Urls): string | undefined {
  switch (linkKind(href)) {
    case 'site':
      return urls.absolute(href);
    case 'section':
      return urls.absolute(`/${href}`);
    case 'mail':
      return href.replace(/^mailto:/i, '');
    case 'web':
      return href;
    default:
      return undefined;
  }
}

function inline(tokens: readonly Token[], urls: Urls): string {
  return tokens
    .map((token): string => {
      switch (token.type) {
        case 'link': {
          const label = inline((token as Tokens.Link).tokens, urls);
          const url = address((token as Tokens.Link).href, urls);
          return url === undefined || url === label ? label : `${label} (${url})`;
        }
        case 'br':
          return '\n';
        case 'image':
        case 'codespan':
        case 'escape':
        case 'html':
          return token.text as string;
        default:
          if ('tokens' in token && token.tokens) return inline(token.tokens, urls);
          // A line break inside a paragraph is a space, as on the page; a character reference (&amp; &copy;) is the
          // character the page shows, since marked leaves it in the text for the browser to read.
          return decodeHTML(String('text' in token ? token.text : token.raw)).replace(/\n/g, ' ');
      }
    })
    .join('');
}

function block(token: Token, urls: Urls): string | undefined {
  switch (token.type) {
    case 'space':
    case 'hr':
    case 'def':
      return undefined;
    case 'code':
      return (token as Tokens.Code).text;
    case 'list': {
      const list = token as Tokens.List;
      const start = typeof list.start === 'number' ? list.start : 1;
      return list.items
        .map((item, index) => `${list.ordered ? `${start + index}.` : '-'} ${blocks(item.tokens, urls, '\n')}`)
        .join('\n');
    }
    case 'table': {
      const table = token as Tokens.Table;
      const row = (cells: Tokens.TableCell[]) => cells.map((cell) => inline(cell.tokens, urls)).join(' | ');
      return [row(table.header), ...table.rows.map(row)].join('\n');
    }
    case 'blockquote':
      return blocks((token as Tokens.Blockquote).tokens, urls);
    default:
      return 'tokens' in token && token.tokens ? inline(token.tokens, urls) : (token.raw as string).trim();
  }
}

function blocks(tokens: readonly Token[], urls: Urls, separator = '\n\n'): string {
  return tokens
    .map((token) => block(token, urls))
    .filter((text) => text !== undefined && text !== '')
    .join(separator);
}

/** The Markdown `source` as plain text, links with their absolute addresses; tokens from `lexed` when there. */
export function markdownToPlainText(source: string, urls: Urls, lexed?: LexedMarkdown): string {
  return blocks(lexed?.get(source) ?? lexMarkdown(source), urls).trim();
}
