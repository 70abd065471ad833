/**
 * V8 set for a build with nothing kept (every CI run and deploy), before the
 * build's code is loaded: by the build command (scripts/bundled-build.js, when
 * it has no bundle to run) and by the scale benchmark's cold builds
 * (scripts/bench/scale-build.ts), which so build as the command does.
 * JavaScript, for bundled-build.js. It changes how fast the same bytes are
 * made, never which.
 */
import v8 from 'node:v8';

/**
 * A build with nothing kept lexes every Markdown text and renders every page, where a build with its results kept
 * runs most of its code once. TurboFan optimizes a function after some 3,000 calls (V8's default), on a thread of its
 * own: in a build of the real site with nothing kept, most functions stop not far beyond that, and optimizing them
 * cost more than it saved. After 10,000 calls, such a build spends some 3-5% less CPU in this process; a site of
 * 10,000 pages, whose functions reach 10,000 calls in its first pages, as much as before. A count V8 reads each time
 * it sets a function's budget, so it may be changed while the process runs (not every setting may: the regular
 * expressions' tier-up, changed so, crashed Node 20). V8 12 (Node 22) and later only: V8 11 (Node 20) counts
 * otherwise, and prints an error for a setting it does not know.
 */
export function setUpBuildWithNothingKept() {
  if (Number(process.versions.v8.split('.')[0]) >= 12) v8.setFlagsFromString('--invocation-count-for-turbofan=10000');
}
