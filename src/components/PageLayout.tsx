import type { ReactNode } from 'react';
import type { SiteSettings } from '../content-schema.ts';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';

/** Skip link, header, the page's main content, footer: the frame of every page. */
export function PageLayout({ site, children }: { site: SiteSettings; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeader site={site} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter site={site} />
    </>
  );
}
