/**
 * What the accessibility statement may say about how the site was tested:
 * only what a real run of the project's browser tests recorded. Those tests
 * write the record (reports/accessibility-run.json: each check axe-core made
 * and what it found, and the figures of them all); the build is given it as a
 * file (--accessibility-record) and uses it only when it is of the very
 * version being built (its commit, with nothing changed and not committed),
 * with the axe-core that package-lock.json pins. Otherwise the statement says
 * plainly that this build was not tested.
 */
import * as v from 'valibot';
import { calendarDateProblem, listInWords } from './format.ts';

const schemes = ['light', 'dark'] as const;

/** One check: a page at a width in a colour scheme (and a state of it, such as the phone menu open), and what axe-core found. */
const run = v.strictObject({
  route: v.pipe(v.string(), v.nonEmpty()),
  width: v.pipe(v.number(), v.integer(), v.minValue(1)),
  colorScheme: v.picklist(schemes),
  /** A state the page was checked in besides the one it loads in, such as "menu open". */
  state: v.optional(v.pipe(v.string(), v.nonEmpty())),
  violations: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

/** The record a run of the browser accessibility tests writes. */
export const accessibilityRecordSchema = v.strictObject({
  /** The UTC date of the run (YYYY-MM-DD). */
  date: v.pipe(
    v.string(),
    v.check((date) => calendarDateProblem(date) === null, 'expected a real calendar date, written YYYY-MM-DD'),
  ),
  /** The commit the tests ran on; null outside a git checkout. */
  commit: v.nullable(v.pipe(v.string(), v.regex(/^[0-9a-f]{40}$/))),
  /** The files changed and not committed when the tests ran (none: the tree was the commit's); null outside git. */
  uncommitted: v.nullable(v.array(v.string())),
  /** The version of axe-core that checked the pages. */
  axeCore: v.pipe(v.string(), v.nonEmpty()),
  /** The browser, as it names itself ("Chromium 142.0.7444.175"). */
  browser: v.pipe(v.string(), v.nonEmpty()),
  /** The pages checked (site paths of the test site). */
  routes: v.pipe(v.array(v.string()), v.nonEmpty()),
  /** The viewport widths, in CSS pixels. */
  widths: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.nonEmpty()),
  colorSchemes: v.pipe(v.array(v.picklist(schemes)), v.nonEmpty()),
  /** How many checks ran: a page at a width in a colour scheme, in a state. */
  checks: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** What axe-core found in all of them. */
  violations: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Every check, which the figures above sum up. */
  runs: v.pipe(v.array(run), v.nonEmpty()),
});

export type AccessibilityRecord = v.InferOutput<typeof accessibilityRecordSchema>;

/** A field of the record, as a path of keys, and what is wrong with it. */
export interface RecordProblem {
  path: (string | number)[];
  message: string;
}

const list = (values: readonly unknown[]) => values.map(String).join(', ');

/** The same values more than once: "light and light colour schemes". */
function repeated(record: AccessibilityRecord): RecordProblem[] {
  return (['routes', 'widths', 'colorSchemes'] as const).flatMap((field) => {
    const values: readonly unknown[] = record[field];
    const again = values.findIndex((value, index) => values.indexOf(value) !== index);
    return again === -1
      ? []
      : [{ path: [field, again], message: `${String(values[again])} is listed twice: each is listed once` }];
  });
}

/** The figures the record gives, each against what its list of checks sums up to. */
function figures(record: AccessibilityRecord): RecordProblem[] {
  const { runs } = record;
  const distinct = <T>(values: T[]) => [...new Set(values)];
  const summed: [keyof AccessibilityRecord, unknown, unknown][] = [
    ['routes', list(distinct(runs.map((check) => check.route)).sort()), list(distinct([...record.routes]).sort())],
    ['widths', list(distinct(runs.map((check) => check.width)).sort()), list(distinct([...record.widths]).sort())],
    [
      'colorSchemes',
      list(distinct(runs.map((check) => check.colorScheme)).sort()),
      list(distinct([...record.colorSchemes]).sort()),
    ],
    ['checks', runs.length, record.checks],
    ['violations', runs.reduce((sum, check) => sum + check.violations, 0), record.violations],
  ];
  return summed.flatMap(([field, fromRuns, stated]) =>
    fromRuns === stated
      ? []
      : [{ path: [field], message: `says ${stated}, and the checks listed under runs make ${fromRuns || 'none'}` }],
  );
}

/**
 * Each check once, and a page checked at a width is checked there in every colour scheme the run used: what "in the
 * light and dark colour schemes" says. Not every page need be checked at every width: the sentence names the pages
 * each width covered (widthsPhrase).
 */
function grid({ runs }: AccessibilityRecord): RecordProblem[] {
  const seen = new Set<string>();
  const problems: RecordProblem[] = [];
  runs.forEach((check, index) => {
    const key = `${check.route} at ${check.width} px in the ${check.colorScheme} scheme${check.state ? `, ${check.state}` : ''}`;
    if (seen.has(key)) problems.push({ path: ['runs', index], message: `checks ${key} a second time` });
    seen.add(key);
  });
  const distinct = <T>(values: T[]) => [...new Set(values)];
  const schemes = distinct(runs.map((check) => check.colorScheme));
  for (const [route, width] of distinct(runs.map((check) => `${check.route}\n${check.width}`)).map((pair) =>
    pair.split('\n'),
  ))
    for (const scheme of schemes)
      if (!seen.has(`${route} at ${width} px in the ${scheme} scheme`))
        problems.push({
          path: ['runs'],
          message: `lists no check of ${route} at ${width} px in the ${scheme} scheme: a page checked at a width is checked there in every colour scheme`,
        });
  return problems;
}

/**
 * The widths, as the statement says them: "375 and 1280 pixels wide" when every page was checked at each; else the
 * widths every page had, then each other width with the pages checked at it ("1280 pixels wide, and / at 375 pixels
 * as well").
 */
export function widthsChecked({ runs, routes, widths }: AccessibilityRecord): string {
  const at = (width: number) => new Set(runs.filter((check) => check.width === width).map((check) => check.route));
  const sorted = [...widths].sort((a, b) => a - b);
  const everyPage = sorted.filter((width) => routes.every((route) => at(width).has(route)));
  const some = sorted.filter((width) => !everyPage.includes(width));
  const rest = some.map(
    (width) => `${listInWords(routes.filter((route) => at(width).has(route)))} at ${width} pixels as well`,
  );
  return [everyPage.length > 0 ? `${listInWords(everyPage)} pixels wide` : '', ...rest].filter(Boolean).join(', and ');
}

/** The build's date (YYYY-MM-DD, when known) and the day the commit being built was made (null when unknown). */
interface RecordDates {
  today?: string;
  commitDate: string | null;
}

/** When the run can have been: not before the commit it tested was made, not after the build's date. */
function dated(record: AccessibilityRecord, dates: RecordDates): RecordProblem[] {
  if (dates.commitDate !== null && record.date < dates.commitDate)
    return [{ path: ['date'], message: `is before the commit it names was made (${dates.commitDate})` }];
  if (dates.today !== undefined && record.date > dates.today)
    return [{ path: ['date'], message: `is after the build's date (${dates.today})` }];
  return [];
}

/** What is impossible in a record: figures its own checks contradict, a value twice, a run before its commit or after the build. */
export function recordProblems(record: AccessibilityRecord, dates: RecordDates): RecordProblem[] {
  return [...repeated(record), ...figures(record), ...grid(record), ...dated(record, dates)];
}

/**
 * The kind of page a site path is: every research theme's page is one kind (one component, many themes), every
 * other route a kind of its own, and the page for an address that does not exist one more.
 */
export const pageKind = (route: string): string =>
  route.replace(/\/+$/, '').replace(/^\/research\/[^/]+$/, '/research/<theme>') || '/';

/** What the statement's "How this site was tested" is made from: the record of this build's run, or none. */
export type TestedWith =
  | {
      record: AccessibilityRecord;
      /** Whether the record's pages include every kind of page the site has. */
      everyKind?: boolean;
    }
  | { record?: undefined };
