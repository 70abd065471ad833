import type { Theme } from '../content-schema.ts';
import { ThemeCard } from './ThemeCard.tsx';

export function ResearchSection({ themes, heading, intro }: { themes: Theme[]; heading: string; intro: string }) {
  return (
    <section id="research" className="section section--tinted" aria-labelledby="research-title">
      <div className="section__inner">
        <h2 id="research-title">{heading}</h2>
        <p className="section__intro">{intro}</p>
        <div className="card-grid">
          {themes.map((theme) => (
            <ThemeCard key={theme.id} theme={theme} title={theme.homeTitle ?? theme.title} headingLevel="h3" />
          ))}
        </div>
      </div>
    </section>
  );
}
