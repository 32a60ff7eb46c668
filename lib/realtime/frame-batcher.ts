/** The timers a batcher uses: the real ones, or a test's own clock. */
export type BatchClock = {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
};

const realClock: BatchClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

export type FrameBatcher<Item> = { push(item: Item): void; close(): void };

/**
 * At most one frame per `intervalMs`, and no wait when there was none in the last `intervalMs`:
 * the first item after a quiet spell goes out at once, alone; items that come while a frame was
 * just sent wait for the next one and go out together. A quiet room is pushed to as things
 * happen, a hot one in batches of whatever arrived meanwhile, never more than 1000 / intervalMs
 * frames a second.
 */
export function frameBatcher<Item>(
  intervalMs: number,
  send: (items: Item[]) => void,
  clock: BatchClock = realClock,
): FrameBatcher<Item> {
  let pending: Item[] = [];
  let lastSent = -Infinity;
  let timer: unknown;
  const flush = () => {
    timer = undefined;
    if (pending.length === 0) return;
    const items = pending;
    pending = [];
    lastSent = clock.now();
    send(items);
  };
  return {
    push(item) {
      pending.push(item);
      if (timer !== undefined) return;
      const wait = lastSent + intervalMs - clock.now();
      if (wait <= 0) flush();
      else timer = clock.setTimeout(flush, wait);
    },
    close() {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      pending = [];
    },
  };
}
