/**
 * The schema.org JSON-LD the pages carry, typed with schema-dts (types only:
 * nothing of it reaches the output but the shapes). Each block says only what
 * the content says; a test checks every block against the schema.org
 * vocabulary.
 */
import type { BreadcrumbList, CreativeWork, ItemList, Organization, Person, WithContext } from 'schema-dts';
import { FREE_COPY_VERSION_WORDS, publicationLink } from './citation.ts';
import { groupedByYear } from './publication-years.ts';
import type { MembersDirectory, Publication, SiteSettings, Theme } from './content-schema.ts';
import { orcidUrl } from './orcid.ts';
import type { Urls } from './urls.ts';

const context = 'https://schema.org' as const;

/** Each member as a Person: name, institution, and the ORCID iD and profile page that identify them. */
function person(member: MembersDirectory['members'][number]): Person {
  const sameAs = [member.orcid ? orcidUrl(member.orcid) : undefined, member.profileUrl].filter(
    (url): url is string => url !== undefined,
  );
  return {
    '@type': 'Person',
    name: member.name,
    ...(member.institution ? { affiliation: { '@type': 'Organization', name: member.institution } } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** The consortium, with its members. */
export function organization(site: SiteSettings, directory: MembersDirectory, urls: Urls): WithContext<Organization> {
  return {
    '@context': context,
    '@type': 'Organization',
    name: site.name,
    alternateName: site.acronym,
    url: urls.absolute('/'),
    logo: urls.absolute(`/${site.logo}`),
    foundingDate: String(site.foundedYear),
    description: site.hero.tagline,
    member: directory.members.map(person),
  };
}

/** The way from the home page to a page, for the trail search engines show under a result. */
export function breadcrumbs(trail: { name: string; path: string }[], urls: Urls): WithContext<BreadcrumbList> {
  return {
    '@context': context,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(({ name, path }, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: urls.absolute(path),
    })),
  };
}

type WorkType =
  | 'ScholarlyArticle'
  | 'Chapter'
  | 'Book'
  | 'Thesis'
  | 'Report'
  | 'Dataset'
  | 'SoftwareSourceCode'
  | 'CreativeWork';

/**
 * The schema.org type of a kind of publication. An entry without a kind is an
 * article; schema.org has no type of its own for a conference paper or a
 * preprint, which are scholarly articles, nor for a talk or a poster, which is
 * a creative work.
 */
export function workType(kind: string | undefined): WorkType {
  switch (kind) {
    case 'chapter':
      return 'Chapter';
    case 'book':
    case 'edited-book':
      return 'Book';
    case 'thesis':
      return 'Thesis';
    case 'report':
      return 'Report';
    case 'dataset':
      return 'Dataset';
    case 'software':
      return 'SoftwareSourceCode';
    case 'presentation':
      return 'CreativeWork';
    default:
      return 'ScholarlyArticle';
  }
}

/**
 * The legal free copy: the work itself free to read where the copy is the published version, and the copy as an
 * example of the work (its address, free to read, which version it is).
 */
function freeCopy(publication: Publication): Partial<CreativeWork> {
  if (!publication.freeCopy) return {};
  const version = publication.freeCopyVersion;
  return {
    ...(version === 'published' ? { isAccessibleForFree: true } : {}),
    workExample: {
      '@type': 'CreativeWork',
      url: publication.freeCopy,
      isAccessibleForFree: true,
      ...(version && version !== 'published' ? { version: FREE_COPY_VERSION_WORDS[version] } : {}),
    },
  };
}

function work(publication: Publication): CreativeWork {
  const type = workType(publication.type);
  const link = publicationLink(publication);
  return {
    '@type': type,
    name: publication.title,
    ...(typeof publication.year === 'number' ? { datePublished: String(publication.year) } : {}),
    ...(type === 'ScholarlyArticle' && publication.journal
      ? { isPartOf: { '@type': 'Periodical', name: publication.journal } }
      : {}),
    ...(link ? { url: link } : {}),
    ...(publication.doi
      ? {
          sameAs: link,
          identifier: { '@type': 'PropertyValue', propertyID: 'DOI', value: publication.doi },
        }
      : {}),
    ...freeCopy(publication),
  };
}

/**
 * A theme's publications, in the order the page lists them. A long list (grouped by year on the page) is named and
 * counted without its works, which would weigh as much as the page itself: the page's own references give them.
 */
export function publicationList(theme: Theme, publications: Publication[], urls: Urls): WithContext<ItemList> {
  return {
    '@context': context,
    '@type': 'ItemList',
    name: `${theme.title}: publications`,
    url: urls.absolute(`/research/${theme.id}`),
    numberOfItems: publications.length,
    ...(groupedByYear(publications)
      ? {}
      : {
          itemListElement: publications.map((publication, index) => ({
            '@type': 'ListItem' as const,
            position: index + 1,
            item: work(publication),
          })),
        }),
  };
}
