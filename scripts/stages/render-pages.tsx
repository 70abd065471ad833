import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SiteContent } from '../../src/content-schema.ts';
import { BuildContextProvider, PagePathProvider, type BuildContext } from '../../src/build-context.tsx';
import { Document } from '../../src/Document.tsx';
import { notFoundPage, type Route } from '../../src/routes.tsx';
import { outputFile } from '../../src/urls.ts';
import { BuildError, type Problem } from '../lib/problems.ts';

export interface RenderedPage {
  /** The route's path, or null for the 404 page. */
  route: string | null;
  file: string;
  html: string;
}

/** A page from then on: its HTML as the string rendered or as the UTF-8 bytes to be written. */
export interface BuiltPage extends Omit<RenderedPage, 'html'> {
  html: string | Uint8Array;
}

/**
 * React builds the markup by appending thousands of small pieces, and V8 keeps
 * such a string as a tree of its pieces until something reads it as a whole.
 * A regular expression does: V8 copies the tree into one block at once, while
 * the pieces are still young garbage. Kept as trees, 10,000 pages took three
 * times the memory of their text, and the garbage collector spent longer
 * moving them than React spent rendering. (Reading one character did the same
 * until Node 22, whose V8 reads it from the tree.)
 */
function flatten(text: string): string {
  /^</.test(text);
  return text;
}

function renderDocument(context: BuildContext, path: string | undefined, element: ReactElement): string {
  return flatten(
    `<!DOCTYPE html>${renderToStaticMarkup(
      <BuildContextProvider value={context}>
        <PagePathProvider value={path}>{element}</PagePathProvider>
      </BuildContextProvider>,
    )}`,
  );
}

/**
 * Renders every route of the route table, plus the 404 page, to full HTML
 * documents, one at a time: the caller takes each as it comes (a build of
 * 10,000 routes keeps each page as UTF-8 bytes, not as the string React made).
 * Writes nothing: the caller decides what reaches the disk. Throws a BuildError
 * naming every route that failed, once all are rendered.
 */
export function* eachRenderedPage(
  content: SiteContent,
  routes: Route[],
  context: BuildContext,
): Generator<RenderedPage> {
  const problems: Problem[] = [];
  for (const route of routes) {
    let page: RenderedPage;
    try {
      const html = renderDocument(
        context,
        route.path,
        <Document
          site={content.site}
          path={route.path}
          title={route.title(content)}
          description={route.description(content)}
          jsonLd={route.jsonLd?.(content, context.urls, context.today)}
        >
          {route.page(content)}
        </Document>,
      );
      page = { route: route.path, file: outputFile(route.path), html };
    } catch (error) {
      problems.push({ where: `route ${route.path}`, message: `rendering failed: ${(error as Error).message}` });
      continue;
    }
    yield page;
  }
  let notFound: RenderedPage | undefined;
  try {
    const html = renderDocument(
      context,
      undefined,
      <Document
        site={content.site}
        path="/404"
        title={notFoundPage.title()}
        description={notFoundPage.description(content)}
        indexable={false}
      >
        {notFoundPage.page(content)}
      </Document>,
    );
    notFound = { route: null, file: notFoundPage.file, html };
  } catch (error) {
    problems.push({ where: notFoundPage.file, message: `rendering failed: ${(error as Error).message}` });
  }
  if (notFound) yield notFound;
  if (problems.length > 0) throw new BuildError('Rendering pages', problems);
}

/** Every page of eachRenderedPage, at once. */
export const renderPages = (content: SiteContent, routes: Route[], context: BuildContext): RenderedPage[] => [
  ...eachRenderedPage(content, routes, context),
];
