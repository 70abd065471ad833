/**
 * react-dom/server in the preview's and the editor's browser bundles
 * (scripts/lib/browser-bundles.js maps it here): an island of a page
 * (src/islands/Island.tsx) is drawn by preact into a detached element and
 * handed over as markup, as the build hands over what React's server renderer
 * made of it. The preview starts no island: the page shows them as a visitor
 * sees them before the islands' script runs. The editor renders no page; its
 * route table only imports them.
 */
import { render } from 'preact';
import type { ReactNode } from 'react';

export function renderToString(node: ReactNode): string {
  const box = document.createElement('div');
  render(node as Parameters<typeof render>[0], box);
  const html = box.innerHTML;
  render(null, box);
  return html;
}
