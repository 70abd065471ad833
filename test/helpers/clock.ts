/**
 * A clock the test drives (scripts/lib/clock.ts says who takes one): time
 * moves only when the test moves it, or, when `pausesPass` is set, when the
 * program pauses and nothing else is due first, as if the pause were over at
 * once. Each pause taken is kept, so that a test asserts the schedule (waits
 * of 1, 2 and 4 s; a Retry-After of a day reported, not waited) without
 * waiting any of it out.
 */
import { type Clock, sleepOn } from '../../scripts/lib/clock.ts';

interface Timer {
  due: number;
  then: () => void;
  pause: boolean;
}

export class DrivenClock implements Clock {
  private time: number;
  private readonly timers = new Set<Timer>();
  private flushing = false;
  /** Every pause the program took, in milliseconds, in order. */
  readonly pauses: number[] = [];

  /**
   * `start`: the time it is at first (a fixed day by default, so that no run depends on when it runs);
   * `pausesPass`: a pause ends as soon as it is taken, time moving on to its end (and running what falls due).
   */
  constructor(private readonly options: { start?: number; pausesPass?: boolean } = {}) {
    this.time = options.start ?? Date.parse('2026-03-02T09:00:00Z');
  }

  now(): number {
    return this.time;
  }

  after(ms: number, then: () => void): () => void {
    return this.add({ due: this.time + Math.max(0, ms), then, pause: false });
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (ms > 0 && !signal?.aborted) this.pauses.push(ms);
    return sleepOn(
      (wait, then) => {
        const cancel = this.add({ due: this.time + wait, then, pause: true });
        if (this.options.pausesPass) this.passPauses();
        return cancel;
      },
      ms,
      signal,
    );
  }

  /** Moves time on by `ms`, running each timer that falls due, earliest first, at its own time. */
  advance(ms: number): void {
    this.runUntil(this.time + ms);
  }

  /** Moves time on to the first pending timer or pause and runs it (and any due with it): what happens next, now. */
  runNext(): void {
    const next = this.earliest();
    if (next) this.runUntil(next.due);
  }

  private add(timer: Timer): () => void {
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }

  private runUntil(to: number): void {
    for (let next = this.earliest(); next && next.due <= to; next = this.earliest()) {
      this.timers.delete(next);
      this.time = Math.max(this.time, next.due);
      next.then();
    }
    this.time = Math.max(this.time, to);
  }

  private earliest(filter: (timer: Timer) => boolean = () => true): Timer | undefined {
    let found: Timer | undefined;
    for (const timer of this.timers) if (filter(timer) && (!found || timer.due < found.due)) found = timer;
    return found;
  }

  /** After the pauses taken at this moment are all set, moves time to the end of the first, and again until none is left. */
  private passPauses(): void {
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      const next = this.earliest((timer) => timer.pause);
      if (!next) return;
      this.runUntil(next.due);
      if (this.earliest((timer) => timer.pause)) this.passPauses();
    });
  }
}
