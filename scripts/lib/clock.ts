/**
 * The one clock of the commands that wait (the HTTP client's time limits,
 * pauses, Retry-After and backoff; a command's deadline; the dev server's
 * debounce): what time it is, a timer, and a pause. Each of them takes a
 * Clock as an option and uses the system's by default; a test gives a clock
 * it drives (test/helpers/clock.ts), so that a schedule of seconds, hours or
 * a day is run and checked without being waited out.
 */

export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
  /**
   * Calls `then` after `ms` (a time limit, a deadline, a debounce); the function returned cancels it. A timer that
   * is not `holding` does not keep the process running by itself (a deadline that the work's end makes moot).
   */
  after(ms: number, then: () => void, holding?: boolean): () => void;
  /** Resolves after `ms`, or at once when `signal` is aborted: a pause the program takes before going on. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Resolves after `ms` of `after`'s timers, or at once when `signal` is aborted (the pause of every clock). */
export function sleepOn(after: Clock['after'], ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      cancel();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const cancel = after(ms, done);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The system's clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, then, holding = true) {
    const timer = setTimeout(then, ms);
    if (!holding) timer.unref();
    return () => clearTimeout(timer);
  },
  sleep: (ms, signal) => sleepOn(systemClock.after, ms, signal),
};
