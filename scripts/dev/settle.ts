/**
 * The dev server's wait for a save to settle: editors write a file in several
 * steps (a temporary file, then a rename; or a truncate, then the text), and a
 * checkout changes many files at once, so a build starts once no change has
 * come for a moment, not at the first of them. On the one clock
 * (scripts/lib/clock.ts), which a test drives.
 */
import { type Clock, systemClock } from '../lib/clock.ts';

/** How long no change must come before the build starts. */
const settleMs = 40;

/** A function to call at each change: `then` runs once `ms` have passed without another call. */
export function whenSettled(
  then: () => void,
  { ms = settleMs, clock = systemClock }: { ms?: number; clock?: Clock } = {},
) {
  let cancel: (() => void) | undefined;
  return () => {
    cancel?.();
    cancel = clock.after(ms, () => {
      cancel = undefined;
      then();
    });
  };
}
