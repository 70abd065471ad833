/**
 * The fields of a BibTeX export that no entry of the site is made from (the
 * abstract, notes, keywords, attached files), emptied before the parser reads
 * the file. The parser turns every field's LaTeX into text, the longest
 * slowest: the abstracts that make up most of a Mendeley or JabRef export took
 * most of the time of its import. The parser has no way to leave a field
 * unread, so the file's text is scanned here by the parser's own rules for
 * where an entry, a field and a value start and end
 * (@retorquere/bibtex-parser, verbatim.js), and only a value those rules
 * close, in an entry they close, is emptied: an entry they do not close is
 * left as written, for the parser to report. Each value becomes spaces and its
 * own line breaks, which the parser skips as an empty field, so every place in
 * the file keeps its line and column.
 */

/** Fields that hold what no entry of the site shows (import-bibtex.ts reads none of them). */
const UNREAD = new Set([
  'abstract',
  'annote',
  'annotation',
  'comment',
  'file',
  'keywords',
  'mendeley-tags',
  'note',
  'review',
]);

/** A character the parser takes into a key, a field's name or an entry's type. */
const KEY_CHARACTER = /[+'a-zA-Z0-9&;_:\\./-]|[\p{Lu}\p{Lt}\p{Ll}\p{Lm}\p{Lo}]/u;

class Unreadable extends Error {}

/** How much text after where it stopped the parser's error quotes. */
const QUOTED = 20;

/** The text with the value of every unread field made blank: spaces, but for its line breaks. */
export function withoutUnreadFields(text: string): string {
  const scan = new Scan(text);
  const spans: [number, number][] = [];
  while (scan.pos < text.length) spans.push(...scan.next().filter(([start]) => start >= scan.readUntil));
  if (spans.length === 0) return text;
  let out = '';
  let from = 0;
  for (const [start, end] of spans) {
    out += text.slice(from, start) + text.slice(start, end).replace(/[^\r\n]/g, ' ');
    from = end;
  }
  return out + text.slice(from);
}

/** The parser's reading of the file's structure, step by step as verbatim.js takes it. */
class Scan {
  pos = 0;
  /**
   * The end of what an entry the parser could not read was read through, with the text its error quotes: the
   * parser keeps such an entry's fields as far as it got, and says where it stopped, so that text stays as written.
   */
  readUntil = 0;
  constructor(private readonly text: string) {}

  /** The spans of unread values of the next entry, when the parser would read it whole. */
  next(): [number, number][] {
    this.skipWhitespace();
    while (this.pos < this.text.length && this.text[this.pos] !== '@') {
      if (this.text[this.pos] === '%') this.toLineEnd();
      else this.pos += 1;
    }
    if (this.pos >= this.text.length) return [];
    const start = this.pos;
    try {
      return this.directive();
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      this.readUntil = Math.max(this.readUntil, this.pos + QUOTED);
      this.pos = start + 1;
      while (this.pos < this.text.length && this.text[this.pos] !== '@') this.pos += 1;
      return [];
    }
  }

  private directive(): [number, number][] {
    this.match('@');
    const type = this.key().toLowerCase();
    if (type === 'preamble') {
      this.value();
      return [];
    }
    if (type === 'comment') {
      // Spaces and tabs only: a comment that is not braced is the rest of its line.
      while (this.text[this.pos] === ' ' || this.text[this.pos] === '\t') this.pos += 1;
      if (this.text[this.pos] === '{') this.braced();
      else this.toLineEnd();
      return [];
    }
    const guard = this.guard();
    const spans = type === 'string' ? this.abbreviation() : this.fields(guard);
    this.match(guard);
    return spans;
  }

  /** `name = value` of an @string: not a field of an entry, so it stays as written whatever it is named. */
  private abbreviation(): [number, number][] {
    this.field();
    return [];
  }

  /** An entry's key and fields, up to its closing guard (verbatim.js `entry`). */
  private fields(guard: string): [number, number][] {
    const spans: [number, number][] = [];
    if (this.tryMatch(guard)) return spans;
    const key = this.tryMatch(',') ? '' : this.key('[]*"');
    if (this.tryMatch('=')) spans.push(...this.field(key));
    this.tryMatch(',', true);
    if (this.tryMatch(guard)) return spans;
    spans.push(...this.field());
    while (this.tryMatch(',', true)) {
      if (this.tryMatch(guard)) return spans;
      spans.push(...this.field());
    }
    return spans;
  }

  /** `name = value`: the value's inside when the field is unread and its value one braced or quoted text. */
  private field(given = ''): [number, number][] {
    const name = given || this.key();
    if (!name) return [];
    if (!this.tryMatch('=')) throw new Unreadable();
    this.match('=');
    const values = this.value();
    return UNREAD.has(name.toLowerCase()) && values.length === 1 && values[0] ? [values[0]] : [];
  }

  /** Values joined by #: the inside of each braced or quoted one, undefined for a bare word. */
  private value(): ([number, number] | undefined)[] {
    const values = [this.singleValue()];
    while (this.tryMatch('#')) {
      this.match('#');
      values.push(this.singleValue());
    }
    return values;
  }

  private singleValue(): [number, number] | undefined {
    if (this.tryMatch('{')) return this.braced();
    if (this.tryMatch('"')) return this.quoted();
    this.key();
    return undefined;
  }

  private braced(): [number, number] {
    this.pos += 1;
    const start = this.pos;
    let depth = 0;
    let math = false;
    for (;;) {
      const character = this.text[this.pos];
      if (character === '\\') this.pos += 1;
      else if (character === '{') depth += 1;
      else if (character === '}') {
        if (depth === 0) {
          if (math) throw new Unreadable();
          this.pos += 1;
          return [start, this.pos - 1];
        }
        depth -= 1;
      } else if (character === '$') math = !math;
      this.pos += 1;
      if (this.pos >= this.text.length) throw new Unreadable();
    }
  }

  private quoted(): [number, number] {
    this.pos += 1;
    const start = this.pos;
    let depth = 0;
    for (;;) {
      const character = this.text[this.pos];
      if (character === '\\') this.pos += 1;
      else if (character === '{') depth += 1;
      else if (character === '}') depth -= 1;
      else if (character === '"' && depth <= 0) {
        this.pos += 1;
        return [start, this.pos - 1];
      }
      this.pos += 1;
      if (this.pos >= this.text.length) throw new Unreadable();
    }
  }

  private key(allow = ''): string {
    const start = this.pos;
    for (;;) {
      if (this.pos === this.text.length) throw new Unreadable();
      const character = this.text[this.pos]!;
      if (!KEY_CHARACTER.test(character) && !allow.includes(character)) return this.text.slice(start, this.pos);
      this.pos += 1;
    }
  }

  private guard(): string {
    for (const [open, close] of [
      ['{', '}'],
      ['(', ')'],
    ] as const) {
      if (this.tryMatch(open)) {
        this.match(open);
        return close;
      }
    }
    throw new Unreadable();
  }

  private match(token: string) {
    this.skipWhitespace();
    if (!this.text.startsWith(token, this.pos)) throw new Unreadable();
    this.pos += token.length;
    this.skipWhitespace();
  }

  private tryMatch(token: string, consume = false): boolean {
    this.skipWhitespace();
    const found = this.text.startsWith(token, this.pos);
    if (found && consume) this.pos += token.length;
    return found;
  }

  private skipWhitespace() {
    while (this.pos < this.text.length && /[ \t\r\n%]/.test(this.text[this.pos]!)) {
      if (this.text[this.pos] === '%') this.toLineEnd();
      else this.pos += 1;
    }
  }

  private toLineEnd() {
    while (this.pos < this.text.length && this.text[this.pos] !== '\n') this.pos += 1;
  }
}
