import type { NewsItem } from '../content-schema.ts';
import { formatDate } from '../format.ts';
import { Markdown } from '../markdown.tsx';
import { ExternalLink } from './ExternalLink.tsx';

function NewsEntry({ item }: { item: NewsItem }) {
  return (
    <article className="news-entry">
      <p className="news-entry__meta">
        <span className="badge">{item.type}</span>
        <time dateTime={item.date}>{formatDate(item.date, 'short')}</time>
      </p>
      <h3 className="news-entry__title">{item.title}</h3>
      <Markdown source={item.summary} />
      <ExternalLink className="text-link" href={item.link}>
        Read more
        {/* The visible words are the spec's; the accessible name says what there is more of. */}
        <span className="visually-hidden">{`: ${item.title}`}</span>
      </ExternalLink>
    </article>
  );
}

export function NewsSection({ news, heading, intro }: { news: NewsItem[]; heading: string; intro: string }) {
  return (
    <section id="news" className="section" aria-labelledby="news-title">
      <div className="section__inner">
        <h2 id="news-title">{heading}</h2>
        <p className="section__intro">{intro}</p>
        <div className="news-list">
          {news.map((item) => (
            <NewsEntry key={item.id} item={item} />
          ))}
        </div>
      </div>
    </section>
  );
}
