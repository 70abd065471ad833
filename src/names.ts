/**
 * The one model of a work's creators: a list of names, each a person (family
 * name with its particles, initials, suffix) or a name kept whole (a group
 * such as "Council on Cardiopulmonary, Critical Care, Perioperative and
 * Resuscitation", or a person known by one undivided name), and whether the
 * list goes on ("et al."). The content types it as APA writes it,
 * "Franzen, S., van den Berg, E., & Nielsen, T. R.", with a name kept whole
 * in braces where it holds a comma or could be read as parts of a person's
 * name ("{Council on Cardiopulmonary, Critical Care}"). parseNames reads that
 * text and formatNames writes it back, so that what cite writes reads back as
 * the same names; the page, the BibTeX and RIS downloads and the importers
 * all go through these two.
 */

export interface PersonName {
  /** The family name with its particles ("van den Berg", "Fontcuberta i Morral"), or the whole of a name kept whole. */
  family: string;
  /** Initials or given names; absent for a name kept whole (a group author or a single name). */
  given?: string;
  /** Jr., Sr., II, III…: APA writes "Smith, A. B., III". */
  suffix?: string;
}

export interface NameList {
  names: PersonName[];
  /** The list goes on: APA's "et al.", BibTeX's "and others". */
  others: boolean;
}

/** A letter that starts an initial: a capital, or a letter of a script without case (Arabic, Hebrew, Han…). */
const HEAD = String.raw`[\p{Lu}\p{Lt}\p{Lo}]\p{M}*`;
/** One initial as APA writes it: "A.", "Á.", "Th.", "Yu.", "ج.". */
const INITIAL = String.raw`${HEAD}(?:\p{Ll}\p{M}*)?\.`;
/** Initials only: "T. R.", "J.-P.", "J. P. C. M.": always a person's given name, whatever comes before them. */
const INITIALS = new RegExp(String.raw`^${INITIAL}(?:[\s-]+${INITIAL})*$`, 'u');
/** A given name as a person may type it: initials, or given names ("Esther", "Anna Maria"). */
const GIVEN = new RegExp(String.raw`^${HEAD}[\p{L}\p{M}'’]*\.?(?:[\s-]+${HEAD}[\p{L}\p{M}'’]*\.?)*$`, 'u');
export const SUFFIX = /^(?:Jr\.?|Sr\.?|I{2,3}|IV|V|VI)$/;
/** "…, & Nielsen, T. R., et al.": the list goes on (BibTeX's "and others"). */
const OTHERS = /,?\s*(?:&\s*)?(?:et al\.?|others)$/;

/**
 * Words written in lower case that belong to people's family names, in the languages the consortium's members
 * write: Catalan (i, de, del), Portuguese (da, das, do, dos, e), Spanish (de la, de los, y), Italian (di, della,
 * degli, dal), Dutch (van der, ter, ten, te, 't, op), German (von, zu, vom, zum, zur), French (du, des, le, la,
 * les, à), Scandinavian (af, av), Arabic (al, el, abu, abd) and the patronymics below. A word such as d'
 * or al- that ends in an apostrophe or a hyphen is one too ("d'Alembert", "al-Khalili").
 */
const PARTICLES = new Set([
  ...['i', 'de', 'del', 'dels', 'da', 'das', 'do', 'dos', 'e', 'la', 'las', 'los', 'y', 'di', 'della', 'delle'],
  ...['degli', 'dei', 'dello', 'dal', 'dalla', 'van', 'der', 'den', 'ter', 'ten', 'te', "'t", 'op', 'het', 'von'],
  ...['zu', 'vom', 'zum', 'zur', 'du', 'des', 'le', 'les', 'lo', 'à', 'af', 'av', 'al', 'el', 'abu', 'abd'],
]);

/**
 * Patronymics ("son of", "daughter of"): Swahili and Gĩkũyũ wa, Arabic and Malay bin, binti, bint, ibn, Hebrew and
 * Maghrebi ben. A name with one may be a family name with its particle ("wa Thiong'o, N.") or a name not divided
 * at all ("Ngũgĩ wa Thiong'o"), which only the person's own usage decides.
 */
const PATRONYMICS = new Set(['wa', 'bin', 'binti', 'bint', 'ibn', 'ben']);

/** Words of a group's name that no person's name holds: BibTeX read "American Council of Learned Societies" as a person. */
const GROUP_WORDS = new Set([
  'of',
  'for',
  'and',
  'the',
  'on',
  'at',
  'to',
  'from',
  'with',
  'by',
  '&',
  'für',
  'und',
  'et',
  'pour',
  'og',
  'och',
]);

/** What a word written in lower case inside a name is: a particle, a patronymic, a word of a group's name, or unknown. */
export function lowerCaseWord(word: string): 'particle' | 'patronymic' | 'group' | 'unknown' {
  // Only a word written in lower case is one: "Bin", "E", "Le" are a given name, an initial, a family name.
  if (PATRONYMICS.has(word) || /^wa-/.test(word)) return 'patronymic';
  if (PARTICLES.has(word) || /^\p{Ll}{1,3}['’-]/u.test(word)) return 'particle';
  return GROUP_WORDS.has(word) ? 'group' : 'unknown';
}

/** Whether a word is a particle of a person's family name ("van", "de", "'t", "i", "wa"), not a word of a group's ("of"). */
export const isNameParticle = (word: string) => {
  const kind = lowerCaseWord(word);
  return kind === 'particle' || kind === 'patronymic';
};

/**
 * A part of the list that can only be a group's name, never a person's family name: it holds an "&", or it has
 * words in capitals and a word all in lower case that is no particle ("Organisation for Economic Co-operation and
 * Development"; "van den Berg", "Fontcuberta i Morral", "da Silva e Souza" are people's). Such a part followed by a
 * given name in full ("Smith") is taken for a group followed by a person; followed by initials, it is a family name.
 */
function looksLikeGroup(part: string): boolean {
  const words = part.split(/\s+/);
  if (part.includes('&')) return true;
  return (
    words.length > 1 &&
    words.some((word) => /^[\p{Lu}\p{Lt}]/u.test(word)) &&
    words.some((word) => /^\p{Ll}+$/u.test(word) && !isNameParticle(word))
  );
}

/** A part written in braces: a name kept whole, whatever it holds. */
const braced = (part: string) => /^\{[^{}]*\}$/.test(part);

/** `next` is the given name of a person whose family name is `family`. */
function isGiven(family: string, next: string | undefined): boolean {
  if (next === undefined || braced(family) || braced(next) || SUFFIX.test(next) || family.includes('&')) return false;
  return INITIALS.test(next) || (GIVEN.test(next) && !looksLikeGroup(family));
}

/** The text with every braced part's characters replaced, so that a comma or "&" inside a name is not seen. */
const masked = (text: string) => text.replace(/\{[^{}]*\}/g, (group) => '_'.repeat(group.length));

/** The text cut at each comma outside braces, each part trimmed, empty parts dropped. */
function commaParts(text: string): string[] {
  const cover = masked(text);
  const parts: string[] = [];
  let start = 0;
  for (let at = 0; at <= text.length; at += 1) {
    if (at < text.length && cover[at] !== ',') continue;
    parts.push(text.slice(start, at).trim());
    start = at + 1;
  }
  return parts.filter((part) => part !== '');
}

/**
 * Where the last name of the list begins: after its last ", &" (as APA writes it, and the content does); failing
 * that, after a last " & " that is followed by a person ("Al-Jawahiri & Nielsen, T. R.") or follows one's initials
 * ("Smith, J. & Task Force"), so that a group's own "&" ("Task Force on Dementia & Migration") stays in its name.
 */
function lastSeparator(text: string): { at: number; length: number } | undefined {
  const cover = masked(text);
  const found = [...cover.matchAll(/,\s*&\s*(?=\S)/g)].at(-1);
  if (found) return { at: found.index, length: found[0].length };
  const bare = [...cover.matchAll(/\s+&\s+(?=\S)/g)].at(-1);
  if (!bare) return undefined;
  const before = commaParts(text.slice(0, bare.index));
  const after = commaParts(text.slice(bare.index + bare[0].length));
  // What follows is one name: a person ("Nielsen, T. R.", "Smith, A. B., III") or, after a person, a group.
  const onePerson =
    after.length >= 2 && after.length <= 3 && GIVEN.test(after[1]!) && (after.length === 2 || SUFFIX.test(after[2]!));
  const afterPerson =
    after.length === 1 && before.length > 1 && (GIVEN.test(before.at(-1)!) || SUFFIX.test(before.at(-1)!));
  return onePerson || afterPerson ? { at: bare.index, length: bare[0].length } : undefined;
}

/** "Franzen, S., van den Berg, E., Smith, A. B., III" → the names; a part without a given name is a name kept whole. */
function pairUp(parts: string[]): PersonName[] {
  const names: PersonName[] = [];
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index]!;
    if (!isGiven(part, parts[index + 1])) {
      names.push({ family: braced(part) ? part.slice(1, -1).trim() : part });
      continue;
    }
    const name: PersonName = { family: part, given: parts[index + 1]! };
    index += 1;
    if (parts[index + 1] !== undefined && SUFFIX.test(parts[index + 1]!)) {
      name.suffix = parts[index + 1]!;
      index += 1;
    }
    names.push(name);
  }
  return names;
}

/** "Franzen, S., {Council on X, Y}, & Nielsen, T. R., et al." → the names in order, and whether the list goes on. */
export function parseNames(text: string): NameList {
  let rest = text.trim();
  const others = OTHERS.test(masked(rest));
  if (others) rest = rest.replace(OTHERS, '').trim();
  // The part after the last "&" is the last name, so a single name there is never taken for the given name before it.
  const separator = lastSeparator(rest);
  const head = separator ? rest.slice(0, separator.at) : rest;
  const last = separator ? rest.slice(separator.at + separator.length) : '';
  return { names: [...pairUp(commaParts(head)), ...pairUp(commaParts(last))], others };
}

/**
 * Whether a name kept whole must be written in braces to be read back whole: it holds a comma, an "&" or a brace,
 * ends like "et al.", or would be read as a person's suffix or as the family name of the name that follows it.
 */
function needsBraces(list: NameList, index: number): boolean {
  const { names } = list;
  const { family } = names[index]!;
  if (/[,&{}]|\s$|^\s/.test(family) || /(?:et al\.?|others)$/.test(family) || SUFFIX.test(family)) return true;
  // The last name stands after ", &", where nothing before it can take it for its given name or suffix.
  const last = !list.others && names.length > 1 ? names.length - 1 : -1;
  const previous = index === last ? undefined : names[index - 1];
  if (previous && !previous.given && isGiven(previous.family, family)) return true;
  const next = index + 1 === last ? undefined : names[index + 1];
  return next !== undefined && isGiven(family, next.family);
}

/** One name as the list writes it: "Family, Given, Suffix", or a name kept whole (braced where it must be). */
function written(list: NameList, index: number, braces: boolean): string {
  const name = list.names[index]!;
  if (name.given) return `${name.family}, ${name.given}${name.suffix ? `, ${name.suffix}` : ''}`;
  return braces && needsBraces(list, index) ? `{${name.family}}` : name.family;
}

/**
 * The names as APA lists them: "Franzen, S., van den Berg, E., & Nielsen, T. R.", and "et al." when the list goes
 * on. With `braces` (the form the content stores), a name kept whole is braced where it would not read back whole;
 * without (the form a reader sees), never.
 */
export function formatNames(names: NameList, braces = true): string {
  const list = names.names.map((_name, index) => written(names, index, braces));
  const { others } = names;
  if (others) return list.length === 0 ? 'et al.' : `${list.join(', ')}, et al.`;
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')}, & ${list.at(-1)}`;
}

/** The list as typed, for a reader: the braces that keep a name whole left out ("{Council on X, Y}" → "Council on X, Y"). */
export const namesAsRead = (text: string) => text.replace(/\{([^{}]*)\}/g, '$1');
