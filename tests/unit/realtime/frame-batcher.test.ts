import { expect, it } from 'vitest';
import { frameBatcher, type BatchClock } from '../../../lib/realtime/frame-batcher';

/** A clock the test moves: timers run when their time comes, never on their own. */
function manualClock() {
  let time = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 0;
  const clock: BatchClock = {
    now: () => time,
    setTimeout: (run, ms) => (timers.set(++next, { at: time + ms, run }), next),
    clearTimeout: (id) => void timers.delete(id as number),
  };
  const advance = (ms: number) => {
    const until = time + ms;
    for (;;) {
      const due = [...timers].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      time = due[1].at;
      due[1].run();
    }
    time = until;
  };
  return { clock, advance };
}

it('a quiet room: each item goes out at once, in a frame of its own, without waiting for a batch window', () => {
  const { clock, advance } = manualClock();
  const frames: number[][] = [];
  const batcher = frameBatcher<number>(100, (items) => frames.push(items), clock);
  batcher.push(1);
  expect(frames).toEqual([[1]]);
  advance(500);
  batcher.push(2);
  expect(frames).toEqual([[1], [2]]);
  advance(100);
  batcher.push(3);
  expect(frames).toEqual([[1], [2], [3]]);
});

it('a hot room: a burst costs at most one frame per interval, and every item arrives, in order', () => {
  const { clock, advance } = manualClock();
  const frames: number[][] = [];
  const batcher = frameBatcher<number>(100, (items) => frames.push(items), clock);
  // 500 items a second for 2 s: one every 2 ms.
  for (let item = 0; item < 1_000; item++) {
    batcher.push(item);
    advance(2);
  }
  advance(100);
  expect(frames.length).toBeLessThanOrEqual(2_000 / 100 + 1);
  expect(frames.flat()).toEqual(Array.from({ length: 1_000 }, (_, item) => item));
  // The first went out alone and at once; the rest waited at most one interval.
  expect(frames[0]).toEqual([0]);
});

it('close drops what waits and stops the timer', () => {
  const { clock, advance } = manualClock();
  const frames: number[][] = [];
  const batcher = frameBatcher<number>(100, (items) => frames.push(items), clock);
  batcher.push(1);
  batcher.push(2);
  batcher.close();
  advance(1_000);
  expect(frames).toEqual([[1]]);
});
