/**
 * What the accessibility statement may say about how the site is tested:
 * only what the project's own tests and tools do. The widths are those of the
 * browser tests (a test checks the two agree); the versions are read by the
 * build from package-lock.json, so they are those installed, never typed.
 */

/** The versions of the testing tools the project installs, as package-lock.json pins them. */
export interface TestedWith {
  axeCore: string;
  lighthouse: string;
}

/** The widths, in CSS pixels, at which the browser tests run axe-core on every page: a phone and a desktop. */
export const testedWidths = [375, 1280] as const;
