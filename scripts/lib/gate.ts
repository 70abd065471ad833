/** The one concurrency limiter: room for `size` at once, in the order asked (the HTTP client, writing the output). */
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

/** Runs `task` on every item, `limit` at a time; settles only when none is running, so a failure cannot race the clean-up. */
export async function inParallel<T>(items: T[], task: (item: T) => Promise<unknown>, limit = 16): Promise<void> {
  const gate = new Gate(limit);
  const results = await Promise.allSettled(
    items.map(async (item) => {
      await gate.enter();
      return task(item).finally(() => gate.leave());
    }),
  );
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}
