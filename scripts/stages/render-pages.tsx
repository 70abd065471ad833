import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SiteContent } from '../../src/content-schema.ts';
import { BuildContextProvider, PagePathProvider, type BuildContext } from '../../src/build-context.tsx';
import { Document } from '../../src/Document.tsx';
import { notFoundPage, type Route } from '../../src/routes.tsx';
import { outputFile } from '../../src/urls.ts';
import { KeptResults } from '../lib/kept-results.ts';
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

/** Where rendered pages are kept between builds (BuildOptions.keptIn), under the command's code (BuildOptions.code). */
export interface KeptPages {
  folder: string;
  code: string;
  /** NODE_ENV as the command was given it: which of React's builds renders (BuildOptions.environment). */
  reactBuild: string;
}

/** Beside the pages of this build, this many others: a few versions of a site of some hundred pages. */
const keepUnusedAtMost = 1024;

/**
 * A page's HTML from an earlier build when every input of the pages is the same (the code of the command, the
 * content as the check gave it, the address and base path, the hashed assets, the date, what the statement says
 * the site was tested with, and React's build), else rendered and kept (lib/kept-results.ts): most builds render
 * the same pages as the last. None kept: rendered every time.
 */
function pageKeeper(kept: KeptPages | undefined, content: SiteContent, context: BuildContext) {
  if (!kept) return (_file: string, render: () => string) => render();
  const pages = new KeptResults(
    path.join(kept.folder, 'pages.tsv'),
    (value): value is string => typeof value === 'string',
    kept.code,
    keepUnusedAtMost,
  );
  const { urls, assets, today, testedWith } = context;
  const inputs = JSON.stringify({
    content,
    basePath: urls.basePath,
    origin: urls.origin,
    assets,
    today,
    testedWith,
    react: kept.reactBuild,
  });
  const site = createHash('sha256').update(inputs).digest('hex');
  return (file: string, render: () => string) => pages.of(`${site}\0${file}`, render);
}

/**
 * Renders every route of the route table, plus the 404 page, to full HTML
 * documents, one at a time: the caller takes each as it comes (a build of
 * 10,000 routes keeps each page as UTF-8 bytes, not as the string React made).
 * Writes nothing: the caller decides what reaches the disk. Throws a BuildError
 * naming every route that failed, once all are rendered. With `kept`, a page
 * whose inputs are all as in an earlier build is that build's (pageKeeper).
 */
export function* eachRenderedPage(
  content: SiteContent,
  routes: Route[],
  context: BuildContext,
  kept?: KeptPages,
): Generator<RenderedPage> {
  const problems: Problem[] = [];
  const keptOr = pageKeeper(kept, content, context);
  for (const route of routes) {
    let page: RenderedPage;
    try {
      const file = outputFile(route.path);
      const html = keptOr(file, () =>
        renderDocument(
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
        ),
      );
      page = { route: route.path, file, html };
    } catch (error) {
      problems.push({ where: `route ${route.path}`, message: `rendering failed: ${(error as Error).message}` });
      continue;
    }
    yield page;
  }
  let notFound: RenderedPage | undefined;
  try {
    const html = keptOr(notFoundPage.file, () =>
      renderDocument(
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
      ),
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
