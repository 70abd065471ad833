import type { ComponentProps, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { islands, type IslandName } from './registry.ts';

/**
 * Server side of an island. The page around it is rendered with
 * renderToStaticMarkup, whose output cannot be hydrated (it merges adjacent
 * text nodes), so the island's own subtree is rendered with renderToString and
 * its props travel beside it as JSON in an attribute: no inline script, so a
 * strict Content-Security-Policy holds.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof islands)[N]> }) {
  const json = JSON.stringify(props);
  return (
    <div
      className="island"
      data-island={name}
      data-props={json}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup React itself rendered from the island's props a line above.
      dangerouslySetInnerHTML={{ __html: islandHtml(name, props, json) }}
    />
  );
}

/**
 * An island's markup, rendered once for each set of props: every page has the same menu and contact form, and the
 * browser hydrates from the props' JSON alone, so the same JSON is the same markup. A few hundred kept at most.
 */
const rendered = new Map<string, string>();

function islandHtml<N extends IslandName>(name: N, props: ComponentProps<(typeof islands)[N]>, json: string): string {
  const key = `${name}\0${json}`;
  let html = rendered.get(key);
  if (html === undefined) {
    const Component = islands[name] as (props: object) => ReactNode;
    html = renderToString(<Component {...props} />);
    if (rendered.size >= 256) rendered.clear();
    rendered.set(key, html);
  }
  return html;
}
