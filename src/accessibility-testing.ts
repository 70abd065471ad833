/**
 * What the accessibility statement may say about how the site was tested:
 * only what a real run of the project's browser tests recorded. Those tests
 * write the record (reports/accessibility-run.json: what axe-core checked and
 * what it found); the build is given it as a file (--accessibility-record)
 * and uses it only when it is of the very commit being built, with the
 * axe-core that package-lock.json pins. Otherwise the statement says plainly
 * that this build was not tested.
 */
import * as v from 'valibot';

/** The record a run of the browser accessibility tests writes. */
export const accessibilityRecordSchema = v.strictObject({
  /** The UTC date of the run (YYYY-MM-DD). */
  date: v.pipe(v.string(), v.isoDate()),
  /** The commit the tests ran on; null outside a git checkout. */
  commit: v.nullable(v.pipe(v.string(), v.regex(/^[0-9a-f]{40}$/))),
  /** The version of axe-core that checked the pages. */
  axeCore: v.pipe(v.string(), v.nonEmpty()),
  /** The browser, as it names itself ("Chromium 142.0.7444.175"). */
  browser: v.pipe(v.string(), v.nonEmpty()),
  /** The pages checked (site paths of the test site). */
  routes: v.pipe(v.array(v.string()), v.nonEmpty()),
  /** The viewport widths, in CSS pixels. */
  widths: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.nonEmpty()),
  colorSchemes: v.pipe(v.array(v.picklist(['light', 'dark'])), v.nonEmpty()),
  /** How many checks ran: a page at a width in a colour scheme. */
  checks: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** What axe-core found in all of them. */
  violations: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

export type AccessibilityRecord = v.InferOutput<typeof accessibilityRecordSchema>;

/** What the statement's "How this site was tested" is made from: the record of this build's run, or none. */
export type TestedWith = { record: AccessibilityRecord } | { record?: undefined };
