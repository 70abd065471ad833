import type { SiteSettings } from '../content-schema.ts';
import { usePagePath, useUrls } from '../build-context.tsx';
import { sectionPath } from '../navigation.ts';

export function SiteFooter({ site }: { site: SiteSettings }) {
  const urls = useUrls();
  const path = usePagePath();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__name">{site.acronym}</p>
          <p>{site.name}</p>
        </div>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            {site.navigation.footer.map(({ label, section }) => (
              <li key={section}>
                <a className="button button--ghost" href={urls.href(sectionPath(section))}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__legal">
          <p>{`© ${site.footerYear} ${site.name}. All rights reserved.`}</p>
          <ul className="site-footer__legal-links">
            <li>
              <a href={urls.href('/privacy-policy')} aria-current={path === '/privacy-policy' ? 'page' : undefined}>
                Privacy Policy
              </a>
            </li>
            <li>
              <a href={urls.href('/terms-of-service')} aria-current={path === '/terms-of-service' ? 'page' : undefined}>
                Terms of Service
              </a>
            </li>
            <li>
              <a href={urls.href('/accessibility')} aria-current={path === '/accessibility' ? 'page' : undefined}>
                Accessibility
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
