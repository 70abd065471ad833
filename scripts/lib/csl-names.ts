/**
 * A record's names (CSL-JSON's family, given, particles and suffix, or a
 * literal) as the content's name model holds them (src/names.ts): the family
 * name with its particles, APA's initials, the suffix; a name kept whole as it
 * is. A name is a person's where the record divides it so: a word in lower case
 * that no language the consortium writes uses as a particle is kept where the
 * record puts it and said in a note, never refused; only a group's name that
 * BibTeX divided as a person's ("of Media, Department") is refused, with the
 * braces that keep it whole as the fix.
 */
import { formatNames, isNameParticle, lowerCaseWord, type PersonName, parseNames, SUFFIX } from '../../src/names.ts';
import { plainText } from './untrusted-text.ts';

export interface CslName {
  family?: string;
  given?: string;
  literal?: string;
  /** Crossref's REST API writes a group author as `name`. */
  name?: string;
  'non-dropping-particle'?: string;
  'dropping-particle'?: string;
  suffix?: string;
}

export class NameError extends Error {}

/**
 * "Henry S." → "H. S.", "Jean-Paul" → "J.-P.", "Á." stays: APA's initials. Initials written together are each
 * one: "C.J." as Scopus writes them → "C. J.", and "Roger BJ" as Google Scholar writes them → "R. B. J." (two or
 * three capitals after a name written in lower case; a name written all in capitals, "TODD A.", is left whole).
 */
export function initials(given: string): string {
  const mixedCase = /\p{Ll}/u.test(given);
  return (
    given
      .split(/\s+|(?<=\.)(?=\p{L})/u)
      // A particle written after the given names ("A. P. Jason de") is no initial.
      .filter((word) => word !== '' && !isNameParticle(word))
      .flatMap((word) => (mixedCase && /^\p{Lu}{2,3}$/u.test(word) ? [...word] : [word]))
      .map((word) =>
        word
          .split('-')
          .map((part) => {
            const letter = part.match(/\p{L}/u)?.[0];
            return letter ? `${letter.toUpperCase()}.` : '';
          })
          .filter(Boolean)
          .join('-'),
      )
      .filter(Boolean)
      .join(' ')
  );
}

/** "A. P. JASON de" → the given names and the particle written after them ("de"), which belongs to the family name. */
function trailingParticle(given: string): { given: string; particle: string } {
  const words = given.trim().split(/\s+/);
  let at = words.length;
  while (at > 1 && isNameParticle(words[at - 1]!)) at -= 1;
  return { given: words.slice(0, at).join(' '), particle: words.slice(at).join(' ') };
}

/** Catalan i, Portuguese e, Spanish y: they join two family names ("Fontcuberta i Morral"), never start or end one. */
const CONJUNCTIONS = new Set(['i', 'e', 'y']);

/**
 * What the words in lower case of a person's family name say: a group's name read as a person's ("of"), a name
 * that may not be divided at all (a patronymic such as wa or bin), a word no language we know puts there ("a"
 * before "Dick": an initial moved by the exporter), or nothing to say (van den, de la, i between two names).
 */
function familyWords(family: string): { kind: 'group' | 'patronymic' | 'unknown'; word: string } | undefined {
  const words = family.split(' ');
  const found = words.flatMap((word, index) => {
    if (!/^\p{Ll}/u.test(word)) return [];
    const kind = lowerCaseWord(word);
    const joins = index > 0 && index < words.length - 1 && /^[\p{Lu}\p{Lt}]/u.test(words[index + 1]!);
    if (kind === 'particle' && CONJUNCTIONS.has(word) && !joins) return [{ kind: 'unknown' as const, word }];
    return kind === 'particle' ? [] : [{ kind, word }];
  });
  return found.find(({ kind }) => kind === 'group') ?? found[0];
}

/** The note for a person's name read as the record divides it, where that division is one to check. */
function nameNote(at: string, person: PersonName, said: { kind: string; word: string }): string {
  const name = `"${person.family}, ${person.given}"`;
  if (said.kind === 'patronymic')
    return `${at} is read as ${name}, as the export divides the name, "${said.word}" (a patronymic) starting the family name; if the person's name is not divided (cited whole, as "Ngũgĩ wa Thiong'o" is), write it whole in publications.yml`;
  return `${at} is read as ${name}, as the export divides the name, though "${said.word}" is no particle of a family name the site knows (van, de, i, da, wa, al-…; it may be an initial the exporter moved); if the name is wrong, correct it in publications.yml`;
}

/**
 * The suffix as APA writes it (Jr., Sr., II to VI). BibTeX's "Last, Jr, First" holds other things there too: an
 * initial ("Merle, J., C."), read as the first of the initials, with a note; a degree ("PhD"), which APA leaves out;
 * or two names run together with a semicolon ("Cullis, A.G.; Hutchison, J.L."), which is refused.
 */
function suffixOf(name: CslName, at: string, notes: string[]): { suffix?: string; more?: string } {
  if (!name.suffix?.trim()) return {};
  const suffix = plainText(name.suffix, `${at}'s suffix`);
  if (SUFFIX.test(suffix)) return { suffix };
  if (/[;,&]/.test(suffix))
    throw new NameError(
      `${at} "${name.family}, ${suffix}, ${name.given}" holds more than one name: an "and" is probably missing between two names; write "and" between them (such as "Miller, D. and Firby, J.") and import again`,
    );
  const more = initials(suffix);
  if (/^\p{Lu}\.?$|^(?:\p{Lu}\.\s*)+$/u.test(suffix) && more) {
    notes.push(
      `${at} "${name.family}, ${suffix}, ${name.given}": "${suffix}" stands where a suffix (Jr., III) goes; read as an initial`,
    );
    return { more };
  }
  notes.push(
    `${at} "${name.family}, ${suffix}, ${name.given}": "${suffix}" is no suffix APA writes (Jr., Sr., II to VI), so it was left out`,
  );
  return {};
}

/** The record's name as the content's model holds it; what to check about it goes into `notes`. */
export function personName(name: CslName, at: string, notes: string[]): PersonName {
  const literal = name.literal ?? name.name;
  if (literal && !name.family) return { family: plainText(literal, at) };
  if (!name.family || name.family.trim() === '')
    throw new NameError(`${at} has no family name, so the entry cannot list the names in APA order`);
  const written = name.given ? trailingParticle(plainText(name.given, `${at}'s given name`)) : undefined;
  // Particles stay with the family name, as APA keeps them: "de Koning", "van den Berg".
  const particles = [name['dropping-particle'], name['non-dropping-particle'], written?.particle].filter(Boolean);
  const family = plainText([...particles, name.family].join(' '), `${at}'s family name`);
  const given = written ? initials(written.given) : '';
  // A given name without a family name is a single name (Plato); it is kept whole.
  if (!given) return { family };
  const { suffix, more } = suffixOf(name, at, notes);
  const person: PersonName = { family, given: more ? `${more} ${given}` : given, ...(suffix ? { suffix } : {}) };
  const said = familyWords(family);
  // "of Media, Department": BibTeX's reading of "Department of Media" written without braces.
  if (said?.kind === 'group')
    throw new NameError(
      `${at} "${family}, ${name.given}" is a group's name read as a person's; write the group's name as one name (in BibTeX, in braces: {${written!.given} ${family}}) and import again`,
    );
  if (said) notes.push(nameNote(at, person, said));
  return person;
}

/** The names as the content writes them, checked to read back as the same names (the name model's round trip). */
export function writtenNames(names: PersonName[], others: boolean, role: string): string {
  const text = formatNames({ names, others });
  const back = parseNames(text);
  const apa = (name: PersonName | undefined) =>
    name ? [name.family, name.given, name.suffix].filter(Boolean).join(', ') : '(nothing)';
  const differs = names.findIndex((name, index) => apa(name) !== apa(back.names[index]));
  if (differs === -1 && back.names.length === names.length && back.others === others) return text;
  const at = differs === -1 ? names.length : differs;
  const next = names[at + 1];
  if (next?.given && back.names[at]?.suffix === next.family)
    throw new NameError(
      `${role} ${at + 2} "${apa(next)}" has the family name "${next.family}", which reads as the suffix of the name before it ("${apa(names[at])}"); correct the name in your reference manager (a suffix goes after the given names, such as "Eddy, C. R., Jr.") and import again`,
    );
  throw new NameError(
    `${role} ${at + 1} "${apa(names[at])}" would read back as "${apa(back.names[at])}"; correct the name in your reference manager and import again`,
  );
}
