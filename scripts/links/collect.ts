import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { sitePathOf } from '../../src/urls.ts';
import { filesIn } from '../lib/files.ts';

/** Attributes that hold an address a visitor's browser follows or loads. */
const linkAttributes: Record<string, string[]> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  img: ['src'],
  script: ['src'],
  iframe: ['src'],
  source: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  form: ['action'],
};

/** Every page of a built site: its address path ("/research/") and its file. */
async function htmlFiles(distDir: string): Promise<{ page: string; file: string }[]> {
  return (await filesIn(distDir))
    .filter((file) => file.endsWith('.html'))
    .map((file) => ({ page: sitePathOf(file), file: path.join(distDir, file) }))
    .sort((a, b) => (a.page < b.page ? -1 : a.page > b.page ? 1 : 0));
}

/**
 * The external addresses the built site links to, each once, with the pages
 * it appears on. Addresses of the site itself (its canonical origin) are left
 * to the build, which checks every internal link; so are relative ones.
 */
export async function externalLinks(distDir: string, ownOrigins: string[] = []): Promise<Map<string, string[]>> {
  const own = new Set(ownOrigins);
  const found = new Map<string, Set<string>>();
  for (const { page, file } of await htmlFiles(distDir)) {
    const html = await readFile(file, 'utf8');
    const addresses: string[] = [];
    const parser = new Parser(
      {
        onopentag(name, attributes) {
          if (name === 'link' && attributes.rel === 'canonical' && attributes.href) {
            try {
              own.add(new URL(attributes.href).origin);
            } catch {
              // A canonical link the build's own check would have refused.
            }
          }
          for (const attribute of linkAttributes[name] ?? []) {
            const value = attributes[attribute]?.trim();
            if (value) addresses.push(value);
          }
        },
      },
      { decodeEntities: true, lowerCaseAttributeNames: true },
    );
    parser.end(html);
    for (const address of addresses) {
      if (!/^(https?:|mailto:)/i.test(address)) continue;
      found.set(address, (found.get(address) ?? new Set()).add(page));
    }
  }
  const external = new Map<string, string[]>();
  for (const [address, pages] of [...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!address.startsWith('mailto:') && URL.canParse(address) && own.has(new URL(address).origin)) continue;
    external.set(address, [...pages]);
  }
  return external;
}
