import { describe, expect, it } from 'vitest';
import { applyChange, stateFromSnapshot, viewAt } from '../../lib/live-events/client-state';
import { inWindow, windowScores } from '../../lib/live-events/kinds';
import type { LiveSnapshot } from '../../lib/live-events/types';
import { DEFAULT_WINDOWS } from '../../lib/live-events/windows';

const NOW = 1_800_000_000_000;
const { contributions: DAY, contributors: HALF_HOUR } = DEFAULT_WINDOWS;

const snapshot: LiveSnapshot = {
  slug: 'p',
  serverTime: NOW,
  windows: DEFAULT_WINDOWS,
  version: 1,
  goal: 1_000,
  endsAt: null,
  ended: false,
  outcome: null,
  tiers: [],
  raised: 0,
  contributions: { count: 2, expiring: [NOW - DAY, NOW - DAY + 1], expiringComplete: true },
  contributors: [
    { id: 'inside', name: 'Bo', amount: 1, at: NOW - HALF_HOUR + 1 },
    { id: 'on-the-edge', name: 'Ana', amount: 1, at: NOW - HALF_HOUR },
  ],
  news: [],
  visitors: { count: 0 },
  activity: { items: [], nextCursor: null },
};

describe('a member exactly one window old', () => {
  it('is out: inWindow, and its score range (ZCOUNT "(now − window" +inf)', () => {
    expect([inWindow(NOW - DAY, DAY, NOW), inWindow(NOW - DAY + 1, DAY, NOW)]).toEqual([false, true]);
    expect(windowScores(DAY, NOW)).toEqual([`(${NOW - DAY}`, '+inf']);
  });

  it("is out of the browser's model: counts, lists, and the count after a change", () => {
    // The snapshot's count was taken a millisecond earlier, when both times were inside.
    const state = stateFromSnapshot(snapshot, NOW);
    expect(viewAt(state, NOW)).toMatchObject({
      counts: { contributions: 1 },
      lists: { contributors: [{ id: 'inside' }] },
    });

    // A change at NOW drops the known times that have left the window (all of them, here) off the count.
    const after = (expiring: number) => {
      const one = stateFromSnapshot(
        { ...snapshot, contributions: { count: 1, expiring: [expiring], expiringComplete: true } },
        NOW,
      );
      const contribution = { id: 'new', name: 'Cy', amount: 1, at: NOW };
      const activity = { seq: 2, kind: 'contribution' as const, ...contribution };
      const next = applyChange(one, {
        type: 'contribution-recorded',
        slug: 'p',
        version: 2,
        contribution,
        count: 2,
        raised: 1,
        activity,
      });
      if (next === 'resync') throw new Error('unexpected resync');
      return next.counters.contributions;
    };
    expect(after(NOW - DAY)).toEqual({ count: 1, expiring: [NOW], expiringComplete: true });
    expect(after(NOW - DAY + 1)).toEqual({ count: 2, expiring: [NOW - DAY + 1, NOW], expiringComplete: true });
  });
});
