/**
 * One rule says which Markdown links the site publishes (linkKind in
 * src/markdown.tsx): the content check refuses exactly the links the renderer
 * would drop, so nothing the check lets through vanishes from a page.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { markdownLinks } from '../scripts/stages/content/markdown-links.ts';
import { parseSource } from '../scripts/stages/content/source.ts';
import { lexMarkdown, markdownToHtml } from '../src/markdown.tsx';
import { createUrls } from '../src/urls.ts';

const hrefs = [
  '/research/',
  '#about',
  'mailto:office@example.org',
  'MAILTO:office@example.org',
  'https://example.org/page',
  'HTTP://example.org',
  'https:///example.org',
  '//example.org/page',
  'javascript:alert(1)',
  'data:text/html,hello',
  'ftp://example.org/file',
  'research/',
  'www.example.org',
];

test('a Markdown link is published if and only if the content check accepts it', () => {
  const urls = createUrls('', 'https://fixture.example');
  for (const href of hrefs) {
    const text = `A [link](${href}).`;
    const { source } = parseSource(
      'content/news/2026-01-01-x.md',
      Buffer.from(`---\ntitle: x\n---\n${text}\n`),
      true,
      '',
    );
    const checked = markdownLinks(source, text, lexMarkdown(text), 4, new Map());
    const published = markdownToHtml(text, urls).includes('<a ');
    assert.equal(
      published,
      checked.problems.length === 0,
      `${href}: published ${published}, problems ${JSON.stringify(checked.problems)}`,
    );
  }
});
