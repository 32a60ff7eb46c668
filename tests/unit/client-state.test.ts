import { describe, expect, it } from 'vitest';
import { applyChange, stateFromSnapshot, viewAt, type LiveState } from '../../lib/live-events/client-state';
import type { LiveSnapshot } from '../../lib/live-events/types';
import { DEFAULT_WINDOWS, HOUR, MINUTE } from '../../lib/live-events/windows';

const SERVER_NOW = 1_800_000_000_000;

function snapshot(overrides: Partial<LiveSnapshot> = {}): LiveSnapshot {
  return {
    slug: 'p',
    serverTime: SERVER_NOW,
    windows: DEFAULT_WINDOWS,
    version: 7,
    raised: 100,
    goal: 1_000,
    endsAt: null,
    ended: false,
    outcome: null,
    tiers: [],
    contributions: { count: 2, expiring: [SERVER_NOW - 24 * HOUR + 10_000, SERVER_NOW - HOUR], expiringComplete: true },
    contributors: [{ id: 'c1', name: 'Ana', amount: 5, at: SERVER_NOW - 29 * MINUTE }],
    news: [{ id: 'n1', title: 'Hello', url: 'https://example.org', at: SERVER_NOW - 23 * HOUR }],
    visitors: { count: 3 },
    activity: {
      items: [{ seq: 4, kind: 'contribution', id: 'c1', name: 'Ana', amount: 5, at: SERVER_NOW - 29 * MINUTE }],
      nextCursor: null,
    },
    ...overrides,
  };
}

const applied = (state: LiveState, change: Parameters<typeof applyChange>[1]) => {
  const next = applyChange(state, change);
  if (next === 'resync') throw new Error('unexpected resync');
  return next;
};

describe('the browser model of live events', () => {
  it('expires on the server clock whatever the browser clock says', () => {
    const browserFiveHoursFast = SERVER_NOW + 5 * HOUR;
    const state = stateFromSnapshot(snapshot(), browserFiveHoursFast);
    const now = (browserElapsed: number) => browserFiveHoursFast + browserElapsed + state.clockOffset;
    expect(viewAt(state, now(0))).toMatchObject({ contributionCount: 2, contributors: [{ id: 'c1' }] });
    expect(viewAt(state, now(11_000)).contributionCount).toBe(1);
    expect(viewAt(state, now(MINUTE)).contributors).toEqual([]);
    expect(viewAt(state, now(HOUR)).news).toEqual([]);
  });

  it('applies each change once, in version order, and asks for a snapshot on a gap', () => {
    const state = stateFromSnapshot(snapshot(), SERVER_NOW);
    const contribution = { id: 'c2', name: 'Bo', amount: 7, at: SERVER_NOW + 1 };
    const activity = { seq: 5, kind: 'contribution' as const, ...contribution };
    const change = {
      type: 'contribution-recorded' as const,
      slug: 'p',
      version: 8,
      contribution,
      count: 3,
      raised: 107,
      activity,
    };
    const once = applied(state, change);
    expect(once).toMatchObject({ version: 8, counters: { contributions: { count: 3 } }, raised: 107 });
    expect(applied(once, change)).toBe(once);
    expect(applied(state, { ...change, version: 7 })).toBe(state);
    expect(applyChange(state, { ...change, version: 9 })).toBe('resync');
    expect(viewAt(once, SERVER_NOW + 2).contributors.map((c) => c.id)).toEqual(['c2', 'c1']);
    expect(viewAt(once, SERVER_NOW + 2).activity.map((entry) => entry.seq)).toEqual([5, 4]);
  });

  it('keeps a day of expiry times on a page open for days: expired ones are pruned as changes apply', () => {
    let state = stateFromSnapshot(
      snapshot({ contributions: { count: 0, expiring: [], expiringComplete: true } }),
      SERVER_NOW,
    );
    const hours = 24 * 5;
    for (let h = 1; h <= hours; h++) {
      const contribution = { id: `c${h}`, name: 'Bo', amount: 1, at: SERVER_NOW + h * HOUR };
      const activity = { seq: 100 + h, kind: 'contribution' as const, ...contribution };
      state = applied(state, {
        type: 'contribution-recorded',
        slug: 'p',
        version: 7 + h,
        contribution,
        count: 0,
        raised: 0,
        activity,
      });
      expect(viewAt(state, contribution.at).contributionCount).toBe(Math.min(h, 24));
    }
    // Dropped from the front in batches (no copy of the whole list on every change): a day's
    // worth, plus at most one batch of expired ones that viewAt already leaves out.
    expect(state.counters.contributions!.expiring.length).toBeLessThan(24 + 64);
    expect(
      state.counters.contributions!.count -
        state.counters.contributions!.expiring.filter((at) => at <= SERVER_NOW + hours * HOUR - 24 * HOUR).length,
    ).toBe(24);
  });

  it('takes a cancelled contribution off the count and off the expiry times', () => {
    const state = stateFromSnapshot(snapshot(), SERVER_NOW);
    const at = SERVER_NOW - 24 * HOUR + 10_000;
    const cancelled = applied(state, {
      type: 'contribution-cancelled',
      slug: 'p',
      version: 8,
      id: 'c0',
      at,
      counted: true,
      count: 1,
      raised: 90,
    });
    expect(cancelled).toMatchObject({
      counters: { contributions: { count: 1, expiring: [SERVER_NOW - HOUR] } },
      raised: 90,
    });
    expect(viewAt(cancelled, SERVER_NOW + 11_000).contributionCount).toBe(1);
    const listed = applied(state, {
      type: 'contribution-cancelled',
      slug: 'p',
      version: 8,
      id: 'c1',
      at: SERVER_NOW - 29 * MINUTE,
      counted: true,
      count: 1,
      raised: 95,
      activitySeq: 4,
    });
    expect(listed.lists.contributors).toEqual([]);
    expect(listed.activity.items).toEqual([]);
    expect(listed.counters.contributions!.count).toBe(1);
  });

  it('asks for a snapshot when the known expiry times run out but older contributions still count', () => {
    const cut = snapshot({
      contributions: { count: 500, expiring: [SERVER_NOW - 24 * HOUR + 1_000], expiringComplete: false },
    });
    const state = stateFromSnapshot(cut, SERVER_NOW);
    expect(viewAt(state, SERVER_NOW).needsResync).toBe(false);
    expect(viewAt(state, SERVER_NOW + 2_000)).toMatchObject({ needsResync: true, contributionCount: 499 });
  });

  it('applies news and viewer counts, and resyncs after an import', () => {
    const state = stateFromSnapshot(snapshot(), SERVER_NOW);
    expect(applied(state, { type: 'news-unpublished', slug: 'p', version: 8, id: 'n1' }).lists.news).toEqual([]);
    expect(applied(state, { type: 'visitors-changed', slug: 'p', count: 9 }).visitors).toBe(9);
    expect(applyChange(state, { type: 'events-imported', slug: 'p', version: 8 })).toBe('resync');
  });

  describe('pushed expiry times (the instance sends the next ones before a page runs out)', () => {
    const W = DEFAULT_WINDOWS.contributions;
    // 500 contributions in the window, one every 10 ms, the first about to leave.
    const times = Array.from({ length: 500 }, (_, i) => SERVER_NOW - W + 1_000 + i * 10);
    const start = () =>
      stateFromSnapshot(
        snapshot({ version: 7, contributions: { count: 500, expiring: times.slice(0, 200), expiringComplete: false } }),
        SERVER_NOW,
      );
    const pushed = (at: number, version: number, count = times.filter((t) => t > at - W).length) => ({
      type: 'expiring-times' as const,
      slug: 'p',
      version,
      serverTime: at,
      count,
      expiring: times.filter((t) => t > at - W).slice(0, 1_000),
      expiringComplete: true,
    });
    const truth = (now: number) => times.filter((t) => t > now - W).length;

    it('counts a whole window down exactly, never asking for a snapshot, with the times pushed at its version', () => {
      let state = start();
      for (let now = SERVER_NOW; now <= SERVER_NOW + 7_000; now += 5) {
        if (now === SERVER_NOW + 2_500) state = applied(state, pushed(now, 7));
        const view = viewAt(state, now);
        expect(view.needsResync).toBe(false);
        expect(view.contributionCount).toBe(truth(now));
      }
    });

    it('brings times read at an older version up to date with the changes applied since (a cancellation among them)', () => {
      let state = start();
      const cancelledAt = times[300]!;
      state = applied(state, {
        type: 'contribution-cancelled',
        slug: 'p',
        version: 8,
        id: 'x',
        at: cancelledAt,
        counted: true,
        count: 499,
        raised: 90,
      });
      const contribution = { id: 'new', name: 'Bo', amount: 1, at: SERVER_NOW + 100 };
      state = applied(state, {
        type: 'contribution-recorded',
        slug: 'p',
        version: 9,
        contribution,
        count: 500,
        raised: 91,
      });
      // Read at version 7, before both changes: the cancelled one is still among its times.
      state = applied(state, pushed(SERVER_NOW + 200, 7));
      const expected = (now: number) => truth(now) - (cancelledAt > now - W ? 1 : 0) + 1;
      for (let now = SERVER_NOW + 200; now <= SERVER_NOW + 6_000; now += 5)
        expect(viewAt(state, now).contributionCount).toBe(expected(now));
    });

    it('brings pushed times up to date after a change was applied twice to the same state (React calls a reducer twice in dev)', () => {
      const base = start();
      const contribution = { id: 'new', name: 'Bo', amount: 1, at: SERVER_NOW + 100 };
      const change = {
        type: 'contribution-recorded' as const,
        slug: 'p',
        version: 8,
        contribution,
        count: 501,
        raised: 91,
      };
      const first = applied(base, change);
      const twin = applied(base, change);
      expect(twin).toEqual(first);
      for (const state of [first, twin]) {
        const brought = applied(state, pushed(SERVER_NOW + 200, 7));
        for (let now = SERVER_NOW + 200; now <= SERVER_NOW + 6_000; now += 50)
          expect(viewAt(brought, now).contributionCount).toBe(truth(now) + 1);
      }
      // The state it was applied to reads the shared log only up to its own version.
      expect(applied(base, pushed(SERVER_NOW + 200, 7)).counters.contributions!.count).toBe(truth(SERVER_NOW + 200));
    });

    it('holds times read ahead of the page until it reaches their version', () => {
      let state = start();
      state = applied(state, pushed(SERVER_NOW + 100, 8, 501));
      expect(state.counters.contributions!.expiring).toEqual(times.slice(0, 200));
      const contribution = { id: 'new', name: 'Bo', amount: 1, at: SERVER_NOW + 50 };
      state = applied(state, {
        type: 'contribution-recorded',
        slug: 'p',
        version: 8,
        contribution,
        count: 501,
        raised: 101,
      });
      expect(state.counters.contributions!.expiring).toHaveLength(500);
      expect(state.pendingExpiring).toBeUndefined();
    });
  });
});

describe('reward tiers on an open page', () => {
  const tiers = [
    {
      id: 'vinyl',
      title: 'The vinyl',
      description: '',
      minimum: 40,
      limit: 3,
      claimed: 2,
      held: 0,
      holds: [],
      left: 1,
    },
    {
      id: 'sticker',
      title: 'A sticker',
      description: '',
      minimum: 5,
      limit: null,
      claimed: 7,
      held: 0,
      holds: [],
      left: null,
    },
  ];
  const base = { slug: 'p', raised: 100, count: 3, backers: 2 };

  it('counts places down with each pledge on a tier, and back up with a cancel: "N left", then "Sold out"', () => {
    const state = stateFromSnapshot(snapshot({ tiers }), SERVER_NOW);
    const pledged = applyChange(state, {
      type: 'contribution-recorded',
      ...base,
      version: 8,
      contribution: { id: 'c9', name: 'Ada', amount: 40, at: SERVER_NOW },
      tier: { id: 'vinyl', claimed: 3 },
    }) as LiveState;
    expect(viewAt(pledged, SERVER_NOW).tiers[0]).toMatchObject({ claimed: 3, left: 0 });
    expect(viewAt(pledged, SERVER_NOW).tiers[1]).toEqual(tiers[1]);

    const cancelled = applyChange(pledged, {
      type: 'contribution-cancelled',
      ...base,
      version: 9,
      id: 'c9',
      at: SERVER_NOW,
      counted: true,
      tier: { id: 'vinyl', claimed: 2 },
    }) as LiveState;
    expect(viewAt(cancelled, SERVER_NOW).tiers[0]).toMatchObject({ claimed: 2, left: 1 });
  });

  it('drops each hold at its known expiry by itself, with no change pushed: the place comes back', () => {
    const held = [
      { ...tiers[0]!, limit: 5, claimed: 1, held: 2, holds: [SERVER_NOW + 1_000, SERVER_NOW + 5_000], left: 2 },
    ];
    const state = stateFromSnapshot(snapshot({ tiers: held }), SERVER_NOW);
    expect(viewAt(state, SERVER_NOW).tiers[0]).toMatchObject({ held: 2, left: 2 });
    expect(viewAt(state, SERVER_NOW + 1_000).tiers[0]).toMatchObject({ held: 1, left: 3 });
    expect(viewAt(state, SERVER_NOW + 5_000).tiers[0]).toMatchObject({ held: 0, left: 4 });
  });

  it('takes a hold made or given back from its change, and a pledge consuming one', () => {
    const state = stateFromSnapshot(snapshot({ tiers }), SERVER_NOW);
    const heldNow = applyChange(state, {
      type: 'tier-holds',
      slug: 'p',
      version: 8,
      tier: { id: 'vinyl', claimed: 2, held: 1, holds: [SERVER_NOW + 600_000] },
    }) as LiveState;
    expect(viewAt(heldNow, SERVER_NOW).tiers[0]).toMatchObject({ held: 1, left: 0 });
    const pledged = applyChange(heldNow, {
      type: 'contribution-recorded',
      ...base,
      version: 9,
      contribution: { id: 'c9', name: 'Ada', amount: 40, at: SERVER_NOW },
      tier: { id: 'vinyl', claimed: 3, held: 0 },
    }) as LiveState;
    expect(viewAt(pledged, SERVER_NOW).tiers[0]).toMatchObject({ claimed: 3, held: 0, left: 0 });
  });
});
