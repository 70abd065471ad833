/**
 * What the preview pane shows of each kind of entry, with the site's own
 * components, as the pages compose them: a theme's publications as its page
 * cites them, the members directory of the home page, the news section with
 * the item (an event with its time line), the accessibility statement's page.
 * A part still being filled in is shown as the page would show it so far:
 * a list item not finished yet is left out and named in one sentence, in the
 * form's words (its number and the labels of the fields it still needs).
 */
import { Fragment, type ReactNode } from 'react';
import { BuildContextProvider } from '../../../src/build-context.tsx';
import { bibtexEntry, citationKeys } from '../../../src/citation-export.ts';
import { yearSuffixes } from '../../../src/citation.ts';
import { MembersDirectory } from '../../../src/components/MembersDirectory.tsx';
import { NewsSection } from '../../../src/components/NewsSection.tsx';
import { PublicationEntry } from '../../../src/components/PublicationEntry.tsx';
import type { Publication, SiteSettings, Theme } from '../../../src/content-schema.ts';
import { accessibilityStatementSchema } from '../../../src/content/accessibility.ts';
import { legalPageSchema } from '../../../src/content/legal.ts';
import { membersSchema } from '../../../src/content/members.ts';
import { newsFrontMatterSchema, newsItemSchema } from '../../../src/content/news.ts';
import { publicationSchema } from '../../../src/content/publications.ts';
import { instantProblem } from '../../../src/events.ts';
import { AccessibilityPage } from '../../../src/pages/AccessibilityPage.tsx';
import { LegalPage } from '../../../src/pages/LegalPage.tsx';
import type { Urls } from '../../../src/urls.ts';
import { schemaAt } from '../../lib/schema-shape.ts';
import { metadataOf } from '../schema-fields.ts';
import { asSaved, checked, newsId, readSoFar } from './entry-data.ts';
import type { PREVIEWED } from './previewed.ts';

/** What a preview needs beside the entry: the site's settings and themes as saved, and where the site is. */
export interface SiteFacts {
  site?: SiteSettings;
  themes: Theme[];
  urls: Urls;
  /** The day the preview takes as today (YYYY-MM-DD, UTC), as a build given no date does. */
  today: string;
}

/** The entry being edited: what the form holds, and its file's name in a folder of entries (news). */
export interface PreviewEntry {
  data: Record<string, unknown>;
  slug?: string;
}

type Preview = (props: { entry: PreviewEntry; facts: SiteFacts }) => ReactNode;

/** What is not shown yet, and what it still needs: one sentence in the form's words. */
const NotYet = ({ problem }: { problem: string }) => (
  <p className="eccron-preview-note" role="note">
    {problem}
  </p>
);

/** The sentences of the items left out while they are filled in, below what is shown. */
const NotesOf = ({ notes }: { notes: string[] }) => (
  <>
    {notes.map((note) => (
      <NotYet key={note} problem={note} />
    ))}
  </>
);

/**
 * The build's context for the components. A part of a page is given the frame's main landmark and a level-one
 * heading (read, not seen) naming what it shows, as the pane is a document of its own; a whole page has its own.
 */
function Frame({ facts, part, children }: { facts: SiteFacts; part?: string; children: ReactNode }) {
  const context = { urls: facts.urls, assets: { css: '', js: '', fonts: [] }, today: facts.today, testedWith: {} };
  return (
    <BuildContextProvider value={context}>
      {part ? (
        <main>
          <h1 className="visually-hidden">{part}</h1>
          {children}
        </main>
      ) : (
        children
      )}
    </BuildContextProvider>
  );
}

/** One theme's list, cited as its page cites it: the year letters and BibTeX keys come from the whole list. */
function ThemePublications({ theme, entries }: { theme: Theme; entries: unknown[] }) {
  const read = entries.map((entry, index) =>
    checked(publicationSchema, asSaved(entry) ?? {}, `Publication ${index + 1} of ${theme.title}`),
  );
  const publications = read.flatMap((item) => (item.ok ? [item.value as Publication] : []));
  const keys = citationKeys(publications);
  const suffixes = yearSuffixes(publications);
  // Each entry's place among those shown, for its key and year letter.
  let shown = 0;
  const order = read.map((item) => (item.ok ? shown++ : -1));
  return (
    <section className={`page theme-page theme-page--${theme.color}`} aria-label={theme.title}>
      <div className="page__inner">
        <h2>{theme.title}</h2>
        <ol className="publication-list">
          {read.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an entry being typed has nothing else to be known by, and the list is drawn again from the form at each change.
            <Fragment key={index}>
              {item.ok ? (
                <PublicationEntry
                  publication={item.value as Publication}
                  bibtex={bibtexEntry(item.value as Publication, keys[order[index]!]!)}
                  yearSuffix={suffixes[order[index]!]}
                />
              ) : (
                <li className="publication">
                  <NotYet problem={item.problem} />
                </li>
              )}
            </Fragment>
          ))}
        </ol>
      </div>
    </section>
  );
}

const PublicationsPreview: Preview = ({ entry, facts }) => {
  const lists = entry.data as Record<string, unknown[] | undefined>;
  const themes = facts.themes.filter((theme) => (lists[theme.id]?.length ?? 0) > 0);
  return (
    <Frame facts={facts} part="Preview: the publications as their theme pages cite them">
      {themes.map((theme) => (
        <ThemePublications key={theme.id} theme={theme} entries={lists[theme.id]!} />
      ))}
    </Frame>
  );
};

const MembersPreview: Preview = ({ entry, facts }) => {
  const directory = readSoFar(membersSchema, asSaved(entry.data), 'The directory');
  return (
    <Frame facts={facts} part="Preview: the members directory of the home page">
      {directory.value ? (
        <MembersDirectory
          directory={directory.value}
          heading={facts.site?.headings.team ?? ''}
          intro={facts.site?.membersIntro ?? ''}
        />
      ) : null}
      <NotesOf notes={directory.notes} />
    </Frame>
  );
};

/** The form's labels of an event's times. */
const labels = {
  start: metadataOf(schemaAt(newsFrontMatterSchema, ['start']), 'title'),
  end: metadataOf(schemaAt(newsFrontMatterSchema, ['end']), 'title'),
};

/** A news item or event alone in the home page's news section, as a visitor meets it there. */
const NewsPreview: Preview = ({ entry, facts }) => {
  const { body, ...frontMatter } = (asSaved(entry.data) ?? {}) as Record<string, unknown>;
  const what = frontMatter.type === 'Event' ? 'This event' : 'This item';
  const item = checked(newsItemSchema, { ...frontMatter, id: newsId(entry.slug), summary: body }, what);
  if (!item.ok) return <NotYet problem={item.problem} />;
  // A time the build refuses in its zone (skipped or repeated by the clocks): its field named as the form names it.
  const zone = item.value.timezone ?? facts.site?.timezone;
  for (const field of ['start', 'end'] as const) {
    const problem = zone && item.value[field] ? instantProblem(item.value[field], zone) : undefined;
    if (problem)
      return <NotYet problem={`This event is shown once ${labels[field]} is a time its zone's clocks show.`} />;
  }
  return (
    <Frame facts={facts} part="Preview: this item in the news section of the home page">
      <NewsSection
        news={[item.value]}
        heading={facts.site?.headings.news ?? ''}
        intro={facts.site?.intros.news ?? ''}
        timezone={facts.site?.timezone}
      />
    </Frame>
  );
};

const StatementPreview: Preview = ({ entry, facts }) => {
  const statement = readSoFar(accessibilityStatementSchema, asSaved(entry.data), 'The statement');
  if (!statement.value || !facts.site) return <NotesOf notes={statement.notes} />;
  return (
    <Frame facts={facts}>
      <AccessibilityPage site={facts.site} statement={statement.value} />
      <NotesOf notes={statement.notes} />
    </Frame>
  );
};

const LegalPreview: Preview = ({ entry, facts }) => {
  const page = checked(legalPageSchema, asSaved(entry.data), 'This page');
  if (!page.ok) return <NotYet problem={page.problem} />;
  if (!facts.site) return null;
  return (
    <Frame facts={facts}>
      <LegalPage site={facts.site} page={page.value} />
    </Frame>
  );
};

/** The preview of each collection or file of the CMS's configuration (cms-config.ts), by its name. */
export const previews: Record<(typeof PREVIEWED)[number], Preview> = {
  publications: PublicationsPreview,
  members: MembersPreview,
  news: NewsPreview,
  events: NewsPreview,
  'all-day-events': NewsPreview,
  statement: StatementPreview,
  privacy: LegalPreview,
  terms: LegalPreview,
};
