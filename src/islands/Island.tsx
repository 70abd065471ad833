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
  const Component = islands[name] as (props: object) => ReactNode;
  const html = renderToString(<Component {...props} />);
  return (
    <div
      className="island"
      data-island={name}
      data-props={JSON.stringify(props)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup React itself rendered from the island's props a line above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
