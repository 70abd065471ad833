import type { ReactNode } from 'react';
import type { Theme } from '../content-schema.ts';
import { useUrls } from '../build-context.tsx';
import { ThemeIcon } from './ThemeIcon.tsx';

/**
 * A research theme as a card. Its "View publications" link is stretched over
 * the whole card (see site.css), so the card is one click target and one tab
 * stop, and the link's accessible name says which theme it opens.
 */
export function ThemeCard({
  theme,
  title,
  headingLevel: Heading,
  children,
}: {
  theme: Theme;
  title: string;
  headingLevel: 'h2' | 'h3';
  children?: ReactNode;
}) {
  const urls = useUrls();
  return (
    <article className={`theme-card theme-card--${theme.color}`}>
      <ThemeIcon name={theme.icon} />
      <Heading className="theme-card__title">{title}</Heading>
      {children}
      <a className="theme-card__link" href={urls.href(`/research/${theme.id}`)}>
        View publications
        <span className="visually-hidden">{`: ${theme.title}`}</span>
        <span aria-hidden="true"> →</span>
      </a>
    </article>
  );
}
