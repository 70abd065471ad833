/**
 * The rules that span entries and files, each problem told where it is found
 * and naming the other place it concerns. They read the content as it was
 * written, not only once every file is valid, so that one build lists every
 * problem at once.
 */
import { firstInvisible } from '../../../src/text.ts';
import type { Problem } from '../../lib/problems.ts';
import { keyOffset, relative } from './source.ts';
import { eventTimeProblems } from './event-times.ts';
import { type CheckedFile, closest, lineOf, locate, show } from './issues.ts';

type Loose = Record<string, unknown>;
const record = (value: unknown): Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : {};
const list = (value: unknown): Loose[] => (Array.isArray(value) ? value.map(record) : []);
/** A value as the schema stores it (trimmed, NFC); undefined for what the schema refuses anyway. */
const str = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && firstInvisible(value) === -1
    ? value.trim().normalize('NFC')
    : undefined;

/** For each entry whose key repeats an earlier one's: its index and the first one's. */
function repeats<T>(items: readonly T[], key: (item: T) => unknown): { index: number; first: number }[] {
  const seen = new Map<unknown, number>();
  const found: { index: number; first: number }[] = [];
  items.forEach((item, index) => {
    const value = key(item);
    if (value === undefined) return;
    const first = seen.get(value);
    if (first !== undefined) found.push({ index, first });
    else seen.set(value, index);
  });
  return found;
}

export interface ContentFiles {
  site: CheckedFile;
  themes: CheckedFile;
  publications: CheckedFile;
  members: CheckedFile;
  news: CheckedFile[];
}

/** Every rule across entries and files, in the order of the files. */
export function crossFileProblems(files: ContentFiles): Problem[] {
  return [...themeProblems(files), ...newsProblems(files), ...memberProblems(files)];
}

/** Theme ids unique, each with publications; every key of publications.yml a theme's id; every DOI listed once. */
function themeProblems(files: ContentFiles): Problem[] {
  const problems: Problem[] = [];
  const themes = list(files.themes.raw);
  const publications = record(files.publications.raw);

  for (const { index, first } of repeats(themes, (theme) => str(theme.id))) {
    problems.push({
      ...locate(files.themes, [index, 'id']),
      message: `expected an id no other theme has: "${str(themes[index]!.id)}" is used twice (first at ${lineOf(files.themes, [first, 'id'])})`,
      plain: `another theme, "${str(themes[first]!.title) ?? str(themes[first]!.id)}", has the id "${str(themes[index]!.id)}": each theme needs an id of its own`,
    });
  }
  themes.forEach((theme, index) => {
    const id = str(theme.id);
    if (id && !(Array.isArray(publications[id]) && publications[id].length > 0)) {
      problems.push({
        ...locate(files.themes, [index, 'id']),
        message: `expected at least one publication for this theme, under "${id}:" in publications.yml`,
        plain: `this theme has no publication yet: save it, load the editor again, and add its first publication under Publications › ${str(theme.title) ?? id}`,
      });
    }
  });
  const themeIds = themes.map((theme) => str(theme.id)).filter((id) => id !== undefined);
  for (const id of Object.keys(publications)) {
    if (themeIds.includes(id)) continue;
    const meant = closest(id, themeIds);
    const offset = keyOffset(files.publications.source.doc, [], id);
    problems.push({
      ...locate(files.publications, [id], offset),
      message: meant
        ? `expected the id of a theme of themes.yml, found ${show(id)}; did you mean "${meant}" (${lineOf(files.themes, [themeIds.indexOf(meant), 'id'])})?`
        : `expected the id of a theme of themes.yml (${themeIds.join(', ')}), found ${show(id)}; to add a theme, add it to themes.yml first`,
    });
  }
  const titles = Object.fromEntries(themes.map((theme) => [str(theme.id), str(theme.title) ?? str(theme.id)]));
  return [...problems, ...repeatedDois(files.publications, publications, titles)];
}

function repeatedDois(
  file: CheckedFile,
  publications: Loose,
  themeTitles: Record<string, string | undefined>,
): Problem[] {
  const entries = Object.entries(publications).flatMap(([id, items]) =>
    list(items).map((publication, index) => ({ id, index, doi: str(publication.doi)?.toLowerCase() })),
  );
  return repeats(entries, (entry) => entry.doi).map(({ index, first }) => {
    const { id, index: position } = entries[index]!;
    const earlier = entries[first]!;
    const doi = str(record(list(publications[id])[position]).doi)!;
    const listed = str(record(list(publications[earlier.id])[earlier.index]).title);
    return {
      ...locate(file, [id, position, 'doi']),
      message: `expected a DOI no other publication has: ${doi} is already listed as ${earlier.id}[${earlier.index}] (${lineOf(file, [earlier.id, earlier.index, 'doi'])}), found "${doi}"`,
      plain: `${doi} is already on the site${listed ? `: "${listed}"` : ''}, publication ${earlier.index + 1} of ${themeTitles[earlier.id] ?? earlier.id}; a paper is listed once`,
    };
  });
}

/** News ids unique; an event's times real in its zone (which a time of day needs: its own or the site's). */
function newsProblems(files: ContentFiles): Problem[] {
  const newsIds = files.news.map((file) => str(record(file.raw).id));
  const problems: Problem[] = repeats(newsIds, (id) => id).map(({ index, first }) => ({
    where: relative(files.news[index]!.source.file),
    message: `expected a news id no other item has: "${newsIds[index]}" is also the id of ${lineOf(files.news[first]!, []).replace(/:\d+$/, '')} (the id is the file name after the date; two items would share one address)`,
    field: { file: relative(files.news[index]!.source.file), keys: ['title'] },
    plain: `the news item "${str(record(files.news[first]!.raw).title) ?? newsIds[first]}" has the same title, which makes the same address: change a word of this title`,
  }));
  return [...problems, ...eventTimeProblems(files.news, str(record(files.site.raw).timezone))];
}

/** Each country listed once; every member's country one of them; each member listed once. */
function memberProblems(files: ContentFiles): Problem[] {
  const directory = record(files.members.raw);
  const countries = Array.isArray(directory.countries) ? directory.countries.map(str) : [];
  const problems: Problem[] = repeats(countries, (country) => country).map(({ index, first }) => ({
    ...locate(files.members, ['countries', index]),
    message: `expected each country once: "${countries[index]}" is listed twice (first at ${lineOf(files.members, ['countries', first])})`,
    plain: `"${countries[index]}" is already country ${first + 1} of the list; each country is listed once`,
  }));
  const listed = countries.filter((country) => country !== undefined);
  const members = list(directory.members);
  members.forEach((member, index) => {
    const country = str(member.country);
    if (country !== undefined && !listed.includes(country)) {
      const meant = closest(country, listed);
      problems.push({
        ...locate(files.members, ['members', index, 'country']),
        message: `expected one of the countries listed under countries: (${listed.join(', ')}) at ${lineOf(files.members, ['countries'])}; ${meant ? `did you mean "${meant}"? ` : ''}to add a country, add it to that list first, found ${show(country)}`,
        plain: `${show(country)} is not one of the countries (${listed.join(', ')}); ${meant ? `did you mean "${meant}"? ` : ''}to add a country, add it under Countries first`,
      });
    }
  });
  for (const { index, first } of repeats(members, (member) => str(member.name))) {
    const [typed, earlier] = [members[index]!.name, members[first]!.name];
    problems.push({
      ...locate(files.members, ['members', index, 'name']),
      message: `expected each member once: "${str(typed)}" is listed twice (first at ${lineOf(files.members, ['members', first, 'name'])})${String(typed).trim() !== String(earlier).trim() ? ', typed with two different encodings of the same letters (Unicode composed and decomposed forms)' : ''}; delete one of the two entries`,
      plain: `"${str(typed)}" is already member ${first + 1} of the list; remove one of the two`,
    });
  }
  return problems;
}
