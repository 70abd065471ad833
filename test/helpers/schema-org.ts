/**
 * A check of JSON-LD against the schema.org vocabulary itself, as the
 * @vocabulary/schema package ships it (schema.org's own N-Quads release): every
 * @type is a class of the vocabulary, every property exists and is one of the
 * type's (its own or a parent's), and every value is of a type the property
 * takes (a node of that class or a subclass, or text, a URL, a date or a
 * number where the property takes those). The rules are those of
 * schema.org's own validator; Google's extra requirements are not checked.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { load as loadHtml } from './html.ts';

const require = createRequire(import.meta.url);
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property';
const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class';
const SUBCLASS_OF = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';
const SCHEMA = 'http://schema.org/';

interface Vocabulary {
  classes: Set<string>;
  properties: Set<string>;
  parents: Map<string, string[]>;
  domains: Map<string, Set<string>>;
  ranges: Map<string, Set<string>>;
  dataTypes: Set<string>;
}

let vocabulary: Vocabulary | undefined;

function load(): Vocabulary {
  const text = readFileSync(require.resolve('@vocabulary/schema/schema.nq'), 'utf8');
  const add = (map: Map<string, Set<string>>, key: string, value: string) =>
    map.set(key, (map.get(key) ?? new Set()).add(value));
  const loaded: Vocabulary = {
    classes: new Set(),
    properties: new Set(),
    parents: new Map(),
    domains: new Map(),
    ranges: new Map(),
    dataTypes: new Set(),
  };
  const local = (iri: string) => (iri.startsWith(SCHEMA) ? iri.slice(SCHEMA.length) : undefined);
  // Lines of IRIs only (<s> <p> <o> <g> .): the statements about classes and properties.
  for (const match of text.matchAll(/^<([^>]+)> <([^>]+)> <([^>]+)> /gm)) {
    const [, subjectIri, predicate, objectIri] = match;
    const subject = local(subjectIri!);
    if (!subject) continue;
    const object = local(objectIri!);
    if (predicate === RDF_TYPE) {
      if (objectIri === RDFS_CLASS) loaded.classes.add(subject);
      else if (objectIri === RDF_PROPERTY) loaded.properties.add(subject);
      else if (object === 'DataType') {
        loaded.classes.add(subject);
        loaded.dataTypes.add(subject);
      }
    } else if (predicate === SUBCLASS_OF && object) {
      loaded.parents.set(subject, [...(loaded.parents.get(subject) ?? []), object]);
    } else if (predicate === `${SCHEMA}domainIncludes` && object) add(loaded.domains, subject, object);
    else if (predicate === `${SCHEMA}rangeIncludes` && object) add(loaded.ranges, subject, object);
  }
  return loaded;
}

/** A class and every class above it. */
function ancestors(vocab: Vocabulary, type: string): Set<string> {
  const found = new Set<string>();
  const queue = [type];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (found.has(next)) continue;
    found.add(next);
    queue.push(...(vocab.parents.get(next) ?? []));
  }
  return found;
}

const isDataType = (vocab: Vocabulary, type: string) =>
  [...ancestors(vocab, type)].some((ancestor) => vocab.dataTypes.has(ancestor));

/** Whether a literal fits a property's range: text anywhere text (or a URL) is taken, a date where a date is, a number where a number is. */
function literalFits(vocab: Vocabulary, value: string | number | boolean, range: Set<string>): boolean {
  const taken = new Set([...range].flatMap((type) => [...ancestors(vocab, type)]));
  if (typeof value === 'number') return taken.has('Number') || taken.has('Text');
  if (typeof value === 'boolean') return taken.has('Boolean');
  if (range.has('Text') || range.has('URL')) return range.has('Text') || URL.canParse(value);
  if (range.has('Date') || range.has('DateTime'))
    return /^\d{4}(-\d{2}(-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?)?)?$/.test(value);
  // A class of things (a Person, a Thing) may be given by the address of its page.
  return [...range].some((type) => !isDataType(vocab, type)) && /^https?:\/\//.test(value);
}

/** Every way `block` departs from the schema.org vocabulary, each with its path; none for a valid block. */
export function schemaOrgProblems(block: unknown): string[] {
  vocabulary ??= load();
  const vocab = vocabulary;
  const problems: string[] = [];
  const root = block as Record<string, unknown>;
  if (root['@context'] !== 'https://schema.org' && root['@context'] !== 'http://schema.org')
    problems.push(`@context: expected https://schema.org, found ${JSON.stringify(root['@context'])}`);

  const visit = (node: unknown, path: string): string[] => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) {
      problems.push(`${path}: expected a node with an @type, found ${JSON.stringify(node)}`);
      return [];
    }
    const record = node as Record<string, unknown>;
    const types = [record['@type']].flat().filter((type): type is string => typeof type === 'string');
    if (types.length === 0) problems.push(`${path}: has no @type`);
    for (const type of types)
      if (!vocab.classes.has(type)) problems.push(`${path}: @type ${type} is not a schema.org type`);
    const own = new Set(types.flatMap((type) => [...ancestors(vocab, type)]));
    for (const [key, value] of Object.entries(record)) {
      if (key.startsWith('@')) continue;
      const at = `${path}.${key}`;
      if (!vocab.properties.has(key)) {
        problems.push(`${at}: ${key} is not a schema.org property`);
        continue;
      }
      const domain = vocab.domains.get(key) ?? new Set();
      if (types.length && ![...domain].some((type) => own.has(type)))
        problems.push(
          `${at}: ${key} is not a property of ${types.join(', ')} (it is one of ${[...domain].join(', ')})`,
        );
      const range = vocab.ranges.get(key) ?? new Set();
      [value].flat().forEach((item, index) => {
        const where = Array.isArray(value) ? `${at}[${index}]` : at;
        if (typeof item === 'object' && item !== null) {
          const itemTypes = visit(item, where);
          const reached = new Set(itemTypes.flatMap((type) => [...ancestors(vocab, type)]));
          if (itemTypes.length && ![...range].some((type) => reached.has(type)))
            problems.push(`${where}: a ${itemTypes.join(', ')} where ${key} takes ${[...range].join(', ')}`);
        } else if (!literalFits(vocab, item as string | number | boolean, range)) {
          problems.push(`${where}: ${JSON.stringify(item)} where ${key} takes ${[...range].join(', ')}`);
        }
      });
    }
    return types;
  };
  visit(block, '$');
  return problems;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON-LD read back from a page is checked field by field.
export type Json = any;

/** The JSON-LD blocks of a page, parsed. */
export const blocksOf = (html: string): Json[] => {
  const $ = loadHtml(html);
  return $('script[type="application/ld+json"]')
    .toArray()
    .map((script) => JSON.parse($(script).text()));
};
