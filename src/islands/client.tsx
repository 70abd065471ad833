/**
 * Hydrates every island the page was built with; boot.ts loads it once the
 * page has painted. esbuild bundles it with react and react-dom aliased to
 * preact/compat, which keeps the code plain React while shipping a fraction of
 * React's runtime.
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import { IslandBoundary } from './IslandBoundary.tsx';
import { islands, type IslandName } from './registry.ts';

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const Component = islands[element.dataset.island as IslandName] as ((props: object) => React.ReactNode) | undefined;
  if (!Component) continue;
  let props: object;
  try {
    props = JSON.parse(element.dataset.props ?? '{}');
  } catch {
    const Broken = () => {
      throw new Error(`The props of island "${element.dataset.island}" are not valid JSON`);
    };
    createRoot(element).render(
      <IslandBoundary>
        <Broken />
      </IslandBoundary>,
    );
    continue;
  }
  hydrateRoot(
    element,
    <IslandBoundary>
      <Component {...props} />
    </IslandBoundary>,
  );
}
