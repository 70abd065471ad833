/**
 * The one concurrency limiter: room for `size` tasks at once, given in the
 * order they asked. The HTTP client keeps one per host and one overall; the
 * output is written through `inParallel`.
 */
export class Gate {
  active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}
  async enter() {
    while (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
  }
  leave() {
    this.active -= 1;
    this.waiting.shift()?.();
  }
}

/**
 * Runs `task` on every item, `limit` at a time (16: enough to keep a disk
 * busy, few enough for any limit of open files); settles only when none is
 * running, so a failure cannot race the clean-up.
 */
export async function inParallel<T>(items: T[], task: (item: T) => Promise<unknown>, limit = 16): Promise<void> {
  const gate = new Gate(limit);
  const run = async (item: T) => {
    await gate.enter();
    try {
      await task(item);
    } finally {
      gate.leave();
    }
  };
  const results = await Promise.allSettled(items.map(run));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}
