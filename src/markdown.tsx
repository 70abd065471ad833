import { Marked, type Tokens } from 'marked';
import { useUrls } from './build-context.tsx';
import { escapeHtml } from './escape.ts';
import type { Urls } from './urls.ts';

/**
 * Markdown of the content files as HTML, with raw HTML off: HTML written in
 * the text is shown as text. Site paths (/research/caregiver) go through the
 * URL helpers, so they carry the base path and are checked like every link;
 * other addresses open in a new tab, as every external link of the site does;
 * any other scheme (javascript:, data:) is dropped and its text kept.
 */
export function markdownToHtml(markdown: string, urls: Urls): string {
  const marked = new Marked({
    gfm: true,
    renderer: {
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, { href, title, tokens }: Tokens.Link) {
        const label = this.parser.parseInline(tokens);
        const titled = title ? ` title="${escapeHtml(title)}"` : '';
        // A protocol-relative //host/page is refused by the content check; it is no page of this site.
        if (href.startsWith('/') && !href.startsWith('//'))
          return `<a href="${escapeHtml(urls.href(href))}"${titled}>${label}</a>`;
        if (href.startsWith('#')) return `<a href="${escapeHtml(href)}"${titled}>${label}</a>`;
        if (/^mailto:/i.test(href)) return `<a href="${escapeHtml(href)}"${titled}>${label}</a>`;
        if (/^https?:\/\//i.test(href)) {
          return `<a href="${escapeHtml(href)}"${titled} target="_blank" rel="noopener noreferrer">${label}<span class="visually-hidden"> (opens in a new tab)</span></a>`;
        }
        return label;
      },
      image: ({ text }: Tokens.Image) => escapeHtml(text),
    },
  });
  return marked.parse(markdown, { async: false });
}

/** Markdown text of the content, rendered in place. */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const urls = useUrls();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdownToHtml renders raw HTML in the source as text and drops unsafe link schemes.
  return <div className={className} dangerouslySetInnerHTML={{ __html: markdownToHtml(source, urls) }} />;
}
