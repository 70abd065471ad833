/**
 * Where check-links says a link is written (scripts/links/sources.ts): at the
 * line of the YAML library's own node for the value, in every style YAML
 * allows, and at its line of a Markdown text.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { doiUrl } from '../src/doi.ts';
import { findSources } from '../scripts/links/sources.ts';

const files: Record<string, string> = {
  'site.yml': [
    'about: {heading: About, positionStatementUrl: https://example.org/in-flow-map}',
    'paragraphs: [First, "Second: https://example.org/in-flow-list", Third]',
    'socialProfileUrl: >-',
    '  Folded, then',
    '  https://example.org/folded',
    '# https://example.org/in-flow-map, in a comment: not a place to edit',
    'contactEmail: "office@example.org"',
  ].join('\n'),
  'publications.yml': [
    'theme:',
    '  - {title: Flow, doi: 10.5555/Flow.1}',
    '  - title: Folded',
    '    doi: >-',
    '      10.5555/folded',
  ].join('\n'),
  'members.yml': 'members: [{name: Ada Example, orcid: "https://orcid.org/0000-0002-1825-0097"}]\n',
  'news/2026-01-01-item.md': [
    '---',
    'title: Item',
    'link: {a: https://example.org/in-flow-map}',
    '---',
    '',
    'Text with [a link](https://example.org/folded).',
  ].join('\n'),
};

test('a link is placed at the line of its YAML node in flow and folded values, and at its line of Markdown', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'link-sources-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
    const urls = [
      'https://example.org/in-flow-map',
      'https://example.org/in-flow-list',
      'https://example.org/folded',
      doiUrl('10.5555/flow.1'),
      doiUrl('10.5555/folded'),
      'https://orcid.org/0000-0002-1825-0097',
      'mailto:office@example.org',
    ];
    const sources = await findSources(dir, urls, dir);
    const where = (url: string) => sources.get(url)!.map((source) => `${source.file}:${source.line}`);
    assert.deepEqual(where(urls[0]!), ['news/2026-01-01-item.md:3', 'site.yml:1']);
    assert.deepEqual(where(urls[1]!), ['site.yml:2']);
    assert.deepEqual(where(urls[2]!), ['news/2026-01-01-item.md:6', 'site.yml:5']);
    assert.deepEqual(where(urls[3]!), ['publications.yml:2']);
    assert.deepEqual(where(urls[4]!), ['publications.yml:5']);
    assert.deepEqual(where(urls[5]!), ['members.yml:1']);
    assert.deepEqual(where(urls[6]!), ['site.yml:7']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
