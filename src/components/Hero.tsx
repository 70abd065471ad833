import type { SiteSettings } from '../content-schema.ts';
import { useUrls } from '../build-context.tsx';
import { HeroArt } from './HeroArt.tsx';

export function Hero({ hero }: { hero: SiteSettings['hero'] }) {
  const urls = useUrls();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner">
        <div className="hero__text">
          <h1 id="hero-title" className="hero__title">
            {hero.title}
          </h1>
          <p className="hero__tagline">{hero.tagline}</p>
          <div className="hero__actions">
            <a className="button button--light" href={urls.href('/#research')}>
              Our Research
            </a>
            <a className="button button--outline-light" href={urls.href('/#contact')}>
              Join Consortium
            </a>
          </div>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}
