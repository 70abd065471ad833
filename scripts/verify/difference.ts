/**
 * What differs between a file the host served and the build's, in words a
 * person can act on: an empty answer, or one longer than the build's file,
 * as that; for a page of another build, which fields of its identity; for
 * another page of this build, which one; for this page without its <meta>
 * policy, that; otherwise the sizes and the first byte that differs, with
 * its line and the text around it. These only describe a difference: the
 * verdict is the bytes'.
 */
import { eachStartTag } from '../lib/html.ts';
import { count } from '../lib/http-client.ts';

/** The `content` of a page's <meta> with this name (or http-equiv), or undefined when it has none. */
function metaOf(html: string, key: 'name' | 'http-equiv', value: string): string | undefined {
  let found: string | undefined;
  eachStartTag(html, (name, attributes) => {
    if (found === undefined && name === 'meta' && attributes[key]?.toLowerCase() === value.toLowerCase())
      found = attributes.content ?? '';
  });
  return found;
}

/** "commit=… content=… page=…" as fields. */
const identityFields = (identity: string) =>
  new Map(identity.split(/\s+/).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));

export const short = (value: string) =>
  /^(sha256:)?[0-9a-f]{40,}$/.test(value) ? value.slice(0, value.indexOf(':') + 13) : value;

/** Which fields of two identities differ, in words: "commit 1a2b3c… live, 4d5e6f… in this build". */
function identityDifference(live: string, built: string): string {
  const [liveFields, builtFields] = [identityFields(live), identityFields(built)];
  return [...builtFields]
    .filter(([name, value]) => liveFields.get(name) !== value)
    .map(([name, value]) => `${name} ${short(liveFields.get(name) ?? '(none)')} live, ${short(value)} in this build`)
    .join('; ');
}

/** Text, as far as a person can read it in a line: valid UTF-8 without NUL. */
const isText = (bytes: Buffer) => !bytes.includes(0) && Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);

/** Where two byte strings first differ, with the line and a few characters of each side. */
function firstDifference(live: Buffer, built: Buffer): string {
  let at = 0;
  while (at < live.length && at < built.length && live[at] === built[at]) at += 1;
  const where = `first difference at byte ${count(at + 1)}`;
  if (!isText(built)) return where;
  const line = built.subarray(0, at).toString('utf8').split('\n').length;
  const around = (bytes: Buffer) =>
    JSON.stringify(
      bytes
        .subarray(Math.max(0, at - 20), at + 30)
        .toString('utf8')
        .replace(/^\uFFFD+|\uFFFD+$/g, ''),
    );
  return `${where} (line ${count(line)}): live ${around(live)}, built ${around(built)}`;
}

/** The page hash of a page's <meta name="build">, or undefined without one. */
export function pageIdentity(html: string): string | undefined {
  const identity = metaOf(html, 'name', 'build');
  return identity === undefined ? undefined : identityFields(identity).get('page');
}

/** What is known of the answer beyond its bytes, and of the build, for the words. */
export interface DifferenceContext {
  /** More came than was read: the answer is longer than the build's file could be. */
  truncated?: boolean;
  /** The build's page whose identity has this page hash. */
  pageOf?: (page: string) => string | undefined;
}

/** An answer that went on past the build's file, and where it first parts from it. */
function longer(live: Buffer, built: Buffer): string {
  const read = `more than ${count(live.length)} bytes live, ${count(built.length)} in this build`;
  if (live.subarray(0, built.length).equals(built))
    return `is longer than this build's file: ${read}; its first ${count(built.length)} bytes are this build's, and more follow`;
  return `is longer than this build's file: ${read}; ${firstDifference(live, built)}`;
}

/** For a page: another build, another page of this build, or this page with its policy changed; else undefined. */
function pageDifference(live: Buffer, built: Buffer, context: DifferenceContext): string | undefined {
  const [liveText, builtText] = [live.toString('utf8'), built.toString('utf8')];
  const [liveIdentity, builtIdentity] = [metaOf(liveText, 'name', 'build'), metaOf(builtText, 'name', 'build')];
  if (builtIdentity === undefined || liveIdentity === undefined) return undefined;
  if (liveIdentity !== builtIdentity) {
    const [liveFields, builtFields] = [identityFields(liveIdentity), identityFields(builtIdentity)];
    const sameBuild = [...builtFields].every(([name, value]) => name === 'page' || liveFields.get(name) === value);
    if (!sameBuild) return `another build: ${identityDifference(liveIdentity, builtIdentity)}`;
    const livePage = liveFields.get('page') ?? '(none)';
    const which = context.pageOf?.(livePage);
    const pages = `page ${short(livePage)} live, ${short(builtFields.get('page') ?? '(none)')} in this build`;
    if (!which) return `is another page of this build (${pages})`;
    return `is this build's ${which === 'the 404 page' ? '404 page' : `page ${which}`}, not this one (${pages})`;
  }
  const policy = metaOf(builtText, 'http-equiv', 'content-security-policy');
  const livePolicy = metaOf(liveText, 'http-equiv', 'content-security-policy');
  if (policy === undefined || livePolicy === policy) return undefined;
  const sizes = `${count(live.length)} bytes live, ${count(built.length)} in this build`;
  return livePolicy === undefined
    ? `has no <meta http-equiv="Content-Security-Policy"> (${sizes})`
    : `<meta> Content-Security-Policy is "${livePolicy}", expected "${policy}"`;
}

/** Why a file the host served is not the build's: the most telling reason first. */
export function describeDifference(
  live: Buffer,
  built: Buffer,
  html: boolean,
  context: DifferenceContext = {},
): string {
  if (live.length === 0) return `is empty: 0 bytes live, ${count(built.length)} in this build`;
  // A page's identity is in its <head>: read in the part that came, even of an answer longer than the build's page.
  const page = html ? pageDifference(live, built, context) : undefined;
  if (page) return page;
  if (context.truncated) return longer(live, built);
  return `differs from this build: ${count(live.length)} bytes live, ${count(built.length)} in this build; ${firstDifference(live, built)}`;
}
