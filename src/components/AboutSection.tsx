import type { SiteSettings } from '../content-schema.ts';
import { useUrls } from '../build-context.tsx';
import { ExternalLink } from './ExternalLink.tsx';

export function AboutSection({ site }: { site: SiteSettings }) {
  const urls = useUrls();
  const { about } = site;
  return (
    <section id="about" className="section" aria-labelledby="about-title">
      <div className="section__inner about">
        <div className="about__text">
          <h2 id="about-title">{about.heading}</h2>
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p>
            <ExternalLink className="text-link" href={about.positionStatementUrl}>
              {about.positionStatementLabel}
            </ExternalLink>
          </p>
          <dl className="stats">
            {site.stats.map((stat) => (
              <div key={stat.label} className="stats__item">
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <figure className="about__figure">
          <img
            src={urls.asset(about.illustration.src)}
            width="560"
            height="420"
            loading="lazy"
            decoding="async"
            alt={about.illustration.alt}
          />
          <figcaption>
            <ExternalLink className="button button--outline" href={site.socialProfileUrl}>
              {'Follow'}
              <span className="visually-hidden">{` ${site.acronym}`}</span>
            </ExternalLink>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
