import { Lexer, Marked, type Token, type Tokens } from 'marked';
import { type LexedMarkdown, useBuild } from './build-context.tsx';
import { escapeHtml } from './escape.ts';
import { isHttpUrl, type Urls } from './urls.ts';

/** The tokens of a Markdown text of the content, as the link check reads them and the pages render them. */
export const lexMarkdown = (markdown: string): Token[] => Lexer.lex(markdown, { gfm: true });

/**
 * What a Markdown link leads to, if it is one the site publishes: a page or
 * file of the site (/research/), a section of the page (#about), a mailbox,
 * or a web address. Anything else (javascript:, data:, //host/page, a
 * relative path) is null: the content check refuses it, the renderer drops it.
 */
export function linkKind(href: string): 'site' | 'section' | 'mail' | 'web' | null {
  if (href.startsWith('//')) return null;
  if (href.startsWith('/')) return 'site';
  if (href.startsWith('#')) return 'section';
  if (/^mailto:/i.test(href)) return 'mail';
  if (isHttpUrl(href)) return 'web';
  return null;
}

/**
 * Markdown of the content files as HTML, with raw HTML off: HTML written in
 * the text is shown as text. Site paths (/research/caregiver) go through the
 * URL helpers, so they carry the base path and are checked like every link;
 * other addresses open in a new tab, as every external link of the site does;
 * any other scheme (javascript:, data:) is dropped and its text kept. The
 * tokens come from `lexed` when the text is there.
 */
export function markdownToHtml(markdown: string, urls: Urls, lexed?: LexedMarkdown): string {
  const marked = new Marked({
    gfm: true,
    renderer: {
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, { href, title, tokens }: Tokens.Link) {
        const label = this.parser.parseInline(tokens);
        const titled = title ? ` title="${escapeHtml(title)}"` : '';
        const kind = linkKind(href);
        if (kind === 'site') return `<a href="${escapeHtml(urls.href(href))}"${titled}>${label}</a>`;
        if (kind === 'section' || kind === 'mail') return `<a href="${escapeHtml(href)}"${titled}>${label}</a>`;
        if (kind === 'web') {
          return `<a href="${escapeHtml(href)}"${titled} target="_blank" rel="noopener noreferrer">${label}<span class="visually-hidden"> (opens in a new tab)</span></a>`;
        }
        return label;
      },
      image: ({ text }: Tokens.Image) => escapeHtml(text),
    },
  });
  return marked.parser(lexed?.get(markdown) ?? lexMarkdown(markdown));
}

/** Markdown text of the content, rendered in place. */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const { urls, markdown } = useBuild();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdownToHtml renders raw HTML in the source as text and drops unsafe link schemes.
  return <div className={className} dangerouslySetInnerHTML={{ __html: markdownToHtml(source, urls, markdown) }} />;
}
