import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  announced,
  ANNOUNCE_GAP_MS,
  countUpValue,
  QUIET,
  totalChanged,
  type Announcer,
} from '../../components/live/figure-motion';

/**
 * Plays a stream of total changes (their times) through the throttle as the page's hook does: a
 * change says the total now, or arms the one pending announcement, said when due.
 */
function play(changes: number[], gap: number): number[] {
  let state: Announcer = QUIET;
  const said: number[] = [];
  const sayDue = (until: number) => {
    if (state.dueAt !== null && state.dueAt <= until) {
      said.push(state.dueAt);
      state = announced(state.dueAt);
    }
  };
  for (const at of changes) {
    sayDue(at);
    const next = totalChanged(state, at, gap);
    state = next.state;
    if (next.sayNow) said.push(at);
  }
  sayDue(Infinity);
  return said;
}

const changeTimes = fc
  .array(fc.integer({ min: 0, max: 60_000 }), { minLength: 1, maxLength: 200 })
  .map((times) => times.sort((a, b) => a - b));

describe('the live region announcing the total', () => {
  it('says a first change at once', () => {
    expect(totalChanged(QUIET, 1_000)).toEqual({ state: { lastAt: 1_000, dueAt: null }, sayNow: true });
  });

  it('holds a change within the gap until the gap has passed, and lets later ones join it', () => {
    const after = totalChanged({ lastAt: 1_000, dueAt: null }, 2_000).state;
    expect(after).toEqual({ lastAt: 1_000, dueAt: 1_000 + ANNOUNCE_GAP_MS });
    expect(totalChanged(after, 3_000)).toEqual({ state: after, sayNow: false });
  });

  it('never speaks twice within the gap, and always speaks after the last change', () => {
    fc.assert(
      fc.property(changeTimes, fc.integer({ min: 1_000, max: 10_000 }), (changes, gap) => {
        const said = play(changes, gap);
        for (let i = 1; i < said.length; i++) expect(said[i]! - said[i - 1]!).toBeGreaterThanOrEqual(gap);
        expect(said.at(-1)).toBeGreaterThanOrEqual(changes.at(-1)!);
        expect(said.at(-1)! - changes.at(-1)!).toBeLessThanOrEqual(gap);
      }),
    );
  });

  it('speaks about once a gap on a hot project: a change every 100 ms for a minute is 13 announcements, not 600', () => {
    const changes = Array.from({ length: 600 }, (_, i) => i * 100);
    expect(play(changes, 5_000)).toHaveLength(13);
  });
});

describe('counting up to a new figure', () => {
  it('starts at the old value, ends on the new one, and never passes it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: -100, max: 2_000 }),
        (from, to, elapsed) => {
          const shown = countUpValue(from, to, elapsed, 800);
          expect(shown).toBeGreaterThanOrEqual(Math.min(from, to));
          expect(shown).toBeLessThanOrEqual(Math.max(from, to));
          if (elapsed <= 0) expect(shown).toBe(from);
          if (elapsed >= 800) expect(shown).toBe(to);
        },
      ),
    );
  });

  it('moves fast at first and settles (ease-out)', () => {
    expect(countUpValue(0, 1_000, 400, 800)).toBeGreaterThan(500);
    expect(countUpValue(0, 1_000, 100, 800)).toBeLessThan(countUpValue(0, 1_000, 200, 800));
  });
});
