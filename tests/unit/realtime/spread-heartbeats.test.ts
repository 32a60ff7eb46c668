import { afterEach, expect, it, vi } from 'vitest';
import { everySpread } from '../../../lib/realtime/spread-timer';

afterEach(() => void vi.useRealTimers());

it('instances started together beat at different moments of the interval, then once an interval each (as live-project-socket.ts runs presence heartbeats)', () => {
  vi.useFakeTimers({ now: 0 });
  const beats: Record<string, number[]> = { first: [], second: [] };
  const draws = [0.1, 0.7];
  const timers = Object.keys(beats).map((name, i) =>
    everySpread(
      () => void beats[name]!.push(Date.now()),
      30_000,
      () => draws[i]!,
    ),
  );

  vi.advanceTimersByTime(100_000);

  expect(beats.first).toEqual([3_000, 33_000, 63_000, 93_000]);
  expect(beats.second).toEqual([21_000, 51_000, 81_000]);
  for (const timer of timers) timer.stop();
  vi.advanceTimersByTime(100_000);
  expect(beats.first).toHaveLength(4);
});

it('the first beat falls anywhere within one interval, never later', () => {
  vi.useFakeTimers({ now: 0 });
  const firstBeats: number[] = [];
  for (let i = 0; i < 50; i++) {
    // A first beat drawn at 0 ms has its second at 1,000 ms, inside this window: keep the first.
    const beats: number[] = [];
    const timer = everySpread(() => void beats.push(Date.now()), 1_000);
    vi.advanceTimersByTime(1_000);
    timer.stop();
    vi.setSystemTime(0);
    expect(beats.length).toBeGreaterThan(0);
    firstBeats.push(beats[0]!);
  }
  expect(new Set(firstBeats).size).toBeGreaterThan(10);
  expect(Math.max(...firstBeats)).toBeLessThan(1_000);
});
