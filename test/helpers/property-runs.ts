/**
 * How many cases a property test runs. `npm test` runs the number the test
 * names, bounded so that the file stays within its budget (CONTRIBUTING.md,
 * Tests); PROPERTY_RUNS=N runs N cases instead where N is more, for a change
 * to what the property covers:
 *
 *   PROPERTY_RUNS=2000 npm test -- test/event-times.test.ts
 */
export function propertyRuns(inSuite: number): number {
  const asked = Number(process.env.PROPERTY_RUNS);
  return Number.isInteger(asked) && asked > inSuite ? asked : inSuite;
}
