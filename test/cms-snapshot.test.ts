/**
 * The CMS's snapshot of a draft, as the site serves it (scripts/admin/admin-stage.ts, snapshotKeepsWords): Svelte's
 * clone returns every value that is not an object as it is, where the packaged one hands it to structuredClone. The
 * two clones, taken out of the packaged script and out of the served one, give equal snapshots of any value, and
 * the served one gives a word or a number back as itself.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { adminFiles, readCmsScript } from '../scripts/admin/admin-stage.ts';
import { createUrls } from '../src/urls.ts';
import { propertyRuns } from './helpers/property-runs.ts';
import { fixtureContent } from './helpers/site.ts';

type Clone = (value: unknown) => unknown;

/** Svelte's clone(value, cloned, path, paths, original, noToJson), as `script` holds it, made a function of a value. */
function cloneOf(script: string): Clone {
  const at = script.indexOf(' instanceof EventTarget)return ');
  const start = script.lastIndexOf('function ', at);
  const end = script.indexOf('}catch{return ', at);
  const source = script.slice(start, script.indexOf('}}', end) + 2);
  const name = /^function ([\w$]+)\(/.exec(source)?.[1];
  const isArray = /if\(([\w$]+)\([\w$]+\)\)\{var [\w$]+=Array\(/.exec(source)?.[1];
  const prototype = /if\(([\w$]+)\([\w$]+\)===([\w$]+)\)\{/.exec(source);
  assert.ok(name && isArray && prototype, `Svelte's clone found in the script:\n${source.slice(0, 300)}`);
  const clone = new Function(isArray, prototype[1]!, prototype[2]!, `${source};return ${name};`)(
    Array.isArray,
    Object.getPrototypeOf,
    Object.prototype,
  ) as (...parts: unknown[]) => unknown;
  return (value) => clone(value, new Map(), '', [], null, false);
}

/** What a draft holds, and more: words, numbers, dates, maps, nested objects and lists, functions, symbols. */
const values = fc.oneof(
  fc.anything({ withDate: true, withMap: true, withSet: true, withBigInt: true, withNullPrototype: true }),
  fc.string().map((description) => Symbol(description)),
  fc.func(fc.string()),
  fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.double(), fc.constant(undefined), fc.date())),
);

/** Whether `value` is a real Date, Map or Set, not an object that only inherits from one. */
const isA = (check: (value: unknown) => unknown) => (value: unknown) => {
  try {
    check(value);
    return true;
  } catch {
    return false;
  }
};
const isDate = isA((value) => Date.prototype.getTime.call(value));
const isMap = isA((value) => Map.prototype.has.call(value, undefined));
const isSet = isA((value) => Set.prototype.has.call(value, undefined));

/** Where the comparable value keeps the prototype of an object whose prototype is neither Object's nor none. */
const prototypeKey = Symbol('prototype');

/**
 * The value as it can be compared, each date as its time, 'invalid' for an Invalid Date: two Invalid Dates are the
 * same snapshot (as structuredClone makes them), where assert's deep equality reads their times, NaN and NaN, as
 * different (seed 691480119 found it). An own key "__proto__" stays an own key; a clone that gave it to the copy as
 * its prototype (Svelte's, both the packaged and the served) has that prototype compared by its value, not by its
 * identity (seed 2120226862 found it, with a Date there).
 */
function datesAsTimes(value: unknown): unknown {
  if (isDate(value)) {
    const time = (value as Date).getTime();
    return { date: Number.isNaN(time) ? 'invalid' : time };
  }
  if (isMap(value))
    return new Map([...(value as Map<unknown, unknown>)].map(([key, item]) => [datesAsTimes(key), datesAsTimes(item)]));
  if (isSet(value)) return new Set([...(value as Set<unknown>)].map(datesAsTimes));
  if (Array.isArray(value)) return value.map(datesAsTimes);
  if (typeof value !== 'object' || value === null) return value;
  const prototype = Object.getPrototypeOf(value);
  const plain = prototype === Object.prototype || prototype === null;
  const copy = Object.create(plain ? prototype : null) as Record<PropertyKey, unknown>;
  if (!plain) copy[prototypeKey] = datesAsTimes(prototype);
  for (const [key, item] of Object.entries(value))
    Object.defineProperty(copy, key, {
      value: datesAsTimes(item),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}

test("the served CMS's snapshot of any value equals the packaged one's, and keeps a word or a number as itself", async () => {
  const files = adminFiles(createUrls('/', 'https://example.org'), await fixtureContent(), undefined);
  const served = files.find((file) => /^admin\/sveltia-cms-[\d.]+\.js$/.test(file.path))!;
  const packaged = cloneOf(readCmsScript().toString('latin1'));
  const patched = cloneOf(Buffer.from(served.contents).toString('latin1'));
  fc.assert(
    fc.property(values, (value) => {
      assert.deepStrictEqual(datesAsTimes(patched(value)), datesAsTimes(packaged(value)));
      if (typeof value !== 'object' || value === null) assert.ok(Object.is(patched(value), value));
    }),
    { numRuns: propertyRuns(500), examples: [[{ '': new Date(Number.NaN) }], [{ ['__proto__']: new Date(0) }]] },
  );
  // A draft's shape: the copy is a copy, its words the same words.
  const draft = { title: 'The Structure of Ordinary Water', authors: [{ name: 'Frank, H. S.' }], year: 1970 };
  const snapshot = patched(draft) as typeof draft;
  assert.deepStrictEqual(snapshot, draft);
  assert.notEqual(snapshot, draft);
  assert.notEqual(snapshot.authors, draft.authors);
});
