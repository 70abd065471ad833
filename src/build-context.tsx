import type { Token } from 'marked';
import { createContext, useContext } from 'react';
import type { TestedWith } from './accessibility-testing.ts';
import type { Urls } from './urls.ts';

/** Markdown texts of the content with their tokens, lexed once while the content was loaded. */
export type LexedMarkdown = ReadonlyMap<string, Token[]>;

/** What a page needs to know about the build it is part of (not content). */
export interface BuildContext {
  urls: Urls;
  /** Output paths of the hashed stylesheet, client script and the fonts every page preloads, relative to the output root. */
  assets: { css: string; js: string; fonts: string[] };
  /** The date the build treats as today (YYYY-MM-DD, UTC): an input of the build, never the clock of the page. */
  today: string;
  /** The versions of the testing tools the accessibility statement names. */
  testedWith: TestedWith;
  /** The content's Markdown texts already lexed while loading; a text not among them is lexed as it is rendered. */
  markdown?: LexedMarkdown;
}

/**
 * What a page's build-identity <meta> holds until the build has hashed the
 * finished pages, which cannot hold their own hash: the build puts the
 * identity in its place (scripts/stages/build-identity.ts).
 */
export const buildIdentityPlaceholder = 'build-identity-placeholder';

const Context = createContext<BuildContext | null>(null);

export const BuildContextProvider = Context.Provider;

export function useBuild(): BuildContext {
  const value = useContext(Context);
  if (!value) throw new Error('useBuild() needs a BuildContextProvider above it');
  return value;
}

export const useUrls = () => useBuild().urls;

// The route of the page being rendered ('/research/caregiver'), which the header
// and footer mark as the current page; none on the 404 page, served at any path.
const PagePath = createContext<string | undefined>(undefined);
export const PagePathProvider = PagePath.Provider;
export const usePagePath = () => useContext(PagePath);
