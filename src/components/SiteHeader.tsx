import type { SiteSettings } from '../content-schema.ts';
import { usePagePath, useUrls } from '../build-context.tsx';
import { Island } from '../islands/Island.tsx';
import { isWithin, sectionPath } from '../navigation.ts';

/**
 * Sticky top bar. The links are plain anchors to /#section, so they work with
 * JavaScript off; on the home page the browser scrolls to the section itself
 * (smoothly, unless the visitor prefers reduced motion; see site.css).
 */
export function SiteHeader({ site }: { site: SiteSettings }) {
  const urls = useUrls();
  const path = usePagePath();
  const { header, join: joinLink } = site.navigation;
  const links = header.map((link) => ({
    label: link.label,
    href: urls.href(sectionPath(link.section)),
    current: isWithin(path, link.pages),
  }));
  const join = { label: joinLink.label, href: urls.href(sectionPath(joinLink.section)) };
  return (
    <header className="site-header">
      <div className="site-header__inner">
        {/* "#top" is the HTML spec's name for the top of the document, so no element needs that id. */}
        <a className="brand" href={urls.href('/#top')}>
          <img className="brand__logo" src={urls.asset(site.logo)} width="40" height="40" alt="" />
          <span className="brand__name">{site.acronym}</span>
          <span className="visually-hidden">{` – ${site.name}, home`}</span>
        </a>
        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__links">
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={link.current ? 'page' : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <a className="button button--small" href={join.href}>
            {join.label}
          </a>
        </nav>
        <Island name="MobileMenu" props={{ links, join }} />
      </div>
    </header>
  );
}
